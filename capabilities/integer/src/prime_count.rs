use hessian_kernels::{BigInt, number_theory};
use hessian_op::prelude::*;

pub struct PrimeCount;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The bound x, 0 ≤ x ≤ 10^13.
    pub x: Bounded<0, 10_000_000_000_000>,
}

impl Operation for PrimeCount {
    type Input = Input;
    /// π(x), the number of primes p ≤ x.
    type Output = Int;
    const ID: &'static str = "integer.prime_count.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Prime-counting function π(x)";
    const SUMMARY: &'static str = "How many primes are ≤ x, exactly, for x up to 10^13.";
    const DESCRIPTION: &'static str = "Computes π(x), the number of primes p ≤ x, with Lucy Hedgehog's \
        O(x^(3/4)) recursion over the values ⌊x/k⌋ (well under a second at 10^12 here). x ≤ 10^13; \
        the deadline applies.";
    const KEYWORDS: &'static [&'static str] = &[
        "prime counting",
        "pi(x)",
        "primepi",
        "number of primes below",
        "how many primes",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "number of primes up to x",
        "prime counting function pi(x)",
        "how many primes lie below a bound",
        "how many prime numbers are there below one billion",
        "count the primes up to a limit without listing them",
        "compare the actual prime count with x over log x",
        "how many primes are less than or equal to n",
    ];
    const ALIASES: &'static [&'static str] = &["primepi", "PrimePi"];
    const EXAMPLE: &'static str = r#"{"x": 1000000000}"#;
    const EXPECTED: &'static str = r#""50847534""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Int, MathError> {
        Ok(Int(BigInt::from(number_theory::prime_count(
            input.x.0 as u64,
            &ctx.budget,
        )?)))
    }
}
