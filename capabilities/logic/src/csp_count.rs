use crate::csp::Input;
use crate::wire::csp;
use hessian_kernels::csp::{Count, count};
use hessian_op::prelude::*;

pub struct CspCount;

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// "exact", or "unknown" when the deadline stopped the count or its
    /// replay.
    pub status: Status,
    /// The number of solutions (when unknown: those found so far).
    pub count: u64,
    pub check: String,
}

impl Operation for CspCount {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "logic.csp.count";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Count the solutions of a constraint satisfaction problem";
    const SUMMARY: &'static str = "The exact number of assignments of finite-domain integer variables meeting linear and all-different constraints, counted twice by different searches.";
    const DESCRIPTION: &'static str = "The search of logic.csp.solve run to the end, every solution evaluated on every constraint, then replayed by a second search that branches on the largest domain first and tries values from the top (a different tree); the two counts must agree. At the deadline the status is unknown with the solutions found so far. Bounds as for logic.csp.solve.";
    const KEYWORDS: &'static [&'static str] = &[
        "number of solutions",
        "count solutions",
        "csp",
        "constraint satisfaction",
        "how many assignments",
        "finite domain",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "how many integer solutions do these constraints have",
        "count the ways to place 8 queens with all different diagonals",
        "number of assignments satisfying the constraint problem",
        "in how many ways can I fill these variables so all rules hold",
        "how many ways to give each person a different number meeting the rules",
        "count valid schedules with all different time slots and capacity limits",
        "is there a way to count the solutions of a puzzle with integer unknowns",
    ];
    const ALIASES: &'static [&'static str] = &["cp_count", "count_solutions"];
    const EXAMPLE: &'static str = r#"{"domains": {"a": "1..6", "b": "1..6", "c": "1..6"}, "constraints": ["a + b + c = 10", "all_different(a, b, c)"]}"#;
    const EXPECTED: &'static str = r#"{"status": "exact", "count": 18, "check": "18 solutions, each evaluated on every constraint, counted again by a search branching on the largest domain and values from the top"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (p, _) = csp(input.domains, &input.constraints.0)?;
        Ok(match count(&p, &ctx.budget)? {
            Count::Exact(n) => Output {
                status: Status::Exact,
                count: n,
                check: format!(
                    "{n} solutions, each evaluated on every constraint, counted again by a search branching on the largest domain and values from the top"
                ),
            },
            Count::AtLeast(n) => Output {
                status: Status::Unknown,
                count: n,
                check: format!("the deadline stopped the count after {n} solutions"),
            },
            Count::Unreplayed(n) => Output {
                status: Status::Unknown,
                count: n,
                check: format!("the search counted {n} solutions; the deadline stopped its replay"),
            },
        })
    }
}
