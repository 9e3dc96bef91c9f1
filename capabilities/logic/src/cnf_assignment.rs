use crate::wire::{CnfInput, Literal};
use hessian_op::prelude::*;

pub struct CnfAssignment;

/// Clauses listed by number in the answer, of each kind.
const SHOWN: usize = 100;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The clauses: [[1, -2], [2, 3]] (v for variable v, -v for its
    /// negation), or DIMACS CNF text; at most 100,000 variables and
    /// 1,000,000 literals.
    pub cnf: CnfInput,
    /// The assignment as literals: v sets variable v true, -v false;
    /// variables not listed are unassigned.
    pub assignment: List<Literal, 100_000>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Every clause has a true literal.
    pub satisfied: bool,
    /// Clauses (numbered from 1) whose literals are all false, the first 100.
    pub falsified: Vec<usize>,
    pub falsified_count: usize,
    /// Clauses with no true literal and some unassigned one, the first 100.
    pub undecided: Vec<usize>,
    pub undecided_count: usize,
    /// Variables of the clauses the assignment leaves open.
    pub unassigned_variables: usize,
}

impl Operation for CnfAssignment {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "logic.cnf.assignment.check";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Check an assignment against CNF clauses";
    const SUMMARY: &'static str = "Evaluates a (partial) truth assignment on clauses in conjunctive normal form: satisfied or not, with the clauses it falsifies and those it leaves undecided.";
    const DESCRIPTION: &'static str = "Each clause is satisfied when one of its literals is true, falsified when all are false, undecided otherwise. An assignment naming a variable both true and false is refused. Bounds: 100,000 variables, 1,000,000 literals, 100,000 assignment literals; the first 100 clauses of each kind are listed, all are counted.";
    const KEYWORDS: &'static [&'static str] = &[
        "check assignment",
        "verify model",
        "cnf",
        "dimacs",
        "satisfying assignment",
        "evaluate clauses",
        "sat certificate",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "does this assignment satisfy the CNF formula",
        "verify a SAT solver's model against the clauses",
        "do these true and false values make every clause hold",
        "which clauses does my guessed setting of the variables break",
        "test a candidate configuration against the rules in a clause file",
        "is there a way to see which clauses my variable settings fail",
    ];
    const ALIASES: &'static [&'static str] = &["check_model", "verify_sat_assignment"];
    const EXAMPLE: &'static str =
        r#"{"cnf": "p cnf 3 2\n1 -2 0\n2 3 0\n", "assignment": [1, -2, 3]}"#;
    const EXPECTED: &'static str = r#"{"satisfied": true, "falsified": [], "falsified_count": 0, "undecided": [], "undecided_count": 0, "unassigned_variables": 0}"#;

    // Long run: the assignment read, each clause classified, open variables counted.
    fn run(input: Input, _ctx: &Ctx) -> Result<Output, MathError> {
        let cnf = input.cnf.0;
        let n = cnf.vars as usize;
        // value[v]: 0 open, 1 true, -1 false.
        let mut value = vec![0i8; n + 1];
        for &Bounded(l) in &input.assignment.0 {
            let v = l.unsigned_abs() as usize;
            if l == 0 {
                return Err(MathError::Input {
                    path: "assignment".into(),
                    message: "0 is not a literal: v sets variable v true, -v sets it false".into(),
                });
            }
            if v > n {
                continue;
            }
            let x = if l > 0 { 1 } else { -1 };
            if value[v] == -x {
                return Err(MathError::Input {
                    path: "assignment".into(),
                    message: format!("variable {v} is given both true and false"),
                });
            }
            value[v] = x;
        }
        let (mut falsified, mut undecided) = (Vec::new(), Vec::new());
        let (mut falsified_count, mut undecided_count) = (0, 0);
        for (k, c) in cnf.clauses.iter().enumerate() {
            let truth = |l: &i32| {
                let v = value[l.unsigned_abs() as usize];
                if *l > 0 { v } else { -v }
            };
            if c.iter().any(|l| truth(l) == 1) {
                continue;
            }
            if c.iter().all(|l| truth(l) == -1) {
                falsified_count += 1;
                if falsified.len() < SHOWN {
                    falsified.push(k + 1);
                }
            } else {
                undecided_count += 1;
                if undecided.len() < SHOWN {
                    undecided.push(k + 1);
                }
            }
        }
        let mut used = vec![false; n + 1];
        for l in cnf.clauses.iter().flatten() {
            used[l.unsigned_abs() as usize] = true;
        }
        let unassigned_variables = (1..=n).filter(|&v| used[v] && value[v] == 0).count();
        Ok(Output {
            satisfied: falsified_count == 0 && undecided_count == 0,
            falsified,
            falsified_count,
            undecided,
            undecided_count,
            unassigned_variables,
        })
    }
}
