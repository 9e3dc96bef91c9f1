use crate::wire::GraphInput;
use hessian_op::prelude::*;

pub struct Girth;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<2000>,
}

impl Operation for Girth {
    type Input = Input;
    /// The girth, or "inf" for a forest.
    type Output = Extended;
    const ID: &'static str = "graph.girth.compute";
    const VERSION: u32 = 4;
    const TITLE: &'static str = "Girth of a graph";
    const SUMMARY: &'static str =
        "The length of a shortest cycle of a graph (directions ignored), or \"inf\" for a forest.";
    const DESCRIPTION: &'static str = "Breadth-first search from every vertex, directions ignored; a loop is a cycle of length 1 and parallel edges one of length 2. \"inf\" when the graph has no cycle. At most 2000 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "girth",
        "shortest cycle",
        "cycle length",
        "acyclic",
        "forest",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "length of the shortest cycle in a graph",
        "length of the smallest loop in a network",
        "shortest round trip that returns to its start without repeating an edge",
        "how short is the tightest cycle in this graph",
        "check whether a network has any small cycles like triangles or squares",
    ];
    const ALIASES: &'static [&'static str] = &["girth", "GraphGirth"];
    const EXAMPLE: &'static str =
        r#"{"graph": {"vertices": 4, "edges": [[0, 1], [1, 2], [2, 0], [2, 3]]}}"#;
    const EXPECTED: &'static str = r#""3""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        ctx.budget.check()?;
        Ok(Extended(
            g.girth()
                .map(|n| hessian_kernels::Q::from_integer(n.into())),
        ))
    }
}
