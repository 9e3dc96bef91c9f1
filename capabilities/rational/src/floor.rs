use hessian_op::prelude::*;

pub struct Floor;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    pub q: Rational,
}

impl Operation for Floor {
    type Input = Input;
    /// ⌊q⌋, the greatest integer ≤ q.
    type Output = Int;
    const ID: &'static str = "rational.floor.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Floor ⌊q⌋ of a rational";
    const SUMMARY: &'static str =
        "The greatest integer less than or equal to q (rounds toward −∞).";
    const DESCRIPTION: &'static str =
        "Computes ⌊q⌋, the greatest integer ≤ q: ⌊7/2⌋ = 3, ⌊−7/2⌋ = −4.";
    const KEYWORDS: &'static [&'static str] =
        &["floor", "round down", "integer part", "greatest integer"];
    const PHRASINGS: &'static [&'static str] = &[
        "largest integer not greater than a fraction",
        "round a fraction down",
        "integer part of a rational number",
        "round a fraction down to the whole number below it",
        "whole number part when dividing, rounding toward minus infinity",
        "how many full boxes of 12 can I pack from 100 items",
        "how do I get the floor of -7/3 exactly",
    ];
    const ALIASES: &'static [&'static str] = &["floor", "Floor", "math.floor"];
    const EXAMPLE: &'static str = r#"{"q": "-7/2"}"#;
    const EXPECTED: &'static str = r#""-4""#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Int, MathError> {
        Ok(Int(input.q.0.floor().to_integer()))
    }
}
