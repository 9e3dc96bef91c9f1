use crate::wire::{Polynomial, modular};
use hessian_kernels::poly::zp;
use hessian_op::prelude::*;

pub struct FiniteFieldIrreducible;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The prime p (below 2^62).
    pub modulus: Int,
    /// A polynomial of degree 1 to 2000 modulo p (coefficients reduced modulo p).
    pub polynomial: Polynomial,
}

impl Operation for FiniteFieldIrreducible {
    type Input = Input;
    type Output = bool;
    const ID: &'static str = "polynomial.finite_field.irreducible.decide";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Is a polynomial irreducible over F_p?";
    const SUMMARY: &'static str =
        "Decides irreducibility of a polynomial over a prime field F_p (Rabin's test).";
    const DESCRIPTION: &'static str = "Returns whether f, of degree 1 to 2000 after reduction modulo the prime p < 2^62, is irreducible over F_p: x^(p^n) ≡ x (mod f) and gcd(x^(p^(n/q)) − x, f) = 1 for each prime q | n.";
    const KEYWORDS: &'static [&'static str] = &[
        "irreducible mod p",
        "finite field",
        "rabin",
        "F_p irreducible",
        "galois field",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "whether a polynomial is irreducible modulo p",
        "irreducibility test over a prime field",
        "can this polynomial be factored when working modulo a prime, yes or no",
        "check a polynomial mod p has no nontrivial factors",
        "check a polynomial is suitable for building GF(2^8) like in AES",
        "is x^4 + x + 1 irreducible over the integers mod 2",
    ];
    const ALIASES: &'static [&'static str] = &[
        "is_irreducible(modulus=p)",
        "IrreduciblePolynomialQ[f, Modulus -> p]",
        "polisirreducible",
    ];
    const EXAMPLE: &'static str = r#"{"modulus": 2, "polynomial": "x^4 + x + 1"}"#;
    const EXPECTED: &'static str = r#"true"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let (p, f) = modular(&input.modulus, &input.polynomial)?;
        if f.len() < 2 {
            return Err(MathError::Domain(
                "irreducibility needs degree at least 1 modulo p".into(),
            ));
        }
        if f.len() > 2001 {
            return Err(MathError::Limit("degree at most 2000".into()));
        }
        Ok(zp::is_irreducible(&f, p, &ctx.budget)?)
    }
}
