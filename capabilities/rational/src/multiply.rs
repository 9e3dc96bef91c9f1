use hessian_kernels::rational;
use hessian_op::prelude::*;

pub struct Multiply;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The rationals to multiply (1 to 10,000).
    pub factors: List<Rational, 10_000>,
}

impl Operation for Multiply {
    type Input = Input;
    /// The exact product, reduced.
    type Output = Rational;
    const ID: &'static str = "rational.multiply.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Product of rationals";
    const SUMMARY: &'static str = "Exact product of a list of fractions, reduced to lowest terms.";
    const DESCRIPTION: &'static str =
        "Multiplies the given rationals exactly and returns the reduced product.";
    const KEYWORDS: &'static [&'static str] =
        &["multiply fractions", "product", "times", "multiplication"];
    const PHRASINGS: &'static [&'static str] = &[
        "product of fractions in lowest terms",
        "multiply rational numbers exactly",
        "multiply several fractions and reduce the result",
        "product of 2/3 times 9/10 times 5/4 in lowest terms",
        "scale a recipe by 3/4 of 2/3 of the original amount",
        "how do I multiply fractions and simplify exactly",
    ];
    const ALIASES: &'static [&'static str] = &["Rational.__mul__", "Times"];
    const EXAMPLE: &'static str = r#"{"factors": ["2/3", "9/4", "-5"]}"#;
    const EXPECTED: &'static str = r#""-15/2""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Rational, MathError> {
        let factors = input.factors.0.into_iter().map(|r| r.0).collect();
        Ok(Rational(rational::product(factors, &ctx.budget)?))
    }
}
