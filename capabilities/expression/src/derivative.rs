use crate::wire::{ExprOut, Expression, Symbol};
use hessian_kernels::expr::diff::{Check, check, derivative, differentiable};
use hessian_op::prelude::*;

pub struct Derivative;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The expression to differentiate.
    pub expression: Expression,
    /// The variable of differentiation.
    pub variable: Symbol,
    /// How many times (1 to 20; default 1).
    #[serde(default = "one")]
    pub order: Bounded<1, 20>,
}

fn one() -> Bounded<1, 20> {
    Bounded(1)
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    #[serde(flatten)]
    pub result: ExprOut,
    /// How the derivative was checked.
    pub check: String,
}

impl Operation for Derivative {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "expression.derivative.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Derivative of an expression";
    const SUMMARY: &'static str = "The exact n-th derivative of an expression with respect to one variable (partial when it has others).";
    const DESCRIPTION: &'static str = "Differentiates by the sum, product, power and chain rules through every function of the grammar (d/dx x^x = x^x·(log(x) + 1)); other symbols are constants (a partial derivative). Each derivative is checked against forward automatic differentiation of its input on certified intervals at test points before it is returned. Derivatives of gamma, factorial and binomial in the variable are refused.";
    const KEYWORDS: &'static [&'static str] = &[
        "derivative",
        "differentiate",
        "d/dx",
        "partial derivative",
        "second derivative",
        "rate of change",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "differentiate x^2 sin x",
        "find the derivative of a function",
        "slope function of a curve",
        "second derivative of an expression",
        "rate of change of a formula with respect to x",
        "velocity formula from a position formula by differentiating",
        "how fast does this expression change when x changes",
        "how do I take the third derivative of e^x cos x",
    ];
    const ALIASES: &'static [&'static str] = &["diff", "D", "derivative", "Derivative"];
    const EXAMPLE: &'static str = r#"{"expression": "x^2*sin(x)", "variable": "x"}"#;
    const EXPECTED: &'static str = r#"{"expression": "x^2*cos(x) + 2*x*sin(x)", "latex": "x^{2} \\cdot \\cos\\left(x\\right) + 2 \\cdot x \\cdot \\sin\\left(x\\right)", "check": "agrees with forward automatic differentiation on certified intervals at 3 test points"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (mut e, x) = (input.expression.0, input.variable.0);
        if !differentiable(&e, &x) {
            return Err(MathError::Domain(format!(
                "the derivative of gamma, factorial or binomial in {x} is not an elementary expression"
            )));
        }
        let mut checks = Vec::new();
        for _ in 0..input.order.0 {
            ctx.budget.check()?;
            // Σ over roots of a rational body is rational: written so.
            let d = hessian_kernels::expr::root_sum::resolve(&derivative(&e, &x), &ctx.budget)?;
            checks.push(check(&e, &x, &d, &ctx.budget)?);
            e = d;
        }
        Ok(Output {
            result: ExprOut::new(&e)?,
            check: summary(&checks),
        })
    }
}

/// The checks of successive derivatives in one sentence.
pub fn summary(checks: &[Check]) -> String {
    let agreed = checks
        .iter()
        .filter(|c| matches!(c, Check::Agreed { .. }))
        .count();
    if agreed == checks.len() {
        format!(
            "agrees with forward automatic differentiation on certified intervals at 3 test points{}",
            if checks.len() > 1 {
                " (each derivative)"
            } else {
                ""
            }
        )
    } else {
        let why = checks.iter().find_map(|c| match c {
            Check::Unchecked { why } => Some(why.clone()),
            _ => None,
        });
        format!(
            "not checked numerically at any test point ({})",
            why.unwrap_or_default()
        )
    }
}
