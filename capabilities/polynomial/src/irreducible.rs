use crate::wire::Polynomial;
use hessian_kernels::poly::factor;
use hessian_op::prelude::*;

pub struct Irreducible;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A polynomial of degree 1 to 200.
    pub polynomial: Polynomial,
}

impl Operation for Irreducible {
    type Input = Input;
    type Output = bool;
    const ID: &'static str = "polynomial.irreducible.decide";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Is a polynomial irreducible over the rationals?";
    const SUMMARY: &'static str =
        "Decides whether a polynomial of degree ≥ 1 is irreducible over Q.";
    const DESCRIPTION: &'static str = "Returns true when f (degree 1 to 200) has no factorization into two non-constant polynomials over Q, by complete factorization (Zassenhaus). Constant factors do not count: 2x + 2 is irreducible.";
    const KEYWORDS: &'static [&'static str] =
        &["irreducible", "prime polynomial", "factorable", "reducible"];
    const PHRASINGS: &'static [&'static str] = &[
        "can a polynomial be broken into smaller ones with rational coefficients",
        "whether a polynomial factors over the rationals",
        "irreducibility test over Q",
        "can this polynomial be split into smaller ones with fraction coefficients, yes or no",
        "check that a polynomial has no factorization over the rationals",
        "verify a minimal polynomial candidate before building a number field",
        "is x^4 + 1 irreducible over Q",
    ];
    const ALIASES: &'static [&'static str] = &[
        "is_irreducible",
        "IrreduciblePolynomialQ",
        "polisirreducible",
    ];
    const EXAMPLE: &'static str = r#"{"polynomial": "x^4 + 1"}"#;
    const EXPECTED: &'static str = r#"true"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let d = input.polynomial.degree();
        if d < 1 {
            return Err(MathError::Domain(
                "irreducibility needs degree at least 1".into(),
            ));
        }
        if d > 200 {
            return Err(MathError::Limit("degree at most 200".into()));
        }
        Ok(factor::is_irreducible(
            &input.polynomial.primitive().1,
            &ctx.budget,
        )?)
    }
}
