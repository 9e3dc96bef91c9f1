use crate::wire::GraphInput;
use hessian_kernels::graph;
use hessian_op::prelude::*;

pub struct DominatingSet;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool}, or a graph6/sparse6/digraph6 string; directions are ignored.
    pub graph: GraphInput<200>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// "exact", or "unknown" when the deadline stopped the search.
    pub status: Status,
    /// The domination number when exact; otherwise the size of the best set found (an upper bound).
    pub size: usize,
    /// A dominating set of that size, ascending: every vertex is in it or adjacent to one of it.
    pub set: Vec<usize>,
    /// When unknown: a proven lower bound.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lower_bound: Option<usize>,
}

impl Operation for DominatingSet {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.dominating_set.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Minimum dominating set of a graph";
    const SUMMARY: &'static str = "A smallest set of vertices such that every vertex is in it or adjacent to one of it (the domination number), exactly by integer programming; typed unknown with bounds at the deadline.";
    const DESCRIPTION: &'static str = "The integer program min Σ xᵥ with xᵥ + Σ_{u ~ v} xᵤ ≥ 1 for every vertex v and xᵥ ∈ {0, 1}, solved by the checked branch and bound of optimization.integer_program.solve (every node closed by a checked certificate of its relaxation). Checked: every vertex is in the set or next to a vertex of it, and the size is recounted. NP-hard: at the deadline, status unknown with the best set found and the least open relaxation value rounded up as a lower bound. Directions are ignored; loops change nothing. At most 200 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "dominating set",
        "minimum dominating set",
        "domination number",
        "gamma(G)",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "fewest vertices so every vertex is chosen or next to a chosen one",
        "smallest set of nodes that dominates the graph",
        "fewest shops so every neighbourhood has one or is adjacent to one",
        "place the fewest guards so each room has a guard or a guarded neighbour",
        "minimum number of servers so every machine is one or is wired to one",
        "how do I find the domination number of a graph",
    ];
    const ALIASES: &'static [&'static str] = &["min_dominating_set", "DominatingSet"];
    const EXAMPLE: &'static str =
        r#"{"graph": {"vertices": 6, "edges": [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 0]]}}"#;
    const EXPECTED: &'static str = r#"{"status": "exact", "size": 2, "set": [2, 5]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        let (status, set, lower_bound) = graph::dominating_set(&g, &ctx.budget)?.into_parts();
        Ok(Output {
            status: Status::proven(status),
            size: set.len(),
            set,
            lower_bound,
        })
    }
}
