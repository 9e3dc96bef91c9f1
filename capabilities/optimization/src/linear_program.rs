use crate::wire::{self, Bound, Constraint, LARGE, Linear, Sense, Value};
use hessian_kernels::lp::{self, Answer};
use hessian_op::expression::Symbol;
use hessian_op::prelude::*;
use std::collections::BTreeMap;

pub struct LinearProgram;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The objective: a linear expression ("3x + 2y") or one coefficient
    /// per variable.
    pub objective: Linear<LARGE>,
    /// "maximize" (default) or "minimize".
    #[serde(default)]
    pub sense: Sense,
    /// The constraints (at most 5,000): "x + 3y <= 6", "x + y = 4",
    /// "0 <= x <= 4", or coefficient rows.
    pub constraints: List<Constraint<LARGE>, LARGE>,
    /// The variables in order (needed only to mix text with coefficient
    /// lists, or to fix the order); default: every symbol, x2 before x10.
    #[serde(default)]
    pub variables: Option<List<Symbol, LARGE>>,
    /// Every variable ≥ 0 (default true, as in textbook programs and
    /// scipy's linprog); false leaves a variable free unless a constraint
    /// bounds it.
    #[serde(default = "crate::wire::yes")]
    pub nonnegative: bool,
    /// Bounds on single variables, e.g. [{"variable": "x", "lower": 0,
    /// "upper": 4}] (a constraint "0 <= x <= 4" does the same as a row).
    #[serde(default)]
    pub bounds: Option<List<Bound, LARGE>>,
}

/// A constraint row with its number.
#[derive(Serialize, JsonSchema)]
pub struct Priced {
    /// The constraint's position in `constraints` (a chain gives two rows).
    pub index: usize,
    /// The row as read: "x + 3*y <= 6".
    pub constraint: String,
    /// For an optimum, the shadow price: the rate at which the optimal
    /// value changes as the row's right-hand side grows. For an infeasible
    /// program, the row's multiplier in the contradiction.
    pub value: String,
}

#[derive(Serialize, JsonSchema)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Output {
    /// An optimal point, with shadow prices that prove it optimal.
    Optimal {
        value: Value,
        solution: BTreeMap<String, String>,
        shadow_prices: Vec<Priced>,
        /// The bounds assumed on the variables.
        assumed: String,
        check: String,
    },
    /// No point satisfies the constraints: multipliers yᵢ (≤ 0 on ≤ rows,
    /// ≥ 0 on ≥ rows) whose combination Σ yᵢ·(leftᵢ − rightᵢ) ≥ 0 holds at
    /// every feasible point and reads `implied`, which `contradiction` rules out.
    Infeasible {
        multipliers: Vec<Priced>,
        implied: String,
        contradiction: String,
        assumed: String,
        check: String,
    },
    /// The objective improves without limit along point + t·ray, t ≥ 0.
    Unbounded {
        point: BTreeMap<String, String>,
        ray: BTreeMap<String, String>,
        assumed: String,
        check: String,
    },
}

impl Operation for LinearProgram {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "optimization.linear_program.solve";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Solve a linear program exactly, with a certificate";
    const SUMMARY: &'static str = "Maximises or minimises a linear objective subject to linear constraints over the rationals: an exact optimum with shadow prices proving it, or a proof of infeasibility, or a ray along which it is unbounded.";
    const DESCRIPTION: &'static str = "Reads the objective and constraints as text (\"maximize 3x + 2y subject to x + y <= 4, x + 3y <= 6\") or as coefficient rows; variables are ≥ 0 unless `nonnegative` is false. A floating-point simplex with bounded variables proposes a vertex and the exact revised simplex over Q (bounds kept by the simplex, Dixon-lifted solves with the basis after its slack columns are eliminated, Bland's rule) confirms or corrects it, so every number is exact. Checked before it is returned, in exact arithmetic on the program as given: an optimum comes with multipliers of the right signs whose dual bound equals the objective (strong duality); infeasibility with multipliers whose combination of the constraints is contradicted by the bounds (Farkas' lemma); unboundedness with a feasible point and an improving ray that keeps every constraint. At most 5,000 variables, 5,000 constraints and 4,000,000 coefficients (constraint rows × variables); give large sparse programs as text, which names only the nonzero terms. Sparse programs of 1,000 × 1,000 answer in seconds; the call's deadline bounds larger ones.";
    const KEYWORDS: &'static [&'static str] = &[
        "linear program",
        "linear programming",
        "LP",
        "simplex",
        "maximize subject to",
        "minimize subject to",
        "optimization",
        "constraints",
        "shadow price",
        "dual",
        "feasible region",
        "linprog",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "maximize 3x + 2y subject to x + y <= 4 and x + 3y <= 6",
        "minimize cost subject to linear constraints",
        "solve this linear programming problem exactly",
        "best production plan with limited resources",
        "diet problem cheapest combination of foods",
        "best mix of products to make with limited machine hours",
        "maximise profit subject to linear limits with exact fractions",
        "blend ingredients at lowest cost while meeting nutrition minimums",
        "how do I find the optimum of a linear objective with constraints",
    ];
    const ALIASES: &'static [&'static str] =
        &["linprog", "LinearProgramming", "lp_solve", "simplex"];
    const EXAMPLE: &'static str = r#"{"objective": "3x + 2y", "sense": "maximize", "constraints": ["x + y <= 4", "x + 3y <= 6"]}"#;
    const EXPECTED: &'static str = r#"{"status": "optimal", "value": {"exact": "12", "decimal": "12"}, "solution": {"x": "4", "y": "0"}, "shadow_prices": [{"index": 0, "constraint": "x + y <= 4", "value": "3"}, {"index": 1, "constraint": "x + 3*y <= 6", "value": "0"}], "assumed": "every variable ≥ 0 (nonnegative: true)", "check": "the solution satisfies every constraint and bound; the shadow prices have the signs their constraints allow and their dual bound equals the objective value (strong duality), all recomputed in exact arithmetic"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let p = wire::program(
            Some(input.objective),
            input.sense,
            input.constraints.0,
            input.variables.map(|v| v.0),
            input.nonnegative,
            input.bounds.map_or_else(Vec::new, |b| b.0),
        )?;
        let answer = lp::solve(&p.problem, &ctx.budget)?;
        Ok(report(&p, answer, input.nonnegative))
    }
}

