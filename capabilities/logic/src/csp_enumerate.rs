use crate::wire::{Domain, csp, valued};
use hessian_kernels::csp::{End, solutions};
use hessian_op::prelude::*;
use std::collections::BTreeMap;

pub struct CspEnumerate;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Each variable's name and values: {"x": "1..9", "y": [0, 2, 4]}.
    pub domains: BTreeMap<String, Domain>,
    /// Constraints, as for logic.csp.solve: "2x + y <= 10", "x != y",
    /// "all_different(a, b, c)".
    pub constraints: List<String, 10_000>,
    /// Most solutions listed (default 100).
    #[serde(default = "hundred")]
    pub limit: Bounded<1, 10_000>,
}

fn hundred() -> Bounded<1, 10_000> {
    Bounded(100)
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// "exact" when every solution is listed or the limit reached;
    /// "unknown" when the deadline stopped the listing.
    pub status: Status,
    /// Solutions in the search's order, each meeting every constraint.
    pub solutions: Vec<BTreeMap<String, i64>>,
    /// Whether the list holds every solution.
    pub complete: bool,
    pub check: String,
}

impl Operation for CspEnumerate {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "logic.csp.enumerate";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "List the solutions of a constraint satisfaction problem";
    const SUMMARY: &'static str = "Lists assignments of finite-domain integer variables meeting linear and all-different constraints, up to a limit, saying whether the list is complete.";
    const DESCRIPTION: &'static str = "The search of logic.csp.solve continued past each solution. Checked: every listed solution is evaluated on its domains and every constraint; 'complete' means the search exhausted the domains. Bounds as for logic.csp.solve; at most 10,000 solutions listed.";
    const KEYWORDS: &'static [&'static str] = &[
        "all solutions",
        "csp",
        "constraint satisfaction",
        "enumerate solutions",
        "list solutions",
        "finite domain",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "list all integer solutions of these constraints",
        "every assignment satisfying the constraint problem",
        "all ways to pick digits meeting these conditions",
        "show every way to assign digits so all the constraints hold",
        "list all valid timetables where no two classes share a slot",
        "all solutions of a puzzle with integer unknowns and limits, written out",
        "how do I get a full list of answers to a logic puzzle over digits",
    ];
    const ALIASES: &'static [&'static str] = &["getSolutions", "cp_enumerate"];
    const EXAMPLE: &'static str =
        r#"{"domains": {"a": "1..4", "b": "1..4"}, "constraints": ["a + b = 5", "a < b"]}"#;
    const EXPECTED: &'static str = r#"{"status": "exact", "solutions": [{"a": 1, "b": 4}, {"a": 2, "b": 3}], "complete": true, "check": "each of the 2 solutions meets every constraint; the search exhausted the domains, so there are no others"}"#;

    // Long run: the listing, and a check text for each of the three ways it can end.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (p, names) = csp(input.domains, &input.constraints.0)?;
        let (found, end) = solutions(&p, input.limit.0 as usize, &ctx.budget)?;
        let n = found.len();
        let check = match end {
            End::Exhausted => format!(
                "each of the {n} solutions meets every constraint; the search exhausted the domains, so there are no others"
            ),
            End::Limit => format!(
                "each of the {n} solutions meets every constraint; the limit stopped the listing with more left"
            ),
            End::Deadline => format!(
                "each of the {n} solutions meets every constraint; the deadline stopped the listing"
            ),
        };
        Ok(Output {
            status: if end == End::Deadline {
                Status::Unknown
            } else {
                Status::Exact
            },
            solutions: found.iter().map(|x| valued(&names, x)).collect(),
            complete: end == End::Exhausted,
            check,
        })
    }
}
