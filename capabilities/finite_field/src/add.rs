use crate::{Element, Field, Value};
use hessian_op::prelude::*;

pub struct Add;

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

impl Operation for Add {
    type Input = Input;
    type Output = Value;
    const ID: &'static str = "finite_field.add.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Add two finite-field elements";
    const SUMMARY: &'static str = "a + b in GF(p^k) (coefficient-wise modulo p).";
    const DESCRIPTION: &'static str = "Adds two elements of the finite field GF(p^k). Elements are integers (prime fields) or coefficient lists in x, lowest degree first; the field is given by its characteristic p and, for GF(p^k), a monic irreducible modulus.";
    const KEYWORDS: &'static [&'static str] = &[
        "finite field addition",
        "add in GF",
        "galois field add",
        "add mod p",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "sum of two elements of GF(p^k)",
        "addition in a finite field",
        "add two polynomials whose coefficients wrap around modulo a prime",
        "sum of two bytes in AES field arithmetic, which works like XOR",
        "adding elements of a field with p^k elements coefficient by coefficient",
        "how do I add two elements of a field with 9 elements",
    ];
    const ALIASES: &'static [&'static str] = &["GF add", "GF(q).__add__"];
    const EXAMPLE: &'static str =
        r#"{"field": {"characteristic": 3, "modulus": [1, 0, 1]}, "a": [1, 2], "b": [2, 2]}"#;
    const EXPECTED: &'static str = r#"["0", "1"]"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Value, MathError> {
        let gf = input.field.build("field", ctx)?;
        let a = input.a.of(&gf, "a")?;
        let b = input.b.of(&gf, "b")?;
        Ok(Value(gf.add(&a, &b)))
    }
}
