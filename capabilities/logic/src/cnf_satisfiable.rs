use crate::wire::{CnfInput, literals};
use hessian_kernels::sat::cdcl::{self, Halt, Outcome};
use hessian_kernels::sat::{Step, falsified, lrat, lrat_text};
use hessian_op::prelude::*;

pub struct CnfSatisfiable;

/// Hints and literals an unsatisfiability proof may hold.
const MAX_PROOF_WORDS: usize = 8_000_000;
/// Largest LRAT text returned with the answer (its size is always given).
const MAX_PROOF_TEXT: usize = 16_384;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The clauses: [[1, -2], [2, 3]] (v for variable v, -v for its
    /// negation), or DIMACS CNF text; at most 100,000 variables and
    /// 1,000,000 literals.
    pub cnf: CnfInput,
}

#[derive(Serialize, JsonSchema)]
pub struct ProofOut {
    /// "LRAT": each added clause with the clauses (hints) whose unit
    /// propagation derives it; input clauses are numbered 1..m.
    pub format: &'static str,
    /// Clauses the proof adds, the last one empty.
    pub added: usize,
    /// Hints over all added clauses.
    pub hints: usize,
    /// Bytes of the LRAT text.
    pub bytes: usize,
    /// The LRAT text, when at most 16 KB.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

#[derive(Serialize, JsonSchema)]
pub struct SearchOut {
    pub decisions: u64,
    pub conflicts: u64,
    pub propagations: u64,
    pub restarts: u64,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// "exact", or "unknown" when the deadline or the proof's size bound
    /// stopped the search before an answer was found and replayed.
    pub status: Status,
    /// Whether some assignment satisfies every clause (absent when unknown).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub satisfiable: Option<bool>,
    /// A satisfying assignment: v or -v for every variable 1..n.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<Vec<i32>>,
    /// When unsatisfiable: the proof, replayed by Hessian's LRAT checker.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof: Option<ProofOut>,
    /// When unknown: what stopped it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub variables: u32,
    pub clauses: usize,
    pub search: SearchOut,
    pub check: String,
}

impl Operation for CnfSatisfiable {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "logic.cnf.satisfiable.decide";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Satisfiability of a CNF formula (SAT), with a model or a checked proof";
    const SUMMARY: &'static str = "Decides whether clauses in conjunctive normal form (DIMACS or lists of literals) can all be satisfied: a satisfying assignment, or an unsatisfiability proof (LRAT) replayed by an independent checker.";
    const DESCRIPTION: &'static str = "A CDCL solver (two watched literals, VSIDS, phase saving, first-UIP learning with recursive minimisation, Luby restarts, learnt clauses kept by LBD) that writes, for every clause it learns, the LRAT hints its conflict analysis used. Checked before it is returned: a model is evaluated on every clause; an unsatisfiability proof is replayed step by step by reverse unit propagation along its hints (kernels::sat::lrat, the only trusted code) down to the empty clause. The proof's size is always given, its LRAT text when at most 16 KB. When the deadline stops the search the status is unknown with the search's counters. Bounds: 100,000 variables, 1,000,000 literals, 8,000,000 words of proof.";
    const KEYWORDS: &'static [&'static str] = &[
        "sat",
        "satisfiability",
        "satisfiable",
        "cnf",
        "dimacs",
        "sat solver",
        "boolean satisfiability",
        "unsat proof",
        "drat",
        "lrat",
        "clauses",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "is this CNF formula satisfiable",
        "run a SAT solver on DIMACS clauses",
        "find a satisfying assignment for these clauses or prove unsatisfiability",
    ];
    const ALIASES: &'static [&'static str] =
        &["sat_solve", "SatisfiableQ", "pycosat.solve", "minisat"];
    const EXAMPLE: &'static str = r#"{"cnf": [[1, 2], [-1, 2], [1, -2], [-1, -2]]}"#;
    const EXPECTED: &'static str = r#"{"status": "exact", "satisfiable": false, "proof": {"format": "LRAT", "added": 3, "hints": 7, "bytes": 36, "text": "5 1 0 1 3 0\n6 2 0 5 2 0\n7 0 6 5 4 0\n"}, "variables": 2, "clauses": 4, "search": {"decisions": 1, "conflicts": 2, "propagations": 2, "restarts": 0}, "check": "the LRAT proof (3 added clauses, 7 hints) replays by reverse unit propagation from the 4 input clauses to the empty clause"}"#;

    // Long run: solve, then replay the model or the proof, then report.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let cnf = input.cnf.0;
        let limits = cdcl::Limits {
            proof_words: MAX_PROOF_WORDS,
        };
        let (outcome, stats) = cdcl::solve(&cnf, &limits, &ctx.budget);
        let search = SearchOut {
            decisions: stats.decisions,
            conflicts: stats.conflicts,
            propagations: stats.propagations,
            restarts: stats.restarts,
        };
        let mut out = Output {
            status: Status::Unknown,
            satisfiable: None,
            model: None,
            proof: None,
            reason: None,
            variables: cnf.vars,
            clauses: cnf.clauses.len(),
            search,
            check: String::new(),
        };
        match outcome {
            Err(Halt::Stopped(Stop::Deadline)) => {
                out.reason = Some(format!(
                    "the deadline stopped the search after {} conflicts",
                    stats.conflicts
                ));
                out.check = "nothing to check: no answer was found".into();
            }
            Err(Halt::Stopped(stop)) => return Err(stop.into()),
            Err(Halt::ProofTooLarge) => {
                out.reason = Some(format!(
                    "the proof passed {MAX_PROOF_WORDS} words after {} conflicts",
                    stats.conflicts
                ));
                out.check = "nothing to check: no answer was found".into();
            }
            Ok(Outcome::Sat(model)) => {
                if falsified(&cnf, &model).is_some() {
                    return Err(Stop::CheckFailed("the model falsifies a clause").into());
                }
                out.status = Status::Exact;
                out.satisfiable = Some(true);
                out.model = Some(literals(&model));
                out.check = format!(
                    "the model satisfies each of the {} clauses",
                    cnf.clauses.len()
                );
            }
            Ok(Outcome::Unsat(steps)) => match lrat::check(&cnf, &steps, &ctx.budget) {
                Err(Stop::Deadline) => {
                    out.reason = Some(format!(
                        "the solver found the clauses unsatisfiable, but the replay of its {}-step proof did not finish before the deadline",
                        steps.len()
                    ));
                    out.check = "the proof's replay was stopped: no answer is claimed".into();
                }
                Err(stop) => return Err(stop.into()),
                Ok(Err(_)) => {
                    return Err(
                        Stop::CheckFailed("the LRAT checker rejected the solver's proof").into(),
                    );
                }
                Ok(Ok(())) => {
                    let added = steps
                        .iter()
                        .filter(|s| matches!(s, Step::Add { .. }))
                        .count();
                    let hints = steps
                        .iter()
                        .map(|s| match s {
                            Step::Add { hints, .. } => hints.len(),
                            Step::Delete(_) => 0,
                        })
                        .sum();
                    let text = lrat_text(&steps, cnf.clauses.len() as u64);
                    out.status = Status::Exact;
                    out.satisfiable = Some(false);
                    out.check = format!(
                        "the LRAT proof ({added} added clauses, {hints} hints) replays by reverse unit propagation from the {} input clauses to the empty clause",
                        cnf.clauses.len()
                    );
                    out.proof = Some(ProofOut {
                        format: "LRAT",
                        added,
                        hints,
                        bytes: text.len(),
                        text: (text.len() <= MAX_PROOF_TEXT).then_some(text),
                    });
                }
            },
        }
        Ok(out)
    }
}
