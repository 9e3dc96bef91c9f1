use crate::wire::GraphInput;
use hessian_op::prelude::*;

pub struct StronglyConnectedComponents;

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

impl Operation for StronglyConnectedComponents {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.strongly_connected_components.compute";
    const VERSION: u32 = 4;
    const TITLE: &'static str = "Strongly connected components of a directed graph";
    const SUMMARY: &'static str = "The strongly connected components of a directed graph (Tarjan).";
    const DESCRIPTION: &'static str = "Finds the strongly connected components with Tarjan's algorithm (petgraph). Vertices u and v share a component when each reaches the other. At most 100000 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "strongly connected components",
        "scc",
        "tarjan",
        "kosaraju",
        "directed cycles",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "one-way streets: groups where you can get from anywhere to anywhere",
        "sets of vertices that can reach each other in a directed graph",
        "strong components",
        "Tarjan's algorithm",
        "groups of web pages that can all reach each other by links",
        "find clusters in a directed network where every node can reach every other",
        "detect circular dependency groups in a build system",
        "how do I split a directed graph into mutually reachable groups",
    ];
    const ALIASES: &'static [&'static str] = &[
        "strongly_connected_components",
        "ConnectedComponents directed",
        "kosaraju",
    ];
    const EXAMPLE: &'static str = r#"{"graph": {"vertices": 4, "edges": [[0, 1], [1, 0], [1, 2], [2, 3], [3, 2]], "directed": true}}"#;
    const EXPECTED: &'static str = r#"{"count": 2, "components": [[0, 1], [2, 3]]}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        let mut components = g.strong_components();
        components.sort();
        Ok(Output {
            count: components.len(),
            components,
        })
    }
}
