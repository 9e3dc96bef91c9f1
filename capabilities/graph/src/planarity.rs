use crate::wire::GraphInput;
use hessian_kernels::graph::planar::{self, Planarity};
use hessian_op::prelude::*;

pub struct PlanarityTest;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<5000>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub planar: bool,
    /// When planar: rotation[v] lists v's neighbours in their cyclic order around v in a plane drawing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rotation: Option<Vec<Vec<usize>>>,
    /// When planar: the number of faces of that drawing (Euler: V − E + F = 1 + components).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub faces: Option<usize>,
    /// When not planar: a subdivision of K5 or K3,3 inside the graph.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kuratowski: Option<Kuratowski>,
    /// Set when the deadline stopped the search for a Kuratowski subgraph after non-planarity was shown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

#[derive(Serialize, JsonSchema)]
pub struct Kuratowski {
    /// "K5" or "K3,3".
    pub kind: String,
    /// The branch vertices (5 or 6).
    pub branch_vertices: Vec<usize>,
    /// For K3,3: the two sides of three branch vertices each.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sides: Vec<Vec<usize>>,
    /// One path of graph edges per pair of branch vertices the subdivision joins, internally disjoint.
    pub paths: Vec<Vec<usize>>,
}

impl Operation for PlanarityTest {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.planarity.decide";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Planarity test";
    const SUMMARY: &'static str = "Whether a graph can be drawn in the plane without crossings, with a plane embedding (rotation system) or a Kuratowski subgraph (subdivided K5 or K3,3).";
    const DESCRIPTION: &'static str = "Directions, loops and parallel edges are ignored. Planar: a rotation system checked against Euler's formula. Non-planar: paths forming a subdivision of K5 or K3,3, checked edge by edge. Method: Demoucron–Malgrange–Pertuiset embedding per biconnected block; the witness comes from deleting edges while the rest stays non-planar, within the call deadline (if it stops, planar is still false and note says so). At most 5000 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "planar graph",
        "planarity",
        "plane embedding",
        "kuratowski",
        "K5",
        "K3,3",
        "draw without crossings",
        "utility graph",
        "rotation system",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "whether a graph can be drawn without edge crossings",
        "planar embedding or a Kuratowski subgraph K5 or K3,3",
        "can this circuit be laid out on a board with no wires crossing",
        "three utilities puzzle: can the lines be drawn without crossing",
        "check if a network can be drawn flat on paper with no overlaps",
        "is there a way to draw this graph with no edges crossing",
    ];
    const ALIASES: &'static [&'static str] = &["check_planarity", "PlanarGraphQ", "is_planar"];
    const EXAMPLE: &'static str =
        r#"{"graph": {"vertices": 4, "edges": [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]}}"#;
    const EXPECTED: &'static str =
        r#"{"planar": true, "rotation": [[1, 3, 2], [0, 2, 3], [0, 3, 1], [0, 1, 2]], "faces": 4}"#;

    // Long run: both checked witnesses (rotation or Kuratowski subdivision) reshaped.
    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        let edges = planar::simple_edges(&g);
        match planar::planarity(g.n, &edges, &ctx.budget)? {
            Planarity::Planar { rotation } => {
                let components = g.components().len();
                Ok(Output {
                    planar: true,
                    rotation: Some(rotation),
                    faces: Some(1 + components + edges.len() - g.n),
                    kuratowski: None,
                    note: None,
                })
            }
            Planarity::NonPlanar(k) => {
                let note = k.is_none().then(|| {
                    "the deadline stopped the search for a Kuratowski subgraph; the embedding had already failed, so the graph is not planar".to_string()
                });
                Ok(Output {
                    planar: false,
                    rotation: None,
                    faces: None,
                    kuratowski: k.map(|k| Kuratowski {
                        kind: if k.k5 { "K5" } else { "K3,3" }.into(),
                        branch_vertices: k.branch,
                        sides: k.sides,
                        paths: k.paths,
                    }),
                    note,
                })
            }
        }
    }
}
