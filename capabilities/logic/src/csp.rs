use crate::wire::{Domain, csp, valued};
use hessian_kernels::csp::{End, solutions};
use hessian_op::prelude::*;
use std::collections::BTreeMap;

pub struct Csp;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Each variable's name and values: {"x": "1..9", "y": [0, 2, 4]}.
    /// Names: a letter or _, then letters, digits or _. At most 100,000
    /// values per variable, 1,000,000 in all.
    pub domains: BTreeMap<String, Domain>,
    /// Constraints: linear (in)equalities between integer expressions
    /// ("2x + 3*y - z <= 10", "x + 1 = y", "x != y", relations <=, >=, =,
    /// !=, <, >) and all_different over expressions ("all_different(a, b,
    /// c)", "all_different(q1 + 1, q2 + 2)").
    pub constraints: List<String, 10_000>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// "exact", or "unknown" when the deadline stopped the search.
    pub status: Status,
    /// Whether some assignment meets every constraint (absent when unknown).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub satisfiable: Option<bool>,
    /// A value for every variable meeting every constraint.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<BTreeMap<String, i64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub check: String,
}

impl Operation for Csp {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "logic.csp.solve";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Solve a constraint satisfaction problem over finite integer domains";
    const SUMMARY: &'static str = "Finds values for integer variables with finite domains meeting linear constraints (=, ≠, ≤, <) and all-different, or proves there are none (the search exhausted).";
    const DESCRIPTION: &'static str = "Backtracking search, smallest domain first, with propagation to a fixed point at every node: bounds reasoning on each linear constraint (a value is removed when even the other terms' most favourable values cannot balance it), value removal for ≠ and all-different once an expression has one open variable. Checked: a solution is evaluated on every domain and constraint in exact integer arithmetic. 'No solution' is the search exhausting the domains (every removal follows from a constraint); the unknown status reports a deadline. Bounds: 10,000 constraints, 100,000 values per domain, 1,000,000 in all, |values| ≤ 10^9.";
    const KEYWORDS: &'static [&'static str] = &[
        "csp",
        "constraint satisfaction",
        "constraint programming",
        "finite domain",
        "all different",
        "alldifferent",
        "puzzle",
        "cryptarithm",
        "integer constraints",
        "n queens",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "find integer values satisfying these constraints",
        "solve the SEND + MORE = MONEY cryptarithm",
        "constraint satisfaction problem with all different",
        "find numbers for each unknown so that all the rules are met",
        "assign different digits to letters so the addition works",
        "schedule exams into time slots with no clashes and room limits",
        "how do I solve a puzzle where variables take values from small ranges",
    ];
    const ALIASES: &'static [&'static str] = &["cp_solve", "python-constraint", "getSolution"];
    const EXAMPLE: &'static str = r#"{"domains": {"x": "1..5", "y": "1..5", "z": [2, 4, 6]}, "constraints": ["x + y = z", "x < y", "all_different(x, y, z)"]}"#;
    const EXPECTED: &'static str = r#"{"status": "exact", "satisfiable": true, "solution": {"x": 1, "y": 3, "z": 4}, "check": "the values lie in their domains and meet each of the 3 constraints"}"#;

    // Long run: the answer in whichever of three shapes the search left it.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (p, names) = csp(input.domains, &input.constraints.0)?;
        let (found, end) = solutions(&p, 1, &ctx.budget)?;
        let m = p.constraints.len();
        Ok(match (found.first(), end) {
            (Some(x), _) => Output {
                status: Status::Exact,
                satisfiable: Some(true),
                solution: Some(valued(&names, x)),
                reason: None,
                check: format!("the values lie in their domains and meet each of the {m} constraints"),
            },
            (None, End::Deadline) => Output {
                status: Status::Unknown,
                satisfiable: None,
                solution: None,
                reason: Some("the deadline stopped the search before a solution was found".into()),
                check: "nothing to check: no answer was found".into(),
            },
            (None, _) => Output {
                status: Status::Exact,
                satisfiable: Some(false),
                solution: None,
                reason: None,
                check: "the search exhausted the domains: every value removed follows from a constraint".into(),
            },
        })
    }
}
