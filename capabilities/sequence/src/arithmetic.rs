use crate::Terms;
use hessian_op::prelude::*;

pub struct Arithmetic;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    pub terms: Terms,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// True when every consecutive difference is the same.
    pub arithmetic: bool,
    /// The common difference d (a_n = a_0 + n·d), or null when not arithmetic.
    pub difference: Option<Rational>,
}

impl Operation for Arithmetic {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "sequence.arithmetic.decide";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Is a sequence arithmetic (constant difference)?";
    const SUMMARY: &'static str = "Whether a_{i+1} − a_i is constant, and the common difference.";
    const DESCRIPTION: &'static str = "Decides whether the terms form an arithmetic progression a_n = a_0 + n·d and \
        returns d. One or two terms are always arithmetic.";
    const KEYWORDS: &'static [&'static str] = &[
        "arithmetic progression",
        "arithmetic sequence",
        "common difference",
        "is arithmetic",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "do the numbers go up or down by the same step each time",
        "whether consecutive terms differ by a constant",
        "arithmetic progression test and common difference",
        "is this list going up by the same amount each time",
        "check if 3, 7, 11, 15 is evenly spaced",
        "verify that readings increase at a steady rate",
        "is there a fixed step between my numbers and what is it",
    ];
    const ALIASES: &'static [&'static str] = &["is arithmetic", "Differences"];
    const EXAMPLE: &'static str = r#"{"terms": [3, "7/2", 4, "9/2"]}"#;
    const EXPECTED: &'static str = r#"{"arithmetic": true, "difference": "1/2"}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Output, MathError> {
        let a = crate::values(input.terms);
        let d = if a.len() >= 2 {
            &a[1] - &a[0]
        } else {
            Default::default()
        };
        let arithmetic = a.windows(2).all(|w| &w[1] - &w[0] == d);
        Ok(Output {
            arithmetic,
            difference: arithmetic.then_some(Rational(d)),
        })
    }
}
