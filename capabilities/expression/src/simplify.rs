use crate::wire::{ExprOut, Expression, equal_to};
use hessian_kernels::expr::simplify::simplify;
use hessian_op::prelude::*;

pub struct Simplify;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The expression to simplify.
    pub expression: Expression,
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
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Simplify an expression";
    const SUMMARY: &'static str = "The simplest of an expression's canonical, expanded and single-fraction forms, checked equal to it.";
    const DESCRIPTION: &'static str = "Brings the expression to its canonical form (like terms and like powers combined, numbers folded, exact values of functions at exact points such as sin(pi/6) = 1/2), then also to its expansion and to one fraction over a common denominator with common polynomial factors cancelled (in one variable), each also after the Pythagorean identities sin² = 1 − cos², cos² = 1 − sin², cosh² = 1 + sinh², and returns the smallest. The result is checked equal to the input: proven by canonical forms, expansion or a common denominator, or at 8 test points with certified enclosures.";
    const KEYWORDS: &'static [&'static str] = &[
        "simplify",
        "simplification",
        "reduce",
        "cancel",
        "normal form",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "simplify this expression",
        "write an algebraic expression in simplest form",
        "cancel common factors in a fraction of polynomials",
    ];
    const ALIASES: &'static [&'static str] = &["simplify", "Simplify", "FullSimplify", "cancel"];
    const EXAMPLE: &'static str = r#"{"expression": "(x^2 - 1)/(x - 1) + sin(pi/6)"}"#;
    const EXPECTED: &'static str = r#"{"expression": "x + 3/2", "latex": "x + \\frac{3}{2}", "check": "proven equal to the input (result − input has a numerator that expands to 0 over a common denominator)"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let e = input.expression.0;
        let best = simplify(&e, &ctx.budget)?;
        let check = equal_to(&best, &e, &ctx.budget)?;
        Ok(Output {
            result: ExprOut::new(&best)?,
            check,
        })
    }
}
