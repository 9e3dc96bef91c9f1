use crate::wire::{Certainty, DifferentialEquation, Equation, Symbol, Witness, decide, ode_of};
use hessian_kernels::expr::ode::{implicit_residual, residual};
use hessian_op::prelude::*;

pub struct OdeSolution;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    pub equation: DifferentialEquation,
    /// The claimed solution: explicit "y = f(x)" (constants such as c1
    /// allowed), or implicit "Φ(x, y) = C" for a first-order equation.
    pub solution: Equation,
    /// The independent variable (default: the one in y(t), else the only
    /// other symbol of the equation, else x).
    #[serde(default)]
    pub variable: Option<Symbol>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Whether the solution satisfies the equation identically (for
    /// every value of its constants); absent when unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub holds: Option<bool>,
    pub certainty: Certainty,
    pub how: String,
    /// A point (x, the constants) where the residual is not 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub witness: Option<Witness>,
}

impl Operation for OdeSolution {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "expression.ode_solution.check";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Check a solution of a differential equation";
    const SUMMARY: &'static str = "Does y = f(x) (or Φ(x, y) = C) solve the ODE: true (proven or probable) or false with a witness point.";
    const DESCRIPTION: &'static str = "Substitutes y = f(x) and its derivatives into the equation and decides the residual = 0 as expression.equal.decide does (for every value of any constants in f): proven by canonical form, expansion or a common denominator; probable at 8 certified test points; false with a rational point where a certified enclosure of the residual excludes 0. An implicit solution Φ(x, y) = C of a first-order equation is checked by substituting y′ = −Φₓ/Φ_y.";
    const KEYWORDS: &'static [&'static str] = &[
        "check ode solution",
        "verify differential equation solution",
        "is this a solution",
        "satisfies the differential equation",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "is y = c1*exp(2x) a solution of y' = 2y",
        "verify that y = sin(x) solves y'' + y = 0",
        "check my answer to a differential equation",
        "does this function really satisfy my differential equation",
        "plug my answer back into the differential equation to confirm it",
        "does y = e^(-x) cos x solve y'' + 2y' + 2y = 0",
        "is there a way to check my differential equations homework answer",
    ];
    const ALIASES: &'static [&'static str] = &["checkodesol"];
    const EXAMPLE: &'static str =
        r#"{"equation": "y'' + y = 0", "solution": "y = c1*sin(x) + c2*cos(x)"}"#;
    const EXPECTED: &'static str =
        r#"{"holds": true, "certainty": "proven", "how": "the residual has the canonical form 0"}"#;

    // Long run: explicit and implicit solutions are substituted differently.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let ode = ode_of(&input.equation, input.variable.as_ref())?;
        let (left, right) = (&input.solution.left, &input.solution.right);
        let y = &ode.names[0];
        let r = if left.as_sym() == Some(y.as_str()) && !right.has_sym(y) {
            residual(&ode, right)
        } else if ode
            .names
            .iter()
            .skip(1)
            .any(|n| left.has_sym(n) || right.has_sym(n))
        {
            return Err(MathError::Input {
                path: "solution".into(),
                message: "must not contain derivatives of the unknown function".into(),
            });
        } else {
            implicit_residual(&ode, &left.minus(right)).ok_or_else(|| MathError::Input {
                path: "solution".into(),
                message: format!("an implicit solution is checked for first-order equations only; write {y} = f(x)"),
            })?
        };
        let d = decide(
            &r,
            &hessian_kernels::expr::Expr::zero(),
            "the residual",
            &ctx.budget,
        )?;
        Ok(Output {
            holds: d.holds,
            certainty: d.certainty,
            how: d.how,
            witness: d.witness,
        })
    }
}
