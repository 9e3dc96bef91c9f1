use crate::wire::{Decision, ProofOut, append_counter, decide, named};
use hessian_kernels::sat::Cnf;
use hessian_kernels::sat::pseudo_boolean::{self, Constraint};
use hessian_op::prelude::*;
use std::collections::BTreeMap;

pub struct PseudoBooleanSatisfiable;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Linear constraints over 0/1 variables, e.g. "3 x + 2 ~y - z >= 2":
    /// integer coefficients (1 when left out; `*` optional), variable
    /// names, ~ or ! for negation (~y = 1 − y), then <=, >=, =, < or > and
    /// an integer; |coefficient| ≤ 10^12, |right-hand side| < 10^15.
    pub constraints: List<String, 10_000>,
}

#[derive(Serialize, JsonSchema)]
pub struct Encoding {
    /// Clauses given to the SAT solver (units and counters).
    pub clauses: usize,
    /// Auxiliary variables of the sequential counters.
    pub auxiliary: u32,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// "exact", or "unknown" when the deadline stopped the search.
    pub status: Status,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub satisfiable: Option<bool>,
    /// Values of the variables meeting every constraint.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<BTreeMap<String, bool>>,
    /// When unsatisfiable: the LRAT proof for the encoding's clauses.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof: Option<ProofOut>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub variables: Vec<String>,
    pub encoding: Encoding,
    pub check: String,
}

/// Characters of one constraint.
const MAX_CHARS: usize = 1_000_000;

/// Reads the constraints, naming their variables in order of appearance.
fn constraints(texts: &[String]) -> Result<(Vec<Constraint>, Vec<String>), MathError> {
    let mut names = Vec::new();
    let mut out = Vec::new();
    for (i, text) in texts.iter().enumerate() {
        if text.len() > MAX_CHARS {
            return Err(MathError::Limit(format!(
                "constraint {i} has more than {MAX_CHARS} characters"
            )));
        }
        let c = pseudo_boolean::parse(text, &mut names).map_err(|e| MathError::Input {
            path: format!("constraints[{i}]"),
            message: format!(
                "at character {}: {} (write e.g. \"3 x + 2 ~y - z >= 2\")",
                text[..e.at.min(text.len())].chars().count() + 1,
                e.message
            ),
        })?;
        out.push(c);
    }
    Ok((out, names))
}

/// The constraints as clauses: each bound Σ wᵢ·[lᵢ] ≤ K as a counter
/// checked complete, the empty clause for a bound nothing meets.
fn encode(cs: &[Constraint], vars: usize, ctx: &Ctx) -> Result<(Cnf, u64), MathError> {
    let mut cnf = Cnf {
        vars: vars as u32,
        clauses: Vec::new(),
    };
    let mut used = 0;
    for c in cs {
        for bound in c.at_most() {
            match bound {
                None => cnf.clauses.push(Vec::new()),
                Some((terms, k)) => append_counter(&mut cnf, &terms, k, &mut used, ctx)?,
            }
        }
    }
    Ok((cnf, used))
}

impl Operation for PseudoBooleanSatisfiable {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "logic.pseudo_boolean.satisfiable.decide";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Satisfiability of linear constraints over 0/1 variables (pseudo-Boolean)";
    const SUMMARY: &'static str = "Decides whether 0/1 variables can meet every linear constraint like \"3x + 2y - z >= 2\": values meeting all of them, or a replayed proof that none exist.";
    const DESCRIPTION: &'static str = "Each constraint is rewritten as bounds Σ wᵢ·[lᵢ] ≤ K with positive weights (a negative coefficient moves to the negated variable, ≥ and = become ≤ on the other side), each bound encoded as a sequential weight counter checked complete (every assignment within the bound extends to a model of its clauses), and the clauses go to the CDCL solver of logic.cnf.satisfiable.decide. Checked: a model is evaluated on every constraint in integer arithmetic; an unsatisfiability proof is replayed by the LRAT checker, and with the counters complete it refutes the constraints themselves. Bounds: 10,000 constraints, 1,000,000 auxiliary variables ((terms − 1) × K summed over the bounds).";
    const KEYWORDS: &'static [&'static str] = &[
        "pseudo-boolean",
        "pseudo boolean",
        "0-1 constraints",
        "binary variables",
        "linear constraints over booleans",
        "pb solver",
        "opb",
        "weighted constraints",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "can 0/1 variables satisfy these linear inequalities",
        "solve pseudo-boolean constraints",
        "find binary values with 3x + 2y + z >= 4 and x + y <= 1",
        "yes or no choices with weighted limits, can they all be met",
        "pick which projects to do, each yes or no, meeting all budget rules",
        "can binary decisions satisfy these weighted sum constraints at once",
        "is there a way to check if 0/1 values meet these linear rules",
    ];
    const ALIASES: &'static [&'static str] = &["pb_solve", "PBSolver", "minisat+"];
    const EXAMPLE: &'static str =
        r#"{"constraints": ["3 x + 2 y + z >= 4", "x + y <= 1", "~x + z = 1"]}"#;
    const EXPECTED: &'static str = r#"{"status": "exact", "satisfiable": true, "model": {"x": true, "y": false, "z": true}, "variables": ["x", "y", "z"], "encoding": {"clauses": 15, "auxiliary": 7}, "check": "each of the 3 constraints holds at the model"}"#;

    // Long run: read, encode, solve and replay, then the answer in whichever of three shapes it took.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (cs, names) = constraints(&input.constraints.0)?;
        let (cnf, auxiliary) = encode(&cs, names.len(), ctx)?;
        let (decision, _) = decide(&cnf, ctx)?;
        let mut out = Output {
            status: Status::Exact,
            satisfiable: None,
            model: None,
            proof: None,
            reason: None,
            variables: names.clone(),
            encoding: Encoding {
                clauses: cnf.clauses.len(),
                auxiliary: auxiliary as u32,
            },
            check: String::new(),
        };
        match decision {
            Decision::Sat(mut model) => {
                model.truncate(names.len());
                if !cs.iter().all(|c| c.holds(&model)) {
                    return Err(Stop::CheckFailed("the model breaks a constraint").into());
                }
                out.satisfiable = Some(true);
                out.model = Some(named(&names, &model));
                out.check = format!("each of the {} constraints holds at the model", cs.len());
            }
            Decision::Unsat(proof) => {
                out.satisfiable = Some(false);
                out.proof = Some(proof);
                out.check = "the LRAT proof refuting the encoding replays, and each counter is complete (every assignment within its bound extends to a model of its clauses), so no assignment meets every constraint".into();
            }
            Decision::Unknown(why) => {
                out.status = Status::Unknown;
                out.reason = Some(why);
                out.check = "nothing to check: no answer was found".into();
            }
        }
        Ok(out)
    }
}