/// The caller's view of a checked answer.
pub(crate) fn report(p: &wire::Program, answer: Answer, nonnegative: bool) -> Output {
    let assumed = wire::assumed(nonnegative);
    let sign = hessian_kernels::Q::from_integer(p.sign.into());
    let rows = |values: &[hessian_kernels::Q], skip_zero: bool| -> Vec<Priced> {
        values
            .iter()
            .enumerate()
            .filter(|(_, v)| !(skip_zero && num_traits::Zero::is_zero(*v)))
            .map(|(i, v)| Priced {
                index: p.origin[i],
                constraint: p.row_text(i),
                value: v.to_string(),
            })
            .collect()
    };
    match answer {
        Answer::Optimal { x, y } => {
            let prices: Vec<_> = y.iter().map(|v| v * &sign).collect();
            Output::Optimal {
                value: Value::of(&p.value(&x)),
                solution: p.named(&x),
                shadow_prices: rows(&prices, false),
                assumed,
                check: "the solution satisfies every constraint and bound; the shadow prices have the signs their constraints allow and their dual bound equals the objective value (strong duality), all recomputed in exact arithmetic".into(),
            }
        }
        Answer::Infeasible { y } => {
            let (implied, contradiction) = farkas_text(p, &y);
            Output::Infeasible {
                multipliers: rows(&y, true),
                implied,
                contradiction,
                assumed,
                check: "the multipliers have the signs their constraints allow, and the inequality they combine to is recomputed and shown impossible within the variables' bounds, in exact arithmetic (Farkas' lemma)".into(),
            }
        }
        Answer::Unbounded { x, ray } => Output::Unbounded {
            point: p.named(&x),
            ray: p.named(&ray),
            assumed,
            check: "the point satisfies every constraint; the ray keeps every constraint and bound and improves the objective, recomputed in exact arithmetic".into(),
        },
    }
}

/// The combined inequality d·x ≥ b·y and why no x in the bounds meets it.
fn farkas_text(p: &wire::Program, y: &[hessian_kernels::Q]) -> (String, String) {
    use hessian_kernels::Q;
    use num_traits::{Signed, Zero};
    if p.problem.empty_box().is_some() {
        return (
            "no constraint is needed".into(),
            "a variable's lower bound exceeds its upper bound".into(),
        );
    }
    let Ok((d, by)) = lp::certificate::combined(&p.problem, y) else {
        return (String::new(), String::new());
    };
    let combined = p.text(&d);
    // d·x is at most Σ dⱼ·(the bound on its side) within the bounds.
    let most = d.iter().enumerate().fold(Q::zero(), |acc, (j, dj)| {
        let side = if dj.is_positive() {
            &p.problem.upper[j]
        } else {
            &p.problem.lower[j]
        };
        match side {
            Some(v) if !dj.is_zero() => acc + v * dj,
            _ => acc,
        }
    });
    (
        format!("{combined} >= {by}"),
        if d.iter().all(Zero::is_zero) {
            format!("0 >= {by} is false")
        } else {
            format!("but {combined} <= {most} for every point within the variables' bounds")
        },
    )
}
