use crate::{Element, Field, Value};
use hessian_op::prelude::*;

pub struct Divide;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The field GF(p^k).
    pub field: Field,
    /// The first operand.
    pub a: Element,
    /// The second operand.
    pub b: Element,
}

impl Operation for Divide {
    type Input = Input;
    type Output = Value;
    const ID: &'static str = "finite_field.divide.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Divide finite-field elements a / b";
    const SUMMARY: &'static str = "a·b⁻¹ in GF(p^k), b ≠ 0.";
    const DESCRIPTION: &'static str = "Divides a by a non-zero b in GF(p^k): a·b^(q−2). b = 0 is a domain_error. Elements are integers (prime fields) or coefficient lists in x, lowest degree first; the field is given by its characteristic p and, for GF(p^k), a monic irreducible modulus.";
    const KEYWORDS: &'static [&'static str] = &[
        "finite field division",
        "divide in GF",
        "galois field divide",
        "division mod p",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "quotient of two elements of GF(p^k)",
        "division in a finite field",
        "divide one element by another in GF(256) for error correcting codes",
        "quotient in a field where arithmetic wraps modulo a prime polynomial",
        "Reed-Solomon decoding step that needs division of field elements",
        "how do I compute a over b in a field with p^k elements",
    ];
    const ALIASES: &'static [&'static str] = &["GF div", "ffdiv"];
    const EXAMPLE: &'static str = r#"{"field": {"characteristic": 101}, "a": 1, "b": 7}"#;
    const EXPECTED: &'static str = r#""29""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Value, MathError> {
        let gf = input.field.build("field", ctx)?;
        let a = input.a.of(&gf, "a")?;
        let b = input.b.of(&gf, "b")?;
        let inv = gf
            .inverse(&b)
            .ok_or_else(|| MathError::Domain("division by zero: `b` is 0 in the field".into()))?;
        Ok(Value(gf.mul(&a, &inv)))
    }
}
