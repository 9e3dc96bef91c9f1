use crate::wire::{LAW_ACCURACY, data};
use hessian_kernels::statistics::describe;
use hessian_kernels::{Q, rational, special};
use hessian_op::prelude::*;

pub struct ConfidenceIntervalNumeric;

/// How a proportion's interval is built.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, Default)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// Wilson's score interval (the default: good coverage, never outside [0, 1]).
    #[default]
    Wilson,
    /// Clopper–Pearson's exact interval from beta quantiles (conservative).
    ClopperPearson,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A mean's interval: the sample (σ unknown: Student's t); at most 100,000.
    #[serde(default)]
    pub x: Option<List<Rational, 100_000>>,
    /// A proportion's interval: successes k ≤ trials.
    #[serde(default)]
    pub successes: Option<Bounded<0, 1_000_000_000>>,
    #[serde(default)]
    pub trials: Option<Bounded<1, 1_000_000_000>>,
    /// For a proportion: wilson (default) or clopper_pearson.
    #[serde(default)]
    pub method: Method,
    /// Confidence level, 0 < level < 1 (default 0.95).
    #[serde(default)]
    pub level: Option<Rational>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub interval: String,
    pub low: f64,
    pub high: f64,
    /// The point estimate: the mean or k/n.
    pub estimate: f64,
    pub level: Rational,
    pub accuracy: String,
    pub check: String,
}

