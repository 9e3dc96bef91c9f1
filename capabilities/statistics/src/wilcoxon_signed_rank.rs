use crate::wire::{Alternative, data, refused};
use hessian_kernels::statistics::exact_test;
use hessian_op::prelude::*;
use hessian_op::wire::Value;

pub struct WilcoxonSignedRank;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The first measurements, or the differences themselves when `y` is absent; at most 5,000.
    pub x: List<Rational, 5000>,
    /// The paired second measurements (same length); the test is on x − y.
    #[serde(default)]
    pub y: Option<List<Rational, 5000>>,
    /// two_sided (default); greater: the differences tend to be positive; less: negative.
    #[serde(default)]
    pub alternative: Alternative,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Sum of the ranks of |d| over positive differences.
    pub t_plus: Rational,
    /// Sum over negative differences.
    pub t_minus: Rational,
    /// Nonzero differences ranked.
    pub n: usize,
    /// Zero differences dropped (Wilcoxon's rule, SciPy's default).
    pub zeros: usize,
    pub ties: bool,
    pub alternative: Alternative,
    pub p_value: Value,
    pub check: String,
}

impl Operation for WilcoxonSignedRank {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "statistics.wilcoxon_signed_rank.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Wilcoxon signed-rank test for paired data, exact p-value";
    const SUMMARY: &'static str = "The Wilcoxon signed-rank statistics T⁺ and T⁻ of paired differences (before/after) and the exact p-value from all 2ⁿ sign patterns, ties included.";
    const DESCRIPTION: &'static str = "d = x − y (or x alone); zero differences are dropped, |d| ranked with mid-ranks, T⁺ = the rank sum of the positive differences. Null: each difference's sign is + or − with probability ½, all 2ⁿ patterns counted exactly by dynamic programming over doubled ranks, so ties need no approximation. greater: P(T⁺ ≥ t); less: P(T⁺ ≤ t); two_sided: min(1, 2·min of the two) as SciPy. Checked: the ranks sum to n(n + 1)/2; the null's counts sum to 2ⁿ with mean n(n + 1)/4. At most 126 nonzero differences.";
    const KEYWORDS: &'static [&'static str] = &[
        "wilcoxon signed rank test",
        "signed rank",
        "paired samples",
        "before and after",
        "paired nonparametric test",
        "matched pairs",
        "median difference",
        "p-value",
        "repeated measures",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "wilcoxon signed-rank test on before and after measurements",
        "did the treatment change the paired scores, nonparametric",
        "exact p-value for paired differences",
        "is the median of these differences zero",
        "did my patients improve after the treatment, each measured twice, without assuming normality",
    ];
    const ALIASES: &'static [&'static str] = &["wilcoxon", "signrank", "wilcox.test paired"];
    const EXAMPLE: &'static str = r#"{"x": [125, 115, 130, 140, 140, 115, 140, 125, 140, 135], "y": [110, 122, 125, 120, 140, 124, 123, 137, 135, 145]}"#;
    const EXPECTED: &'static str = r#"{"t_plus": "27", "t_minus": "18", "n": 9, "zeros": 1, "ties": true, "alternative": "two_sided", "p_value": {"exact": "81/128", "decimal": "0.6328125"}, "check": "the ranks sum to n(n + 1)/2; the null's counts sum to 2ⁿ and average n(n + 1)/4"}"#;

    // Long run: paired or already-differenced input, then one output field per statistic.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let d = match input.y {
            Some(y) => {
                let (x, y) = crate::wire::pairs(input.x, y, 1, ["x", "y"])?;
                x.iter().zip(&y).map(|(a, b)| a - b).collect()
            }
            None => data(input.x, "x")?,
        };
        let w = exact_test::wilcoxon(&d, &ctx.budget)
            .map_err(refused)?
            .ok_or_else(|| MathError::Domain("every difference is 0: nothing to rank".into()))?;
        Ok(Output {
            t_plus: Rational(w.t_plus),
            t_minus: Rational(w.t_minus),
            n: w.n,
            zeros: w.zeros,
            ties: w.ties,
            alternative: input.alternative,
            p_value: Value::of(&input.alternative.pick(w.p)),
            check:
                "the ranks sum to n(n + 1)/2; the null's counts sum to 2ⁿ and average n(n + 1)/4"
                    .into(),
        })
    }
}
