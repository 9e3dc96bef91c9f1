use crate::wire::GraphInput;
use hessian_kernels::graph;
use hessian_op::prelude::*;

pub struct VertexCover;

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
    /// The minimum vertex cover size when exact; otherwise the size of the best cover found (an upper bound).
    pub size: usize,
    /// A vertex cover of that size, ascending: every edge has an end in it.
    pub cover: Vec<usize>,
    /// When unknown: a proven lower bound.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lower_bound: Option<usize>,
}

impl Operation for VertexCover {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.vertex_cover.compute";
    const VERSION: u32 = 5;
    const TITLE: &'static str = "Minimum vertex cover";
    const SUMMARY: &'static str = "A smallest set of vertices touching every edge; typed unknown with bounds at the deadline.";
    const DESCRIPTION: &'static str = "The complement of a maximum independent set (Gallai). NP-hard: stopped by the call deadline, status is unknown with the best cover found and a lower bound. Loops force their vertex in. The cover is checked. At most 500 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "vertex cover",
        "minimum vertex cover",
        "covering edges",
        "hitting set",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "fewest vertices touching every edge",
        "minimum vertex cover",
        "fewest guards so every corridor has a guard at one end",
        "smallest set of cameras at intersections that watches every street",
        "least number of nodes to remove so no links remain",
        "how do I find the smallest set of vertices covering all edges",
    ];
    const ALIASES: &'static [&'static str] = &["min_vertex_cover", "FindVertexCover"];
    const EXAMPLE: &'static str =
        r#"{"graph": {"vertices": 4, "edges": [[0, 1], [0, 2], [0, 3], [2, 3]]}}"#;
    const EXPECTED: &'static str = r#"{"status": "exact", "size": 2, "cover": [0, 3]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        let (status, cover, lower_bound) = graph::vertex_cover(&g, &ctx.budget)?.into_parts();
        Ok(Output {
            status: Status::proven(status),
            size: cover.len(),
            cover,
            lower_bound,
        })
    }
}
