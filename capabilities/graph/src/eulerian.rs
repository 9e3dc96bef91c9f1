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
    const VERSION: u32 = 3;
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
    const EXAMPLE: &'static str =
        r#"{"graph": {"vertices": 3, "edges": [[0, 1], [1, 2], [2, 0]]}}"#;
    const EXPECTED: &'static str =
        r#"{"kind": "circuit", "edges": [0, 1, 2], "vertices": [0, 1, 2, 0]}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        let none = || Output {
            kind: "none".into(),
            edges: Vec::new(),
            vertices: Vec::new(),
        };
        if g.edges.is_empty() {
            return Ok(none());
        }
        let (mut out_deg, mut in_deg) = (vec![0i64; g.n], vec![0i64; g.n]);
        for (u, v, _) in &g.edges {
            out_deg[*u] += 1;
            in_deg[*v] += 1;
        }
        let start = if g.directed {
            let starts: Vec<usize> = (0..g.n).filter(|&v| out_deg[v] - in_deg[v] == 1).collect();
            let ends = (0..g.n).filter(|&v| in_deg[v] - out_deg[v] == 1).count();
            let balanced = (0..g.n).all(|v| (out_deg[v] - in_deg[v]).abs() <= 1);
            match (starts.len(), ends, balanced) {
                (0, 0, true) => g.edges[0].0,
                (1, 1, true) => starts[0],
                _ => return Ok(none()),
            }
        } else {
            let odd: Vec<usize> = (0..g.n)
                .filter(|&v| (out_deg[v] + in_deg[v]) % 2 == 1)
                .collect();
            match odd.len() {
                0 => g.edges[0].0,
                2 => odd[0],
                _ => return Ok(none()),
            }
        };
        let edges = g.euler_trail(start);
        if edges.len() != g.edges.len() {
            return Ok(none()); // the edges are not connected
        }
        let mut vertices = vec![start];
        for &k in &edges {
            let v = *vertices.last().expect("starts non-empty");
            vertices.push(if g.directed {
                g.edges[k].1
            } else {
                g.other_end(k, v)
            });
        }
        let kind = if vertices.first() == vertices.last() {
            "circuit"
        } else {
            "trail"
        };
        Ok(Output {
            kind: kind.into(),
            edges,
            vertices,
        })
    }
}
