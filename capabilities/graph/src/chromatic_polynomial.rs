use crate::wire::GraphInput;
use hessian_kernels::{Q, graph};
use hessian_op::prelude::*;

pub struct ChromaticPolynomial;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<14>,
}

impl Operation for ChromaticPolynomial {
    type Input = Input;
    type Output = PolyOut;
    const ID: &'static str = "graph.chromatic_polynomial.compute";
    const VERSION: u32 = 5;
    const TITLE: &'static str = "Chromatic polynomial of a graph";
    const SUMMARY: &'static str =
        "The chromatic polynomial P(x): P(k) is the number of proper colourings with k colours.";
    const DESCRIPTION: &'static str = "Counts the partitions of the vertices into j independent sets (pruned enumeration) and sums them against falling factorials x(x−1)…(x−j+1). Loops give 0. At most 14 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "chromatic polynomial",
        "number of colourings",
        "proper colourings count",
        "k-colourings",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "polynomial counting the proper colourings with k colours",
        "number of colourings as a function of the palette size",
        "formula for how many ways to color a map with k colors",
        "count proper colorings of a network for every palette size at once",
        "polynomial in k counting the conflict-free schedules with k slots",
        "how do I find the coloring count as a function of the colors available",
    ];
    const ALIASES: &'static [&'static str] = &["chromatic_polynomial", "ChromaticPolynomial"];
    const EXAMPLE: &'static str = r#"{"graph": {"vertices": 3, "edges": [[0, 1], [1, 2]]}}"#;
    const EXPECTED: &'static str =
        r#"{"coefficients": ["0", "1", "-2", "1"], "polynomial": "x^3 - 2*x^2 + x"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        let p: Vec<Q> = if g.edges.iter().any(|(u, v, _)| u == v) {
            Vec::new()
        } else {
            graph::chromatic_polynomial(&g, &ctx.budget)?
                .into_iter()
                .map(Q::from_integer)
                .collect()
        };
        Ok(PolyOut::new(p, "x"))
    }
}
