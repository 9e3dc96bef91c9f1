use crate::wire::{Certainty, Equation, Witness, decide};
use hessian_op::prelude::*;

pub struct Identity;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The claimed identity: two expressions joined by one `=`, such as
    /// "sin(x)^2 + cos(x)^2 = 1".
    pub identity: Equation,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Whether the identity holds for all real values of its symbols where
    /// both sides are defined; absent when unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub holds: Option<bool>,
    pub certainty: Certainty,
    pub how: String,
    /// A point where the sides differ, when the identity is false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub witness: Option<Witness>,
}

impl Operation for Identity {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "expression.identity.check";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Check an algebraic or trigonometric identity";
    const SUMMARY: &'static str = "Is \"lhs = rhs\" true for all values: true (proven or probable), or false with a witness point.";
    const DESCRIPTION: &'static str = "Checks a claimed identity between two expressions (polynomials, rational functions, elementary functions) for real symbols: true is proven (canonical form, expansion, common denominator) or probable (8 certified test points, no proof); false comes with a rational point where a certified enclosure of lhs − rhs excludes 0; unknown when neither can be established.";
    const KEYWORDS: &'static [&'static str] = &[
        "identity",
        "verify",
        "prove",
        "check",
        "is it true",
        "polynomial identity",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "is this identity true",
        "verify that (a+b)^2 = a^2 + 2ab + b^2",
        "check a trigonometric identity",
        "is sin^2 x + cos^2 x = 1 really true for every x",
        "prove this trig equation holds for every angle or show where it fails",
        "does this formula from the textbook hold for all values of the variables",
        "how can I confirm my identity tan x = sin x / cos x",
    ];
    const ALIASES: &'static [&'static str] = &[
        "simplify(lhs - rhs) == 0",
        "Reduce",
        "FullSimplify[lhs == rhs]",
    ];
    const EXAMPLE: &'static str = r#"{"identity": "(a + b)^2 = a^2 + 2*a*b + b^2"}"#;
    const EXPECTED: &'static str =
        r#"{"holds": true, "certainty": "proven", "how": "lhs − rhs expands to 0"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let Equation { left, right } = input.identity;
        let d = decide(&left, &right, "lhs − rhs", &ctx.budget)?;
        Ok(Output {
            holds: d.holds,
            certainty: d.certainty,
            how: d.how,
            witness: d.witness,
        })
    }
}
