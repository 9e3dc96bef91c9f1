use crate::wire::{GraphInput, vertex};
use hessian_op::prelude::*;

pub struct ShortestPath;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<10_000>,
    /// The start vertex.
    pub source: crate::wire::Vertex,
    /// The end vertex.
    pub target: crate::wire::Vertex,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The least total weight of a path, exact; null when the target is unreachable.
    pub distance: Option<Rational>,
    /// A shortest path's vertices from source to target (empty when unreachable).
    pub path: Vec<usize>,
    /// Set instead when a negative cycle is reachable from the source: its vertices in order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub negative_cycle: Option<Vec<usize>>,
}

impl Operation for ShortestPath {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.shortest_path.find";
    const VERSION: u32 = 4;
    const TITLE: &'static str = "Shortest path between two vertices";
    const SUMMARY: &'static str = "A least-weight path between two vertices, exact, with Dijkstra or Bellman–Ford (negative weights, negative-cycle witness).";
    const DESCRIPTION: &'static str = "Finds a shortest path from source to target: Dijkstra when no weight is negative, otherwise Bellman–Ford, which reports a negative cycle reachable from the source instead of a distance. Weights are exact rationals (1 when omitted). At most 10000 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "shortest path",
        "dijkstra",
        "bellman ford",
        "least weight path",
        "distance between vertices",
        "route",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "path of least total weight between two vertices",
        "shortest route in a weighted graph",
        "Dijkstra's algorithm between a source and a target",
        "quickest route from home to work on a road map",
        "cheapest sequence of flights between two airports",
        "path from A to B with the smallest total cost in a network",
        "how do I find the best route between two points",
    ];
    const ALIASES: &'static [&'static str] =
        &["shortest_path", "FindShortestPath", "dijkstra_path"];
    const EXAMPLE: &'static str = r#"{"graph": {"vertices": 4, "edges": [[0, 1], [1, 2], [0, 2], [2, 3]], "weights": [1, 2, 5, "1/2"]}, "source": 0, "target": 3}"#;
    const EXPECTED: &'static str = r#"{"distance": "7/2", "path": [0, 1, 2, 3]}"#;

    // Long run: three output shapes (negative cycle, unreachable, path) of one kernel call.
    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        let (s, t) = (
            vertex(input.source, &g, "source")?,
            vertex(input.target, &g, "target")?,
        );
        Ok(match g.shortest_path(s, t, &ctx.budget)? {
            Err(cycle) => Output {
                distance: None,
                path: Vec::new(),
                negative_cycle: Some(cycle),
            },
            Ok(None) => Output {
                distance: None,
                path: Vec::new(),
                negative_cycle: None,
            },
            Ok(Some((d, path))) => Output {
                distance: Some(Rational(d)),
                path,
                negative_cycle: None,
            },
        })
    }
}
