use crate::wire::{PolyOut, Polynomial, shared_var};
use hessian_kernels::poly;
use hessian_op::prelude::*;

pub struct Divide;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The dividend a.
    pub dividend: Polynomial,
    /// The divisor b ≠ 0.
    pub divisor: Polynomial,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// q with a = q·b + r.
    pub quotient: PolyOut,
    /// r with deg r < deg b.
    pub remainder: PolyOut,
}

impl Operation for Divide {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "polynomial.divide.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Polynomial division with remainder";
    const SUMMARY: &'static str =
        "Quotient and remainder of polynomial long division over the rationals.";
    const DESCRIPTION: &'static str = "Divides a by b ≠ 0 over Q: returns q and r with a = q·b + r and deg r < deg b (long division; exact rational coefficients).";
    const KEYWORDS: &'static [&'static str] = &[
        "divide",
        "division",
        "quotient",
        "remainder",
        "long division",
        "mod",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "quotient and remainder of polynomial long division",
        "divide one polynomial by another",
        "long division of one polynomial by another giving what is left over",
        "how many times one polynomial goes into another plus a remainder",
        "check whether x - 2 divides a polynomial by looking at the remainder",
        "how do I divide x^4 + 1 by x^2 + x with remainder",
    ];
    const ALIASES: &'static [&'static str] = &["div", "PolynomialQuotientRemainder", "divrem"];
    const EXAMPLE: &'static str = r#"{"dividend": "x^3 - 1", "divisor": "x - 2"}"#;
    const EXPECTED: &'static str = r#"{"quotient": {"coefficients": ["4", "2", "1"], "polynomial": "x^2 + 2*x + 4"}, "remainder": {"coefficients": ["7"], "polynomial": "7"}}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Self::Output, MathError> {
        let var = shared_var(&input.dividend, &input.divisor)?.to_string();
        input.divisor.nonzero("divisor")?;
        let (q, r) = poly::divrem(&input.dividend.coefficients, &input.divisor.coefficients);
        Ok(Output {
            quotient: PolyOut::new(q, &var),
            remainder: PolyOut::new(r, &var),
        })
    }
}
