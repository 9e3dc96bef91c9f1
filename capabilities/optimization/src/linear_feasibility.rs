use crate::linear_program::{Output as ProgramOutput, report};
use crate::wire::{self, Bound, Constraint, LARGE, Sense};
use hessian_kernels::lp;
use hessian_op::expression::Symbol;
use hessian_op::prelude::*;
use std::collections::BTreeMap;

pub struct LinearFeasibility;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The inequalities and equations (at most 5,000): "x + 3y <= 6",
    /// "x - y = 1", "0 <= x <= 4", or coefficient rows.
    pub constraints: List<Constraint<LARGE>, LARGE>,
    /// The variables in order; default: every symbol, x2 before x10.
    #[serde(default)]
    pub variables: Option<List<Symbol, LARGE>>,
    /// Every variable ≥ 0; default false (variables are free unless a
    /// constraint or bound says otherwise).
    #[serde(default)]
    pub nonnegative: bool,
    /// Bounds on single variables, e.g. [{"variable": "x", "upper": 4}].
    #[serde(default)]
    pub bounds: Option<List<Bound, LARGE>>,
}

#[derive(Serialize, JsonSchema)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Output {
    /// A point satisfying every constraint.
    Feasible {
        point: BTreeMap<String, String>,
        assumed: String,
        check: String,
    },
    /// No point satisfies them: multipliers yᵢ (≤ 0 on ≤ rows, ≥ 0 on ≥
    /// rows) whose combination Σ yᵢ·(leftᵢ − rightᵢ) ≥ 0 reads `implied`,
    /// which `contradiction` rules out.
    Infeasible {
        multipliers: Vec<crate::linear_program::Priced>,
        implied: String,
        contradiction: String,
        assumed: String,
        check: String,
    },
}

impl Operation for LinearFeasibility {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "optimization.linear_feasibility.solve";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Find a point satisfying linear inequalities, or prove none exists";
    const SUMMARY: &'static str = "Decides whether a system of linear inequalities and equations over the rationals has a solution: an exact point satisfying all of them, or multipliers whose combination is a contradiction (Farkas' lemma).";
    const DESCRIPTION: &'static str = "The exact simplex of optimization.linear_program.solve with a zero objective. Variables are free unless `nonnegative` is true or a bound or constraint limits them. Checked before it is returned: the point is substituted into every constraint exactly; an infeasibility certificate's signs are checked and its combination recomputed and shown impossible within the bounds. At most 5,000 constraints, 5,000 variables and 4,000,000 coefficients (constraint rows × variables).";
    const KEYWORDS: &'static [&'static str] = &[
        "system of inequalities",
        "linear inequalities",
        "feasible",
        "feasibility",
        "farkas",
        "infeasible",
        "consistent",
        "polyhedron",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "do these linear inequalities have a common solution",
        "find a point satisfying x + y <= 2, x - y >= 1, y >= -3",
        "prove a system of linear inequalities has no solution",
        "is there any point that meets all these linear conditions",
        "check a set of linear requirements is consistent, or show why not",
        "find any production plan satisfying all resource limits, no objective",
        "how do I prove a set of linear constraints contradict each other",
    ];
    const ALIASES: &'static [&'static str] = &["feasible_point", "farkas"];
    const EXAMPLE: &'static str = r#"{"constraints": ["x + y <= 2", "x - y >= 3", "y >= 0"]}"#;
    const EXPECTED: &'static str = r#"{"status": "infeasible", "multipliers": [{"index": 0, "constraint": "x + y <= 2", "value": "-1/2"}, {"index": 1, "constraint": "x - y >= 3", "value": "1/2"}, {"index": 2, "constraint": "y >= 0", "value": "1"}], "implied": "0 >= 1/2", "contradiction": "0 >= 1/2 is false", "assumed": "variables are free unless a constraint bounds them (nonnegative: false)", "check": "the multipliers have the signs their constraints allow, and the inequality they combine to is recomputed and shown impossible within the variables' bounds, in exact arithmetic (Farkas' lemma)"}"#;

    // Long run: the program's answer renamed into this operation's two outcomes.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let p = wire::program(
            None,
            Sense::Minimize,
            input.constraints.0,
            input.variables.map(|v| v.0),
            input.nonnegative,
            input.bounds.map_or_else(Vec::new, |b| b.0),
        )?;
        let answer = lp::solve(&p.problem, &ctx.budget)?;
        Ok(match report(&p, answer, input.nonnegative) {
            ProgramOutput::Optimal {
                solution, assumed, ..
            } => Output::Feasible {
                point: solution,
                assumed,
                check:
                    "the point is substituted into every constraint and bound in exact arithmetic"
                        .into(),
            },
            ProgramOutput::Infeasible {
                multipliers,
                implied,
                contradiction,
                assumed,
                check,
            } => Output::Infeasible {
                multipliers,
                implied,
                contradiction,
                assumed,
                check,
            },
            ProgramOutput::Unbounded { .. } => {
                return Err(Stop::CheckFailed("a zero objective came back unbounded").into());
            }
        })
    }
}
