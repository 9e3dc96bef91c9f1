use crate::derivative::summary;
use crate::wire::{ExprOut, Expression, Symbol, variables_of};
use hessian_kernels::expr::diff::check;
use hessian_kernels::expr::diff::derivative;
use hessian_op::prelude::*;

pub struct Hessian;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A scalar expression.
    pub expression: Expression,
    /// The variables, in order (default: every symbol, sorted by name).
    #[serde(default)]
    pub variables: Option<List<Symbol, 30>>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub variables: Vec<String>,
    /// Row i, column j: ∂²f/∂vᵢ∂vⱼ.
    pub hessian: Vec<Vec<ExprOut>>,
    pub check: String,
}

impl Operation for Hessian {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "expression.hessian.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Hessian matrix of an expression";
    const SUMMARY: &'static str =
        "The matrix of second partial derivatives of a scalar expression.";
    const DESCRIPTION: &'static str = "∂²f/∂vᵢ∂vⱼ for the given variables (or every symbol), each derivative checked against automatic differentiation at test points. At most 30 variables.";
    const KEYWORDS: &'static [&'static str] = &[
        "hessian",
        "second partial derivatives",
        "second derivative matrix",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "matrix of second derivatives of a function of several variables",
        "all second partial derivatives arranged in a square table",
        "curvature of a function of two variables through its second derivatives",
        "matrix needed for the second derivative test at a saddle point",
        "how do I get the matrix of mixed partials of f(x, y, z)",
    ];
    const ALIASES: &'static [&'static str] = &["hessian", "D[f, {{x, y}, 2}]"];
    const EXAMPLE: &'static str = r#"{"expression": "x^3*y - x*y^2", "variables": ["x", "y"]}"#;
    const EXPECTED: &'static str = r#"{"variables": ["x", "y"], "hessian": [[{"expression": "6*x*y", "latex": "6 \\cdot x \\cdot y"}, {"expression": "3*x^2 - 2*y", "latex": "3 \\cdot x^{2} - 2 \\cdot y"}], [{"expression": "3*x^2 - 2*y", "latex": "3 \\cdot x^{2} - 2 \\cdot y"}, {"expression": "-2*x", "latex": "-2 \\cdot x"}]], "check": "agrees with forward automatic differentiation on certified intervals at 3 test points (each derivative)"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let f = input.expression.0;
        let vars = variables_of(std::slice::from_ref(&f), input.variables);
        let (mut rows, mut checks) = (Vec::new(), Vec::new());
        for u in &vars {
            let du = derivative(&f, u);
            checks.push(check(&f, u, &du, &ctx.budget)?);
            let mut row = Vec::new();
            for v in &vars {
                ctx.budget.check()?;
                let d = derivative(&du, v);
                checks.push(check(&du, v, &d, &ctx.budget)?);
                row.push(ExprOut::new(&d)?);
            }
            rows.push(row);
        }
        Ok(Output {
            variables: vars,
            hessian: rows,
            check: summary(&checks),
        })
    }
}
