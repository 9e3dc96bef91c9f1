use crate::{Element, Field, Value};
use hessian_op::prelude::*;

pub struct Inverse;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The field GF(p^k).
    pub field: Field,
    /// The element a.
    pub a: Element,
}

impl Operation for Inverse {
    type Input = Input;
    type Output = Value;
    const ID: &'static str = "finite_field.inverse.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Multiplicative inverse in a finite field";
    const SUMMARY: &'static str = "a⁻¹ in GF(p^k) for a ≠ 0.";
    const DESCRIPTION: &'static str = "Computes the multiplicative inverse a⁻¹ = a^(q−2) of a non-zero element of GF(p^k), q = p^k. a = 0 is a domain_error. Elements are integers (prime fields) or coefficient lists in x, lowest degree first; the field is given by its characteristic p and, for GF(p^k), a monic irreducible modulus.";
    const KEYWORDS: &'static [&'static str] = &[
        "finite field inverse",
        "inverse in GF",
        "galois field inverse",
        "reciprocal mod p",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "divide 1 by an element of a finite field",
        "multiplicative inverse in GF(p^k)",
        "1 / a in a finite field",
        "element that multiplies with a to give 1 in a field with p^k elements",
        "AES S-box step: the inverse of a byte in GF(2^8)",
        "reciprocal of a polynomial modulo an irreducible polynomial and a prime",
        "how do I invert a nonzero element of GF(16)",
    ];
    const ALIASES: &'static [&'static str] = &["GF inverse", "ffinv"];
    const EXAMPLE: &'static str = r#"{"field": {"characteristic": 2, "modulus": [1, 1, 0, 1, 1, 0, 0, 0, 1]}, "a": [1, 1, 0, 0, 1, 0, 1]}"#;
    const EXPECTED: &'static str = r#"["0", "1", "0", "1", "0", "0", "1", "1"]"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Value, MathError> {
        let gf = input.field.build("field", ctx)?;
        let a = input.a.of(&gf, "a")?;
        gf.inverse(&a)
            .map(Value)
            .ok_or_else(|| MathError::Domain("0 has no inverse".into()))
    }
}
