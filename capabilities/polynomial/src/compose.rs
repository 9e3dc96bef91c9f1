use crate::wire::{PolyOut, Polynomial};
use hessian_kernels::{poly, rational};
use hessian_op::prelude::*;

pub struct Compose;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The outer polynomial f.
    pub outer: Polynomial,
    /// The inner polynomial g, substituted for the variable of f.
    pub inner: Polynomial,
}

impl Operation for Compose {
    type Input = Input;
    type Output = PolyOut;
    const ID: &'static str = "polynomial.compose.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Compose two polynomials";
    const SUMMARY: &'static str = "The composition f(g(x)) of two polynomials over Q.";
    const DESCRIPTION: &'static str = "Computes f(g(x)) exactly by Horner's rule in integer polynomials; deg f · deg g at most 10000. The result uses the variable of g.";
    const KEYWORDS: &'static [&'static str] =
        &["compose", "composition", "substitute polynomial", "f(g(x))"];
    const PHRASINGS: &'static [&'static str] = &[
        "substitute one polynomial into another, f(g(x))",
        "composition of polynomials",
        "plug a whole polynomial in place of x in another polynomial",
        "polynomial obtained by doing one polynomial then the other",
        "combine two polynomial transfer curves applied one after the other",
        "how do I expand f of g of x for two polynomials",
    ];
    const ALIASES: &'static [&'static str] = &["compose", "Composition", "subst"];
    const EXAMPLE: &'static str = r#"{"outer": "x^2 + 1", "inner": "x - 1"}"#;
    const EXPECTED: &'static str =
        r#"{"coefficients": ["2", "-2", "1"], "polynomial": "x^2 - 2*x + 2"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        if input.outer.degree().max(0) * input.inner.degree().max(0) > 10_000 {
            return Err(MathError::Limit(
                "deg(outer)·deg(inner) must be at most 10000".into(),
            ));
        }
        // lc(f)·lc(g)^deg f is the leading coefficient of f(g(x)).
        if let (Some((lf, _)), Some((lg, _))) = (input.outer.ends(), input.inner.ends()) {
            let d = input.outer.degree().max(0) as u64;
            let digits = rational::power_digits_lower(lg, d) - rational::digits_lower(lf);
            ctx.room_for_digits(digits, "f(g(x))")?;
        }
        Ok(PolyOut::new(
            poly::compose(
                &input.outer.coefficients,
                &input.inner.coefficients,
                &ctx.budget,
            )?,
            input.inner.var(),
        ))
    }
}
