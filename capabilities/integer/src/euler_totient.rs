use hessian_kernels::{BigInt, Stop, integer};
use hessian_op::prelude::*;

pub struct EulerTotient;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The positive integer n (at most 100 digits).
    pub n: Int,
}

impl Operation for EulerTotient {
    type Input = Input;
    /// φ(n): how many of 1..=n are coprime to n.
    type Output = Int;
    const ID: &'static str = "integer.euler_totient.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Euler's totient φ(n)";
    const SUMMARY: &'static str = "Euler phi: the count of integers in 1..n coprime to n.";
    const DESCRIPTION: &'static str = "Computes φ(n) = n·∏(1 − 1/p) over the primes p dividing n, from the full \
        prime factorization. n ≥ 1 with at most 100 digits; φ(1) = 1. Needs the complete factorization: \
        if the deadline passes first the call is refused with deadline_exceeded.";
    const KEYWORDS: &'static [&'static str] = &[
        "totient",
        "euler phi",
        "phi",
        "coprime count",
        "euler totient function",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "how many fractions with denominator n are already in lowest terms",
        "count of integers from 1 to n that are coprime to n",
        "size of the multiplicative group modulo n",
        "Euler phi function",
        "how many numbers below n share no common factor with it",
        "count of numbers up to n with gcd 1 with n",
        "used to compute the private key exponent in RSA",
        "how do I count the numbers coprime to n",
    ];
    const ALIASES: &'static [&'static str] = &["totient", "EulerPhi", "eulerphi"];
    const EXAMPLE: &'static str = r#"{"n": 36}"#;
    const EXPECTED: &'static str = r#""12""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Int, MathError> {
        let n = crate::positive(&input.n, "n", 100)?;
        let f = integer::factor(&n, &ctx.budget);
        if !f.is_complete() {
            return Err(MathError::Stopped(f.stopped.unwrap_or(Stop::Deadline)));
        }
        Ok(Int(BigInt::from(integer::totient_from(&f.primes))))
    }
}
