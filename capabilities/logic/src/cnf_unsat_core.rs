use crate::wire::{CnfInput, Decision, ProofOut, decide};
use hessian_kernels::sat::Cnf;
use hessian_op::prelude::*;

pub struct CnfUnsatCore;

/// Clauses a core search takes (one SAT call per clause).
const MAX_CLAUSES: usize = 2_000;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// An unsatisfiable clause set: [[1, -2], [2, 3]] (v for variable v,
    /// -v for its negation) or DIMACS CNF text; at most 2,000 clauses.
    pub cnf: CnfInput,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// "exact" when the core is proven minimal; "unknown" when the deadline
    /// stopped the shrinking (the core is still unsatisfiable, maybe not minimal).
    pub status: Status,
    /// Clause numbers (from 1) of the core, ascending.
    pub core: Vec<usize>,
    /// The core's clauses.
    pub clauses: Vec<Vec<i32>>,
    /// The LRAT proof that the core is unsatisfiable (clauses numbered
    /// within the core).
    pub proof: ProofOut,
    pub check: String,
}

impl Operation for CnfUnsatCore {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "logic.cnf.unsat_core.find";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Minimal unsatisfiable core (MUS) of CNF clauses";
    const SUMMARY: &'static str = "A minimal unsatisfiable subset of an unsatisfiable clause set: a replayed proof that it is unsatisfiable, and for each of its clauses a model of the others (so none can be dropped).";
    const DESCRIPTION: &'static str = "Deletion-based: each clause in turn is dropped when the rest stays unsatisfiable, kept when the rest has a model. Checked: the core's unsatisfiability by a replayed LRAT proof; its minimality by one model per clause, each evaluated on all the other clauses of the core. Satisfiable input is refused with its model's existence stated. At the deadline the current core (unsatisfiable, perhaps not minimal) is returned as unknown. Bounds: 2,000 clauses, 100,000 variables.";
    const KEYWORDS: &'static [&'static str] = &[
        "unsat core",
        "minimal unsatisfiable subset",
        "mus",
        "unsatisfiable core",
        "conflicting clauses",
        "cnf",
        "infeasible constraints",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "which clauses make this CNF unsatisfiable",
        "minimal unsatisfiable subset of these constraints",
        "which few rules clash with each other and make this impossible",
        "smallest set of conflicting requirements in a list of clauses",
        "explain why my configuration rules have no solution by isolating the conflict",
        "how do I find which clauses to blame when there is no solution",
    ];
    const ALIASES: &'static [&'static str] = &["unsat_core", "MUS", "musx"];
    const EXAMPLE: &'static str = r#"{"cnf": [[1], [-1, 2], [3], [-2], [2, 3]]}"#;
    const EXPECTED: &'static str = r#"{"status": "exact", "core": [1, 2, 4], "clauses": [[1], [-1, 2], [-2]], "proof": {"format": "LRAT", "added": 1, "hints": 3, "bytes": 12, "text": "4 0 3 1 2 0\n"}, "check": "the 3 core clauses are unsatisfiable (LRAT proof replayed); without any one of them the rest has a model (each evaluated on every remaining clause)"}"#;

    // Long run: refuse satisfiable input, shrink clause by clause, then prove the core.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let cnf = input.cnf.0;
        if cnf.clauses.len() > MAX_CLAUSES {
            return Err(MathError::Limit(format!(
                "{} clauses; a core search takes at most {MAX_CLAUSES} (one SAT call per clause)",
                cnf.clauses.len()
            )));
        }
        let sub = |keep: &[usize]| Cnf {
            vars: cnf.vars,
            clauses: keep.iter().map(|&k| cnf.clauses[k].clone()).collect(),
        };
        // `proof` always refutes the current core.
        let mut proof = match decide(&cnf, ctx)?.0 {
            Decision::Unsat(p) => p,
            Decision::Sat(_) => {
                return Err(MathError::Input {
                    path: "cnf".into(),
                    message: "the clauses are satisfiable (logic.cnf.satisfiable.decide gives a model): there is no unsatisfiable core".into(),
                });
            }
            Decision::Unknown(why) => return Err(MathError::Limit(why)),
        };
        let mut core: Vec<usize> = (0..cnf.clauses.len()).collect();
        let mut at = 0;
        let mut exact = true;
        while at < core.len() {
            let mut rest = core.clone();
            rest.remove(at);
            match decide(&sub(&rest), ctx)?.0 {
                Decision::Unsat(p) => {
                    core = rest;
                    proof = p;
                }
                Decision::Sat(_) => at += 1,
                Decision::Unknown(_) => {
                    exact = false;
                    break;
                }
            }
        }
        // The minimality check: without each clause the rest has a model
        // (decide evaluates it on every clause). A check the deadline
        // stops claims nothing.
        if exact {
            for k in 0..core.len() {
                let mut rest = core.clone();
                rest.remove(k);
                match decide(&sub(&rest), ctx)?.0 {
                    Decision::Sat(_) => {}
                    Decision::Unknown(_) => {
                        exact = false;
                        break;
                    }
                    Decision::Unsat(_) => {
                        return Err(Stop::CheckFailed("a core clause is not needed").into());
                    }
                }
            }
        }
        Ok(Output {
            status: Status::proven(exact),
            clauses: core.iter().map(|&k| cnf.clauses[k].clone()).collect(),
            core: core.iter().map(|k| k + 1).collect(),
            proof,
            check: if exact {
                format!(
                    "the {} core clauses are unsatisfiable (LRAT proof replayed); without any one of them the rest has a model (each evaluated on every remaining clause)",
                    core.len()
                )
            } else {
                "the core is unsatisfiable (LRAT proof replayed); the deadline stopped the minimality search".into()
            },
        })
    }
}
