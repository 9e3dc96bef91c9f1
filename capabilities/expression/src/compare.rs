use crate::wire::{Expression, constant};
use hessian_kernels::expr::zero::{MAX_SIGN_BITS, Sign, sign};
use hessian_op::prelude::*;

pub struct Compare;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A constant expression.
    pub left: Expression,
    /// A constant expression.
    pub right: Expression,
}

/// The order of two real constants.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Relation {
    Less,
    Equal,
    Greater,
    /// Their enclosures overlapped at the highest precision tried and
    /// equality was not proven.
    Unknown,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub relation: Relation,
    pub how: String,
}

impl Operation for Compare {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "expression.compare.decide";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Compare two real constants exactly";
    const SUMMARY: &'static str = "Which of two constant expressions is larger (e^pi vs pi^e), proven by certified enclosures.";
    const DESCRIPTION: &'static str = "Encloses left − right at doubling precision (64 bits up to about 32,000) until the enclosure excludes 0, which proves the order; equal when left − right is proven 0 exactly; unknown when the enclosures still overlap 0 and no exact proof exists (the constants may be equal).";
    const KEYWORDS: &'static [&'static str] = &[
        "compare",
        "which is larger",
        "greater",
        "less",
        "inequality of constants",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "which is bigger, e^pi or pi^e",
        "is sqrt(2) + sqrt(3) larger than pi",
        "which is larger, pi squared or 10, proven not guessed",
        "which number is bigger when both involve pi, e and logarithms",
        "settle a bet about whether 2^sqrt(2) is more than e",
        "is there a way to prove log(3)/log(2) is less than 1.585",
    ];
    const ALIASES: &'static [&'static str] = &["compare", "Greater", "Less", "is_gt"];
    const EXAMPLE: &'static str = r#"{"left": "exp(pi)", "right": "pi^e"}"#;
    const EXPECTED: &'static str = r#"{"relation": "greater", "how": "a certified enclosure of left − right at 64 bits excludes 0"}"#;

    // Long run: one arm per sign, each saying how it was settled.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let d = constant(&input.left, "left")?.minus(&constant(&input.right, "right")?);
        let enclosed =
            |bits| format!("a certified enclosure of left − right at {bits} bits excludes 0");
        Ok(match sign(&d, &ctx.budget)? {
            Ok(Sign::Zero { how }) => Output {
                relation: Relation::Equal,
                how: format!("left − right {how}"),
            },
            Ok(Sign::Positive { bits }) => Output {
                relation: Relation::Greater,
                how: enclosed(bits),
            },
            Ok(Sign::Negative { bits }) => Output {
                relation: Relation::Less,
                how: enclosed(bits),
            },
            Ok(Sign::Unknown) => Output {
                relation: Relation::Unknown,
                how: format!(
                    "enclosures of left − right up to {MAX_SIGN_BITS} bits all contain 0, and no exact proof of equality was found"
                ),
            },
            Err(e) => return Err(MathError::Domain(format!("no certified real value: {e}"))),
        })
    }
}
