use crate::wire::GraphInput;
use hessian_op::prelude::*;

pub struct LaplacianMatrix;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<1000>,
}

impl Operation for LaplacianMatrix {
    type Input = Input;
    type Output = Vec<Vec<Int>>;
    const ID: &'static str = "graph.laplacian_matrix.compute";
    const VERSION: u32 = 4;
    const TITLE: &'static str = "Laplacian matrix of a graph";
    const SUMMARY: &'static str =
        "The Laplacian D − A of an undirected multigraph (loops ignored).";
    const DESCRIPTION: &'static str = "Returns L = D − A, where A counts edges between distinct vertices and D is the diagonal of degrees (loops ignored). At most 1000 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "laplacian matrix",
        "kirchhoff matrix",
        "graph laplacian",
        "D - A",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "degree matrix minus adjacency matrix",
        "combinatorial Laplacian of a graph",
        "matrix with node degrees on the diagonal and minus ones for links",
        "matrix used for spectral clustering and diffusion on a network",
        "build the Kirchhoff matrix of a resistor network from its edges",
        "how do I compute degree minus adjacency for a graph",
    ];
    const ALIASES: &'static [&'static str] = &["laplacian_matrix", "KirchhoffMatrix"];
    const EXAMPLE: &'static str = r#"{"graph": {"vertices": 3, "edges": [[0, 1], [1, 2]]}}"#;
    const EXPECTED: &'static str = r#"[["1", "-1", "0"], ["-1", "2", "-1"], ["0", "-1", "1"]]"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Self::Output, MathError> {
        input.graph.require_undirected()?;
        let g = input.graph.build()?;
        Ok(g.laplacian()
            .into_iter()
            .map(|r| r.into_iter().map(|x| Int(x.into())).collect())
            .collect())
    }
}
