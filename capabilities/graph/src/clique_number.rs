use crate::wire::GraphInput;
use hessian_kernels::graph;
use hessian_op::prelude::*;

pub struct CliqueNumber;

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
    /// The clique number when exact; otherwise the size of the largest clique found (a lower bound).
    pub size: usize,
    /// A clique of that size, ascending.
    pub clique: Vec<usize>,
    /// When unknown: a proven upper bound.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upper_bound: Option<usize>,
}

impl Operation for CliqueNumber {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.clique_number.compute";
    const VERSION: u32 = 5;
    const TITLE: &'static str = "Maximum clique (clique number)";
    const SUMMARY: &'static str =
        "A largest set of pairwise adjacent vertices; typed unknown with bounds at the deadline.";
    const DESCRIPTION: &'static str = "Branch and bound with greedy-colouring bounds on the simple undirected graph. NP-hard: when the call deadline stops it, status is unknown with the largest clique found and an upper bound. The clique is checked. Its complement view gives the independence number. At most 500 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "maximum clique",
        "clique number",
        "largest clique",
        "complete subgraph",
        "independent set",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "size of the largest complete subgraph",
        "largest set of mutually adjacent vertices",
        "maximum clique",
        "biggest group of people who all know each other",
        "largest set of nodes where every pair is directly connected",
        "find the tightest fully connected community in a social network",
        "how do I find the largest complete group in a graph",
    ];
    const ALIASES: &'static [&'static str] = &["graph_clique_number", "FindClique", "max_clique"];
    const EXAMPLE: &'static str =
        r#"{"graph": {"vertices": 5, "edges": [[0, 1], [0, 2], [1, 2], [2, 3], [3, 4]]}}"#;
    const EXPECTED: &'static str = r#"{"status": "exact", "size": 3, "clique": [0, 1, 2]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        let (status, clique, upper_bound) = graph::clique(&g, &ctx.budget)?.into_parts();
        Ok(Output {
            status: Status::proven(status),
            size: clique.len(),
            clique,
            upper_bound,
        })
    }
}
