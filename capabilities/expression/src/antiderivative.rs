use crate::wire::{Certainty, Expression, Symbol, Witness, decide};
use hessian_kernels::expr::diff::{derivative, differentiable};
use hessian_op::prelude::*;

pub struct Antiderivative;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The claimed antiderivative F.
    pub antiderivative: Expression,
    /// The integrand f.
    pub integrand: Expression,
    /// The variable of integration.
    pub variable: Symbol,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Whether F′ = f wherever both are defined (a constant of integration
    /// does not matter); absent when unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub holds: Option<bool>,
    pub certainty: Certainty,
    pub how: String,
    /// A point where F′ and f differ, when the claim is false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub witness: Option<Witness>,
}

impl Operation for Antiderivative {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "expression.antiderivative.check";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Check that F is an antiderivative of f";
    const SUMMARY: &'static str =
        "Is F′ = f: true (proven or probable), or false with a witness point where they differ.";
    const DESCRIPTION: &'static str = "Differentiates F exactly and decides F′ − f = 0 as expression.equal.decide does: proven by canonical form, expansion, a common denominator or the Pythagorean identities; probable at 8 certified test points; false with a rational point where a certified enclosure of F′ − f excludes 0. Any constant of integration is allowed. F with gamma, factorial or binomial of the variable is refused.";
    const KEYWORDS: &'static [&'static str] = &[
        "check antiderivative",
        "verify integral",
        "is this the integral",
        "check integration",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "is x*log(x) - x an antiderivative of log(x)",
        "verify my answer to an indefinite integral",
        "check that the derivative of F is f",
        "did I integrate correctly, does my answer differentiate back to the original",
        "is my answer to this integration homework right",
        "grade a student's integration answer against the function they integrated",
        "how can I confirm that my integral of sec(x) is correct",
    ];
    const ALIASES: &'static [&'static str] = &["checkintegral"];
    const EXAMPLE: &'static str =
        r#"{"antiderivative": "x*log(x) - x", "integrand": "log(x)", "variable": "x"}"#;
    const EXPECTED: &'static str =
        r#"{"holds": true, "certainty": "proven", "how": "F′ − f has the canonical form 0"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (big_f, x) = (&input.antiderivative.0, &input.variable.0);
        if !differentiable(big_f, x) {
            return Err(MathError::Domain(format!(
                "the derivative of gamma, factorial or binomial in {x} is not an elementary expression"
            )));
        }
        let d = decide(
            &derivative(big_f, x),
            &input.integrand.0,
            "F′ − f",
            &ctx.budget,
        )?;
        Ok(Output {
            holds: d.holds,
            certainty: d.certainty,
            how: d.how,
            witness: d.witness,
        })
    }
}
