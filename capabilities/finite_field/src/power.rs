use crate::{Element, Field, Value};
use hessian_op::prelude::*;
use num_traits::Signed;

pub struct Power;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The field GF(p^k).
    pub field: Field,
    /// The base a.
    pub a: Element,
    /// The exponent e (any integer; negative needs a ≠ 0; at most 10,000 digits).
    pub exponent: Int,
}

impl Operation for Power {
    type Input = Input;
    type Output = Value;
    const ID: &'static str = "finite_field.power.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Power a^e in a finite field";
    const SUMMARY: &'static str = "a^e in GF(p^k) by square-and-multiply; negative e uses a⁻¹.";
    const DESCRIPTION: &'static str = "Raises an element of GF(p^k) to an integer power by square-and-multiply \
        (huge exponents are fine). Negative exponents need a ≠ 0; 0^0 = 1. Elements are integers (prime \
        fields) or coefficient lists in x, lowest degree first.";
    const KEYWORDS: &'static [&'static str] = &[
        "finite field power",
        "exponentiation in GF",
        "galois field power",
        "frobenius",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "element of GF(p^k) raised to a power",
        "exponentiation in a finite field",
        "raise a field element to a big exponent mod a prime polynomial",
        "multiply an element of GF(p^k) by itself many times quickly",
        "public key computation g to the secret power in a finite field",
        "how do I compute a to the 1000th power in GF(27)",
    ];
    const ALIASES: &'static [&'static str] = &["GF pow", "ffpow"];
    const EXAMPLE: &'static str =
        r#"{"field": {"characteristic": 3, "modulus": [1, 2, 0, 1]}, "a": [0, 1], "exponent": 13}"#;
    const EXPECTED: &'static str = r#"["2", "0", "0"]"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Value, MathError> {
        let gf = input.field.build("field", ctx)?;
        let mut a = input.a.of(&gf, "a")?;
        let e = input.exponent.0;
        if e.is_negative() {
            a = gf
                .inverse(&a)
                .ok_or_else(|| MathError::Domain("0 has no negative powers".into()))?;
        }
        Ok(Value(gf.pow(&a, e.magnitude())))
    }
}