impl Operation for ConfidenceIntervalNumeric {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "statistics.confidence_interval.numeric";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Confidence interval for a mean (t) or a proportion (Wilson, Clopper–Pearson), float64";
    const SUMMARY: &'static str = "A confidence interval for a population mean from a sample (Student's t, σ unknown) or for a proportion from k successes in n trials (Wilson score or Clopper–Pearson exact).";
    const DESCRIPTION: &'static str = "Mean: x̄ ∓ t_{(1+level)/2, n−1}·s/√n with x̄ and s² exact and the t quantile in float64. Proportion: Wilson's score interval (default) or Clopper–Pearson's from the beta quantiles B(α/2; k, n − k + 1) and B(1 − α/2; k + 1, n − k). Float64 results, relative error below 1e-12 against mpmath (Clopper–Pearson for at most 10,000 trials); level defaults to 0.95; critical values come from the lower tail α/2, formed exactly. Checked: each quantile's tail probability re-evaluated; each Wilson end solves the score equation.";
    const KEYWORDS: &'static [&'static str] = &[
        "confidence interval",
        "95% confidence interval",
        "margin of error",
        "interval estimate",
        "confidence interval for a mean",
        "confidence interval for a proportion",
        "wilson interval",
        "clopper pearson",
        "error bars",
        "plus or minus",
        "precision of an estimate",
        "true mean range",
        "poll margin",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "95 percent confidence interval for the mean of these measurements",
        "confidence interval for a proportion of 45 successes out of 100",
        "margin of error of a poll where 520 of 1000 said yes",
        "exact binomial confidence interval",
        "range that likely contains the true average",
        "how precise is my sample mean, plus or minus",
        "interval for the true percentage in a poll",
    ];
    const ALIASES: &'static [&'static str] = &[
        "CONFIDENCE.T",
        "binom.confint",
        "proportion_confint",
        "t.interval",
    ];
    const EXAMPLE: &'static str =
        r#"{"x": ["12.1", "11.8", "12.6", "12.0", "12.3"], "level": "0.95"}"#;
    const EXPECTED: &'static str = r#"{"interval": "mean, Student's t with n − 1 degrees of freedom", "low": 11.781343371836057, "high": 12.538656628163944, "estimate": 12.16, "level": "19/20", "accuracy": "relative error below 1e-12 for values above 1e-300 (float64; measured against mpmath at 50 digits)", "check": "each quantile's tail probability re-evaluated equals its level; Wilson ends solve the score equation"}"#;

    // Long run: two kinds of interval, each with its own quantiles and check.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let level = input
            .level
            .map_or_else(|| Q::new(19.into(), 20.into()), |l| l.0);
        if level <= Q::from_integer(0.into()) || level >= Q::from_integer(1.into()) {
            return Err(MathError::Input {
                path: "level".into(),
                message: format!("{level} is not strictly between 0 and 1"),
            });
        }
        // The critical values from the lower tail α/2, formed exactly and
        // negated: (1 + level)/2 rounded to float64 would lose the tail.
        let alpha = rational::to_f64(&(Q::from_integer(1.into()) - &level));
        let half_alpha =
            rational::to_f64(&((Q::from_integer(1.into()) - &level) / Q::from_integer(2.into())));
        let unconverged = || MathError::Limit("a quantile did not converge".into());
        let (interval, low, high, estimate) = match (input.x, input.successes, input.trials) {
            (Some(x), None, None) => {
                let x = data(x, "x")?;
                if x.len() < 2 {
                    return Err(MathError::Input {
                        path: "x".into(),
                        message: "give at least 2 values".into(),
                    });
                }
                let (mean, squares) = describe::spread(&x, &ctx.budget)?;
                let n = x.len() as f64;
                let se2 = squares / Q::from_integer((x.len() * (x.len() - 1)).into());
                let nu = n - 1.0;
                let t = -special::quantile(
                    |t| special::t_law(nu, t),
                    half_alpha,
                    f64::NEG_INFINITY,
                    0.0,
                )
                .ok_or_else(unconverged)?;
                let (_, _, sf) = special::t_law(nu, t).ok_or_else(unconverged)?;
                if (sf - half_alpha).abs() > 1e-9 * half_alpha {
                    return Err(Stop::CheckFailed(
                        "the t quantile's tail probability is not (1 − level)/2",
                    )
                    .into());
                }
                let (m, half) = (rational::to_f64(&mean), t * rational::to_f64(&se2).sqrt());
                (
                    "mean, Student's t with n − 1 degrees of freedom".to_string(),
                    m - half,
                    m + half,
                    m,
                )
            }
            (None, Some(k), Some(n)) => {
                let (k, n) = (k.0 as f64, n.0 as f64);
                if k > n {
                    return Err(MathError::Input {
                        path: "successes".into(),
                        message: "is more than trials".into(),
                    });
                }
                match input.method {
                    Method::Wilson => {
                        let z = -special::normal_quantile(half_alpha).ok_or_else(unconverged)?;
                        let z2 = z * z;
                        let centre = (k + z2 / 2.0) / (n + z2);
                        let half = z / (n + z2) * (k * (n - k) / n + z2 / 4.0).sqrt();
                        let (low, high) = ((centre - half).max(0.0), (centre + half).min(1.0));
                        // Each end solves the score equation (p̂ − π)² = z²·π(1 − π)/n (to
                        // rounding: an end at 0 or 1 leaves only ulps).
                        for end in [low, high] {
                            let (lhs, rhs) = ((k / n - end).powi(2), z2 * end * (1.0 - end) / n);
                            if (lhs - rhs).abs() > 1e-9 * lhs.max(rhs) + 8.0 * f64::EPSILON * z2 / n
                            {
                                return Err(Stop::CheckFailed(
                                    "a Wilson end fails the score equation",
                                )
                                .into());
                            }
                        }
                        ("proportion, Wilson score".to_string(), low, high, k / n)
                    }
                    Method::ClopperPearson if n > 10_000.0 => {
                        return Err(MathError::Limit(format!(
                            "Clopper–Pearson is computed for at most 10,000 trials (its beta laws lose accuracy beyond); {n} given: use the Wilson interval"
                        )));
                    }
                    Method::ClopperPearson => {
                        let q = |p: f64, a: f64, b: f64| -> Result<f64, MathError> {
                            let x = special::quantile(
                                |x| special::beta_law(a, b, x),
                                p,
                                0.0,
                                a / (a + b),
                            )
                            .ok_or_else(unconverged)?;
                            let (_, cdf, sf) =
                                special::beta_law(a, b, x).ok_or_else(unconverged)?;
                            let (got, want) = if p > 0.5 { (sf, 1.0 - p) } else { (cdf, p) };
                            if (got - want).abs() > 1e-9 * want {
                                return Err(Stop::CheckFailed(
                                    "a beta quantile's probability is not its level",
                                )
                                .into());
                            }
                            Ok(x)
                        };
                        let low = if k == 0.0 {
                            0.0
                        } else {
                            q(alpha / 2.0, k, n - k + 1.0)?
                        };
                        let high = if k == n {
                            1.0
                        } else {
                            q(1.0 - alpha / 2.0, k + 1.0, n - k)?
                        };
                        (
                            "proportion, Clopper–Pearson exact".to_string(),
                            low,
                            high,
                            k / n,
                        )
                    }
                }
            }
            _ => {
                return Err(MathError::Input {
                    path: "x".into(),
                    message:
                        "give `x` (a mean's interval) or `successes` and `trials` (a proportion's)"
                            .into(),
                });
            }
        };
        Ok(Output {
            interval,
            low,
            high,
            estimate,
            level: Rational(level),
            accuracy: LAW_ACCURACY.into(),
            check: "each quantile's tail probability re-evaluated equals its level; Wilson ends solve the score equation".into(),
        })
    }
}
