use crate::wire::{GraphInput, Vertex, vertex};
use hessian_kernels::graph;
use hessian_op::prelude::*;

pub struct SteinerTree;

/// Terminals the exact search takes (its cost grows as 3^k).
const MAX_TERMINALS: usize = 12;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "weights"?: [w, …]}, or a graph6/sparse6 string; directions are ignored, weights are non-negative (1 when omitted).
    pub graph: GraphInput<200>,
    /// The vertices the tree must join (distinct; 1 to 12).
    pub terminals: List<Vertex, 12>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Whether one tree joins all the terminals (false: they lie in different components).
    pub connected: bool,
    /// The least total weight of such a tree; null when not connected.
    pub weight: Option<Rational>,
    /// The tree's edges, as indices into the graph's edges, ascending.
    pub edges: Vec<usize>,
    /// The tree's vertices, ascending: the terminals and the Steiner vertices it passes through.
    pub vertices: Vec<usize>,
}

impl Operation for SteinerTree {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.steiner_tree.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Minimum Steiner tree joining given vertices";
    const SUMMARY: &'static str = "The lightest tree in a weighted graph that connects a given set of terminal vertices, possibly through other vertices; exact by the Dreyfus–Wagner dynamic programme.";
    const DESCRIPTION: &'static str = "Dreyfus–Wagner over shortest-path distances: the lightest tree joining a terminal set S and a vertex v branches at some u, T(S, v) = min_u d(v, u) + min over splits S′ of T(S′, u) + T(S ∖ S′, u); time 3^k·n + 2^k·n² for k terminals. The optimum's shortest paths are unioned, a spanning tree of them taken and non-terminal leaves pruned. Checked: the edges form a tree that contains every terminal, and its weight, recomputed from the edges as given, equals the programme's optimum. Exact rational weights ≥ 0. At most 200 vertices and 12 terminals.";
    const KEYWORDS: &'static [&'static str] = &[
        "steiner tree",
        "minimum steiner tree",
        "dreyfus wagner",
        "terminals",
        "network design",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "cheapest tree connecting a chosen set of vertices, other vertices may be used",
        "lay the least cable to link these offices through any junctions",
        "shortest network joining several given cities of a road graph",
        "minimum weight subtree spanning a set of required nodes",
        "how do I compute a minimum Steiner tree in a graph",
        "connect all the marked points as cheaply as possible using the existing links",
    ];
    const ALIASES: &'static [&'static str] = &["steiner_tree", "SteinerTree"];
    const EXAMPLE: &'static str = r#"{"graph": {"vertices": 6, "edges": [[0, 1], [1, 2], [0, 3], [3, 2], [3, 4], [4, 5], [2, 5], [3, 5]], "weights": [4, 4, 2, 2, 1, 3, 5, 2]}, "terminals": [0, 2, 5]}"#;
    const EXPECTED: &'static str =
        r#"{"connected": true, "weight": "6", "edges": [2, 3, 7], "vertices": [0, 2, 3, 5]}"#;

    // Long run: terminals read and refused one by one, weights signed; the kernel checks.
    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        let mut terminals = Vec::with_capacity(MAX_TERMINALS);
        for (i, t) in input.terminals.0.iter().enumerate() {
            let t = vertex(*t, &g, &format!("terminals[{i}]"))?;
            if terminals.contains(&t) {
                return Err(MathError::Input {
                    path: format!("terminals[{i}]"),
                    message: format!("vertex {t} is listed twice"),
                });
            }
            terminals.push(t);
        }
        if terminals.is_empty() {
            return Err(MathError::Input {
                path: "terminals".into(),
                message: "give at least one terminal".into(),
            });
        }
        if g.edges
            .iter()
            .any(|(_, _, w)| w < &hessian_kernels::Q::from_integer(0.into()))
        {
            return Err(MathError::Domain(
                "edge weights must be non-negative".into(),
            ));
        }
        if !graph::integer_weights_fit(&g) {
            return Err(MathError::Limit(
                "weights whose numerators over their common denominator pass 2^63".into(),
            ));
        }
        Ok(match graph::steiner_tree(&g, &terminals, &ctx.budget)? {
            Some(tree) => {
                let mut edges = tree.edges;
                edges.sort_unstable();
                let mut vertices: Vec<usize> = edges
                    .iter()
                    .flat_map(|&e| [g.edges[e].0, g.edges[e].1])
                    .chain(terminals)
                    .collect();
                vertices.sort_unstable();
                vertices.dedup();
                Output {
                    connected: true,
                    weight: Some(Rational(tree.weight)),
                    edges,
                    vertices,
                }
            }
            None => Output {
                connected: false,
                weight: None,
                edges: Vec::new(),
                vertices: Vec::new(),
            },
        })
    }
}
