use crate::wire::{Decision, ProofOut, decide_formula, formula, named};
use hessian_op::prelude::*;
use std::collections::BTreeMap;

pub struct FormulaSatisfiable;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A propositional formula: variables, true, false, ! (not), & (and),
    /// ^ or xor, | (or), -> (implies), <-> (iff), parentheses; the words
    /// and, or, not, xor, implies, iff also work. Precedence, tightest
    /// first: !, &, xor, |, ->, <->.
    #[schemars(length(max = 100000))]
    pub formula: String,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// "exact", or "unknown" when the deadline stopped the search.
    pub status: Status,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub satisfiable: Option<bool>,
    /// A satisfying assignment of every variable.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<BTreeMap<String, bool>>,
    /// When unsatisfiable: the LRAT proof for the formula's Tseitin CNF.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof: Option<ProofOut>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub variables: Vec<String>,
    pub check: String,
}

impl Operation for FormulaSatisfiable {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "logic.formula.satisfiable.decide";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Satisfiability of a propositional formula";
    const SUMMARY: &'static str = "Decides whether a boolean formula written with &, |, !, ->, <->, xor can be true: a satisfying assignment, or a proof (LRAT, replayed) that none exists.";
    const DESCRIPTION: &'static str = "Tseitin's CNF of the formula (one variable per subformula, defined by clauses equivalent to t ↔ op(children); its models restrict one-to-one onto the formula's) goes to the CDCL solver of logic.cnf.satisfiable.decide. Checked: the formula itself is evaluated at the model; an unsatisfiability proof is replayed by the LRAT checker. Bounds: 100,000 characters, 100,000 operators and operands, nesting 500 deep.";
    const KEYWORDS: &'static [&'static str] = &[
        "satisfiable",
        "satisfiability",
        "boolean formula",
        "propositional logic",
        "sat",
        "contradiction",
        "consistent",
        "logic formula",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "is this boolean formula satisfiable",
        "find values of p, q, r that make the formula true",
        "is (a -> b) & a & !b a contradiction",
        "can this logic statement ever be true",
        "is there any way to choose true and false so this rule holds",
        "check whether business rules written as logic can all hold together",
        "how do I know if some input makes this logic expression true",
    ];
    const ALIASES: &'static [&'static str] = &["satisfiable", "SatisfiableQ", "sympy.satisfiable"];
    const EXAMPLE: &'static str = r#"{"formula": "(p | q) & (!p | r) & !r"}"#;
    const EXPECTED: &'static str = r#"{"status": "exact", "satisfiable": true, "model": {"p": false, "q": true, "r": false}, "variables": ["p", "q", "r"], "check": "the formula evaluates to true at the model"}"#;

    // Long run: solve and replay, then the answer in whichever of three shapes it took.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (f, names) = formula("formula", &input.formula, &[])?;
        let (decision, _) = decide_formula(&f, names.len(), ctx)?;
        let mut out = Output {
            status: Status::Exact,
            satisfiable: None,
            model: None,
            proof: None,
            reason: None,
            variables: names.clone(),
            check: String::new(),
        };
        match decision {
            Decision::Sat(model) => {
                out.satisfiable = Some(true);
                out.model = Some(named(&names, &model));
                out.check = "the formula evaluates to true at the model".into();
            }
            Decision::Unsat(proof) => {
                out.satisfiable = Some(false);
                out.proof = Some(proof);
                out.check = "the LRAT proof that the Tseitin CNF (equisatisfiable with the formula) is unsatisfiable replays".into();
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
