use crate::wire::{GraphInput, vertex};
use hessian_op::prelude::*;

pub struct Distances;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<10_000>,
    /// The source vertex.
    pub source: crate::wire::Vertex,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Distance from the source to each vertex ("inf" when unreachable); empty when a negative cycle is reachable.
    pub distances: Vec<Extended>,
    /// A negative cycle reachable from the source, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub negative_cycle: Option<Vec<usize>>,
}

impl Operation for Distances {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.distances.compute";
    const VERSION: u32 = 4;
    const TITLE: &'static str = "Single-source shortest distances";
    const SUMMARY: &'static str =
        "Exact shortest-path distances from one vertex to every vertex (Dijkstra or Bellman–Ford).";
    const DESCRIPTION: &'static str = "Computes the least total weight from the source to every vertex: Dijkstra for non-negative weights, Bellman–Ford otherwise (a reachable negative cycle is returned instead). At most 10000 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "single source shortest paths",
        "distances",
        "dijkstra",
        "bellman ford",
        "sssp",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "shortest distance from one vertex to every other",
        "single-source shortest path lengths",
        "breadth-first levels from a start vertex",
        "how far is every town from the capital by road",
        "shortest travel time from one station to all the others",
        "distances from a single source node in a weighted network",
        "how do I find how far each node is from a starting node",
    ];
    const ALIASES: &'static [&'static str] = &[
        "single_source_shortest_path_length",
        "GraphDistance",
        "dijkstra",
    ];
    const EXAMPLE: &'static str = r#"{"graph": {"vertices": 3, "edges": [[0, 1], [1, 2]], "weights": [2, -1], "directed": true}, "source": 0}"#;
    const EXPECTED: &'static str = r#"{"distances": ["0", "2", "1"]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        let s = vertex(input.source, &g, "source")?;
        Ok(match g.shortest_paths(s, &ctx.budget)? {
            Ok((dist, _)) => Output {
                distances: dist.into_iter().map(Extended).collect(),
                negative_cycle: None,
            },
            Err(cycle) => Output {
                distances: Vec::new(),
                negative_cycle: Some(cycle),
            },
        })
    }
}
