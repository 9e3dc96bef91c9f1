use crate::wire::cover;
use hessian_kernels::exact_cover;
use hessian_op::prelude::*;
use hessian_op::wire::Item;

pub struct ExactCoverSolve;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The sets to choose from (at most 10,000, each of at most 1,000 items).
    pub sets: List<List<Item, 1000>, 10000>,
    /// The items every cover must contain exactly once; default: every item
    /// of some set that is not secondary.
    #[serde(default)]
    pub items: Option<List<Item, 10000>>,
    /// Items a cover may contain at most once (e.g. diagonals in n queens).
    #[serde(default)]
    pub secondary: Option<List<Item, 10000>>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub exists: bool,
    /// The chosen sets' positions in `sets`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cover: Vec<usize>,
    /// The chosen sets themselves.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub chosen: Vec<Vec<Item>>,
    pub check: String,
}

impl Operation for ExactCoverSolve {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "logic.exact_cover.solve";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Exact cover: choose sets that contain every item exactly once";
    const SUMMARY: &'static str = "Finds sets among the given ones that together contain each item exactly once (secondary items at most once), or proves there are none, by Knuth's Algorithm X with dancing links.";
    const DESCRIPTION: &'static str = "Algorithm X on dancing links, branching on the item with fewest remaining sets. The search is exhaustive, so \"no cover\" is exact when it ends. Checked: the cover found contains every primary item exactly once and every secondary item at most once. Items are integers or names. Bounds: 10,000 sets of at most 1,000 items; the deadline stops the search with a refusal.";
    const KEYWORDS: &'static [&'static str] = &[
        "exact cover",
        "algorithm x",
        "dancing links",
        "dlx",
        "tiling",
        "partition into sets",
        "pentomino",
        "each element exactly once",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "choose subsets that cover every element exactly once",
        "tile a board with these pieces",
        "pick pieces so every square is covered once and nothing overlaps",
        "solve a pentomino puzzle on a rectangular board",
        "split a set into groups chosen from given options with no item twice",
        "how do I choose rows so each column has exactly one 1",
    ];
    const ALIASES: &'static [&'static str] = &["dlx", "algorithm_x"];
    const EXAMPLE: &'static str =
        r#"{"sets": [[1, 4, 7], [1, 4], [4, 5, 7], [3, 5, 6], [2, 3, 6, 7], [2, 7]]}"#;
    const EXPECTED: &'static str = r#"{"exists": true, "cover": [1, 3, 5], "chosen": [["1", "4"], ["3", "5", "6"], ["2", "7"]], "check": "the 3 chosen sets contain each of the 7 items exactly once (secondary items at most once)"}"#;

    // Long run: the sets numbered, the search to the first cover, the answer named.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let c = cover(
            input.sets.0.into_iter().map(|s| s.0).collect(),
            input.items.map(|l| l.0),
            input.secondary.map(|l| l.0),
        )?;
        let found = exact_cover::search(&c.problem, 1, Some(1), &ctx.budget)?;
        if found.interrupted {
            return Err(Stop::Deadline.into());
        }
        let cover = found.covers.into_iter().next().unwrap_or_default();
        Ok(Output {
            exists: !cover.is_empty() || found.count > 0,
            chosen: cover.iter().map(|&k| c.sets[k].clone()).collect(),
            check: if found.count > 0 {
                format!(
                    "the {} chosen sets contain each of the {} items exactly once (secondary items at most once)",
                    cover.len(),
                    c.problem.primary
                )
            } else {
                "the search went through every branch without a cover".into()
            },
            cover,
        })
    }
}
