use hessian_kernels::BigUint;
use hessian_op::prelude::*;

pub struct Radical;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The positive integer n (at most 100 digits).
    pub n: Int,
}

impl Operation for Radical {
    type Input = Input;
    /// rad(n), the product of the distinct primes dividing n.
    type Output = Int;
    const ID: &'static str = "integer.radical.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Radical rad(n): product of distinct prime factors";
    const SUMMARY: &'static str =
        "The largest squarefree divisor of n, the product of its distinct primes.";
    const DESCRIPTION: &'static str = "Computes rad(n) = ∏_{p | n} p, the largest squarefree divisor of n. \
        rad(1) = 1. n ≥ 1 with at most 100 digits.";
    const KEYWORDS: &'static [&'static str] = &[
        "radical",
        "squarefree kernel",
        "rad",
        "product of distinct primes",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "product of the distinct prime factors of n",
        "squarefree kernel of an integer",
        "rad(n) from the abc conjecture",
        "multiply each different prime factor of n once",
        "drop repeated prime factors, like 72 becomes 6",
        "product of the distinct primes, used in abc triple quality",
        "how do I get the largest squarefree divisor of n",
    ];
    const ALIASES: &'static [&'static str] = &["radical", "rad", "core"];
    const EXAMPLE: &'static str = r#"{"n": 504}"#;
    const EXPECTED: &'static str = r#""42""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Int, MathError> {
        let n = crate::positive(&input.n, "n", 100)?;
        let f = crate::factored(&n, ctx)?;
        Ok(Int(f
            .into_iter()
            .map(|(p, _)| p)
            .product::<BigUint>()
            .into()))
    }
}
