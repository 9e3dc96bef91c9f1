use crate::wire::{Certainty, Expression, Witness, decide};
use hessian_op::prelude::*;

pub struct Equal;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    pub left: Expression,
    pub right: Expression,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Whether left = right for all real values of the symbols where both
    /// are defined; absent when unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub equal: Option<bool>,
    pub certainty: Certainty,
    /// How it is known.
    pub how: String,
    /// Where they differ, when they do.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub witness: Option<Witness>,
}

impl Operation for Equal {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "expression.equal.decide";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Decide whether two expressions are equal";
    const SUMMARY: &'static str =
        "Zero-equivalence of two expressions: proven, disproven with a witness point, or probable.";
    const DESCRIPTION: &'static str = "Decides left = right for real symbols: proven when left − right has canonical form 0, expands to 0, or has numerator 0 over a common denominator (rational-function identities); disproven by a rational point where a certified enclosure of left − right excludes 0 (returned as the witness); probable when it vanishes at 8 test points within certified enclosures and no proof was found (identities of functions such as sin(x)^2 + cos(x)^2 = 1); unknown when too few points can be evaluated.";
    const KEYWORDS: &'static [&'static str] = &[
        "equal",
        "equivalent",
        "same",
        "zero equivalence",
        "identical",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "are these two expressions the same",
        "do two formulas agree for all x",
        "are these two formulas really the same thing written differently",
        "my answer looks different from the textbook, are the two expressions equivalent",
        "test whether two ways of writing a function give the same result everywhere",
        "how can I tell if sin(2x) and 2 sin x cos x are equal",
    ];
    const ALIASES: &'static [&'static str] = &["equals", "simplify(a - b) == 0", "PossibleZeroQ"];
    const EXAMPLE: &'static str = r#"{"left": "(x + 1)^2", "right": "x^2 + 2*x + 1"}"#;
    const EXPECTED: &'static str =
        r#"{"equal": true, "certainty": "proven", "how": "left − right expands to 0"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let d = decide(&input.left.0, &input.right.0, "left − right", &ctx.budget)?;
        Ok(Output {
            equal: d.holds,
            certainty: d.certainty,
            how: d.how,
            witness: d.witness,
        })
    }
}
