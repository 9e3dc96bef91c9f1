use crate::wire::{PolyOut, Polynomial};
use hessian_kernels::{Q, poly};
use hessian_op::prelude::*;

pub struct Integral;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The polynomial (coefficients lowest degree first, or text).
    pub polynomial: Polynomial,
}

impl Operation for Integral {
    type Input = Input;
    type Output = PolyOut;
    const ID: &'static str = "polynomial.integral.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Antiderivative of a polynomial";
    const SUMMARY: &'static str = "The antiderivative of a polynomial with constant term 0.";
    const DESCRIPTION: &'static str = "Returns F with F′ = f and F(0) = 0, exactly.";
    const KEYWORDS: &'static [&'static str] = &[
        "integral",
        "integrate",
        "antiderivative",
        "primitive function",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "antiderivative of a polynomial",
        "indefinite or definite integral of a polynomial",
        "reverse of differentiating a polynomial, starting with zero constant",
        "integrate a polynomial term by term with exact fractions",
        "area under a polynomial curve by finding its antiderivative first",
        "how do I integrate x^3 - 2x + 1/3 symbolically",
    ];
    const ALIASES: &'static [&'static str] = &["integrate", "Integrate", "intformal"];
    const EXAMPLE: &'static str = r#"{"polynomial": "3*x^2 - 2"}"#;
    const EXPECTED: &'static str =
        r#"{"coefficients": ["0", "-2", "0", "1"], "polynomial": "x^3 - 2*x"}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Self::Output, MathError> {
        if input.polynomial.degree() >= 10_000 {
            return Err(MathError::Limit("degree below 10000".into()));
        }
        let mut out = vec![Q::from_integer(0.into())];
        for (i, c) in input.polynomial.coefficients.iter().enumerate() {
            out.push(c / Q::from_integer((i as u64 + 1).into()));
        }
        Ok(PolyOut::new(poly::trim(out), input.polynomial.var()))
    }
}
