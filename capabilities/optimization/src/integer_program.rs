use crate::wire::{self, Bound, Constraint, Linear, Sense, Value};
use hessian_kernels::Q;
use hessian_kernels::lp::certificate;
use hessian_kernels::lp::integer::{self, IntegerAnswer};
use hessian_op::expression::Symbol;
use hessian_op::prelude::*;
use std::collections::BTreeMap;

pub struct IntegerProgram;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The objective: a linear expression ("3x + 2y") or one coefficient
    /// per variable.
    pub objective: Linear,
    /// "maximize" (default) or "minimize".
    #[serde(default)]
    pub sense: Sense,
    /// The constraints (at most 100): "x + 3y <= 6", "x + y = 4",
    /// "0 <= x <= 4", or coefficient rows.
    pub constraints: List<Constraint, 100>,
    /// The variables that must be integers; default: all of them.
    #[serde(default)]
    pub integer: Option<List<Symbol, 100>>,
    /// The variables in order; default: every symbol, x2 before x10.
    #[serde(default)]
    pub variables: Option<List<Symbol, 100>>,
    /// Every variable ≥ 0 (default true).
    #[serde(default = "crate::wire::yes")]
    pub nonnegative: bool,
    /// Bounds on single variables, e.g. [{"variable": "x", "upper": 4}].
    #[serde(default)]
    pub bounds: Option<List<Bound, 100>>,
}

#[derive(Serialize, JsonSchema)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Output {
    /// An optimal point, proven by the branch-and-bound tree.
    Optimal {
        value: Value,
        solution: BTreeMap<String, String>,
        /// Relaxations solved (nodes of the search tree).
        nodes: usize,
        assumed: String,
        check: String,
    },
    /// No point with the required integer values satisfies the constraints.
    Infeasible {
        nodes: usize,
        assumed: String,
        check: String,
    },
    /// The objective improves without limit along point + t·ray for
    /// integers t ≥ 0 (point and ray integral where required).
    Unbounded {
        point: BTreeMap<String, String>,
        ray: BTreeMap<String, String>,
        assumed: String,
        check: String,
    },
    /// The deadline came before the search ended: the best point found and
    /// a proven bound on the optimum (the optimum lies between them).
    Unknown {
        #[serde(skip_serializing_if = "Option::is_none")]
        incumbent: Option<BTreeMap<String, String>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        incumbent_value: Option<Value>,
        #[serde(skip_serializing_if = "Option::is_none")]
        bound: Option<Value>,
        nodes: usize,
        reason: String,
    },
}

impl Operation for IntegerProgram {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "optimization.integer_program.solve";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Solve an integer (or mixed-integer) linear program exactly";
    const SUMMARY: &'static str = "Maximises or minimises a linear objective over integer (or some integer, some rational) variables subject to linear constraints: an exact optimum, infeasibility, unboundedness, or at the deadline the best point found with a proven bound.";
    const DESCRIPTION: &'static str = "Branch and bound on the exact simplex of optimization.linear_program.solve: each node's relaxation is solved with its certificate checked, a node is pruned only by a verified infeasibility certificate or a verified dual bound no better than the best integer point, and branching on the most fractional variable (x ≤ ⌊v⌋ or x ≥ ⌈v⌉) covers every integer point. An unbounded relaxation with an integer point gives an integer ray. The answer is re-checked against the constraints and integrality. At the deadline the answer is `unknown` with the best point and the least open relaxation bound. At most 100 variables and 100 constraints.";
    const KEYWORDS: &'static [&'static str] = &[
        "integer program",
        "integer linear programming",
        "ILP",
        "MILP",
        "mixed integer",
        "branch and bound",
        "integer solution",
        "whole numbers",
        "discrete optimization",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "solve an integer linear program",
        "maximize profit when only whole units can be made",
        "linear program with integer variables",
        "best plan when the quantities must be whole numbers",
        "how many trucks of each type to buy, whole trucks only, cheapest",
        "optimize a schedule where some decisions are yes or no and others amounts",
        "how do I maximise a linear objective with integer variables",
    ];
    const ALIASES: &'static [&'static str] = &["milp", "ilp", "intlinprog"];
    const EXAMPLE: &'static str =
        r#"{"objective": "5x + 4y", "constraints": ["6x + 4y <= 24", "x + 2y <= 6"]}"#;
    const EXPECTED: &'static str = r#"{"status": "optimal", "value": {"exact": "20", "decimal": "20"}, "solution": {"x": "4", "y": "0"}, "nodes": 5, "assumed": "every variable ≥ 0 (nonnegative: true)", "check": "every node of the search was pruned by a checked infeasibility certificate or a checked dual bound no better than this point, and the point satisfies every constraint with integer values where required, in exact arithmetic"}"#;

    // Long run: read the program, mark the integer variables, search, report.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let p = wire::program(
            Some(input.objective),
            input.sense,
            input.constraints.0,
            input.variables.map(|v| v.0),
            input.nonnegative,
            input.bounds.map_or_else(Vec::new, |b| b.0),
        )?;
        let integer: Vec<bool> = match input.integer {
            None => vec![true; p.names.len()],
            Some(list) => {
                let wanted: Vec<String> = list.0.into_iter().map(|s| s.0).collect();
                if let Some(w) = wanted.iter().find(|w| !p.names.contains(w)) {
                    return Err(MathError::Input {
                        path: "integer".into(),
                        message: format!(
                            "{w} is not a variable of the program ({})",
                            p.names.join(", ")
                        ),
                    });
                }
                p.names.iter().map(|n| wanted.contains(n)).collect()
            }
        };
        let assumed = wire::assumed(input.nonnegative);
        let integral = |x: &[Q]| x.iter().zip(&integer).all(|(v, &i)| !i || v.is_integer());
        Ok(match integer::solve(&p.problem, &integer, &ctx.budget)? {
            IntegerAnswer::Optimal { x, nodes } => {
                if certificate::feasible(&p.problem, &x).is_err() || !integral(&x) {
                    return Err(Stop::CheckFailed("an integer optimum is infeasible").into());
                }
                Output::Optimal {
                    value: Value::of(&p.value(&x)),
                    solution: p.named(&x),
                    nodes,
                    assumed,
                    check: "every node of the search was pruned by a checked infeasibility certificate or a checked dual bound no better than this point, and the point satisfies every constraint with integer values where required, in exact arithmetic".into(),
                }
            }
            IntegerAnswer::Infeasible { nodes } => Output::Infeasible {
                nodes,
                assumed,
                check: "every node of the search was closed by a checked infeasibility certificate of its relaxation".into(),
            },
            IntegerAnswer::Unbounded { x, ray } => {
                if certificate::feasible(&p.problem, &x).is_err() || !integral(&x) || !integral(&ray) {
                    return Err(Stop::CheckFailed("an integer ray's point is infeasible").into());
                }
                Output::Unbounded {
                    point: p.named(&x),
                    ray: p.named(&ray),
                    assumed,
                    check: "the point is an integer solution and the ray an integer direction of the relaxation (checked) that improves the objective".into(),
                }
            }
            IntegerAnswer::Stopped {
                incumbent,
                bound,
                nodes,
            } => {
                let sign = Q::from_integer(p.sign.into());
                Output::Unknown {
                    incumbent_value: incumbent.as_ref().map(|x| Value::of(&p.value(x))),
                    incumbent: incumbent.as_ref().map(|x| p.named(x)),
                    bound: bound.map(|b| Value::of(&(b * &sign + &p.constant))),
                    nodes,
                    reason: "the deadline came before the search ended; the optimum lies between the incumbent's value and the bound".into(),
                }
            }
        })
    }
}
