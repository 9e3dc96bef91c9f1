use crate::derivative::summary;
use crate::wire::{ExprOut, Expression, Symbol, variables_of};
use hessian_kernels::expr::diff::check;
use hessian_kernels::expr::diff::derivative;
use hessian_op::prelude::*;

pub struct Jacobian;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The components f₁, …, f_m.
    pub expressions: List<Expression, 30>,
    /// The variables v₁, …, v_n (default: every symbol of the components,
    /// sorted by name).
    #[serde(default)]
    pub variables: Option<List<Symbol, 30>>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub variables: Vec<String>,
    /// Row i, column j: ∂fᵢ/∂vⱼ.
    pub jacobian: Vec<Vec<ExprOut>>,
    pub check: String,
}

impl Operation for Jacobian {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "expression.jacobian.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Jacobian matrix of expressions";
    const SUMMARY: &'static str = "The matrix of partial derivatives of a vector of expressions.";
    const DESCRIPTION: &'static str = "∂fᵢ/∂vⱼ for up to 30 components and 30 variables, each checked against automatic differentiation at test points.";
    const KEYWORDS: &'static [&'static str] =
        &["jacobian", "jacobian matrix", "partial derivatives matrix"];
    const PHRASINGS: &'static [&'static str] = &[
        "matrix of partial derivatives of a vector function",
        "all first partial derivatives of several functions at once",
        "matrix for the change of variables from polar to cartesian coordinates",
        "linearize a system of equations around a point for stability analysis",
        "how do I get the derivative matrix of a map from R2 to R2",
    ];
    const ALIASES: &'static [&'static str] = &["jacobian", "Jacobian", "D[{f, g}, {{x, y}}]"];
    const EXAMPLE: &'static str =
        r#"{"expressions": ["x*cos(y)", "x*sin(y)"], "variables": ["x", "y"]}"#;
    const EXPECTED: &'static str = r#"{"variables": ["x", "y"], "jacobian": [[{"expression": "cos(y)", "latex": "\\cos\\left(y\\right)"}, {"expression": "-x*sin(y)", "latex": "-x \\cdot \\sin\\left(y\\right)"}], [{"expression": "sin(y)", "latex": "\\sin\\left(y\\right)"}, {"expression": "x*cos(y)", "latex": "x \\cdot \\cos\\left(y\\right)"}]], "check": "agrees with forward automatic differentiation on certified intervals at 3 test points (each derivative)"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let fs: Vec<_> = input.expressions.0.into_iter().map(|e| e.0).collect();
        let vars = variables_of(&fs, input.variables);
        let (mut rows, mut checks) = (Vec::new(), Vec::new());
        for f in &fs {
            let mut row = Vec::new();
            for v in &vars {
                ctx.budget.check()?;
                let d = derivative(f, v);
                checks.push(check(f, v, &d, &ctx.budget)?);
                row.push(ExprOut::new(&d)?);
            }
            rows.push(row);
        }
        Ok(Output {
            variables: vars,
            jacobian: rows,
            check: summary(&checks),
        })
    }
}
