use hessian_kernels::combinatorics as comb;
use hessian_op::prelude::*;

pub struct PartitionCount;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// n ≥ 0, at most 100,000.
    pub n: Bounded<0, 100_000>,
}

impl Operation for PartitionCount {
    type Input = Input;
    /// p(n).
    type Output = Int;
    const ID: &'static str = "combinatorics.partition_count.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Partition number p(n)";
    const SUMMARY: &'static str =
        "The number of ways to write n as an unordered sum of positive integers.";
    const DESCRIPTION: &'static str = "Computes the partition function p(n) (1, 1, 2, 3, 5, 7, 11, …) by Euler's pentagonal-number recurrence, O(n^1.5) big-integer additions. n ≤ 100,000 (p(100000) has 346 digits).";
    const KEYWORDS: &'static [&'static str] = &[
        "partition number",
        "integer partitions count",
        "partition function p(n)",
        "number of partitions",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "ways to make an amount out of coins of every whole value",
        "number of ways to write n as an unordered sum of positive integers",
        "partition function p(n)",
        "how many integer partitions n has",
        "how many ways can 100 be split into a sum, order not mattering",
        "how many ways to stack identical blocks into non-increasing columns totalling n",
        "number of distinct Young diagrams with n boxes",
        "how many different ways can I write 50 as a sum of whole numbers",
    ];
    const ALIASES: &'static [&'static str] = &["npartitions", "PartitionsP", "numbpart"];
    const EXAMPLE: &'static str = r#"{"n": 100}"#;
    const EXPECTED: &'static str = r#""190569292""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Int, MathError> {
        let mut p = comb::partition_numbers(input.n.0 as usize, &ctx.budget)?;
        Ok(Int(p.pop().unwrap_or_default()))
    }
}
