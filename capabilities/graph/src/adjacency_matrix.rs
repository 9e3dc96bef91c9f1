use crate::wire::GraphInput;
use hessian_op::prelude::*;

pub struct AdjacencyMatrix;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<1000>,
    /// Sum edge weights instead of counting edges.
    #[serde(default)]
    pub weighted: bool,
}

impl Operation for AdjacencyMatrix {
    type Input = Input;
    type Output = Vec<Vec<Rational>>;
    const ID: &'static str = "graph.adjacency_matrix.compute";
    const VERSION: u32 = 4;
    const TITLE: &'static str = "Adjacency matrix of a graph";
    const SUMMARY: &'static str =
        "The adjacency matrix: entry (u, v) counts the edges from u to v (or sums their weights).";
    const DESCRIPTION: &'static str = "Entry (u, v) is the number of edges u → v (both ways for undirected graphs; a loop adds 1 on the diagonal), or with `weighted` the sum of their weights. At most 1000 vertices.";
    const KEYWORDS: &'static [&'static str] = &["adjacency matrix", "graph matrix", "adjacency"];
    const PHRASINGS: &'static [&'static str] = &[
        "0/1 matrix recording which vertices are joined by an edge",
        "adjacency matrix of a graph from its edge list",
        "turn a list of connections into a table of who links to whom",
        "make a grid of zeros and ones showing which nodes are connected",
        "convert a network edge list into a matrix for linear algebra",
        "how do I build the connection matrix from a list of edges",
    ];
    const ALIASES: &'static [&'static str] =
        &["adjacency_matrix", "AdjacencyMatrix", "to_numpy_array"];
    const EXAMPLE: &'static str = r#"{"graph": {"vertices": 3, "edges": [[0, 1], [1, 2]]}}"#;
    const EXPECTED: &'static str = r#"[["0", "1", "0"], ["1", "0", "1"], ["0", "1", "0"]]"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        Ok(g.adjacency(input.weighted)
            .into_iter()
            .map(|r| r.into_iter().map(Rational).collect())
            .collect())
    }
}
