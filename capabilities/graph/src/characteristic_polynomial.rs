use crate::wire::GraphInput;
use hessian_kernels::{Mat, linalg};
use hessian_op::prelude::*;

pub struct CharacteristicPolynomial;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<100>,
}

impl Operation for CharacteristicPolynomial {
    type Input = Input;
    type Output = PolyOut;
    const ID: &'static str = "graph.characteristic_polynomial.compute";
    const VERSION: u32 = 5;
    const TITLE: &'static str = "Characteristic polynomial of a graph's adjacency matrix";
    const SUMMARY: &'static str =
        "The characteristic polynomial det(x·I − A) of a graph's adjacency matrix, exactly.";
    const DESCRIPTION: &'static str = "Computes det(x·I − A) for the adjacency matrix A (edge counts) with the exact multi-modular kernel. Its roots are the graph's spectrum. At most 100 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "graph spectrum",
        "eigenvalues of a graph",
        "adjacency spectrum",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "characteristic polynomial of the adjacency matrix",
        "graph spectrum as a polynomial",
        "the polynomial whose roots are the eigenvalues of a network's connection matrix",
        "exact determinant of x times identity minus the adjacency matrix",
        "used in chemistry to get Huckel energy levels of a molecule graph",
        "how do I get the exact eigenvalue polynomial of a graph",
    ];
    const ALIASES: &'static [&'static str] = &[
        "charpoly of adjacency",
        "CharacteristicPolynomial[AdjacencyMatrix]",
    ];
    const EXAMPLE: &'static str =
        r#"{"graph": {"vertices": 3, "edges": [[0, 1], [1, 2], [2, 0]]}}"#;
    const EXPECTED: &'static str =
        r#"{"coefficients": ["-2", "-3", "0", "1"], "polynomial": "x^3 - 3*x - 2"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        let counts = g.adjacency(false);
        let a = Mat::from_fn(g.n, g.n, |i, j| counts[i][j].clone());
        let p = linalg::characteristic_polynomial(&a, &ctx.budget)?;
        Ok(PolyOut::new(p, "x"))
    }
}
