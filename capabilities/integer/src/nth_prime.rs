use hessian_kernels::{BigInt, number_theory};
use hessian_op::prelude::*;

pub struct NthPrime;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The index n ≥ 1 (p_1 = 2), at most 10^10.
    pub n: Bounded<1, 10_000_000_000>,
}

impl Operation for NthPrime {
    type Input = Input;
    /// The n-th prime p_n.
    type Output = Int;
    const ID: &'static str = "integer.nth_prime.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "The n-th prime p_n";
    const SUMMARY: &'static str = "The n-th prime number, counting p_1 = 2, for n up to 10^10.";
    const DESCRIPTION: &'static str = "Computes p_n (p_1 = 2, p_2 = 3, …): π(x) by Lucy Hedgehog's O(x^(3/4)) \
        method at Cipolla's estimate of p_n, then a segmented sieve to the exact prime. n ≤ 10^10 \
        (p_n < 2.5·10^11).";
    const KEYWORDS: &'static [&'static str] = &[
        "nth prime",
        "prime number n",
        "prime(n)",
        "kth prime",
        "ith prime",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "the n-th prime number",
        "prime at a given index (2 is the first)",
        "p_n",
        "what is the 1000th prime number",
        "which prime comes in position n when counting 2, 3, 5, 7",
        "look up the prime at a given place in the list of primes",
        "how do I find the millionth prime",
    ];
    const ALIASES: &'static [&'static str] = &["prime", "Prime", "prime(n)"];
    const EXAMPLE: &'static str = r#"{"n": 1000000}"#;
    const EXPECTED: &'static str = r#""15485863""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Int, MathError> {
        Ok(Int(BigInt::from(number_theory::nth_prime(
            input.n.0 as u64,
            &ctx.budget,
        )?)))
    }
}
