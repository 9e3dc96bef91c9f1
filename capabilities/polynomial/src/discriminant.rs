use crate::wire::Polynomial;
use hessian_kernels::poly::zx;
use hessian_kernels::{Q, rational};
use hessian_op::prelude::*;

pub struct Discriminant;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A polynomial of degree at least 1.
    pub polynomial: Polynomial,
}

impl Operation for Discriminant {
    type Input = Input;
    type Output = Rational;
    const ID: &'static str = "polynomial.discriminant.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Discriminant of a polynomial";
    const SUMMARY: &'static str =
        "Exact discriminant of a polynomial over Q: zero exactly when it has a repeated root.";
    const DESCRIPTION: &'static str = "Computes disc(f) = (−1)^(n(n−1)/2)·res(f, f′)/lc(f) for f of degree n ≥ 1 (modular resultant); with f = c·g, g primitive, disc(f) = c^(2n−2)·disc(g). For a quadratic ax^2 + bx + c it is b^2 − 4ac.";
    const KEYWORDS: &'static [&'static str] = &[
        "discriminant",
        "repeated root",
        "multiple root",
        "b^2 - 4ac",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "discriminant of a polynomial, zero exactly when it has a repeated root",
        "b^2 - 4ac and its generalisation to higher degree",
        "number that tells whether a polynomial has a double root",
        "quantity that vanishes when two roots of an equation coincide",
        "detect when a cubic equation's solutions merge as a parameter changes",
        "how do I find the discriminant of a cubic or quartic",
    ];
    const ALIASES: &'static [&'static str] = &["discriminant", "Discriminant", "poldisc"];
    const EXAMPLE: &'static str = r#"{"polynomial": "x^2 + x + 1"}"#;
    const EXPECTED: &'static str = r#""-3""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let (c, f) = input.polynomial.primitive();
        if f.len() < 2 {
            return Err(MathError::Domain(
                "the discriminant needs degree at least 1".into(),
            ));
        }
        let n = f.len() - 1;
        crate::wire::resultant_work(&f, &zx::derivative(&f))?;
        let d = Q::from_integer(zx::discriminant(&f, &ctx.budget)?);
        Ok(Rational(rational::mul(&d, &rational::pow(&c, 2 * n - 2))))
    }
}
