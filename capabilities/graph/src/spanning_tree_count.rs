use crate::wire::GraphInput;
use hessian_kernels::{Mat, Q, linalg};
use hessian_op::prelude::*;

pub struct SpanningTreeCount;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<400>,
}

impl Operation for SpanningTreeCount {
    type Input = Input;
    type Output = Int;
    const ID: &'static str = "graph.spanning_tree_count.compute";
    const VERSION: u32 = 4;
    const TITLE: &'static str = "Number of spanning trees";
    const SUMMARY: &'static str =
        "The exact number of spanning trees of an undirected multigraph (matrix-tree theorem).";
    const DESCRIPTION: &'static str = "Counts spanning trees by Kirchhoff's matrix-tree theorem: any cofactor of the Laplacian, computed with the exact determinant kernel. Loops are ignored, parallel edges counted. 0 for a disconnected graph. At most 400 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "spanning tree count",
        "number of spanning trees",
        "matrix tree theorem",
        "kirchhoff",
        "tree count",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "ways to keep a network connected with no loops using every node",
        "number of spanning trees of a graph",
        "matrix-tree theorem",
        "tree count by Kirchhoff",
        "how many different ways to connect all nodes with no loops",
        "count the possible minimal wirings that link every site",
        "number of spanning trees used to compute network reliability",
        "how many trees inside this network touch every vertex",
    ];
    const ALIASES: &'static [&'static str] = &["number_of_spanning_trees", "spanning_tree_count"];
    const EXAMPLE: &'static str =
        r#"{"graph": {"vertices": 4, "edges": [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]}}"#;
    const EXPECTED: &'static str = r#""16""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        input.graph.require_undirected()?;
        let g = input.graph.build()?;
        if g.n <= 1 {
            return Ok(Int(1.into()));
        }
        // Matrix-tree theorem: the cofactor of L with vertex 0 removed.
        let full = g.laplacian();
        let l = Mat::from_fn(g.n - 1, g.n - 1, |i, j| {
            Q::from_integer(full[i + 1][j + 1].into())
        });
        Ok(Int(linalg::determinant(&l, &ctx.budget)?.to_integer()))
    }
}
