use crate::wire::cover;
use hessian_kernels::exact_cover;
use hessian_op::prelude::*;

pub struct ExactCoverCount;

/// The same input as logic.exact_cover.solve.
pub use crate::exact_cover_solve::Input;

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The number of exact covers (a lower bound when `complete` is false).
    pub count: String,
    /// Whether the search went through every branch; false when the
    /// deadline stopped it.
    pub complete: bool,
    pub check: String,
}

impl Operation for ExactCoverCount {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "logic.exact_cover.count";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Count the exact covers of a family of sets";
    const SUMMARY: &'static str = "Counts the ways to choose sets that together contain each item exactly once (secondary items at most once), by exhaustive Algorithm X with dancing links.";
    const DESCRIPTION: &'static str = "Algorithm X on dancing links goes through every branch, counting covers. Checked: each cover counted is verified against the definition (each primary item once, each secondary at most once) as it is found; the count is exact when the search ends, and a lower bound with complete = false when the deadline stops it. Bounds: 10,000 sets of at most 1,000 items.";
    const KEYWORDS: &'static [&'static str] = &[
        "count exact covers",
        "number of exact covers",
        "number of tilings",
        "dancing links",
        "algorithm x",
        "n queens solutions",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "count the exact covers of these sets",
        "number of ways to tile a board with these pieces",
        "how many ways can I fill the grid with these pentominoes",
        "number of ways to split items into non overlapping groups from given subsets",
        "count the distinct tilings of a rectangle by dominoes",
        "is there a way to count all perfect partitions from a list of subsets",
    ];
    const ALIASES: &'static [&'static str] = &["count_dlx"];
    const EXAMPLE: &'static str = r#"{"sets": [[1, 2], [3, 4], [1, 3], [2, 4], [1, 4], [2, 3]]}"#;
    const EXPECTED: &'static str = r#"{"count": "3", "complete": true, "check": "each of the 3 covers counted was verified against the definition as it was found; the search went through every branch"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let c = cover(
            input.sets.0.into_iter().map(|s| s.0).collect(),
            input.items.map(|l| l.0),
            input.secondary.map(|l| l.0),
        )?;
        let found = exact_cover::search(&c.problem, 0, None, &ctx.budget)?;
        Ok(Output {
            count: found.count.to_string(),
            complete: found.complete,
            check: format!(
                "each of the {} covers counted was verified against the definition as it was found{}",
                found.count,
                if found.complete {
                    "; the search went through every branch"
                } else {
                    "; the deadline stopped the search, so this is a lower bound"
                }
            ),
        })
    }
}
