use crate::wire::{PolyOut, Polynomial, shared_var};
use hessian_kernels::poly;
use hessian_op::prelude::*;

pub struct Add;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The first polynomial (coefficients lowest degree first, or text).
    pub a: Polynomial,
    /// The second polynomial.
    pub b: Polynomial,
}

impl Operation for Add {
    type Input = Input;
    type Output = PolyOut;
    const ID: &'static str = "polynomial.add.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Sum of two polynomials";
    const SUMMARY: &'static str = "Exact sum a + b of two polynomials over the rationals.";
    const DESCRIPTION: &'static str = "Computes a + b exactly for polynomials in one variable with rational coefficients, given as coefficient lists (lowest degree first) or as text. Degree at most 10000 each.";
    const KEYWORDS: &'static [&'static str] = &["add", "sum", "plus", "polynomial addition"];
    const PHRASINGS: &'static [&'static str] = &[
        "sum of two polynomials",
        "add polynomials coefficient by coefficient",
        "combine like terms of two polynomial expressions added together",
        "add two polynomials with fraction coefficients and simplify",
        "total cost function from adding two polynomial cost formulas",
        "how do I add 3x^2 + x/2 and x^3 - x exactly",
    ];
    const ALIASES: &'static [&'static str] = &["Poly.add", "Plus"];
    const EXAMPLE: &'static str = r#"{"a": "x^2 + 2*x + 1", "b": [-1, 1]}"#;
    const EXPECTED: &'static str =
        r#"{"coefficients": ["0", "3", "1"], "polynomial": "x^2 + 3*x"}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Self::Output, MathError> {
        let var = shared_var(&input.a, &input.b)?.to_string();
        Ok(PolyOut::new(
            poly::add(&input.a.coefficients, &input.b.coefficients),
            &var,
        ))
    }
}
