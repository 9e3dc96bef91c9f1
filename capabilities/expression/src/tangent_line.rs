use crate::wire::{ExprOut, Expression, Symbol, constant};
use hessian_kernels::expr::Expr;
use hessian_kernels::expr::diff::check;
use hessian_kernels::expr::diff::{Check, derivative};
use hessian_op::prelude::*;
use std::collections::BTreeMap;

pub struct TangentLine;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The function f of one variable.
    pub expression: Expression,
    /// The variable.
    pub variable: Symbol,
    /// The point a of tangency: a constant expression ("1", "pi/4").
    pub at: Expression,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// y = f(a) + f′(a)·(x − a).
    pub line: ExprOut,
    /// f′(a).
    pub slope: ExprOut,
    /// f(a).
    pub value: ExprOut,
    pub check: String,
}

impl Operation for TangentLine {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "expression.tangent_line.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Tangent line of a curve at a point";
    const SUMMARY: &'static str =
        "The tangent line y = f(a) + f′(a)(x − a) of y = f(x) at x = a, exactly.";
    const DESCRIPTION: &'static str = "Differentiates f (checked against automatic differentiation), evaluates f and f′ exactly at the constant a, and returns the line, its slope and f(a).";
    const KEYWORDS: &'static [&'static str] = &[
        "tangent line",
        "tangent",
        "linearization",
        "linear approximation",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "equation of the tangent to a curve at a point",
        "line touching the graph at x = a",
        "straight line that just touches the curve at one point",
        "linear approximation of a function near a given x",
        "equation of the line touching y = x^2 at x = 3",
        "how do I find the line grazing the graph of sin x at pi/4",
    ];
    const ALIASES: &'static [&'static str] = &["tangent", "TangentLine"];
    const EXAMPLE: &'static str = r#"{"expression": "x^3 - 2*x", "variable": "x", "at": "1"}"#;
    const EXPECTED: &'static str = r#"{"line": {"expression": "x - 2", "latex": "x - 2"}, "slope": {"expression": "1", "latex": "1"}, "value": {"expression": "-1", "latex": "-1"}, "check": "the derivative agrees with forward automatic differentiation on certified intervals at 3 test points"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (f, x) = (input.expression.0, input.variable.0);
        let a = constant(&input.at, "at")?;
        let df = derivative(&f, &x);
        let check = check(&f, &x, &df, &ctx.budget)?;
        let at: BTreeMap<String, Expr> = [(x.clone(), a.clone())].into_iter().collect();
        let (value, slope) = (f.substitute(&at), df.substitute(&at));
        let line = value.plus(&slope.times(&Expr::sym(&x).minus(&a)));
        Ok(Output {
            line: ExprOut::new(&line)?,
            slope: ExprOut::new(&slope)?,
            value: ExprOut::new(&value)?,
            check: match check {
                Check::Agreed { .. } => "the derivative agrees with forward automatic differentiation on certified intervals at 3 test points".into(),
                _ => "the derivative was not checked numerically at any test point".into(),
            },
        })
    }
}
