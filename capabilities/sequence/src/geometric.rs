use crate::Terms;
use hessian_kernels::sequence;
use hessian_op::prelude::*;

pub struct Geometric;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    pub terms: Terms,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// True when a_n = a_0·r^n for one rational r.
    pub geometric: bool,
    /// The common ratio r, or null when not geometric or when a_0 = 0 (r is then arbitrary).
    pub ratio: Option<Rational>,
}

impl Operation for Geometric {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "sequence.geometric.decide";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Is a sequence geometric (constant ratio)?";
    const SUMMARY: &'static str = "Whether a_n = a_0·r^n for a fixed ratio r, and that ratio.";
    const DESCRIPTION: &'static str = "Decides whether the terms form a geometric progression a_n = a_0·r^n and \
        returns r. Zeros are handled exactly: [0, 0, 0] is geometric with an arbitrary ratio (null), \
        [2, 0, 0] is geometric with r = 0, and [0, 1] is not.";
    const KEYWORDS: &'static [&'static str] = &[
        "geometric progression",
        "geometric sequence",
        "common ratio",
        "is geometric",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "does each number get multiplied by the same factor",
        "whether consecutive terms have a constant ratio",
        "geometric progression test and common ratio",
        "is each number a fixed multiple of the one before",
        "check if 3, 6, 12, 24 keeps doubling",
        "test whether growth is by a constant percent each period",
        "is there a constant ratio in my list and what is it",
    ];
    const ALIASES: &'static [&'static str] = &["is geometric", "Ratios"];
    const EXAMPLE: &'static str = r#"{"terms": [3, -6, 12, -24]}"#;
    const EXPECTED: &'static str = r#"{"geometric": true, "ratio": "-2"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (geometric, ratio) =
            sequence::geometric_ratio(&crate::values(input.terms), &ctx.budget)?;
        Ok(Output {
            geometric,
            ratio: ratio.map(Rational),
        })
    }
}
