use crate::linear_program::Input as ProgramInput;
use crate::wire::{self, Program, Value};
use hessian_kernels::Q;
use hessian_kernels::lp::{self, Answer, certificate};
use hessian_op::expression::Symbol;
use hessian_op::prelude::*;
use std::collections::BTreeMap;

pub struct LinearProgramCertificate;

/// What the caller claims about the program, with its evidence.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Claim {
    /// The solution is optimal; with `shadow_prices` (one per constraint
    /// row, a chain counting as two, in the program's order) the proof is
    /// checked, without them optimality is decided by solving.
    Optimal {
        solution: BTreeMap<Symbol, Rational>,
        #[serde(default)]
        shadow_prices: Option<List<Rational, 10_000>>,
    },
    /// The solution satisfies every constraint.
    Feasible {
        solution: BTreeMap<Symbol, Rational>,
    },
    /// No point is feasible: one multiplier per constraint row (≤ 0 on ≤
    /// rows, ≥ 0 on ≥ rows, in the program's minimisation form: for a
    /// maximisation the same multipliers).
    Infeasible { multipliers: List<Rational, 10_000> },
    /// The objective improves without limit from `point` along `ray`.
    Unbounded {
        point: BTreeMap<Symbol, Rational>,
        ray: BTreeMap<Symbol, Rational>,
    },
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The program, as `optimization.linear_program.solve` takes it.
    pub program: ProgramInput,
    /// The claim to check, e.g. {"optimal": {"solution": {"x": 4, "y": 0},
    /// "shadow_prices": [3, 0]}}.
    pub claim: Claim,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Whether the evidence proves the claim.
    pub valid: bool,
    /// Why not, in the program's terms.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failure: Option<String>,
    /// The objective at the claimed solution or point.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<Value>,
    /// The optimum, when the check solved the program to decide.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub optimum: Option<Value>,
    pub check: String,
}

impl Operation for LinearProgramCertificate {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "optimization.linear_program.certificate.check";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Check a claimed solution or certificate of a linear program";
    const SUMMARY: &'static str = "Checks in exact arithmetic a claim about a linear program: an optimal solution with its shadow prices (strong duality), a feasible point, an infeasibility certificate (Farkas multipliers) or an unbounded ray; without shadow prices, optimality is decided by solving.";
    const DESCRIPTION: &'static str = "Takes the program as optimization.linear_program.solve does and a claim. Optimal with shadow prices: the solution must satisfy every constraint and bound, the prices must have the signs their relations allow, the reduced costs may lean only on bounds that exist, and the dual bound must equal the objective value. Optimal without prices, or feasible: the point is checked, and the program is solved (with its own checked certificate) to compare the values. Infeasible: the multipliers' combination must be contradicted by the variables' bounds. Unbounded: the point must be feasible and the ray keep every constraint while improving the objective. Every failure is named in the program's terms.";
    const KEYWORDS: &'static [&'static str] = &[
        "certificate",
        "verify",
        "check solution",
        "linear program",
        "strong duality",
        "farkas",
        "dual",
        "optimality",
        "infeasibility certificate",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "is this solution of my linear program optimal",
        "verify an LP solver's answer exactly",
        "check a Farkas certificate of infeasibility",
        "is the solution my solver gave me really the best one",
        "verify shadow prices prove optimality of a linear program answer",
        "audit an optimization result from a spreadsheet solver exactly",
        "how do I confirm a claimed optimal production plan is correct",
    ];
    const ALIASES: &'static [&'static str] = &["verify_lp", "check_lp"];
    const EXAMPLE: &'static str = r#"{"program": {"objective": "3x + 2y", "constraints": ["x + y <= 4", "x + 3y <= 6"]}, "claim": {"optimal": {"solution": {"x": 4, "y": 0}, "shadow_prices": [3, 0]}}}"#;
    const EXPECTED: &'static str = r#"{"valid": true, "value": {"exact": "12", "decimal": "12"}, "check": "feasibility of the solution, the prices' signs, the reduced costs' bounds and strong duality, in exact arithmetic"}"#;

    // Long run: read the program, then one arm per kind of claim.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let i = input.program;
        let p = wire::program(
            Some(i.objective),
            i.sense,
            i.constraints.0,
            i.variables.map(|v| v.0),
            i.nonnegative,
            i.bounds.map_or_else(Vec::new, |b| b.0),
        )?;
        let sign = Q::from_integer(p.sign.into());
        let verdict = |r: Result<(), certificate::Failure>, value: Option<Q>, check: &str| Output {
            valid: r.is_ok(),
            failure: r.err().map(|f| p.failure_text(&f)),
            value: value.as_ref().map(Value::of),
            optimum: None,
            check: check.into(),
        };
        Ok(match input.claim {
            Claim::Optimal {
                solution,
                shadow_prices: Some(prices),
            } => {
                let x = point(&p, solution, "claim.optimal.solution")?;
                let y = rows(&p, prices.0, "claim.optimal.shadow_prices")?
                    .into_iter()
                    .map(|v| v * &sign)
                    .collect();
                let value = p.value(&x);
                verdict(
                    certificate::check(&p.problem, &Answer::Optimal { x, y }),
                    Some(value),
                    "feasibility of the solution, the prices' signs, the reduced costs' bounds and strong duality, in exact arithmetic",
                )
            }
            Claim::Optimal {
                solution,
                shadow_prices: None,
            } => decide(&p, solution, true, ctx)?,
            Claim::Feasible { solution } => decide(&p, solution, false, ctx)?,
            Claim::Infeasible { multipliers } => {
                let y = rows(&p, multipliers.0, "claim.infeasible.multipliers")?;
                verdict(
                    certificate::check(&p.problem, &Answer::Infeasible { y }),
                    None,
                    "the multipliers' signs and the contradiction of their combination with the bounds (Farkas' lemma), in exact arithmetic",
                )
            }
            Claim::Unbounded { point: x, ray } => {
                let x = point(&p, x, "claim.unbounded.point")?;
                let r = point(&p, ray, "claim.unbounded.ray")?;
                let value = p.value(&x);
                verdict(
                    certificate::check(&p.problem, &Answer::Unbounded { x, ray: r }),
                    Some(value),
                    "feasibility of the point and that the ray keeps every constraint and bound while improving the objective, in exact arithmetic",
                )
            }
        })
    }
}

