use crate::wire::{DifferentialEquation, EquationOut, Expression, Symbol, constant, ode_of};
use hessian_kernels::expr::Expr;
use hessian_kernels::expr::ode::{Condition as Fixed, Outcome, Solution, solve};
use hessian_kernels::expr::zero::Verdict;
use hessian_op::prelude::*;

pub struct Ode;

/// y⁽ᵏ⁾(at) = value.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Condition {
    /// The point x₀ (a constant expression).
    pub at: Expression,
    /// The value of y⁽ᵏ⁾ there (a constant expression).
    pub value: Expression,
    /// k: 0 for y(x₀) = v, 1 for y′(x₀) = v, … (below the order).
    #[serde(default)]
    #[schemars(range(max = 19))]
    pub derivative: u8,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    pub equation: DifferentialEquation,
    /// The independent variable (default: the one in y(t), else the only
    /// other symbol, else x).
    #[serde(default)]
    pub variable: Option<Symbol>,
    /// Initial conditions fixing constants (at most the order).
    #[serde(default)]
    #[schemars(length(max = 20))]
    pub conditions: Vec<Condition>,
}

#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Solved,
    /// No method applies or no check succeeded (not a claim that no
    /// closed form exists).
    Unknown,
}

#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Form {
    /// y = f(x).
    Explicit,
    /// Φ(x, y) = C, y not solved for.
    Implicit,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub status: Status,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<EquationOut>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub form: Option<Form>,
    /// The arbitrary constants left in the solution.
    pub constants: Vec<String>,
    /// The method, when solved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    /// How the solution was checked, or why there is none.
    pub how: String,
}

impl Operation for Ode {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "expression.ode.solve";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Solve an ordinary differential equation";
    const SUMMARY: &'static str = "Closed-form solution of an ODE (linear with constant coefficients, first-order linear, separable, exact), with initial conditions, substituted back before it is returned.";
    const DESCRIPTION: &'static str = "Linear equations with constant rational coefficients of order up to 12: the homogeneous solutions from the factors of the characteristic polynomial over Q (real roots, repeated roots, complex pairs as e^(ax)·cos/sin(bx); an irreducible factor of degree 3 or more answers unknown), and right-hand sides that are sums of c·x^k·e^(ax)·cos(bx) or sin(bx) by undetermined coefficients (resonance handled). First-order linear equations by an integrating factor, separable equations y′ = f(x)·g(y) (solved for y when the inversion is exact, else implicit), exact equations M + N·y′ = 0 (implicit Φ = C). Constants are c1, c2, …; conditions y⁽ᵏ⁾(x₀) = v fix them by exact elimination. Every solution is substituted into the equation and every condition evaluated; the answer says whether that was proven or held at certified test points. Constant solutions where g(y) = 0 of a separable equation are not listed.";
    const KEYWORDS: &'static [&'static str] = &[
        "differential equation",
        "ode",
        "dsolve",
        "initial value problem",
        "solve y''",
        "separable",
        "integrating factor",
        "undetermined coefficients",
        "dy/dx",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "solve y'' + y = sin(x)",
        "solve the differential equation y' = x*y with y(0) = 1",
        "solve the differential equation dy/dx = f(x, y)",
        "general solution of y'' - 3y' + 2y = 0",
        "initial value problem y'' + 4y = 0, y(0) = 1, y'(0) = 0",
        "find the function whose rate of change follows this rule",
        "population growing in proportion to its size, formula over time",
        "motion of a spring and mass from its equation and starting position",
        "how do I solve a first order differential equation with a starting value",
    ];
    const ALIASES: &'static [&'static str] = &["dsolve", "DSolve", "desolve", "odesolve"];
    const EXAMPLE: &'static str = r#"{"equation": "y'' + y = x", "conditions": [{"at": "0", "value": "1"}, {"at": "0", "value": "0", "derivative": 1}]}"#;
    const EXPECTED: &'static str = r#"{"status": "solved", "solution": {"equation": "y = x - sin(x) + cos(x)", "latex": "y = x - \\sin\\left(x\\right) + \\cos\\left(x\\right)"}, "form": "explicit", "constants": [], "method": "linear with constant coefficients: roots of the characteristic polynomial, undetermined coefficients for the forcing terms", "how": "substituted into the equation and the conditions: proven, each residual is 0 (the last one has the canonical form 0)"}"#;

    // Long run: conditions are checked against the order before solving.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let ode = ode_of(&input.equation, input.variable.as_ref())?;
        let order = ode.names.len() - 1;
        let mut conditions = Vec::new();
        for (i, c) in input.conditions.iter().enumerate() {
            if usize::from(c.derivative) >= order {
                return Err(MathError::Input {
                    path: format!("conditions/{i}/derivative"),
                    message: format!(
                        "an equation of order {order} takes conditions on y up to its derivative of order {}",
                        order - 1
                    ),
                });
            }
            conditions.push(Fixed {
                order: usize::from(c.derivative),
                at: constant(&c.at, &format!("conditions/{i}/at"))?,
                value: constant(&c.value, &format!("conditions/{i}/value"))?,
            });
        }
        let y = Expr::sym(&ode.names[0]);
        Ok(match solve(&ode, &conditions, &ctx.budget)? {
            Outcome::Solved(s) => {
                let (solution, form) = match &s.solution {
                    Solution::Explicit(f) => (EquationOut::new(&y, f)?, Form::Explicit),
                    Solution::Implicit { left, right } => {
                        (EquationOut::new(left, right)?, Form::Implicit)
                    }
                };
                let what = if conditions.is_empty() {
                    "substituted into the equation"
                } else {
                    "substituted into the equation and the conditions"
                };
                Output {
                    status: Status::Solved,
                    solution: Some(solution),
                    form: Some(form),
                    constants: s.constants,
                    method: Some(s.method.describe().into()),
                    how: match s.check {
                        Verdict::Proven { how } => {
                            format!("{what}: proven, each residual is 0 (the last one {how})")
                        }
                        _ => format!(
                            "{what}: no exact proof; the residuals vanished at 8 certified test points"
                        ),
                    },
                }
            }
            Outcome::Unknown(why) => Output {
                status: Status::Unknown,
                solution: None,
                form: None,
                constants: Vec::new(),
                method: None,
                how: why,
            },
        })
    }
}
