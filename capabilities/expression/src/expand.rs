use crate::wire::{ExprOut, Expression, agrees_with};
use hessian_kernels::expr::expand::{Halt, expand};
use hessian_op::prelude::*;

pub struct Expand;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The expression to expand.
    pub expression: Expression,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    #[serde(flatten)]
    pub result: ExprOut,
    /// How the expansion was checked against the input: by value at test
    /// points, independently of the expander.
    pub check: String,
}

impl Operation for Expand {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "expression.expand.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Expand an expression";
    const SUMMARY: &'static str = "Multiplies out products of sums and positive integer powers of sums, everywhere in an expression.";
    const DESCRIPTION: &'static str = "Distributes products over sums and expands positive integer powers of sums (also inside function arguments), then collects like terms. Exact by construction: the expansion is the canonical sum of the products. At most 250,000 term products and exponents of sums up to 10,000; beyond, limit_exceeded at once.";
    const KEYWORDS: &'static [&'static str] =
        &["expand", "multiply out", "distribute", "binomial expansion"];
    const PHRASINGS: &'static [&'static str] = &[
        "multiply out the brackets",
        "expand (a+b)^n into terms",
        "get rid of the parentheses by multiplying everything out",
        "write (x+1)^3 (x-2) as a plain sum of terms",
        "open up products of sums to read off the coefficient of each power",
        "how do I multiply out (a + b + c)^2",
    ];
    const ALIASES: &'static [&'static str] = &["expand", "Expand", "ExpandAll"];
    const EXAMPLE: &'static str = r#"{"expression": "(x + y)^3 - sin(2*(a + b))"}"#;
    const EXPECTED: &'static str = r#"{"expression": "x^3 + 3*x^2*y + 3*x*y^2 + y^3 - sin(2*a + 2*b)", "latex": "x^{3} + 3 \\cdot x^{2} \\cdot y + 3 \\cdot x \\cdot y^{2} + y^{3} - \\sin\\left(2 \\cdot a + 2 \\cdot b\\right)", "check": "agrees with the input at 8 test points within certified enclosures of 2^-96 (192-bit interval arithmetic, independent of the expander)"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        match expand(&input.expression.0, &ctx.budget) {
            Ok(e) => Ok(Output {
                check: agrees_with(&e, &input.expression.0, &ctx.budget)?,
                result: ExprOut::new(&e)?,
            }),
            Err(Halt::TooBig) => Err(MathError::Limit(
                "the expansion would take more than 250,000 term products".into(),
            )),
            Err(Halt::Stopped(s)) => Err(s.into()),
        }
    }
}
