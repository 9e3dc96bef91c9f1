use crate::{Element, Field, Value};
use hessian_op::prelude::*;

pub struct Subtract;

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

impl Operation for Subtract {
    type Input = Input;
    type Output = Value;
    const ID: &'static str = "finite_field.subtract.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Subtract finite-field elements a − b";
    const SUMMARY: &'static str = "a − b in GF(p^k).";
    const DESCRIPTION: &'static str = "Subtracts two elements of the finite field GF(p^k). Elements are integers (prime fields) or coefficient lists in x, lowest degree first; the field is given by its characteristic p and, for GF(p^k), a monic irreducible modulus.";
    const KEYWORDS: &'static [&'static str] = &[
        "finite field subtraction",
        "subtract in GF",
        "galois field minus",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "difference of two elements of GF(p^k)",
        "subtraction in a finite field",
        "take one element of GF(p^k) away from another",
        "subtract two polynomials with coefficients wrapping around mod p",
        "difference of field elements in a Reed-Solomon syndrome computation",
        "how do I subtract in a field with 25 elements",
    ];
    const ALIASES: &'static [&'static str] = &["GF sub"];
    const EXAMPLE: &'static str = r#"{"field": {"characteristic": 7}, "a": 3, "b": 5}"#;
    const EXPECTED: &'static str = r#""5""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Value, MathError> {
        let gf = input.field.build("field", ctx)?;
        let a = input.a.of(&gf, "a")?;
        let b = input.b.of(&gf, "b")?;
        Ok(Value(gf.sub(&a, &b)))
    }
}
