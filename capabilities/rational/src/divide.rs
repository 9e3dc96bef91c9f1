use hessian_op::prelude::*;
use num_traits::Zero;

pub struct Divide;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The dividend a.
    pub a: Rational,
    /// The divisor b ≠ 0.
    pub b: Rational,
}

impl Operation for Divide {
    type Input = Input;
    /// a / b, reduced.
    type Output = Rational;
    const ID: &'static str = "rational.divide.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Quotient of two rationals a / b";
    const SUMMARY: &'static str = "Exact quotient a / b of two fractions (b ≠ 0).";
    const DESCRIPTION: &'static str =
        "Computes a / b exactly and returns it reduced; b = 0 is a domain_error.";
    const KEYWORDS: &'static [&'static str] =
        &["divide fractions", "quotient", "division", "ratio", "over"];
    const PHRASINGS: &'static [&'static str] = &[
        "quotient of two fractions",
        "divide rational numbers exactly",
        "divide one fraction by another and simplify",
        "flip the second fraction and multiply, giving the exact answer",
        "how many 3/8 cup scoops fit in 2 and 1/4 cups",
        "how do I divide 5/6 by 2/9 exactly",
    ];
    const ALIASES: &'static [&'static str] = &["Rational.__truediv__", "Divide"];
    const EXAMPLE: &'static str = r#"{"a": "3/4", "b": "-9/8"}"#;
    const EXPECTED: &'static str = r#""-2/3""#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Rational, MathError> {
        if input.b.0.is_zero() {
            return Err(MathError::Domain(
                "division by zero: `b` must be non-zero".into(),
            ));
        }
        Ok(Rational(input.a.0 / input.b.0))
    }
}
