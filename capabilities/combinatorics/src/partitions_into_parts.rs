use hessian_kernels::combinatorics as comb;
use hessian_op::prelude::*;

pub struct PartitionsIntoParts;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// n ≥ 0.
    pub n: Bounded<0, 20_000>,
    /// The number of parts k ≥ 0.
    pub k: Bounded<0, 20_000>,
}

impl Operation for PartitionsIntoParts {
    type Input = Input;
    /// p(n, k).
    type Output = Int;
    const ID: &'static str = "combinatorics.partitions_into_parts.count";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Partitions of n into exactly k parts";
    const SUMMARY: &'static str =
        "p(n, k): how many ways to write n as a sum of exactly k positive parts, order ignored.";
    const DESCRIPTION: &'static str = "Counts the partitions of n into exactly k positive parts (equivalently, with largest part k) by the recurrence for partitions of n − k into parts ≤ k. n ≤ 20,000 and k ≤ n.";
    const KEYWORDS: &'static [&'static str] = &[
        "partitions into k parts",
        "restricted partitions",
        "partitions with k summands",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "number of partitions of n into exactly k parts",
        "ways to write n as an unordered sum of k positive integers",
        "p(n, k)",
        "split n identical sweets into k unlabeled bags, none empty, how many ways",
        "split a number into exactly 3 pieces ignoring order, how many ways",
        "how many ways to put n identical balls into k identical boxes with none empty",
        "how many ways can 12 be written as a sum of exactly four numbers",
    ];
    const ALIASES: &'static [&'static str] = &["partitions_k", "nof partitions into k parts"];
    const EXAMPLE: &'static str = r#"{"n": 20, "k": 4}"#;
    const EXPECTED: &'static str = r#""64""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Int, MathError> {
        Ok(Int(comb::partitions_into_parts(
            input.n.0 as usize,
            input.k.0 as usize,
            &ctx.budget,
        )?
        .into()))
    }
}
