use crate::wire::GraphInput;
use hessian_kernels::graph;
use hessian_op::prelude::*;

pub struct ChromaticNumber;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<200>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// "exact", or "unknown" when the deadline stopped the search.
    pub status: Status,
    /// The chromatic number when exact; otherwise the colours of the best colouring found (an upper bound).
    pub colours: usize,
    /// A proper colouring with that many colours (0-based colour per vertex).
    pub colouring: Vec<usize>,
    /// When unknown: a proven lower bound (the size of a clique found).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lower_bound: Option<usize>,
}

impl Operation for ChromaticNumber {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.chromatic_number.compute";
    const VERSION: u32 = 5;
    const TITLE: &'static str = "Chromatic number of a graph and an optimal colouring";
    const SUMMARY: &'static str = "The least number of colours for a proper vertex colouring, with a colouring; typed unknown with bounds at the deadline.";
    const DESCRIPTION: &'static str = "Exact DSATUR branch and bound on the simple undirected graph (loops make colouring impossible and are refused), using a maximum clique as lower bound. NP-hard: when the call deadline stops it, status is unknown with the best colouring found and a proven lower bound, never a guess. The colouring is checked proper. At most 200 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "chromatic number",
        "graph colouring",
        "vertex coloring",
        "minimum colours",
        "k-colourable",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "fewest colours for a proper vertex colouring",
        "minimum number of colours so adjacent vertices differ",
        "scheduling with conflicts as graph colouring",
        "fewest exam time slots so no student has two exams at once",
        "how many colors do I need so neighboring regions never share one",
        "least number of radio frequencies so nearby towers never clash",
        "what is the smallest number of groups so no two conflicting items share one",
    ];
    const ALIASES: &'static [&'static str] =
        &["chromatic_number", "ChromaticNumber", "greedy_color"];
    const EXAMPLE: &'static str =
        r#"{"graph": {"vertices": 5, "edges": [[0, 1], [1, 2], [2, 3], [3, 4], [4, 0]]}}"#;
    const EXPECTED: &'static str =
        r#"{"status": "exact", "colours": 3, "colouring": [2, 1, 0, 1, 0]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        if g.edges.iter().any(|(u, v, _)| u == v) {
            return Err(MathError::Domain(
                "a graph with a loop has no proper colouring".into(),
            ));
        }
        let (status, colouring, lower_bound) = graph::chromatic(&g, &ctx.budget)?.into_parts();
        let colours = colouring.iter().max().map_or(0, |&c| c + 1);
        Ok(Output {
            status: Status::proven(status),
            colours,
            colouring,
            lower_bound,
        })
    }
}
