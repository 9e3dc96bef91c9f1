use hessian_op::prelude::*;

pub struct Ceiling;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    pub q: Rational,
}

impl Operation for Ceiling {
    type Input = Input;
    /// ⌈q⌉, the least integer ≥ q.
    type Output = Int;
    const ID: &'static str = "rational.ceiling.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Ceiling ⌈q⌉ of a rational";
    const SUMMARY: &'static str =
        "The least integer greater than or equal to q (rounds toward +∞).";
    const DESCRIPTION: &'static str =
        "Computes ⌈q⌉, the least integer ≥ q: ⌈7/2⌉ = 4, ⌈−7/2⌉ = −3.";
    const KEYWORDS: &'static [&'static str] = &["ceiling", "ceil", "round up", "least integer"];
    const PHRASINGS: &'static [&'static str] = &[
        "smallest integer not less than a fraction",
        "round a fraction up",
        "round a fraction up to the next whole number",
        "smallest whole number at least as big as 17/5",
        "how many buses needed when 250 people ride 40 per bus",
        "how do I round up a negative fraction correctly",
    ];
    const ALIASES: &'static [&'static str] = &["ceiling", "Ceiling", "math.ceil"];
    const EXAMPLE: &'static str = r#"{"q": "7/2"}"#;
    const EXPECTED: &'static str = r#""4""#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Int, MathError> {
        Ok(Int(input.q.0.ceil().to_integer()))
    }
}
