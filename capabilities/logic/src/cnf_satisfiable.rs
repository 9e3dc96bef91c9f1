use crate::wire::{CnfInput, Decision, ProofOut, SearchOut, decide, literals};
use hessian_op::prelude::*;

pub struct CnfSatisfiable;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The clauses: [[1, -2], [2, 3]] (v for variable v, -v for its
    /// negation), or DIMACS CNF text; at most 100,000 variables and
    /// 1,000,000 literals.
    pub cnf: CnfInput,
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
        "can all of these or-rules be true at the same time",
        "is there any true/false setting that meets every clause in this file",
        "check whether hardware verification constraints in a DIMACS file are consistent",
        "how do I test whether a CNF problem has any solution at all",
    ];
    const ALIASES: &'static [&'static str] =
        &["sat_solve", "SatisfiableQ", "pycosat.solve", "minisat"];
    const EXAMPLE: &'static str = r#"{"cnf": [[1, 2], [-1, 2], [1, -2], [-1, -2]]}"#;
    const EXPECTED: &'static str = r#"{"status": "exact", "satisfiable": false, "proof": {"format": "LRAT", "added": 3, "hints": 7, "bytes": 36, "text": "5 1 0 1 3 0\n6 2 0 5 2 0\n7 0 6 5 4 0\n"}, "variables": 2, "clauses": 4, "search": {"decisions": 1, "conflicts": 2, "propagations": 2, "restarts": 0}, "check": "the LRAT proof replays by reverse unit propagation from the 4 input clauses to the empty clause"}"#;

    // Long run: solve and replay, then the answer in whichever of three shapes it took.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let cnf = input.cnf.0;
        let (decision, search) = decide(&cnf, ctx)?;
        let m = cnf.clauses.len();
        let (status, satisfiable, model, proof, reason, check) = match decision {
            Decision::Sat(model) => (
                Status::Exact,
                Some(true),
                Some(literals(&model)),
                None,
                None,
                format!("the model satisfies each of the {m} clauses"),
            ),
            Decision::Unsat(proof) => (
                Status::Exact,
                Some(false),
                None,
                Some(proof),
                None,
                format!(
                    "the LRAT proof replays by reverse unit propagation from the {m} input clauses to the empty clause"
                ),
            ),
            Decision::Unknown(why) => (
                Status::Unknown,
                None,
                None,
                None,
                Some(why),
                "nothing to check: no answer was found".into(),
            ),
        };
        Ok(Output {
            status,
            satisfiable,
            model,
            proof,
            reason,
            variables: cnf.vars,
            clauses: m,
            search,
            check,
        })
    }
}
