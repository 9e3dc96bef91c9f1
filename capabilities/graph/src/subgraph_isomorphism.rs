use crate::wire::GraphInput;
use hessian_kernels::graph::{self, MapKind};
use hessian_op::prelude::*;

pub struct SubgraphIsomorphism;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The small graph to look for: {"vertices": k, "edges": [[u, v], …], "directed"?: bool}, or a graph6/sparse6/digraph6 string (at most 100 vertices).
    pub pattern: GraphInput<100>,
    /// The graph to look in, directed exactly when the pattern is (at most 1000 vertices); parallel edges count once.
    pub host: GraphInput<1000>,
    /// Also require non-edges of the pattern to map to non-edges (an induced copy); default false.
    #[serde(default)]
    pub induced: bool,
}

/// The three ends of a search for a map between graphs.
#[derive(Serialize, JsonSchema)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Found {
    Found {
        /// mapping[v]: the host vertex pattern vertex v goes to.
        mapping: Vec<usize>,
        check: String,
    },
    /// The search over every candidate map finished without one.
    None { check: String },
    /// The deadline stopped the search.
    Unknown { reason: String },
}

impl Found {
    /// The wire form of a search's end, `what` naming the maps sought.
    pub fn of(m: graph::Mapped, check: &str, what: &str) -> Self {
        match m {
            graph::Mapped::Map(mapping) => Found::Found {
                mapping,
                check: check.into(),
            },
            graph::Mapped::None => Found::None {
                check: format!("the backtracking search tried every candidate and found no {what}"),
            },
            graph::Mapped::Unknown => Found::Unknown {
                reason: "the deadline stopped the search".into(),
            },
        }
    }
}

/// Both graphs built, directed alike.
pub fn both<const P: usize, const H: usize>(
    pattern: &GraphInput<P>,
    host: &GraphInput<H>,
) -> Result<(graph::Graph, graph::Graph), MathError> {
    let (p, h) = (pattern.build()?, host.build()?);
    if p.directed != h.directed {
        return Err(MathError::Input {
            path: "host.directed".into(),
            message: "the pattern and the host must both be directed or both undirected".into(),
        });
    }
    Ok((p, h))
}

impl Operation for SubgraphIsomorphism {
    type Input = Input;
    type Output = Found;
    const ID: &'static str = "graph.subgraph_isomorphism.find";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Find a copy of a pattern graph inside a larger graph (subgraph isomorphism)";
    const SUMMARY: &'static str = "An injective map from the pattern's vertices into the host's sending every edge to an edge (optionally non-edges to non-edges: an induced copy), or a finished search showing there is none.";
    const DESCRIPTION: &'static str = "Backtracking in an order where each pattern vertex follows its neighbours, so its candidates are the neighbours of an image already fixed, pruned by in- and out-degree and by every pair already mapped. Checked: every pair of pattern vertices against its image pair (edge to edge, distinct images, and for an induced copy non-edge to non-edge). 'none' is the finished exhaustive search. NP-complete: at the deadline, status unknown. Directions must agree; parallel edges count once; a loop must map to a loop. At most 100 pattern and 1000 host vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "subgraph isomorphism",
        "induced subgraph",
        "pattern matching in graphs",
        "graph embedding",
        "motif",
        "contains a copy of",
        "vf2",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "does this graph contain a 4-cycle or a given small graph as a subgraph",
        "find where a small network pattern occurs inside a big network",
        "search a molecule's bond graph for a given group of atoms",
        "is the small graph an induced subgraph of the large one",
        "how do I find a motif in a network",
        "embed one graph into another injectively keeping every edge",
    ];
    const ALIASES: &'static [&'static str] = &[
        "subgraph_isomorphism",
        "find_subgraph",
        "SubgraphIsomorphism",
    ];
    const EXAMPLE: &'static str = r#"{"pattern": {"vertices": 5, "edges": [[0, 1], [1, 2], [2, 3], [3, 4], [4, 0]]}, "host": "IsP@OkWHG", "induced": true}"#;
    const EXPECTED: &'static str = r#"{"status": "found", "mapping": [0, 1, 4, 6, 2], "check": "checked pair by pair: distinct images, every edge to an edge and every non-edge to a non-edge"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Found, MathError> {
        let (p, h) = both(&input.pattern, &input.host)?;
        let kind = MapKind::Subgraph {
            induced: input.induced,
        };
        let check = if input.induced {
            "checked pair by pair: distinct images, every edge to an edge and every non-edge to a non-edge"
        } else {
            "checked pair by pair: distinct images and every edge to an edge"
        };
        let what = if input.induced {
            "induced copy"
        } else {
            "copy"
        };
        Ok(Found::of(
            graph::find_map(&p, &h, kind, &ctx.budget)?,
            check,
            what,
        ))
    }
}
