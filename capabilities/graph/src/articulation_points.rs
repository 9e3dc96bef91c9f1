use crate::wire::GraphInput;
use hessian_op::prelude::*;

pub struct CutVertices;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<100_000>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Vertices whose removal disconnects their component, ascending.
    pub articulation_points: Vec<usize>,
    /// Indices of edges whose removal disconnects their component, ascending.
    pub bridges: Vec<usize>,
}

impl Operation for CutVertices {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.articulation_points.compute";
    const VERSION: u32 = 4;
    const TITLE: &'static str = "Articulation points and bridges";
    const SUMMARY: &'static str =
        "The cut vertices (articulation points) and cut edges (bridges) of an undirected graph.";
    const DESCRIPTION: &'static str = "Tarjan's lowlink depth-first search (iterative) on the undirected graph; bridges are reported as edge indices (a parallel edge is never a bridge). At most 100000 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "articulation points",
        "cut vertices",
        "bridges",
        "cut edges",
        "biconnected",
        "2-connected",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "vertices whose removal disconnects the graph",
        "cut vertices and bridges",
        "single points of failure in a network",
        "which routers, if they fail, would split the network apart",
        "find the roads whose closure would cut a town off",
        "weak spots in a network where one node or link failure disconnects it",
        "how do I find the critical nodes and links in an undirected network",
    ];
    const ALIASES: &'static [&'static str] =
        &["articulation_points", "ArticulationVertices", "bridges"];
    const EXAMPLE: &'static str =
        r#"{"graph": {"vertices": 4, "edges": [[0, 1], [1, 2], [2, 0], [2, 3]]}}"#;
    const EXPECTED: &'static str = r#"{"articulation_points": [2], "bridges": [3]}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Self::Output, MathError> {
        input.graph.require_undirected()?;
        let g = input.graph.build()?;
        let (articulation_points, bridges) = g.cut_vertices_and_bridges();
        Ok(Output {
            articulation_points,
            bridges,
        })
    }
}
