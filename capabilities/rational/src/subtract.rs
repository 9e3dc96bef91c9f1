use hessian_op::prelude::*;

pub struct Subtract;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The minuend a.
    pub a: Rational,
    /// The subtrahend b.
    pub b: Rational,
}

impl Operation for Subtract {
    type Input = Input;
    /// a − b, reduced.
    type Output = Rational;
    const ID: &'static str = "rational.subtract.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Difference of two rationals a − b";
    const SUMMARY: &'static str = "Exact difference a − b of two fractions.";
    const DESCRIPTION: &'static str =
        "Computes a − b exactly for rationals a and b and returns it reduced.";
    const KEYWORDS: &'static [&'static str] =
        &["subtract fractions", "difference", "minus", "subtraction"];
    const PHRASINGS: &'static [&'static str] = &[
        "difference of two fractions",
        "subtract rational numbers exactly",
        "take one fraction away from another and simplify",
        "exact difference between 5/8 and 1/3",
        "how much pizza remains if I had 7/8 and ate 1/3",
        "how do I subtract fractions with unlike denominators",
    ];
    const ALIASES: &'static [&'static str] = &["Rational.__sub__", "Subtract"];
    const EXAMPLE: &'static str = r#"{"a": "3/4", "b": "5/6"}"#;
    const EXPECTED: &'static str = r#""-1/12""#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Rational, MathError> {
        Ok(Rational(input.a.0 - input.b.0))
    }
}
