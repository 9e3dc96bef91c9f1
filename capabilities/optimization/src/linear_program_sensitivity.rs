use crate::wire::{self, Bound, Constraint, Linear, Sense, Value};
use hessian_kernels::Q;
use hessian_kernels::lp::sensitivity::{self, Range};
use hessian_kernels::lp::{self, Answer, Relation};
use hessian_op::expression::Symbol;
use hessian_op::prelude::*;
use std::collections::BTreeMap;

pub struct LinearProgramSensitivity;

/// Most variables and constraint rows: each needs two ranging programs.
const MAX_SIZE: usize = 60;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The objective: a linear expression ("3x + 2y") or one coefficient
    /// per variable.
    pub objective: Linear,
    /// "maximize" (default) or "minimize".
    #[serde(default)]
    pub sense: Sense,
    /// The constraints (at most 60 rows): "x + 3y <= 6", "x + y = 4",
    /// "0 <= x <= 4", or coefficient rows.
    pub constraints: List<Constraint, 60>,
    /// The variables in order (at most 60); default: every symbol, x2
    /// before x10.
    #[serde(default)]
    pub variables: Option<List<Symbol, 60>>,
    /// Every variable ≥ 0 (default true).
    #[serde(default = "crate::wire::yes")]
    pub nonnegative: bool,
    /// Bounds on single variables, e.g. [{"variable": "x", "upper": 4}]
    /// (not ranged; write a constraint to range it).
    #[serde(default)]
    pub bounds: Option<List<Bound, 60>>,
}

/// One objective coefficient's range.
#[derive(Serialize, JsonSchema)]
pub struct CostRange {
    pub variable: String,
    /// The variable's value at the optimum.
    pub value: String,
    /// Its objective coefficient.
    pub coefficient: String,
    /// How much the objective would change per unit of the variable forced
    /// in (0 for a variable strictly inside its bounds).
    pub reduced_cost: String,
    /// How far the coefficient may fall, and rise, with this solution
    /// still optimal.
    pub allowable_decrease: Extended,
    pub allowable_increase: Extended,
}

/// One constraint row's range.
#[derive(Serialize, JsonSchema)]
pub struct RhsRange {
    /// The constraint's position in `constraints` (a chain gives two rows).
    pub index: usize,
    pub constraint: String,
    pub rhs: String,
    /// Room left at the optimum (0: binding).
    pub slack: String,
    /// The optimum's change per unit increase of the right-hand side.
    pub shadow_price: String,
    /// How far the right-hand side may fall, and rise, with the shadow
    /// price still valid.
    pub allowable_decrease: Extended,
    pub allowable_increase: Extended,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub value: Value,
    pub solution: BTreeMap<String, String>,
    pub objective_ranges: Vec<CostRange>,
    pub constraint_ranges: Vec<RhsRange>,
    pub assumed: String,
    pub check: String,
}

