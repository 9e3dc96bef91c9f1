use crate::wire::GraphInput;
use hessian_op::prelude::*;

pub struct TriangleCount;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<2000>,
}

impl Operation for TriangleCount {
    type Input = Input;
    type Output = u64;
    const ID: &'static str = "graph.triangles.count";
    const VERSION: u32 = 4;
    const TITLE: &'static str = "Number of triangles in a graph";
    const SUMMARY: &'static str =
        "Counts the triangles (3-cycles) of the underlying simple undirected graph.";
    const DESCRIPTION: &'static str = "Counts unordered vertex triples that are pairwise adjacent, ignoring directions, loops and parallel edges. At most 2000 vertices.";
    const KEYWORDS: &'static [&'static str] =
        &["triangles", "triangle count", "3-cycles", "clustering"];
    const PHRASINGS: &'static [&'static str] = &[
        "number of triangles (3-cycles) in a graph",
        "triangles through each vertex",
        "how many groups of three friends all know each other",
        "count closed triads in a social network",
        "number of three-node loops used for clustering coefficients",
        "how many triangles does this network contain",
    ];
    const ALIASES: &'static [&'static str] = &["triangles", "transitivity"];
    const EXAMPLE: &'static str =
        r#"{"graph": {"vertices": 4, "edges": [[0, 1], [1, 2], [2, 0], [2, 3]]}}"#;
    const EXPECTED: &'static str = r#"1"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        ctx.budget.check()?;
        Ok(g.triangles())
    }
}
