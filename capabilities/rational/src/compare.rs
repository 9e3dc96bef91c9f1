use hessian_op::prelude::*;
use std::cmp::Ordering;

pub struct Compare;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    pub a: Rational,
    pub b: Rational,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// −1 when a < b, 0 when a = b, 1 when a > b.
    pub sign: i32,
    /// The relation as text: "<", "=" or ">".
    pub relation: &'static str,
    /// a − b, exactly.
    pub difference: Rational,
}

impl Operation for Compare {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "rational.compare.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Compare two rationals";
    const SUMMARY: &'static str =
        "Which of two fractions is larger, exactly, with their difference.";
    const DESCRIPTION: &'static str = "Compares rationals a and b exactly: sign of a − b, the relation \
        (\"<\", \"=\", \">\") and the difference itself.";
    const KEYWORDS: &'static [&'static str] = &[
        "compare fractions",
        "which is larger",
        "greater than",
        "less than",
        "comparison",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "which of two fractions is larger",
        "order of two rational numbers",
        "which fraction is bigger, 7/9 or 11/14",
        "tell whether two fractions are equal, larger or smaller, and by how much",
        "compare two recipe ratios or discount rates given as fractions",
        "how do I check which of two fractions is greater exactly",
    ];
    const ALIASES: &'static [&'static str] = &["Rational.__lt__", "Less", "cmp"];
    const EXAMPLE: &'static str = r#"{"a": "22/7", "b": "3.14159"}"#;
    const EXPECTED: &'static str = r#"{"sign": 1, "relation": ">", "difference": "887/700000"}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Output, MathError> {
        let (sign, relation) = match input.a.0.cmp(&input.b.0) {
            Ordering::Less => (-1, "<"),
            Ordering::Equal => (0, "="),
            Ordering::Greater => (1, ">"),
        };
        Ok(Output {
            sign,
            relation,
            difference: Rational(input.a.0 - input.b.0),
        })
    }
}
