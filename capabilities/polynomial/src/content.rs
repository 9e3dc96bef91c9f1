use crate::wire::{PolyOut, Polynomial};
use hessian_op::prelude::*;

pub struct Content;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The polynomial (coefficients lowest degree first, or text).
    pub polynomial: Polynomial,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The rational c (sign of the leading coefficient) with f = c·primitive.
    pub content: Rational,
    /// The primitive part: integer coefficients with gcd 1 and a positive leading coefficient.
    pub primitive_part: PolyOut,
}

impl Operation for Content {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "polynomial.content.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Content and primitive part of a polynomial";
    const SUMMARY: &'static str =
        "Splits f into a rational content and a primitive integer polynomial.";
    const DESCRIPTION: &'static str = "Writes f = c·g with c rational (same sign as f's leading coefficient) and g in Z[x] with coprime coefficients and positive leading coefficient. For 0 both are 0.";
    const KEYWORDS: &'static [&'static str] = &[
        "content",
        "primitive part",
        "gcd of coefficients",
        "clear denominators",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "gcd of the coefficients of a polynomial and its primitive part",
        "factor out the common integer of the coefficients",
        "pull the common number out of all the coefficients of a polynomial",
        "rescale a polynomial with fractions into whole coefficients with no common factor",
        "clear denominators of a polynomial before factoring over the integers",
        "how do I make the coefficients of a polynomial coprime integers",
    ];
    const ALIASES: &'static [&'static str] = &["content", "primitive", "FactorTermsList"];
    const EXAMPLE: &'static str = r#"{"polynomial": "-2/3*x^2 + 4/3"}"#;
    const EXPECTED: &'static str = r#"{"content": "-2/3", "primitive_part": {"coefficients": ["-2", "0", "1"], "polynomial": "x^2 - 2"}}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Self::Output, MathError> {
        let (c, g) = input.polynomial.primitive();
        Ok(Output {
            content: Rational(c),
            primitive_part: PolyOut::from_z(&g, input.polynomial.var()),
        })
    }
}
