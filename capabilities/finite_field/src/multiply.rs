use crate::{Element, Field, Value};
use hessian_op::prelude::*;

pub struct Multiply;

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

impl Operation for Multiply {
    type Input = Input;
    type Output = Value;
    const ID: &'static str = "finite_field.multiply.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Multiply two finite-field elements";
    const SUMMARY: &'static str = "a·b in GF(p^k): polynomial product reduced modulo f and p.";
    const DESCRIPTION: &'static str = "Multiplies two elements of GF(p^k): the polynomial product reduced modulo the field's modulus f and the characteristic p. Elements are integers (prime fields) or coefficient lists in x, lowest degree first; the field is given by its characteristic p and, for GF(p^k), a monic irreducible modulus.";
    const KEYWORDS: &'static [&'static str] = &[
        "finite field multiplication",
        "multiply in GF(2^8)",
        "galois field multiply",
        "gf multiplication",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "product of two elements of GF(p^k)",
        "multiplication in a finite field such as GF(256)",
        "multiply two bytes the way AES MixColumns does",
        "product of two polynomials reduced mod an irreducible polynomial and a prime",
        "multiplication in a field with 8 elements using wrap around rules",
        "how do I multiply elements of GF(2^8) by hand",
    ];
    const ALIASES: &'static [&'static str] = &["GF mul", "ffmul"];
    const EXAMPLE: &'static str = r#"{"field": {"characteristic": 2, "modulus": [1, 1, 0, 1, 1, 0, 0, 0, 1]}, "a": [1, 1, 0, 0, 1, 0, 1], "b": [0, 1, 0, 1, 0, 0, 1, 1]}"#;
    const EXPECTED: &'static str = r#"["1", "0", "0", "0", "0", "0", "0", "0"]"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Value, MathError> {
        let gf = input.field.build("field", ctx)?;
        let a = input.a.of(&gf, "a")?;
        let b = input.b.of(&gf, "b")?;
        Ok(Value(gf.mul(&a, &b)))
    }
}
