use crate::wire::{PolyOut, Polynomial, shared_var};
use hessian_kernels::poly;
use hessian_op::prelude::*;

pub struct Subtract;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The first polynomial (coefficients lowest degree first, or text).
    pub a: Polynomial,
    /// The second polynomial.
    pub b: Polynomial,
}

impl Operation for Subtract {
    type Input = Input;
    type Output = PolyOut;
    const ID: &'static str = "polynomial.subtract.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Subtract one polynomial from another";
    const SUMMARY: &'static str = "Exact a − b for two polynomials over the rationals.";
    const DESCRIPTION: &'static str = "Computes a - b exactly for polynomials in one variable with rational coefficients, given as coefficient lists (lowest degree first) or as text. Degree at most 10000 each.";
    const KEYWORDS: &'static [&'static str] = &["subtract", "polynomial difference", "minus"];
    const PHRASINGS: &'static [&'static str] = &[
        "difference of two polynomials",
        "subtract polynomials",
        "take one polynomial away from another and combine like terms",
        "difference of two polynomials with fraction coefficients",
        "profit polynomial as revenue polynomial minus cost polynomial",
        "how do I subtract x^3 - 2x from 4x^3 + x/2 exactly",
    ];
    const ALIASES: &'static [&'static str] = &["Poly.sub", "Subtract"];
    const EXAMPLE: &'static str = r#"{"a": "x^2 + 2*x + 1", "b": [-1, 1]}"#;
    const EXPECTED: &'static str =
        r#"{"coefficients": ["2", "1", "1"], "polynomial": "x^2 + x + 2"}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Self::Output, MathError> {
        let var = shared_var(&input.a, &input.b)?.to_string();
        Ok(PolyOut::new(
            poly::sub(&input.a.coefficients, &input.b.coefficients),
            &var,
        ))
    }
}
