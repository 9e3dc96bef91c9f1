use hessian_kernels::integer;
use hessian_op::prelude::*;

pub struct LegendreSymbol;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The integer a.
    pub a: Int,
    /// An odd prime p (at most 1000 digits).
    pub p: Int,
}

impl Operation for LegendreSymbol {
    type Input = Input;
    /// (a/p) ∈ {−1, 0, 1}.
    type Output = i32;
    const ID: &'static str = "integer.legendre_symbol.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Legendre symbol (a/p)";
    const SUMMARY: &'static str =
        "Whether a is a quadratic residue modulo an odd prime p: 1, −1, or 0 if p | a.";
    const DESCRIPTION: &'static str = "Computes the Legendre symbol (a/p) for an odd prime p: 0 when p divides a, \
        1 when a is a non-zero square modulo p, −1 otherwise (equal to a^((p−1)/2) mod p). p must be an odd \
        prime (domain_error otherwise; use integer.jacobi_symbol.compute for odd composite n).";
    const KEYWORDS: &'static [&'static str] = &[
        "legendre symbol",
        "quadratic residue",
        "quadratic character",
        "is square mod p",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "is a number a perfect square in arithmetic modulo a prime",
        "whether a is a quadratic residue modulo an odd prime p",
        "Legendre symbol (a/p) equal to 1, -1 or 0",
        "Euler's criterion a^((p-1)/2) mod p",
        "does x squared equal a have a solution modulo a prime p",
        "check whether a number is a square in clock arithmetic mod p",
        "quick test before trying to take a square root modulo a prime",
        "is a a square mod p, answer 1, -1 or 0",
    ];
    const ALIASES: &'static [&'static str] = &["legendre_symbol", "JacobiSymbol", "kronecker"];
    const EXAMPLE: &'static str = r#"{"a": 5, "p": 101}"#;
    const EXPECTED: &'static str = "1";

    fn run(input: Input, _ctx: &Ctx) -> Result<i32, MathError> {
        let p = crate::prime(&input.p, "p", 1000)?;
        if p == 2u32.into() {
            return Err(MathError::Domain(
                "the Legendre symbol needs an odd prime `p`; 2 is even".into(),
            ));
        }
        Ok(integer::jacobi(&input.a.0, &p))
    }
}
