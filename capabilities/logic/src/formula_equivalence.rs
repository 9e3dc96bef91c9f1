use crate::wire::{Decision, ProofOut, decide_formula, formula, named};
use hessian_kernels::logic::formula::Formula;
use hessian_op::prelude::*;
use std::collections::BTreeMap;

pub struct FormulaEquivalence;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A propositional formula (grammar as logic.formula.satisfiable.decide:
    /// !, &, xor/^, |, ->, <->, true, false, parentheses).
    #[schemars(length(max = 100000))]
    pub left: String,
    /// Another, over the same or other variables (shared names are the
    /// same variable).
    #[schemars(length(max = 100000))]
    pub right: String,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// "exact", or "unknown" when the deadline stopped the search.
    pub status: Status,
    /// Equal under every assignment (absent when unknown).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub equivalent: Option<bool>,
    /// When not equivalent: an assignment where they differ.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distinguishing_assignment: Option<BTreeMap<String, bool>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left_value: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub right_value: Option<bool>,
    /// When equivalent: the LRAT proof that left xor right is unsatisfiable.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof: Option<ProofOut>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub variables: Vec<String>,
    pub check: String,
}

impl Operation for FormulaEquivalence {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "logic.formula.equivalence.decide";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Are two propositional formulas equivalent?";
    const SUMMARY: &'static str = "Decides whether two boolean formulas agree under every assignment: a replayed proof, or an assignment where they differ.";
    const DESCRIPTION: &'static str = "left ≡ right exactly when left xor right is unsatisfiable: its Tseitin CNF goes to the CDCL solver. Checked: both formulas are evaluated at the distinguishing assignment (they must differ); the LRAT proof is replayed. Bounds: 100,000 characters each, 100,000 operators and operands, nesting 500 deep.";
    const KEYWORDS: &'static [&'static str] = &[
        "equivalent",
        "logical equivalence",
        "equivalence",
        "same truth table",
        "de morgan",
        "boolean formula",
        "propositional logic",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "are these two boolean formulas equivalent",
        "check that !(a & b) is the same as !a | !b",
        "do these two logic expressions always give the same output",
        "can I replace this circuit with a simpler one without changing behavior",
        "check that two ways of writing an if condition in code mean the same",
        "is there a way to tell if two boolean expressions are interchangeable",
    ];
    const ALIASES: &'static [&'static str] = &["Equivalent", "LogicalEquivalence", "equivalent"];
    const EXAMPLE: &'static str = r#"{"left": "!(a & b)", "right": "!a | !b"}"#;
    const EXPECTED: &'static str = r#"{"status": "exact", "equivalent": true, "proof": {"format": "LRAT", "added": 5, "hints": 18, "bytes": 90, "text": "12 1 0 11 1 4 8 0\n13 -4 0 12 11 8 6 2 0\n14 2 0 13 5 0\n15 -3 0 13 11 7 0\n16 0 15 14 12 3 0\n"}, "variables": ["a", "b"], "check": "the LRAT proof that the Tseitin CNF of left xor right is unsatisfiable replays"}"#;

    // Long run: solve and replay, then the answer in whichever of three shapes it took.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (left, names) = formula("left", &input.left, &[])?;
        let (right, names) = formula("right", &input.right, &names)?;
        let difference = Formula::Xor(Box::new(left.clone()), Box::new(right.clone()));
        let (decision, _) = decide_formula(&difference, names.len(), ctx)?;
        let mut out = Output {
            status: Status::Exact,
            equivalent: None,
            distinguishing_assignment: None,
            left_value: None,
            right_value: None,
            proof: None,
            reason: None,
            variables: names.clone(),
            check: String::new(),
        };
        match decision {
            Decision::Sat(model) => {
                let (l, r) = (left.eval(&model), right.eval(&model));
                if l == r {
                    return Err(Stop::CheckFailed(
                        "the formulas agree at the distinguishing assignment",
                    )
                    .into());
                }
                out.equivalent = Some(false);
                out.distinguishing_assignment = Some(named(&names, &model));
                out.left_value = Some(l);
                out.right_value = Some(r);
                out.check = "both formulas evaluated at the assignment: they differ".into();
            }
            Decision::Unsat(proof) => {
                out.equivalent = Some(true);
                out.proof = Some(proof);
                out.check = "the LRAT proof that the Tseitin CNF of left xor right is unsatisfiable replays".into();
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
