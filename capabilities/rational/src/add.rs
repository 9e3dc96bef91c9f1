use hessian_kernels::rational;
use hessian_op::prelude::*;

pub struct Add;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The rationals to add (1 to 10,000).
    pub terms: List<Rational, 10_000>,
}

impl Operation for Add {
    type Input = Input;
    /// The exact sum, reduced.
    type Output = Rational;
    const ID: &'static str = "rational.add.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Sum of rationals";
    const SUMMARY: &'static str = "Exact sum of a list of fractions, reduced to lowest terms.";
    const DESCRIPTION: &'static str = "Adds the given rationals exactly (\"p/q\", integers or exact decimals such as \
        \"0.125\") and returns the reduced sum.";
    const KEYWORDS: &'static [&'static str] =
        &["add fractions", "sum", "plus", "addition", "total"];
    const PHRASINGS: &'static [&'static str] = &[
        "sum of fractions in lowest terms",
        "add rational numbers exactly",
        "add several fractions and simplify the answer",
        "total of 1/3 + 2/5 + 7/12 as a single reduced fraction",
        "sum fractional shares of an inheritance to check they add up",
        "how do I add fractions with different denominators",
    ];
    const ALIASES: &'static [&'static str] = &["Rational.__add__", "Plus"];
    const EXAMPLE: &'static str = r#"{"terms": ["1/2", "1/3", "1/6", "0.25"]}"#;
    const EXPECTED: &'static str = r#""5/4""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Rational, MathError> {
        let terms = input.terms.0.into_iter().map(|r| r.0).collect();
        Ok(Rational(rational::sum(terms, &ctx.budget)?))
    }
}
