use hessian_kernels::{BigInt, integer};
use hessian_op::prelude::*;

pub struct PrimeFactorization;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The positive integer to factor (at most 100 digits).
    pub n: Int,
}

#[derive(Serialize, JsonSchema)]
pub struct PrimePower {
    pub prime: Int,
    pub exponent: u32,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Prime factors found, ascending, with exponents.
    pub factors: Vec<PrimePower>,
    /// True when the factors multiply back to n. False when the call's
    /// deadline ran out first: then `unfactored` holds what is left.
    pub complete: bool,
    /// Composite cofactors not yet split (empty when complete); n is the
    /// product of the factors and these.
    pub unfactored: Vec<Int>,
    /// True when some factor ≥ 2^64 is a BPSW probable prime, not a proven one.
    pub probable_primes: bool,
}

impl Operation for PrimeFactorization {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "integer.prime_factorization.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Prime factorization of an integer";
    const SUMMARY: &'static str =
        "Factor n ≥ 1 into primes with exponents; partial result if time runs out.";
    const DESCRIPTION: &'static str = "Factors a positive integer of at most 100 digits by trial division and \
        Pollard–Brent rho. If the call's deadline passes first, the answer is partial and says so \
        (`complete: false`, with the unsplit cofactors in `unfactored`). 1 has no prime factors.";
    const KEYWORDS: &'static [&'static str] = &[
        "factor",
        "factorization",
        "factorize",
        "prime factors",
        "prime decomposition",
        "pollard rho",
        "divisors",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "split a number into the primes that multiply to it",
        "write n as a product of prime powers",
        "prime factors of an integer with exponents",
        "decompose a number into primes",
        "break 360 down into prime factors",
        "what primes multiply together to make this number",
        "factor an RSA modulus or large integer into primes",
        "how do I find the prime factors of a large number",
    ];
    const ALIASES: &'static [&'static str] = &["factorint", "FactorInteger", "factor", "factorize"];
    const EXAMPLE: &'static str = r#"{"n": 360}"#;
    const EXPECTED: &'static str = r#"{"factors": [{"prime": "2", "exponent": 3}, {"prime": "3", "exponent": 2}, {"prime": "5", "exponent": 1}], "complete": true, "unfactored": [], "probable_primes": false}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let n = crate::positive(&input.n, "n", 100)?;
        let f = integer::factor(&n, &ctx.budget);
        let int = |u| Int(BigInt::from(u));
        Ok(Output {
            complete: f.is_complete(),
            probable_primes: f.probable,
            factors: f
                .primes
                .into_iter()
                .map(|(p, e)| PrimePower {
                    prime: int(p),
                    exponent: e,
                })
                .collect(),
            unfactored: f.unfactored.into_iter().map(int).collect(),
        })
    }
}
