use crate::wire::{CnfInput, Decision, decide, literals};
use hessian_op::prelude::*;

pub struct CnfModels;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The clauses: [[1, -2], [2, 3]] (v for variable v, -v for its
    /// negation), or DIMACS CNF text; at most 100,000 variables.
    pub cnf: CnfInput,
    /// Most models listed (default 100, at most 1,000).
    #[serde(default)]
    pub limit: Option<Bounded<1, 1000>>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Satisfying assignments, each v or -v for every variable 1..n, all different.
    pub models: Vec<Vec<i32>>,
    /// Whether these are all the models (proven by a replayed proof that no
    /// other exists); false when the limit or the deadline stopped the listing.
    pub complete: bool,
    pub check: String,
}

impl Operation for CnfModels {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "logic.cnf.models.enumerate";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "List the satisfying assignments of CNF clauses";
    const SUMMARY: &'static str = "Enumerates models of a clause set (up to a limit), each checked, and proves the list complete when it is.";
    const DESCRIPTION: &'static str = "Each model found is blocked by a clause excluding exactly it and the solver asked again; when the clauses plus the blocking clauses are unsatisfiable (LRAT proof replayed) the list holds every model. Checked: every model is evaluated on every clause, and models are pairwise different. Bounds: 1,000 models, 100,000 variables, 1,000,000 literals; the deadline or the server's output budget ends the list early (complete is then false).";
    const KEYWORDS: &'static [&'static str] = &[
        "all models",
        "enumerate solutions",
        "all satisfying assignments",
        "allsat",
        "cnf",
        "dimacs",
        "list models",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "list every satisfying assignment of these clauses",
        "enumerate all solutions of a CNF formula",
        "show me every true/false setting that obeys all the clauses",
        "list all valid feature combinations when the rules are given as clauses",
        "generate all the different solutions of a SAT instance one by one",
        "how do I get every solution of a clause set, not just one",
    ];
    const ALIASES: &'static [&'static str] =
        &["allsat", "itersolve", "satisfiable(all_models=True)"];
    const EXAMPLE: &'static str = r#"{"cnf": [[1, 2], [-1, -2]]}"#;
    const EXPECTED: &'static str = r#"{"models": [[-1, 2], [1, -2]], "complete": true, "check": "each of the 2 models satisfies the 2 clauses and differs from the others (it satisfies their blocking clauses); no further model: the clauses with all blocking clauses are unsatisfiable (LRAT proof replayed)"}"#;

    // Long run: solve, block, repeat; the list's completeness proven by the last call.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let mut cnf = input.cnf.0;
        let m = cnf.clauses.len();
        let limit = input.limit.map_or(100, |l| l.0 as usize);
        let mut models: Vec<Vec<i32>> = Vec::new();
        let mut complete = false;
        let mut bytes = 0usize;
        while models.len() < limit {
            match decide(&cnf, ctx)?.0 {
                Decision::Sat(model) => {
                    let lits = literals(&model);
                    // Stop before the answer outgrows what the caller takes.
                    bytes += lits.iter().map(|l| l.to_string().len() + 2).sum::<usize>();
                    if ctx.max_output_bytes.is_some_and(|max| bytes > max / 2) {
                        break;
                    }
                    cnf.clauses.push(lits.iter().map(|l| -l).collect());
                    models.push(lits);
                }
                Decision::Unsat(_) => {
                    complete = true;
                    break;
                }
                Decision::Unknown(_) => break,
            }
        }
        // decide() evaluated each model on every clause, the blocking ones
        // included: so each differs from all earlier ones.
        let n = models.len();
        Ok(Output {
            models,
            complete,
            check: format!(
                "each of the {n} models satisfies the {m} clauses and differs from the others (it satisfies their blocking clauses){}",
                if complete {
                    "; no further model: the clauses with all blocking clauses are unsatisfiable (LRAT proof replayed)"
                } else {
                    ""
                }
            ),
        })
    }
}
