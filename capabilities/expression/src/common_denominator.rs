use crate::wire::{ExprOut, Expression, equal_to};
use hessian_kernels::expr::rational::{quotient, together};
use hessian_op::prelude::*;

pub struct CommonDenominator;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The expression to bring over one denominator.
    pub expression: Expression,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    #[serde(flatten)]
    pub result: ExprOut,
    /// How the result was checked against the input.
    pub check: String,
}

impl Operation for CommonDenominator {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "expression.common_denominator.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Combine an expression into one fraction";
    const SUMMARY: &'static str = "One fraction over a common denominator, numerator and denominator expanded, common factors cancelled.";
    const DESCRIPTION: &'static str = "Writes the expression as N/D with N and D expanded (functions and non-integer powers kept as they are), cancelling the polynomial gcd of N and D when both are in one variable. Checked equal to the input.";
    const KEYWORDS: &'static [&'static str] =
        &["common denominator", "combine fractions", "single fraction"];
    const PHRASINGS: &'static [&'static str] = &[
        "add fractions with variables over a common denominator",
        "combine into a single fraction",
        "put 1/x + 1/(x+1) over one denominator",
        "merge a sum of algebraic fractions into a single one",
        "write parallel resistors 1/R1 + 1/R2 + 1/R3 as one fraction",
        "how do I add fractions that have x in the bottom",
    ];
    const ALIASES: &'static [&'static str] = &["together", "Together", "cancel"];
    const EXAMPLE: &'static str = r#"{"expression": "1/(x - 1) - 1/(x + 1)"}"#;
    const EXPECTED: &'static str = r#"{"expression": "2/(x^2 - 1)", "latex": "\\frac{2}{x^{2} - 1}", "check": "proven equal to the input (result − input has a numerator that expands to 0 over a common denominator)"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let e = input.expression.0;
        let Some((n, d)) = together(&e, &ctx.budget)? else {
            return Err(MathError::Limit(
                "the common numerator would take more than 250,000 term products".into(),
            ));
        };
        let q = quotient(&n, &d);
        let check = equal_to(&q, &e, &ctx.budget)?;
        Ok(Output {
            result: ExprOut::new(&q)?,
            check,
        })
    }
}
