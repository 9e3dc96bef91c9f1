use crate::wire::{PolyOut, Polynomial};
use hessian_kernels::poly;
use hessian_op::prelude::*;

pub struct Derivative;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The polynomial (coefficients lowest degree first, or text).
    pub polynomial: Polynomial,
    /// How many times to differentiate (default 1, at most 10000).
    #[serde(default = "one")]
    pub order: Bounded<0, 10000>,
}

fn one() -> Bounded<0, 10000> {
    Bounded(1)
}

impl Operation for Derivative {
    type Input = Input;
    type Output = PolyOut;
    const ID: &'static str = "polynomial.derivative.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Derivative of a polynomial";
    const SUMMARY: &'static str = "The k-th derivative of a polynomial over Q.";
    const DESCRIPTION: &'static str = "Differentiates f exactly `order` times (default once).";
    const KEYWORDS: &'static [&'static str] = &["derivative", "differentiate", "d/dx", "f'"];
    const PHRASINGS: &'static [&'static str] = &[
        "differentiate a polynomial in one variable",
        "derivative or slope of a polynomial",
        "higher derivatives of a polynomial",
        "slope formula of a polynomial curve",
        "differentiate a one-variable polynomial several times exactly",
        "velocity and acceleration from a polynomial position formula",
        "how do I take the second derivative of a polynomial with fractions",
    ];
    const ALIASES: &'static [&'static str] = &["diff", "D", "deriv"];
    const EXAMPLE: &'static str = r#"{"polynomial": "x^3 - 2*x + 1/2"}"#;
    const EXPECTED: &'static str =
        r#"{"coefficients": ["-2", "0", "3"], "polynomial": "3*x^2 - 2"}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Self::Output, MathError> {
        let mut p = input.polynomial.coefficients.clone();
        for _ in 0..input.order.0 {
            if p.is_empty() {
                break;
            }
            p = poly::derivative(&p);
        }
        Ok(PolyOut::new(p, input.polynomial.var()))
    }
}
