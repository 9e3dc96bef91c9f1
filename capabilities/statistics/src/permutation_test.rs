use crate::wire::{Alternative, data, refused};
use hessian_kernels::statistics::exact_test;
use hessian_op::prelude::*;
use hessian_op::wire::Value;

pub struct PermutationTest;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The first sample; at most 5,000.
    pub x: List<Rational, 5000>,
    /// The second sample (the same length when paired); at most 5,000.
    pub y: List<Rational, 5000>,
    /// false (default): independent groups, regrouped every way; true: pairs (xᵢ, yᵢ), each swapped or not.
    #[serde(default)]
    pub paired: bool,
    /// two_sided (default); greater: x's mean is larger; less: smaller.
    #[serde(default)]
    pub alternative: Alternative,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// mean(x) − mean(y), or mean(x − y) when paired.
    pub statistic: Value,
    pub alternative: Alternative,
    pub p_value: Value,
    /// Equally likely arrangements enumerated: C(N, n_x), or 2ⁿ swaps.
    pub arrangements: String,
    pub check: String,
}

impl Operation for PermutationTest {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "statistics.permutation_test.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Exact permutation test for a difference in means";
    const SUMMARY: &'static str = "The exact permutation (randomization) p-value of a difference in means between two groups, or of paired data, over every rearrangement — not a Monte Carlo sample.";
    const DESCRIPTION: &'static str = "Independent: T = mean(x) − mean(y) over all C(N, n_x) regroupings of the pooled values; paired: T = mean(x − y) over all 2ⁿ swaps within pairs (sign flips of the differences). T is monotone in the sum of one group, so the null is counted exactly by dynamic programming over sums of the data scaled to integers. greater: P(T ≥ t); less: P(T ≤ t); two_sided: min(1, 2·min of the two) as SciPy's permutation_test. Checked: the statistic recomputed from the scaled sum; the null's counts sum to the number of arrangements and its mean is the expectation. At most 2¹²⁷ arrangements and 2,000,000 distinct sums; each datum at most 96 bits over the common denominator.";
    const KEYWORDS: &'static [&'static str] = &[
        "permutation test",
        "randomization test",
        "exact test",
        "difference in means",
        "resampling",
        "two groups",
        "paired permutation",
        "p-value",
        "shuffle labels",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "permutation test for the difference of two group means",
        "randomization test p-value by shuffling the labels",
        "exact p-value over all rearrangements of two samples",
        "paired permutation test of before and after",
        "shuffle which group each measurement belongs to and see how often the gap is as big",
    ];
    const ALIASES: &'static [&'static str] = &["permutation_test", "perm.test", "oneway_test"];
    const EXAMPLE: &'static str =
        r#"{"x": [12, 15, 18, 20], "y": [8, 10, 11, 14, 9], "alternative": "greater"}"#;
    const EXPECTED: &'static str = r#"{"statistic": {"exact": "117/20", "decimal": "5.85"}, "alternative": "greater", "p_value": {"exact": "1/63", "decimal": "0.0158730158730159"}, "arrangements": "126", "check": "the statistic recomputed from the scaled group sum; the null's counts sum to the arrangements and average to the statistic's expectation"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let result = if input.paired {
            let (x, y) = crate::wire::pairs(input.x, input.y, 1, ["x", "y"])?;
            let d: Vec<_> = x.iter().zip(&y).map(|(a, b)| a - b).collect();
            exact_test::permutation_paired(&d, &ctx.budget)
        } else {
            let (x, y) = (data(input.x, "x")?, data(input.y, "y")?);
            exact_test::permutation_independent(&x, &y, &ctx.budget)
        }
        .map_err(refused)?;
        Ok(Output {
            statistic: Value::of(&result.statistic),
            alternative: input.alternative,
            p_value: Value::of(&input.alternative.pick(result.p)),
            arrangements: result.arrangements.to_string(),
            check: "the statistic recomputed from the scaled group sum; the null's counts sum to the arrangements and average to the statistic's expectation".into(),
        })
    }
}