/// A feasible point's value against the optimum found by solving.
fn decide(
    p: &Program,
    solution: BTreeMap<Symbol, Rational>,
    optimal: bool,
    ctx: &Ctx,
) -> Result<Output, MathError> {
    let x = point(p, solution, "claim.solution")?;
    let value = p.value(&x);
    if let Err(f) = certificate::feasible(&p.problem, &x) {
        return Ok(Output {
            valid: false,
            failure: Some(p.failure_text(&f)),
            value: Some(Value::of(&value)),
            optimum: None,
            check: "feasibility of the solution, in exact arithmetic".into(),
        });
    }
    let optimum = match lp::solve(&p.problem, &ctx.budget)? {
        Answer::Optimal { x, .. } => Some(p.value(&x)),
        _ => None,
    };
    let best = optimum.as_ref() == Some(&value);
    Ok(Output {
        valid: best || !optimal,
        failure: (optimal && !best).then(|| match &optimum {
            Some(o) => format!("the solution is feasible but not optimal: the optimum is {o}"),
            None => "the solution is feasible but the objective is unbounded".into(),
        }),
        value: Some(Value::of(&value)),
        optimum: optimum.as_ref().map(Value::of),
        check: "feasibility of the solution in exact arithmetic; the optimum by solving the program, with its own checked certificate".into(),
    })
}

/// A point given by name: every variable of the program, no other.
fn point(p: &Program, given: BTreeMap<Symbol, Rational>, path: &str) -> Result<Vec<Q>, MathError> {
    if let Some(s) = given.keys().find(|s| !p.names.contains(&s.0)) {
        return Err(MathError::Input {
            path: path.into(),
            message: format!(
                "{} is not a variable of the program ({})",
                s.0,
                p.names.join(", ")
            ),
        });
    }
    let given: BTreeMap<String, Q> = given.into_iter().map(|(k, v)| (k.0, v.0)).collect();
    p.names
        .iter()
        .map(|n| {
            given.get(n).cloned().ok_or_else(|| MathError::Input {
                path: path.into(),
                message: format!(
                    "no value for the variable {n}; give one for each of {}",
                    p.names.join(", ")
                ),
            })
        })
        .collect()
}

/// One number per constraint row.
fn rows(p: &Program, values: Vec<Rational>, path: &str) -> Result<Vec<Q>, MathError> {
    let m = p.problem.rows.len();
    if values.len() != m {
        return Err(MathError::Input {
            path: path.into(),
            message: format!(
                "{} values for {m} constraint rows; give one per constraint (a chain \"a <= x <= b\" is two rows)",
                values.len()
            ),
        });
    }
    Ok(values.into_iter().map(|v| v.0).collect())
}
