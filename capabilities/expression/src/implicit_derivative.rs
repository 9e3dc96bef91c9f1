use crate::wire::{Equation, ExprOut, Symbol, decide};
use hessian_kernels::expr::diff::{derivative, differentiable};
use hessian_kernels::expr::simplify::simplify;
use hessian_op::prelude::*;

pub struct ImplicitDerivative;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The curve F(x, y) = G(x, y), such as "x^2 + y^2 = 25".
    pub equation: Equation,
    /// The independent variable x.
    pub variable: Symbol,
    /// The dependent variable y, a function of x on the curve.
    pub dependent: Symbol,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// dy/dx = −Hₓ/H_y with H = F − G, in x and y.
    pub derivative: ExprOut,
    /// How Hₓ + H_y·dy/dx = 0 was checked.
    pub check: String,
}

impl Operation for ImplicitDerivative {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "expression.implicit_derivative.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Implicit differentiation: dy/dx on a curve F(x, y) = G(x, y)";
    const SUMMARY: &'static str =
        "dy/dx = −Hₓ/H_y for H = F − G, simplified, and checked by Hₓ + H_y·dy/dx = 0.";
    const DESCRIPTION: &'static str = "Differentiates H = F − G in x and in y exactly, returns −Hₓ/H_y in its simplest equal form (an expression in x and y, valid where H_y ≠ 0), and proves Hₓ + H_y·(dy/dx) = 0 as expression.equal.decide decides it. H_y identically 0 is refused: y is then not a function of x given by the curve.";
    const KEYWORDS: &'static [&'static str] = &[
        "implicit differentiation",
        "implicit derivative",
        "dy/dx",
        "differentiate implicitly",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "find dy/dx if x^2 + y^2 = 25",
        "implicit differentiation of x^3 + y^3 = 6xy",
        "slope of the curve x*y + sin(y) = 1",
        "slope of a circle at a point without solving for y",
        "derivative of y when x and y are mixed together in one equation",
        "how steep is the curve x^2 + xy + y^2 = 7 at a point",
        "how do I differentiate an equation I cannot solve for y",
    ];
    const ALIASES: &'static [&'static str] = &["idiff"];
    const EXAMPLE: &'static str =
        r#"{"equation": "x^2 + y^2 = 25", "variable": "x", "dependent": "y"}"#;
    const EXPECTED: &'static str = r#"{"derivative": {"expression": "-x/y", "latex": "-\\frac{x}{y}"}, "check": "Hₓ + H_y·dy/dx has the canonical form 0"}"#;

    // Long run: three refusals (same variables, Γ, ∂H/∂y = 0) precede the check.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (x, y) = (&input.variable.0, &input.dependent.0);
        if x == y {
            return Err(MathError::Input {
                path: "dependent".into(),
                message: "must differ from the variable".into(),
            });
        }
        let h = input.equation.left.minus(&input.equation.right);
        if !differentiable(&h, x) || !differentiable(&h, y) {
            return Err(MathError::Domain(
                "the derivative of gamma, factorial or binomial of the variables is not an elementary expression".into(),
            ));
        }
        let (hx, hy) = (derivative(&h, x), derivative(&h, y));
        let hy = simplify(&hy, &ctx.budget)?;
        if hy.is_zero() {
            return Err(MathError::Domain(format!(
                "∂H/∂{y} is identically 0: the curve does not define {y} as a function of {x}"
            )));
        }
        let dy = simplify(&hx.neg().over(&hy), &ctx.budget)?;
        let d = decide(
            &hx.plus(&hy.times(&dy)),
            &hessian_kernels::expr::Expr::zero(),
            "Hₓ + H_y·dy/dx",
            &ctx.budget,
        )?;
        if d.holds != Some(true) {
            return Err(MathError::Domain(format!(
                "the derivative could not be checked: {}",
                d.how
            )));
        }
        Ok(Output {
            derivative: ExprOut::new(&dy)?,
            check: d.how,
        })
    }
}
