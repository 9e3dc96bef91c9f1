use crate::wire::{Decision, ProofOut, decide_formula, formula, named};
use hessian_kernels::logic::formula::Formula;
use hessian_op::prelude::*;
use std::collections::BTreeMap;

pub struct FormulaTautology;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A propositional formula: variables, true, false, ! (not), & (and),
    /// ^ or xor, | (or), -> (implies), <-> (iff), parentheses. Precedence,
    /// tightest first: !, &, xor, |, ->, <->.
    #[schemars(length(max = 100000))]
    pub formula: String,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// "exact", or "unknown" when the deadline stopped the search.
    pub status: Status,
    /// True under every assignment (absent when unknown).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tautology: Option<bool>,
    /// When not a tautology: an assignment that makes it false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counterexample: Option<BTreeMap<String, bool>>,
    /// When a tautology: the LRAT proof that its negation is unsatisfiable.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof: Option<ProofOut>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub variables: Vec<String>,
    pub check: String,
}

impl Operation for FormulaTautology {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "logic.formula.tautology.decide";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Is a propositional formula a tautology (valid)?";
    const SUMMARY: &'static str = "Decides whether a boolean formula is true under every assignment: a replayed proof that its negation is unsatisfiable, or a counterexample assignment.";
    const DESCRIPTION: &'static str = "F is valid exactly when ¬F is unsatisfiable: ¬F's Tseitin CNF goes to the CDCL solver. Checked: the counterexample is evaluated on F (false); the LRAT proof of ¬F is replayed. Bounds: 100,000 characters, 100,000 operators and operands, nesting 500 deep.";
    const KEYWORDS: &'static [&'static str] = &[
        "tautology",
        "valid",
        "validity",
        "always true",
        "logically valid",
        "propositional logic",
        "boolean formula",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "is this formula a tautology",
        "prove that ((p -> q) & (q -> r)) -> (p -> r) is always true",
        "is this logic statement true no matter what",
        "is this argument valid in propositional logic",
        "check a logic homework claim is always true or find a counterexample",
        "how do I prove a boolean formula holds for every input",
    ];
    const ALIASES: &'static [&'static str] = &["TautologyQ", "valid", "is_tautology"];
    const EXAMPLE: &'static str = r#"{"formula": "((p -> q) & (q -> r)) -> (p -> r)"}"#;
    const EXPECTED: &'static str = r#"{"status": "exact", "tautology": true, "proof": {"format": "LRAT", "added": 8, "hints": 19, "bytes": 125, "text": "17 6 0 16 14 0\n18 -7 0 16 15 0\n19 4 0 17 7 0\n20 5 0 17 8 0\n21 1 0 18 11 0\n22 -3 0 18 12 0\n23 2 0 21 19 1 0\n24 0 23 22 20 4 0\n"}, "variables": ["p", "q", "r"], "check": "the LRAT proof that the negation's Tseitin CNF is unsatisfiable replays"}"#;

    // Long run: solve and replay, then the answer in whichever of three shapes it took.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (f, names) = formula("formula", &input.formula, &[])?;
        let negation = Formula::Not(Box::new(f.clone()));
        let (decision, _) = decide_formula(&negation, names.len(), ctx)?;
        let mut out = Output {
            status: Status::Exact,
            tautology: None,
            counterexample: None,
            proof: None,
            reason: None,
            variables: names.clone(),
            check: String::new(),
        };
        match decision {
            Decision::Sat(model) => {
                if f.eval(&model) {
                    return Err(
                        Stop::CheckFailed("the counterexample satisfies the formula").into(),
                    );
                }
                out.tautology = Some(false);
                out.counterexample = Some(named(&names, &model));
                out.check = "the formula evaluates to false at the counterexample".into();
            }
            Decision::Unsat(proof) => {
                out.tautology = Some(true);
                out.proof = Some(proof);
                out.check =
                    "the LRAT proof that the negation's Tseitin CNF is unsatisfiable replays"
                        .into();
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
