use crate::derivative::summary;
use crate::wire::{ExprOut, Expression, Symbol, variables_of};
use hessian_kernels::expr::diff::check;
use hessian_kernels::expr::diff::derivative;
use hessian_op::prelude::*;

pub struct Gradient;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A scalar expression.
    pub expression: Expression,
    /// The variables, in order (default: every symbol, sorted by name).
    #[serde(default)]
    pub variables: Option<List<Symbol, 100>>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The variables, in the gradient's order.
    pub variables: Vec<String>,
    /// ∂f/∂v for each variable v.
    pub gradient: Vec<ExprOut>,
    /// How the partial derivatives were checked.
    pub check: String,
}

impl Operation for Gradient {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "expression.gradient.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Gradient of an expression";
    const SUMMARY: &'static str = "The vector of partial derivatives of a scalar expression.";
    const DESCRIPTION: &'static str = "∂f/∂v for each variable v (given, or every symbol sorted by name), each exact and checked against automatic differentiation at test points.";
    const KEYWORDS: &'static [&'static str] = &["gradient", "grad", "partial derivatives", "nabla"];
    const PHRASINGS: &'static [&'static str] = &[
        "vector of partial derivatives",
        "direction of steepest increase of a function of several variables",
        "partial derivatives with respect to x, y and z all at once",
        "slope of a hill formula in each direction at once",
        "gradient of a loss function worked out by hand for gradient descent",
        "how do I get the derivatives of f(x, y) in x and in y together",
    ];
    const ALIASES: &'static [&'static str] = &["Grad", "gradient", "derive_by_array"];
    const EXAMPLE: &'static str = r#"{"expression": "x^2*y + exp(x*y)"}"#;
    const EXPECTED: &'static str = r#"{"variables": ["x", "y"], "gradient": [{"expression": "2*x*y + y*exp(x*y)", "latex": "2 \\cdot x \\cdot y + y \\cdot e^{x \\cdot y}"}, {"expression": "x^2 + x*exp(x*y)", "latex": "x^{2} + x \\cdot e^{x \\cdot y}"}], "check": "agrees with forward automatic differentiation on certified intervals at 3 test points (each derivative)"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let f = input.expression.0;
        let vars = variables_of(std::slice::from_ref(&f), input.variables);
        let (mut gradient, mut checks) = (Vec::new(), Vec::new());
        for v in &vars {
            let d = derivative(&f, v);
            checks.push(check(&f, v, &d, &ctx.budget)?);
            gradient.push(ExprOut::new(&d)?);
        }
        Ok(Output {
            variables: vars,
            gradient,
            check: summary(&checks),
        })
    }
}
