use crate::wire::{PolyOut, Polynomial};
use hessian_kernels::poly;
use hessian_op::prelude::*;

pub struct TaylorShift;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The polynomial (coefficients lowest degree first, or text).
    pub polynomial: Polynomial,
    /// The shift c: the result is f(x + c).
    pub shift: Rational,
}

impl Operation for TaylorShift {
    type Input = Input;
    type Output = PolyOut;
    const ID: &'static str = "polynomial.taylor_shift.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Shift a polynomial: f(x + c)";
    const SUMMARY: &'static str =
        "The translated polynomial f(x + c), i.e. f's Taylor expansion about c.";
    const DESCRIPTION: &'static str = "Computes f(x + c) exactly for rational c (coefficients of the Taylor expansion of f at c). Degree at most 2000.";
    const KEYWORDS: &'static [&'static str] = &[
        "taylor shift",
        "translate",
        "shift",
        "f(x+c)",
        "taylor expansion",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "rewrite p(x) as p(x + a)",
        "expand a polynomial around another point",
        "Taylor expansion of a polynomial at a",
        "move a polynomial graph sideways and get the new coefficients",
        "rewrite a polynomial in powers of x minus 2 instead of x",
        "recenter a polynomial at a new origin for a change of variable",
        "how do I replace x by x + 3 in a polynomial and expand",
    ];
    const ALIASES: &'static [&'static str] = &["shift", "taylor shift", "Series"];
    const EXAMPLE: &'static str = r#"{"polynomial": "x^2", "shift": 1}"#;
    const EXPECTED: &'static str =
        r#"{"coefficients": ["1", "2", "1"], "polynomial": "x^2 + 2*x + 1"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        if input.polynomial.degree() > 2000 {
            return Err(MathError::Limit("degree at most 2000".into()));
        }
        let one = hessian_kernels::Q::from_integer(1.into());
        Ok(PolyOut::new(
            poly::compose(
                &input.polynomial.coefficients,
                &[input.shift.0, one],
                &ctx.budget,
            )?,
            input.polynomial.var(),
        ))
    }
}
