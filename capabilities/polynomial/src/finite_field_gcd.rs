use crate::wire::{Polynomial, modular};
use hessian_kernels::poly::zp;
use hessian_op::prelude::*;

pub struct FiniteFieldGcd;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The prime p (below 2^62).
    pub modulus: Int,
    /// The first polynomial (coefficients reduced modulo p).
    pub a: Polynomial,
    /// The second polynomial.
    pub b: Polynomial,
}

impl Operation for FiniteFieldGcd {
    type Input = Input;
    type Output = Vec<Int>;
    const ID: &'static str = "polynomial.finite_field.gcd.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Gcd of polynomials over F_p";
    const SUMMARY: &'static str =
        "Monic greatest common divisor of two polynomials over a prime field F_p.";
    const DESCRIPTION: &'static str = "Computes the monic gcd over F_p (p prime below 2^62) by Euclid's algorithm; coefficients in [0, p), lowest degree first ([] when both are 0). Degree at most 10000.";
    const KEYWORDS: &'static [&'static str] = &["gcd mod p", "finite field gcd", "F_p gcd"];
    const PHRASINGS: &'static [&'static str] = &[
        "gcd of two polynomials modulo a prime",
        "common factor over GF(p)",
        "largest common factor of two polynomials when coefficients wrap around mod p",
        "common divisor of two polynomials over the integers mod a prime",
        "find repeated factors mod p by taking gcd with the derivative",
        "how do I compute gcd of two polynomials over GF(5)",
    ];
    const ALIASES: &'static [&'static str] =
        &["gcd(modulus=p)", "PolynomialGCD[f, g, Modulus -> p]"];
    const EXAMPLE: &'static str = r#"{"modulus": 7, "a": "x^2 - 1", "b": "x^2 + 5*x + 4"}"#;
    const EXPECTED: &'static str = r#"["1", "1"]"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let (p, a) = modular(&input.modulus, &input.a)?;
        let (_, b) = modular(&input.modulus, &input.b)?;
        ctx.budget.check()?;
        Ok(zp::monic(&zp::gcd(&a, &b, p), p)
            .into_iter()
            .map(|c| Int(c.into()))
            .collect())
    }
}
