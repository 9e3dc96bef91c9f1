use crate::wire::{Alternative, LAW_ACCURACY, MeanTestOut, data, tail_p};
use hessian_kernels::statistics::mean_test::{self, Statistic};
use hessian_kernels::{Q, rational, special};
use hessian_op::prelude::*;

pub struct TTestNumeric;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The sample (exact numbers); at most 100,000.
    pub x: List<Rational, 100_000>,
    /// A second sample: two-sample test, or paired with x when `paired`.
    #[serde(default)]
    pub y: Option<List<Rational, 100_000>>,
    /// The mean under the null hypothesis for one sample or the paired differences (default 0).
    #[serde(default)]
    pub mu: Option<Rational>,
    /// x and y are pairs (before/after): a one-sample test on x − y.
    #[serde(default)]
    pub paired: bool,
    /// Two independent samples: true pools the variances (Student); false (default) is Welch's test, as R's t.test.
    #[serde(default)]
    pub equal_variances: bool,
    /// two_sided (default), greater or less.
    #[serde(default)]
    pub alternative: Alternative,
}

impl Operation for TTestNumeric {
    type Input = Input;
    type Output = MeanTestOut;
    const ID: &'static str = "statistics.t_test.numeric";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "t-test: one-sample, two-sample (Welch or pooled) and paired, with p-value (float64)";
    const SUMMARY: &'static str = "Student's t-test of a mean, of two means (Welch's unequal variances by default, or pooled) or of paired differences: the exact t², degrees of freedom and the p-value.";
    const DESCRIPTION: &'static str = "Means and variances are exact rationals, so t² = (difference)²/(standard error)² and the degrees of freedom (Welch–Satterthwaite's fractional ν included) are exact; t and the p-value are float64 from Student's t law (relative error below 1e-12, against mpmath). Two independent samples use Welch's test unless equal_variances is true (R's default; SciPy's ttest_ind defaults to pooled). Checked: the one-sample t² recomputed through Σ(x − μ)²; the tail by the incomplete beta's recurrence in a, evaluated separately. A standard error of 0 or an undefined one is refused (t is undefined).";
    const KEYWORDS: &'static [&'static str] = &[
        "t test",
        "t-test",
        "student's t test",
        "welch",
        "two sample t test",
        "paired t test",
        "one sample t test",
        "compare two means",
        "p-value",
        "significant difference",
        "ttest_ind",
        "compare averages",
        "difference between means",
        "hypothesis test for a mean",
        "unknown variance",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "two sample t test on the scores of two classes",
        "is the mean of these measurements different from 5",
        "paired t test before and after a diet",
        "Welch's t test with unequal variances",
        "is the difference between the two group averages significant",
        "is there a significant difference between the averages of two groups",
        "did the average change after the treatment, same subjects measured twice",
        "test whether my sample's average differs from the claimed value",
    ];
    const ALIASES: &'static [&'static str] =
        &["t.test", "ttest_ind", "ttest_rel", "ttest_1samp", "T.TEST"];
    const EXAMPLE: &'static str = r#"{"x": ["5.1", "4.9", "5.6", "5.8", "6.0", "5.5"], "y": ["4.2", "4.8", "4.4", "5.0", "4.6"], "alternative": "two_sided"}"#;
    const EXPECTED: &'static str = r#"{"test": "two-sample t-test, unequal variances (Welch)", "statistic": 3.992757347652174, "statistic_squared": "14045/881", "df": "3880805/433441", "df_decimal": 8.953479250924579, "alternative": "two_sided", "p_value": 0.003177548678536076, "accuracy": "relative error below 1e-12 for values above 1e-300 (float64; measured against mpmath at 50 digits)", "check": "t² exact (one-sample also through Σ(x − μ)²); the tail checked by the incomplete beta's recurrence in a"}"#;

    // Long run: the four variants chosen from the input, then one tail.
    fn run(input: Input, ctx: &Ctx) -> Result<MeanTestOut, MathError> {
        let mu = input.mu.map_or_else(|| Q::from_integer(0.into()), |m| m.0);
        let x = data(input.x, "x")?;
        let (stat, test): (Option<Statistic>, String) = match input.y {
            None => (
                mean_test::one_sample(&x, &mu, &ctx.budget)?,
                format!("one-sample t-test against μ = {mu}"),
            ),
            Some(y) => {
                let y = data(y, "y")?;
                if input.paired {
                    if y.len() != x.len() {
                        return Err(MathError::Input {
                            path: "y".into(),
                            message: format!(
                                "has {} values and x has {}: pairs need equal lengths",
                                y.len(),
                                x.len()
                            ),
                        });
                    }
                    let d: Vec<Q> = x.iter().zip(&y).map(|(a, b)| a - b).collect();
                    (
                        mean_test::one_sample(&d, &mu, &ctx.budget)?,
                        format!("paired t-test of x − y against μ = {mu}"),
                    )
                } else if input.equal_variances {
                    (
                        mean_test::two_sample(&x, &y, true, &ctx.budget)?,
                        "two-sample t-test, pooled variance (Student)".into(),
                    )
                } else {
                    (
                        mean_test::two_sample(&x, &y, false, &ctx.budget)?,
                        "two-sample t-test, unequal variances (Welch)".into(),
                    )
                }
            }
        };
        let stat = stat.ok_or_else(|| {
            MathError::Domain(
                "the standard error is 0 or undefined (too few values, or no spread): t is undefined"
                    .into(),
            )
        })?;
        let df = stat.df.clone().ok_or(Stop::CheckFailed(
            "a t statistic without degrees of freedom",
        ))?;
        let nu = rational::to_f64(&df);
        let t = stat.value();
        let (_, cdf, sf) = special::t_law(nu, t).ok_or_else(|| {
            MathError::Limit("the t law's continued fraction did not converge".into())
        })?;
        Ok(MeanTestOut {
            test,
            statistic: t,
            statistic_squared: Rational(stat.square),
            df: Some(Rational(df)),
            df_decimal: Some(nu),
            alternative: input.alternative,
            p_value: tail_p(input.alternative, (cdf, sf)),
            accuracy: LAW_ACCURACY.into(),
            check: "t² exact (one-sample also through Σ(x − μ)²); the tail checked by the incomplete beta's recurrence in a".into(),
        })
    }
}
