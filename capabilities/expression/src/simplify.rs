use crate::wire::{ExprOut, Expression, equal_to};
use hessian_kernels::expr::expand::{Halt, expand};
use hessian_kernels::expr::rational::{factor_rational, quotient, together};
use hessian_kernels::expr::simplify::{simplify, sines_and_cosines};
use hessian_op::prelude::*;

pub struct Simplify;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The expression to simplify.
    pub expression: Expression,
    /// The form wanted (default simplest).
    #[serde(default)]
    pub goal: Goal,
}

/// Which equal form to return.
#[derive(Deserialize, JsonSchema, Default, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum Goal {
    /// The smallest of the canonical, expanded and single-fraction forms.
    #[default]
    Simplest,
    /// Products and integer powers of sums multiplied out.
    Expand,
    /// Numerator and denominator factored over Q (one variable).
    Factor,
    /// One fraction over a common denominator, common factors cancelled.
    Combine,
    /// tan, cot, sec and csc written with sin and cos, then the simplest
    /// form under the Pythagorean identities.
    Trig,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    #[serde(flatten)]
    pub result: ExprOut,
    /// How the result was checked against the input.
    pub check: String,
}

impl Operation for Simplify {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "expression.simplify.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Simplify an expression";
    const SUMMARY: &'static str = "The simplest of an expression's canonical, expanded and single-fraction forms, checked equal to it.";
    const DESCRIPTION: &'static str = "Brings the expression to its canonical form (like terms and like powers combined, numbers folded, exact values of functions at exact points such as sin(pi/6) = 1/2), then also to its expansion and to one fraction over a common denominator with common polynomial factors cancelled (in one variable), each also after the Pythagorean identities sin² = 1 − cos², cos² = 1 − sin², cosh² = 1 + sinh², and returns the smallest. goal asks for one form instead: expand (multiplied out), factor (numerator and denominator factored over Q, one variable), combine (one fraction, common factors cancelled) or trig (tan, cot, sec, csc through sin and cos, then the smallest form). The result is checked equal to the input: proven by canonical forms, expansion or a common denominator, or at 8 test points with certified enclosures.";
    const KEYWORDS: &'static [&'static str] = &[
        "simplify",
        "simplification",
        "reduce",
        "cancel",
        "normal form",
        "rewrite in terms of sin and cos",
        "combine fractions",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "simplify this expression",
        "write an algebraic expression in simplest form",
        "cancel common factors in a fraction of polynomials",
        "make this messy formula as short and clean as possible",
        "tidy up an algebra answer before handing it in",
        "reduce a long expression from a derivation to a neater form",
        "how do I make a complicated algebraic expression shorter",
    ];
    const ALIASES: &'static [&'static str] = &["simplify", "Simplify", "FullSimplify", "cancel"];
    const EXAMPLE: &'static str = r#"{"expression": "(x^2 - 1)/(x - 1) + sin(pi/6)"}"#;
    const EXPECTED: &'static str = r#"{"expression": "x + 3/2", "latex": "x + \\frac{3}{2}", "check": "proven equal to the input (result − input has a numerator that expands to 0 over a common denominator)"}"#;

    // Long run: one arm per goal, the trig one with its own check.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let e = input.expression.0;
        let b = &ctx.budget;
        let best = match input.goal {
            Goal::Simplest => simplify(&e, b)?,
            Goal::Expand => match expand(&e, b) {
                Ok(x) => x,
                Err(Halt::Stopped(s)) => return Err(s.into()),
                Err(Halt::TooBig) => return Err(too_big()),
            },
            Goal::Factor => factor_rational(&e, b)?
                .ok_or_else(|| {
                    MathError::Domain(
                        "goal factor takes a polynomial or a rational function in one variable with rational coefficients".into(),
                    )
                })?
                .product(),
            Goal::Combine => match together(&e, b)? {
                Some((n, d)) => quotient(&n, &d),
                None => return Err(too_big()),
            },
            Goal::Trig => {
                // Checked against the rewritten input: tan = sin/cos,
                // cot = cos/sin, sec = 1/cos, csc = 1/sin are identities.
                let rewritten = sines_and_cosines(&e);
                let best = simplify(&rewritten, b)?;
                let check = equal_to(&best, &rewritten, b)?;
                return Ok(Output {
                    result: ExprOut::new(&best)?,
                    check: format!(
                        "{check}, after tan = sin/cos, cot = cos/sin, sec = 1/cos, csc = 1/sin"
                    ),
                });
            }
        };
        let check = equal_to(&best, &e, &ctx.budget)?;
        Ok(Output {
            result: ExprOut::new(&best)?,
            check,
        })
    }
}

fn too_big() -> MathError {
    MathError::Limit("the rewriting would take more than 250,000 term products".into())
}
