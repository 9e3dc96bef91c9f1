use crate::wire::Polynomial;
use hessian_kernels::poly;
use hessian_op::prelude::*;

pub struct Evaluate;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The polynomial (coefficients lowest degree first, or text).
    pub polynomial: Polynomial,
    /// The point x.
    pub at: Rational,
}

impl Operation for Evaluate {
    type Input = Input;
    type Output = Rational;
    const ID: &'static str = "polynomial.evaluate.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Evaluate a polynomial at a rational point";
    const SUMMARY: &'static str = "Exact value f(x) of a polynomial at a rational x (Horner).";
    const DESCRIPTION: &'static str = "Computes f(x) exactly for a rational x by Horner's rule over the integers (one reduction at the end).";
    const KEYWORDS: &'static [&'static str] = &[
        "evaluate",
        "value",
        "plug in",
        "substitute number",
        "f(x)",
        "horner",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "what a polynomial gives when x is a number",
        "value of a polynomial at a number",
        "plug a value into a polynomial by Horner's rule",
        "plug a fraction into a one-variable polynomial and get the exact answer",
        "exact value of a polynomial at x equals 3/4",
        "compute the polynomial price formula at a given quantity exactly",
        "how do I evaluate f(x) at a fraction without rounding",
    ];
    const ALIASES: &'static [&'static str] = &["eval", "subs", "polyval", "ReplaceAll"];
    const EXAMPLE: &'static str = r#"{"polynomial": "x^3 - 2*x + 1/2", "at": "3/2"}"#;
    const EXPECTED: &'static str = r#""7/8""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        Ok(Rational(poly::evaluate_within(
            &input.polynomial.coefficients,
            &input.at.0,
            &ctx.budget,
        )?))
    }
}
