use crate::wire::GraphInput;
use hessian_op::prelude::*;

pub struct MinimumSpanningTree;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<100_000>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The total weight, exact.
    pub weight: Rational,
    /// Indices of the chosen edges (into the input's edge list), ascending.
    pub edges: Vec<usize>,
    /// Whether the graph is connected (else this is a minimum spanning forest).
    pub spanning_tree: bool,
}

impl Operation for MinimumSpanningTree {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.minimum_spanning_tree.compute";
    const VERSION: u32 = 4;
    const TITLE: &'static str = "Minimum spanning tree";
    const SUMMARY: &'static str =
        "A minimum-weight spanning tree (or forest) of an undirected graph, exact weights.";
    const DESCRIPTION: &'static str = "Kruskal's algorithm on exact rational weights (1 when omitted). Returns the chosen edge indices and total weight; a disconnected graph gets a minimum spanning forest. At most 100000 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "minimum spanning tree",
        "mst",
        "kruskal",
        "prim",
        "spanning forest",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "tree connecting all vertices with least total edge weight",
        "cheapest network joining every vertex",
        "Kruskal or Prim",
        "cheapest way to lay cable so every house is connected",
        "connect all towns with roads using the least total length",
        "design a lowest cost network linking every site with no redundant links",
        "how do I pick the cheapest edges that still connect everything",
    ];
    const ALIASES: &'static [&'static str] = &[
        "minimum_spanning_tree",
        "FindSpanningTree",
        "kruskal",
        "prim",
    ];
    const EXAMPLE: &'static str =
        r#"{"graph": {"vertices": 3, "edges": [[0, 1], [1, 2], [0, 2]], "weights": [3, 1, 2]}}"#;
    const EXPECTED: &'static str = r#"{"weight": "3", "edges": [1, 2], "spanning_tree": true}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Self::Output, MathError> {
        input.graph.require_undirected()?;
        let g = input.graph.build()?;
        let mut edges = g.minimum_spanning_forest();
        let weight = edges.iter().map(|&k| g.edges[k].2.clone()).sum();
        edges.sort();
        Ok(Output {
            weight: Rational(weight),
            spanning_tree: edges.len() + 1 == g.n.max(1),
            edges,
        })
    }
}
