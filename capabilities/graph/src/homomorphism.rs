use crate::subgraph_isomorphism::{Found, both};
use crate::wire::GraphInput;
use hessian_kernels::graph::{self, MapKind};
use hessian_op::prelude::*;

pub struct Homomorphism;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph mapped from: {"vertices": n, "edges": [[u, v], …], "directed"?: bool}, or a graph6/sparse6/digraph6 string (at most 200 vertices).
    pub source: GraphInput<200>,
    /// The graph mapped to, directed exactly when the source is (at most 200 vertices); a loop at a vertex lets any edge go there.
    pub target: GraphInput<200>,
}

impl Operation for Homomorphism {
    type Input = Input;
    type Output = Found;
    const ID: &'static str = "graph.homomorphism.find";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Find a graph homomorphism from one graph to another";
    const SUMMARY: &'static str = "A map from the vertices of one graph to those of another that sends every edge to an edge (vertices may share an image), or a finished search showing there is none; a homomorphism to K_k is a k-colouring.";
    const DESCRIPTION: &'static str = "Backtracking in an order where each vertex follows its neighbours, so its candidates are the neighbours of an image already fixed, pruned by every pair already mapped. Checked: every edge u→v of the source goes to an edge f(u)→f(v) of the target (a loop to a loop). 'none' is the finished exhaustive search. NP-complete in general (G → K_3 is 3-colourability): at the deadline, status unknown. Directions must agree; parallel edges count once. At most 200 vertices in each graph.";
    const KEYWORDS: &'static [&'static str] = &[
        "graph homomorphism",
        "homomorphism",
        "edge-preserving map",
        "H-colouring",
        "retraction",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "map the vertices of one graph onto another so that adjacent vertices go to adjacent vertices",
        "is there a homomorphism from this graph to the triangle",
        "edge preserving vertex map between two graphs, not necessarily one to one",
        "H-colouring of a graph: colour with the vertices of H so that edges go to edges",
        "how do I decide whether G maps homomorphically into H",
        "fold a large graph onto a small template keeping every link",
    ];
    const ALIASES: &'static [&'static str] = &["graph_homomorphism", "find_homomorphism"];
    const EXAMPLE: &'static str = r#"{"source": {"vertices": 6, "edges": [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 0], [0, 3]]}, "target": {"vertices": 2, "edges": [[0, 1]]}}"#;
    const EXPECTED: &'static str = r#"{"status": "found", "mapping": [0, 1, 0, 1, 0, 1], "check": "checked edge by edge: every edge goes to an edge"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Found, MathError> {
        let (p, h) = both(&input.source, &input.target)?;
        let found = graph::find_map(&p, &h, MapKind::Homomorphism, &ctx.budget)?;
        Ok(Found::of(
            found,
            "checked edge by edge: every edge goes to an edge",
            "homomorphism",
        ))
    }
}
