use hessian_kernels::combinatorics as comb;
use hessian_op::prelude::*;

pub struct DistinctPartitions;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// n ≥ 0.
    pub n: Bounded<0, 20_000>,
}

impl Operation for DistinctPartitions {
    type Input = Input;
    /// q(n).
    type Output = Int;
    const ID: &'static str = "combinatorics.distinct_partitions.count";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Partitions of n into distinct parts q(n)";
    const SUMMARY: &'static str =
        "q(n): partitions of n with all parts different (equal to partitions into odd parts).";
    const DESCRIPTION: &'static str = "Counts the partitions of n into distinct parts, q(n) (1, 1, 1, 2, 2, 3, 4, 5, …), which by Euler's theorem equals the number of partitions into odd parts. O(n²) additions, n ≤ 20,000.";
    const KEYWORDS: &'static [&'static str] = &[
        "distinct partitions",
        "partitions into distinct parts",
        "strict partitions",
        "partitions into odd parts",
        "ways to write n as a sum of distinct parts",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "number of ways to write n as a sum of different positive integers",
        "partitions with no repeated part",
        "partitions into odd parts count (equal by Euler)",
        "ways to pay an amount with coins of different values, each used once",
        "how many ways to add up to n with no number used twice",
        "split n into a sum of distinct whole numbers, ignoring order, how many",
        "how many sums of different positive integers give exactly 20",
    ];
    const ALIASES: &'static [&'static str] = &["PartitionsQ", "q(n)"];
    const EXAMPLE: &'static str = r#"{"n": 30}"#;
    const EXPECTED: &'static str = r#""296""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Int, MathError> {
        Ok(Int(comb::distinct_partitions(
            input.n.0 as usize,
            &ctx.budget,
        )?
        .into()))
    }
}
