use crate::wire::{Polynomial, shared_var};
use hessian_kernels::poly::zx;
use hessian_kernels::{Q, rational};
use hessian_op::prelude::*;

pub struct Resultant;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The first polynomial (coefficients lowest degree first, or text).
    pub a: Polynomial,
    /// The second polynomial.
    pub b: Polynomial,
}

impl Operation for Resultant {
    type Input = Input;
    type Output = Rational;
    const ID: &'static str = "polynomial.resultant.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Resultant of two polynomials";
    const SUMMARY: &'static str =
        "Exact resultant res(a, b) of two polynomials over Q, computed modularly.";
    const DESCRIPTION: &'static str = "Computes the resultant res(a, b) (the determinant of the Sylvester matrix) exactly: for the primitive integer parts, resultants modulo word-size primes combined by CRT under Hadamard's bound ‖a‖^deg b·‖b‖^deg a; rational contents enter as c_a^deg b·c_b^deg a. Zero when a and b share a root or one of them is 0.";
    const KEYWORDS: &'static [&'static str] =
        &["resultant", "sylvester", "common root", "elimination"];
    const PHRASINGS: &'static [&'static str] = &[
        "resultant of two polynomials, zero when they share a root",
        "Sylvester matrix determinant",
        "eliminate a variable between two equations",
        "single number telling whether two polynomials have a root in common",
        "eliminate x from two polynomial equations in x and y",
        "find where two polynomial curves intersect by removing one variable",
        "how do I test if two polynomials share a root without finding roots",
    ];
    const ALIASES: &'static [&'static str] = &["resultant", "Resultant", "polresultant"];
    const EXAMPLE: &'static str = r#"{"a": "x^2 - 2", "b": "x - 3"}"#;
    const EXPECTED: &'static str = r#""7""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        shared_var(&input.a, &input.b)?;
        let ((ca, fa), (cb, fb)) = (input.a.primitive(), input.b.primitive());
        if fa.is_empty() || fb.is_empty() {
            return Ok(Rational(Q::from_integer(0.into())));
        }
        let (m, n) = (fa.len() - 1, fb.len() - 1);
        crate::wire::resultant_work(&fa, &fb)?;
        let r = Q::from_integer(zx::resultant(&fa, &fb, &ctx.budget)?);
        if num_traits::Zero::is_zero(&r) {
            return Ok(Rational(r));
        }
        let contents = rational::mul(&rational::pow(&ca, n), &rational::pow(&cb, m));
        Ok(Rational(rational::mul(&r, &contents)))
    }
}
