use hessian_op::prelude::*;

pub struct Parts;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    pub q: Rational,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Numerator of q in lowest terms (carries the sign).
    pub numerator: Int,
    /// Denominator of q in lowest terms (positive).
    pub denominator: Int,
    /// ⌊q⌋.
    pub floor: Int,
    /// q − ⌊q⌋ in [0, 1).
    pub fractional_part: Rational,
    /// The mixed number: integer part truncated toward zero and the proper remainder with q's sign.
    pub mixed: Mixed,
}

#[derive(Serialize, JsonSchema)]
pub struct Mixed {
    pub whole: Int,
    pub proper: Rational,
}

impl Operation for Parts {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "rational.parts.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str =
        "Numerator, denominator, integer and fractional parts of a rational";
    const SUMMARY: &'static str =
        "Lowest terms p/q, floor, fractional part and mixed-number form of a fraction.";
    const DESCRIPTION: &'static str = "Reduces q to lowest terms and reports numerator, denominator, ⌊q⌋, the \
        fractional part q − ⌊q⌋ ∈ [0, 1), and the mixed number whole + proper with whole truncated toward \
        zero (−7/2 = −3 + −1/2).";
    const KEYWORDS: &'static [&'static str] = &[
        "simplify fraction",
        "lowest terms",
        "reduce fraction",
        "numerator",
        "denominator",
        "mixed number",
        "fractional part",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "numerator, denominator, sign and integer part of a fraction",
        "reduce a fraction to lowest terms",
        "mixed number form",
        "simplify a fraction and write it as a whole number plus a remainder fraction",
        "turn an improper fraction like 22/7 into a mixed number",
        "split a measurement of 47/8 inches into whole inches and leftover",
        "how do I get the top, bottom and whole part of a fraction",
    ];
    const ALIASES: &'static [&'static str] = &["fraction", "Numerator", "Denominator"];
    const EXAMPLE: &'static str = r#"{"q": "-14/4"}"#;
    const EXPECTED: &'static str = r#"{"numerator": "-7", "denominator": "2", "floor": "-4", "fractional_part": "1/2", "mixed": {"whole": "-3", "proper": "-1/2"}}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Output, MathError> {
        let q = input.q.0;
        let floor = q.floor();
        let whole = q.trunc();
        Ok(Output {
            numerator: Int(q.numer().clone()),
            denominator: Int(q.denom().clone()),
            floor: Int(floor.to_integer()),
            fractional_part: Rational(&q - &floor),
            mixed: Mixed {
                whole: Int(whole.to_integer()),
                proper: Rational(&q - &whole),
            },
        })
    }
}
