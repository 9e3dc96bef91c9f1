use crate::wire::GraphInput;
use hessian_op::prelude::*;

pub struct Eulerian;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<100_000>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// "circuit" (closed), "trail" (open) or "none".
    pub kind: String,
    /// The edges in the order walked (indices into the input's edge list).
    pub edges: Vec<usize>,
    /// The vertices visited, one more than the edges.
    pub vertices: Vec<usize>,
}

impl Operation for Eulerian {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.eulerian.find";
    const VERSION: u32 = 4;
    const TITLE: &'static str = "Eulerian circuit or trail";
    const SUMMARY: &'static str =
        "A walk using every edge exactly once (Eulerian circuit or trail), when one exists.";
    const DESCRIPTION: &'static str = "Checks the degree conditions (all even, or exactly two odd; for directed graphs in = out except at the two ends) and that the edges form one connected piece, then finds the walk with Hierholzer's algorithm; kind none otherwise. At most 100000 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "eulerian path",
        "eulerian circuit",
        "euler tour",
        "seven bridges",
        "hierholzer",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "trail or circuit that uses every edge exactly once",
        "draw a figure without lifting the pen",
        "Konigsberg bridges problem",
        "route for a snowplow that clears every street exactly once",
        "walk across every bridge once without repeating any",
        "trace a drawing in one stroke without going over a line twice",
        "is there a path that uses every connection exactly one time",
    ];
    const ALIASES: &'static [&'static str] =
        &["eulerian_circuit", "FindEulerianCycle", "eulerian_path"];
    const EXAMPLE: &'static str =
        r#"{"graph": {"vertices": 3, "edges": [[0, 1], [1, 2], [2, 0]]}}"#;
    const EXPECTED: &'static str =
        r#"{"kind": "circuit", "edges": [0, 1, 2], "vertices": [0, 1, 2, 0]}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        Ok(match g.eulerian()? {
            None => Output {
                kind: "none".into(),
                edges: Vec::new(),
                vertices: Vec::new(),
            },
            Some((edges, vertices)) => Output {
                kind: if vertices.first() == vertices.last() {
                    "circuit"
                } else {
                    "trail"
                }
                .into(),
                edges,
                vertices,
            },
        })
    }
}
