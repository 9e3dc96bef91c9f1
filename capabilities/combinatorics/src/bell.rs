use hessian_kernels::combinatorics as comb;
use hessian_op::prelude::*;

pub struct Bell;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// n ≥ 0, at most 1000.
    pub n: Bounded<0, 1000>,
}

impl Operation for Bell {
    type Input = Input;
    /// B_n.
    type Output = Int;
    const ID: &'static str = "combinatorics.bell.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Bell number B_n (set partitions)";
    const SUMMARY: &'static str =
        "The number of partitions of an n-element set into non-empty blocks.";
    const DESCRIPTION: &'static str = "Computes the Bell number B_n (1, 1, 2, 5, 15, 52, …), the number of ways to partition an n-set, by the Bell triangle in O(n²) big-integer additions. n ≤ 1000.";
    const KEYWORDS: &'static [&'static str] = &[
        "bell number",
        "set partitions",
        "number of partitions of a set",
        "equivalence relations count",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "number of ways to partition a set into non-empty blocks",
        "ways to group n distinct items into unlabelled groups of any size",
        "count all set partitions of an n-element set",
        "number of equivalence relations on n elements",
        "how many ways can 6 friends split into groups of any size",
        "ways to sort a handful of different objects into unlabeled piles",
        "counting every possible way to cluster a set of items for testing",
        "how do I count all the ways to break a set into groups",
    ];
    const ALIASES: &'static [&'static str] = &["bell", "BellB", "bell_number"];
    const EXAMPLE: &'static str = r#"{"n": 10}"#;
    const EXPECTED: &'static str = r#""115975""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Int, MathError> {
        Ok(Int(comb::bell(input.n.0 as usize, &ctx.budget)?.into()))
    }
}
