use crate::wire::{ExprOut, Expression, equal_to};
use hessian_kernels::expr::rational::{quotient, together};
use hessian_op::prelude::*;

pub struct NumeratorDenominator;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The expression whose numerator and denominator are wanted.
    pub expression: Expression,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub numerator: ExprOut,
    pub denominator: ExprOut,
    /// How numerator/denominator was checked against the input.
    pub check: String,
}

impl Operation for NumeratorDenominator {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "expression.numerator_denominator.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Numerator and denominator of an expression";
    const SUMMARY: &'static str =
        "The numerator and denominator of an expression written as one reduced fraction.";
    const DESCRIPTION: &'static str = "Brings the expression over a common denominator (see expression.common_denominator.compute) and returns N and D, expanded, common polynomial factors cancelled in one variable; their quotient is checked equal to the input.";
    const KEYWORDS: &'static [&'static str] = &[
        "numerator",
        "denominator",
        "numer",
        "denom",
        "fraction parts",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "top and bottom of a fraction with variables",
        "what is on top and what is on the bottom after combining everything",
        "get the top and bottom polynomials of a rational expression separately",
        "extract the denominator of an expression to see where it blows up",
        "how do I pull out just the numerator of a complicated fraction",
    ];
    const ALIASES: &'static [&'static str] =
        &["fraction", "numer", "denom", "NumeratorDenominator"];
    const EXAMPLE: &'static str = r#"{"expression": "x/2 + 1/(3*y)"}"#;
    const EXPECTED: &'static str = r#"{"numerator": {"expression": "3*x*y + 2", "latex": "3 \\cdot x \\cdot y + 2"}, "denominator": {"expression": "6*y", "latex": "6 \\cdot y"}, "check": "proven equal to the input (result − input expands to 0)"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let e = input.expression.0;
        let Some((n, d)) = together(&e, &ctx.budget)? else {
            return Err(MathError::Limit(
                "the common numerator would take more than 250,000 term products".into(),
            ));
        };
        let check = equal_to(&quotient(&n, &d), &e, &ctx.budget)?;
        Ok(Output {
            numerator: ExprOut::new(&n)?,
            denominator: ExprOut::new(&d)?,
            check,
        })
    }
}
