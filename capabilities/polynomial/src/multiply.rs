use crate::wire::{PolyOut, Polynomial, shared_var};
use hessian_kernels::poly;
use hessian_op::prelude::*;

pub struct Multiply;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The first polynomial (coefficients lowest degree first, or text).
    pub a: Polynomial,
    /// The second polynomial.
    pub b: Polynomial,
}

impl Operation for Multiply {
    type Input = Input;
    type Output = PolyOut;
    const ID: &'static str = "polynomial.multiply.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Product of two polynomials";
    const SUMMARY: &'static str = "Exact product a * b of two polynomials over the rationals.";
    const DESCRIPTION: &'static str = "Computes a * b exactly for polynomials in one variable with rational coefficients, given as coefficient lists (lowest degree first) or as text. Degree at most 10000 each.";
    const KEYWORDS: &'static [&'static str] = &["multiply", "product", "times", "expand product"];
    const PHRASINGS: &'static [&'static str] = &[
        "product of two polynomials",
        "multiply polynomials exactly",
        "multiply two polynomials together and collect like terms",
        "exact product of two polynomials with fractional coefficients",
        "combine two generating functions by multiplying their polynomials",
        "how do I multiply (x^2 + 1/2) by (3x - 1) exactly",
    ];
    const ALIASES: &'static [&'static str] = &["Poly.mul", "Times", "polymul"];
    const EXAMPLE: &'static str = r#"{"a": "x^2 + 2*x + 1", "b": [-1, 1]}"#;
    const EXPECTED: &'static str =
        r#"{"coefficients": ["-1", "-1", "1", "1"], "polynomial": "x^3 + x^2 - x - 1"}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Self::Output, MathError> {
        let var = shared_var(&input.a, &input.b)?.to_string();
        Ok(PolyOut::new(
            poly::mul(&input.a.coefficients, &input.b.coefficients),
            &var,
        ))
    }
}
