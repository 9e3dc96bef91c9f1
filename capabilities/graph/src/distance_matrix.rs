use crate::wire::GraphInput;
use hessian_op::prelude::*;

pub struct DistanceMatrix;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<200>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// distances[i][j]: least total weight from i to j, "inf" when unreachable; empty when there is a negative cycle.
    pub distances: Vec<Vec<Extended>>,
    /// A vertex on a negative cycle, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub negative_cycle_vertex: Option<usize>,
}

impl Operation for DistanceMatrix {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.distance_matrix.compute";
    const VERSION: u32 = 4;
    const TITLE: &'static str = "All-pairs shortest distances (distance matrix)";
    const SUMMARY: &'static str = "Exact all-pairs shortest-path distances by Floyd–Warshall.";
    const DESCRIPTION: &'static str = "Computes the distance matrix by Floyd–Warshall with exact rational weights; unreachable pairs are \"inf\"; a negative cycle is reported by one of its vertices. At most 200 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "distance matrix",
        "all pairs shortest paths",
        "floyd warshall",
        "apsp",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "shortest path lengths between every pair of vertices",
        "all-pairs distances",
        "table of travel distances between every pair of cities in a road network",
        "shortest hop counts between all pairs of nodes",
        "build a full mileage chart from a list of road lengths",
        "how do I get the shortest distance between every two vertices",
    ];
    const ALIASES: &'static [&'static str] = &[
        "floyd_warshall",
        "GraphDistanceMatrix",
        "all_pairs_shortest_path_length",
    ];
    const EXAMPLE: &'static str = r#"{"graph": {"vertices": 3, "edges": [[0, 1], [1, 2]]}}"#;
    const EXPECTED: &'static str =
        r#"{"distances": [["0", "1", "2"], ["1", "0", "1"], ["2", "1", "0"]]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        Ok(match g.distance_matrix(&ctx.budget)? {
            Ok(d) => Output {
                distances: d
                    .into_iter()
                    .map(|row| row.into_iter().map(Extended).collect())
                    .collect(),
                negative_cycle_vertex: None,
            },
            Err(v) => Output {
                distances: Vec::new(),
                negative_cycle_vertex: Some(v),
            },
        })
    }
}
