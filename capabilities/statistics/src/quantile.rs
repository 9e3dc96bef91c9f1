use crate::wire::data;
use hessian_kernels::Q;
use hessian_kernels::statistics::quantile;
use hessian_op::prelude::*;
use hessian_op::wire::Value;
use num_traits::{One, Zero};

pub struct Quantile;

/// The nine sample-quantile definitions of Hyndman and Fan (1996), by
/// NumPy's names; R's `type` number in brackets.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// [1] The inverse of the empirical CDF: the smallest x with F(x) ≥ p.
    InvertedCdf,
    /// [2] As 1, averaging at discontinuities.
    AveragedInvertedCdf,
    /// [3] The nearest order statistic (SAS).
    ClosestObservation,
    /// [4] Linear interpolation of the empirical CDF.
    InterpolatedInvertedCdf,
    /// [5] Piecewise linear, midpoints (Hazen).
    Hazen,
    /// [6] Mean-based, p(n + 1) (Weibull; Minitab, SPSS, Excel QUARTILE.EXC).
    Weibull,
    /// [7] Linear, 1 + p(n − 1) (default of R, NumPy, Excel QUARTILE.INC).
    Linear,
    /// [8] Median-unbiased (recommended by Hyndman and Fan).
    MedianUnbiased,
    /// [9] Normal-unbiased.
    NormalUnbiased,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The data: exact numbers; at most 100,000.
    pub data: List<Rational, 100_000>,
    /// The probabilities p in [0, 1] ("1/4", 0.9); at most 100.
    pub p: List<Rational, 100>,
    /// Which definition. Asked when absent.
    #[serde(default)]
    pub method: Option<Method>,
}

#[derive(Serialize, JsonSchema)]
pub struct QuantileOut {
    pub p: Rational,
    pub value: Value,
    /// The order statistics interpolated (1-based) and the weight of the upper.
    pub between: [usize; 2],
    pub weight: Rational,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub method: Method,
    /// R's type number.
    pub hyndman_fan_type: u8,
    pub quantiles: Vec<QuantileOut>,
    pub check: String,
}

/// Which of the nine is the caller's to say: they differ on every data
/// set, software defaults differ (R and NumPy 7, SAS 3, SPSS and Minitab
/// 6), and a textbook's "quartile" may be any of them. A static question.
const ASK_METHOD: &[StaticQuestion] = &[StaticQuestion {
    key: "method",
    message: "Which quantile definition (Hyndman–Fan)? linear is the default of R, NumPy and Excel QUARTILE.INC; weibull of SPSS, Minitab and Excel QUARTILE.EXC; inverted_cdf is the classic 'smallest value with at least p of the data at or below it'.",
    form: r#"{"type": "object", "properties": {"method": {"type": "string", "title": "Definition", "enum": ["inverted_cdf", "averaged_inverted_cdf", "closest_observation", "interpolated_inverted_cdf", "hazen", "weibull", "linear", "median_unbiased", "normal_unbiased"]}}, "required": ["method"]}"#,
    example: r#""linear""#,
}];

impl Operation for Quantile {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "statistics.quantile.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Quantiles and percentiles of a data set under any of the nine conventions";
    const SUMMARY: &'static str = "Sample quantiles (percentiles, quartiles, deciles) of a list of numbers, exactly, under a stated Hyndman–Fan definition (asked when not given).";
    const DESCRIPTION: &'static str = "With the data sorted x₍₁₎ ≤ … ≤ x₍ₙ₎, each definition gives Q(p) = (1 − γ)·x₍ⱼ₎ + γ·x₍ⱼ₊₁₎: types 1–3 from h = n·p (type 3: n·p − ½) with a step γ, types 4–9 from h = a + p(n + 1 − a − b), j = ⌊h⌋, γ = h − j, exactly as R's quantile(type = 1…9) and NumPy's methods of the same names. Computed in exact rationals. Checked: at most j data lie below the value and at least j at or below it. At most 100,000 values and 100 probabilities.";
    const KEYWORDS: &'static [&'static str] = &[
        "quantile",
        "percentile",
        "quartile",
        "decile",
        "90th percentile",
        "hyndman fan",
        "statistics",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "90th percentile of these response times",
        "first and third quartile with the excel method",
        "what value is 25% of the data below",
        "quantiles of a data set",
    ];
    const ALIASES: &'static [&'static str] =
        &["quantile", "percentile", "PERCENTILE.INC", "prctile"];
    const EXAMPLE: &'static str =
        r#"{"data": [1, 3, 5, 7, 9, 11], "p": ["1/4", "9/10"], "method": "linear"}"#;
    const EXPECTED: &'static str = r#"{"method": "linear", "hyndman_fan_type": 7, "quantiles": [{"p": "1/4", "value": {"exact": "7/2", "decimal": "3.5"}, "between": [2, 3], "weight": "1/4"}, {"p": "9/10", "value": {"exact": "10", "decimal": "10"}, "between": [5, 6], "weight": "1/2"}], "check": "each value lies between its order statistics x₍ⱼ₎ and x₍ⱼ₊₁₎: at most j data below it, at least j at or below"}"#;
    const PLAN: Plan<Input> = Plan::Static(ASK_METHOD);

    // Long run: read and sort, then each p through the kernel and its check.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let method = input.method.ok_or_else(|| MathError::Input {
            path: "method".into(),
            message:
                "is missing; choose one of the nine definitions (linear is R's and NumPy's default)"
                    .into(),
        })?;
        let kind = method as u8 + 1;
        let mut xs = data(input.data, "data")?;
        xs.sort();
        let mut quantiles = Vec::new();
        for (i, p) in input.p.0.into_iter().enumerate() {
            ctx.budget.check()?;
            let p = p.0;
            if p < Q::zero() || p > Q::one() {
                return Err(MathError::Input {
                    path: format!("p[{i}]"),
                    message: format!("{p} is not in [0, 1]"),
                });
            }
            let (value, (lo, hi), gamma) = quantile::quantile(&xs, &p, kind);
            let below = xs.iter().filter(|x| **x < value).count();
            let at_most = xs.iter().filter(|x| **x <= value).count();
            if below >= hi || at_most < lo {
                return Err(
                    Stop::CheckFailed("a quantile is not between its order statistics").into(),
                );
            }
            quantiles.push(QuantileOut {
                p: Rational(p),
                value: Value::of(&value),
                between: [lo, hi],
                weight: Rational(gamma),
            });
        }
        Ok(Output {
            method,
            hyndman_fan_type: kind,
            quantiles,
            check: "each value lies between its order statistics x₍ⱼ₎ and x₍ⱼ₊₁₎: at most j data below it, at least j at or below".into(),
        })
    }
}
