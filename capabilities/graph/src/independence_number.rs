use crate::wire::GraphInput;
use hessian_kernels::graph;
use hessian_op::prelude::*;

pub struct IndependenceNumber;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<500>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// "exact", or "unknown" when the deadline stopped the search.
    pub status: Status,
    /// The independence number when exact; otherwise the largest independent set found (a lower bound).
    pub size: usize,
    /// An independent set of that size, ascending.
    pub independent_set: Vec<usize>,
    /// When unknown: a proven upper bound.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upper_bound: Option<usize>,
}

impl Operation for IndependenceNumber {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.independence_number.compute";
    const VERSION: u32 = 5;
    const TITLE: &'static str = "Maximum independent set";
    const SUMMARY: &'static str = "A largest set of pairwise non-adjacent vertices; typed unknown with bounds at the deadline.";
    const DESCRIPTION: &'static str = "A maximum clique of the complement (branch and bound). NP-hard: stopped by the call deadline, status is unknown with the best set found and an upper bound. The set is checked independent. At most 500 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "maximum independent set",
        "independence number",
        "stable set",
        "anticlique",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "most people chosen so that no two know each other",
        "largest set of pairwise non-adjacent vertices",
        "maximum independent set",
        "stable set of largest size",
        "largest group of guests where no two are enemies",
        "place as many non-attacking pieces as possible on a conflict network",
        "pick the most cell towers that do not interfere with each other",
        "how do I find the biggest set of nodes with no links between them",
    ];
    const ALIASES: &'static [&'static str] = &[
        "maximum_independent_set",
        "FindIndependentVertexSet",
        "independence_number",
    ];
    const EXAMPLE: &'static str =
        r#"{"graph": {"vertices": 5, "edges": [[0, 1], [1, 2], [2, 3], [3, 4], [4, 0]]}}"#;
    const EXPECTED: &'static str = r#"{"status": "exact", "size": 2, "independent_set": [0, 2]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        let (status, set, upper_bound) = graph::independent_set(&g, &ctx.budget)?.into_parts();
        Ok(Output {
            status: Status::proven(status),
            size: set.len(),
            independent_set: set,
            upper_bound,
        })
    }
}
