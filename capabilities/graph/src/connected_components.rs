use crate::wire::GraphInput;
use hessian_op::prelude::*;

pub struct ConnectedComponents;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<100_000>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub count: usize,
    /// Each component's vertices ascending, components by smallest vertex.
    pub components: Vec<Vec<usize>>,
}

impl Operation for ConnectedComponents {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.connected_components.compute";
    const VERSION: u32 = 4;
    const TITLE: &'static str = "Connected components of a graph";
    const SUMMARY: &'static str =
        "The connected components of a graph (weakly connected for directed graphs).";
    const DESCRIPTION: &'static str = "Finds the connected components by breadth-first search, ignoring edge directions. At most 100000 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "connected components",
        "connectivity",
        "connected",
        "components",
        "union find",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "groups of vertices joined by paths",
        "split a graph into its connected pieces",
        "is the graph connected",
        "which islands of the network are linked together",
        "find the separate clusters of friends who are connected through someone",
        "group pixels or nodes that touch into separate regions",
        "how do I find which nodes are reachable from each other",
    ];
    const ALIASES: &'static [&'static str] = &[
        "connected_components",
        "ConnectedComponents",
        "is_connected",
    ];
    const EXAMPLE: &'static str = r#"{"graph": {"vertices": 5, "edges": [[0, 1], [3, 4]]}}"#;
    const EXPECTED: &'static str = r#"{"count": 3, "components": [[0, 1], [2], [3, 4]]}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        let components = g.components();
        Ok(Output {
            count: components.len(),
            components,
        })
    }
}
