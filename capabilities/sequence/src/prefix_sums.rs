use crate::Terms;
use hessian_kernels::sequence;
use hessian_op::prelude::*;

pub struct PrefixSums;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    pub terms: Terms,
}

impl Operation for PrefixSums {
    type Input = Input;
    /// S_k = a_1 + … + a_k for each k.
    type Output = Vec<Rational>;
    const ID: &'static str = "sequence.prefix_sums.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Partial sums (prefix sums) of a sequence";
    const SUMMARY: &'static str = "The running totals S_k = a_1 + … + a_k, exactly.";
    const DESCRIPTION: &'static str = "Computes the partial sums of a sequence: the k-th output is the sum of the \
        first k terms (cumulative sum). Inverse of first differences.";
    const KEYWORDS: &'static [&'static str] = &[
        "partial sums",
        "cumulative sum",
        "prefix sums",
        "running total",
        "cumsum",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "running totals of a sequence",
        "cumulative sums",
        "running balance after each deposit in a list",
        "add up a list step by step keeping every subtotal",
        "accumulate daily sales into a year-to-date total",
        "how do I get the cumulative total at each position",
    ];
    const ALIASES: &'static [&'static str] = &["cumsum", "Accumulate", "itertools.accumulate"];
    const EXAMPLE: &'static str = r#"{"terms": [1, 3, 5, 7, 9]}"#;
    const EXPECTED: &'static str = r#"["1", "4", "9", "16", "25"]"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Vec<Rational>, MathError> {
        let sums = sequence::prefix_sums(crate::values(input.terms), &ctx.budget)?;
        Ok(crate::rationals(sums))
    }
}