impl Operation for LinearProgramSensitivity {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "optimization.linear_program.sensitivity.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Sensitivity analysis of a linear program: reduced costs, shadow prices and their allowable ranges";
    const SUMMARY: &'static str = "Solves a linear program exactly, then reports how far each objective coefficient and each right-hand side may move before the solution or the shadow prices change.";
    const DESCRIPTION: &'static str = "The program is read and solved as by optimization.linear_program.solve (an exact optimum certified by strong duality). For each objective coefficient, the range over which the same solution stays optimal; for each constraint, its slack, its shadow price and the range of its right-hand side over which that shadow price stays valid (the optimum moving by shadow price × change). Each end of each range is the optimum of a small exact linear program (the multipliers, or points, meeting complementary slackness), and is replayed: the multipliers or point found at the end are checked to certify the moved program's optimum. Ranges describe the solution and prices returned (in a degenerate program another optimal basis may give other ranges). \"inf\" means without limit. At most 60 variables and 60 constraint rows.";
    const KEYWORDS: &'static [&'static str] = &[
        "sensitivity analysis",
        "ranging",
        "allowable increase",
        "allowable decrease",
        "shadow price",
        "reduced cost",
        "dual value",
        "right-hand side ranging",
        "objective coefficient range",
        "post-optimality analysis",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "sensitivity report of a linear program",
        "how much can the profit per unit change before the optimal plan changes",
        "range of the right-hand side over which the shadow price is valid",
        "how much would one more hour of machine time be worth",
        "allowable increase and decrease of each objective coefficient",
        "what if analysis of an LP solution",
    ];
    const ALIASES: &'static [&'static str] = &["sensitivity_analysis", "lp_ranging"];
    const EXAMPLE: &'static str = r#"{"objective": "3x + 2y", "sense": "maximize", "constraints": ["x + y <= 4", "x + 3y <= 6"]}"#;
    const EXPECTED: &'static str = r#"{"value": {"exact": "12", "decimal": "12"}, "solution": {"x": "4", "y": "0"}, "objective_ranges": [{"variable": "x", "value": "4", "coefficient": "3", "reduced_cost": "0", "allowable_decrease": "1", "allowable_increase": "inf"}, {"variable": "y", "value": "0", "coefficient": "2", "reduced_cost": "-1", "allowable_decrease": "inf", "allowable_increase": "1"}], "constraint_ranges": [{"index": 0, "constraint": "x + y <= 4", "rhs": "4", "slack": "0", "shadow_price": "3", "allowable_decrease": "4", "allowable_increase": "2"}, {"index": 1, "constraint": "x + 3*y <= 6", "rhs": "6", "slack": "2", "shadow_price": "0", "allowable_decrease": "2", "allowable_increase": "inf"}], "assumed": "every variable ≥ 0 (nonnegative: true)", "check": "the optimum is certified by strong duality; each range's ends are optima of exact ranging programs (certified the same way), and at each finite end the multipliers or point found are checked to certify the moved program's optimum"}"#;

    // Long run: read and solve the program, range it, and say it in the caller's terms.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let p = wire::program(
            Some(input.objective),
            input.sense,
            input.constraints.0,
            input.variables.map(|v| v.0),
            input.nonnegative,
            input.bounds.map_or_else(Vec::new, |b| b.0),
        )?;
        let (n, m) = (p.problem.variables(), p.problem.rows.len());
        if n > MAX_SIZE || m > MAX_SIZE {
            return Err(MathError::Limit(format!(
                "{n} variables and {m} constraint rows; sensitivity ranges at most {MAX_SIZE} of each"
            )));
        }
        let (x, y) = match lp::solve(&p.problem, &ctx.budget)? {
            Answer::Optimal { x, y } => (x, y),
            Answer::Infeasible { .. } => {
                return Err(MathError::Domain(
                    "the program is infeasible, so there is no optimum to analyse; optimization.linear_program.solve gives the Farkas certificate".into(),
                ));
            }
            Answer::Unbounded { .. } => {
                return Err(MathError::Domain(
                    "the program is unbounded, so there is no optimum to analyse; optimization.linear_program.solve gives the improving ray".into(),
                ));
            }
        };
        let costs = sensitivity::costs(&p.problem, &x, &ctx.budget)?;
        let rhs = sensitivity::right_hand_sides(&p.problem, &y, &ctx.budget)?;
        // The kernel minimises sign·f: a maximised coefficient moves the
        // other way, and prices and reduced costs change sign.
        let sign = Q::from_integer(p.sign.into());
        let flipped = |r: Range| {
            let (decrease, increase) = if p.sign < 0 {
                (r.increase, r.decrease)
            } else {
                (r.decrease, r.increase)
            };
            (Extended(decrease), Extended(increase))
        };
        let reduced = sensitivity::reduced_costs(&p.problem, &y);
        let objective_ranges = costs
            .into_iter()
            .enumerate()
            .map(|(j, r)| {
                let (allowable_decrease, allowable_increase) = flipped(r);
                CostRange {
                    variable: p.names[j].clone(),
                    value: x[j].to_string(),
                    coefficient: (&p.problem.cost[j] * &sign).to_string(),
                    reduced_cost: (&reduced[j] * &sign).to_string(),
                    allowable_decrease,
                    allowable_increase,
                }
            })
            .collect();
        let constraint_ranges = rhs
            .into_iter()
            .enumerate()
            .map(|(i, r)| {
                let row = &p.problem.rows[i];
                let lhs = lp::dot(&row.coefficients, &x);
                let slack = match row.relation {
                    Relation::Le => &row.rhs - lhs,
                    Relation::Ge => lhs - &row.rhs,
                    Relation::Eq => Q::from_integer(0.into()),
                };
                RhsRange {
                    index: p.origin[i],
                    constraint: p.row_text(i),
                    rhs: row.rhs.to_string(),
                    slack: slack.to_string(),
                    shadow_price: (&y[i] * &sign).to_string(),
                    allowable_decrease: Extended(r.decrease),
                    allowable_increase: Extended(r.increase),
                }
            })
            .collect();
        Ok(Output {
            value: Value::of(&p.value(&x)),
            solution: p.named(&x),
            objective_ranges,
            constraint_ranges,
            assumed: wire::assumed(input.nonnegative),
            check: "the optimum is certified by strong duality; each range's ends are optima of exact ranging programs (certified the same way), and at each finite end the multipliers or point found are checked to certify the moved program's optimum".into(),
        })
    }
}
