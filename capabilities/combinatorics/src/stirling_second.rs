use hessian_kernels::combinatorics as comb;
use hessian_op::prelude::*;

pub struct StirlingSecond;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// n ≥ 0.
    pub n: Bounded<0, 10_000>,
    /// k ≥ 0.
    pub k: Bounded<0, 10_000>,
}

impl Operation for StirlingSecond {
    type Input = Input;
    /// S(n, k).
    type Output = Int;
    const ID: &'static str = "combinatorics.stirling_second.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Stirling number of the second kind S(n, k)";
    const SUMMARY: &'static str =
        "Ways to partition an n-element set into exactly k non-empty blocks.";
    const DESCRIPTION: &'static str = "Computes S(n, k) = {n k}, the number of partitions of an n-set into k non-empty blocks, by the explicit alternating sum (1/k!) Σ (−1)^j C(k, j)(k − j)^n. n ≤ 10,000, k ≤ 10,000.";
    const KEYWORDS: &'static [&'static str] = &[
        "stirling second kind",
        "stirling subset numbers",
        "set partitions into k blocks",
        "surjections",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "divide people into a given number of teams with nobody left out",
        "number of ways to partition n labelled items into k non-empty unlabelled groups",
        "Stirling partition numbers S(n, k)",
        "ways to put n distinct balls into k identical boxes none empty",
        "split 10 different jobs among 3 identical machines, each gets some work",
        "ways to group n labelled items into exactly k non-empty clusters",
        "count surjective assignments of tasks to workers, divided by worker orderings",
        "how many ways to break a set of 7 into 3 groups",
    ];
    const ALIASES: &'static [&'static str] = &["stirling", "StirlingS2"];
    const EXAMPLE: &'static str = r#"{"n": 10, "k": 4}"#;
    const EXPECTED: &'static str = r#""34105""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Int, MathError> {
        Ok(Int(comb::stirling_second(
            input.n.0 as u64,
            input.k.0 as u64,
            &ctx.budget,
        )?
        .into()))
    }
}
