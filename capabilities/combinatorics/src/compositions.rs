use hessian_kernels::combinatorics as comb;
use hessian_op::prelude::*;

pub struct Compositions;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// n ≥ 0.
    pub n: Bounded<0, 1_000_000>,
    /// Exactly k parts (omit to count all compositions).
    pub k: Option<Bounded<0, 1_000_000>>,
}

impl Operation for Compositions {
    type Input = Input;
    /// The number of compositions.
    type Output = Int;
    const ID: &'static str = "combinatorics.compositions.count";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Compositions of n (ordered sums)";
    const SUMMARY: &'static str = "Ordered ways to write n as a sum of positive parts: 2^(n−1), or C(n−1, k−1) with exactly k parts.";
    const DESCRIPTION: &'static str = "Counts compositions (ordered partitions) of n: 2^(n−1) in all (1 for n = 0), or C(n−1, k−1) with exactly k positive parts when k is given. n ≤ 1,000,000.";
    const KEYWORDS: &'static [&'static str] = &[
        "compositions",
        "ordered partitions",
        "stars and bars",
        "ordered sums",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "number of ordered ways to write n as a sum of positive parts",
        "count sums where the order of the summands matters",
        "ways to write n as k ordered positive integers",
        "ways to climb n stairs taking steps of any size",
        "how many ways to split a number into an ordered list of pieces",
        "ways to cut a ribbon of length n into whole pieces in order",
        "how many ordered ways to add up to 10 using positive whole numbers",
    ];
    const ALIASES: &'static [&'static str] = &["compositions", "nof compositions"];
    const EXAMPLE: &'static str = r#"{"n": 10, "k": 3}"#;
    const EXPECTED: &'static str = r#""36""#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Int, MathError> {
        let n = input.n.0 as u64;
        let count = match input.k {
            None if n == 0 => 1u32.into(),
            None => hessian_kernels::BigUint::from(1u32) << (n - 1),
            Some(k) if n == 0 => u32::from(k.0 == 0).into(),
            Some(k) if k.0 == 0 => 0u32.into(),
            Some(k) => comb::binomial(n - 1, k.0 as u64 - 1),
        };
        Ok(Int(count.into()))
    }
}
