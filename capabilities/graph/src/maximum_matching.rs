use crate::wire::GraphInput;
use hessian_op::prelude::*;

pub struct MaximumMatching;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<10_000>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The number of edges in a maximum matching.
    pub size: usize,
    /// The matched pairs [u, v] with u < v, ascending.
    pub pairs: Vec<[usize; 2]>,
}

impl Operation for MaximumMatching {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.maximum_matching.compute";
    const VERSION: u32 = 4;
    const TITLE: &'static str = "Maximum matching";
    const SUMMARY: &'static str = "A maximum-cardinality matching of an undirected graph (Gabow's version of Edmonds' blossom algorithm).";
    const DESCRIPTION: &'static str = "Finds a largest set of pairwise disjoint edges in a general undirected graph (petgraph's maximum_matching, blossom-based); the result is checked to be a matching before it is returned. Loops are ignored. At most 10000 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "maximum matching",
        "matching",
        "edmonds",
        "blossom",
        "perfect matching",
        "pairing",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "pair up as many people as possible with partners they like",
        "largest set of edges with no shared vertex",
        "maximum cardinality matching in a general graph",
        "perfect matching",
        "pair off roommates so the most people get a compatible partner",
        "match players into as many two-person games as possible",
        "largest set of disjoint pairs in any network, not just two-sided",
        "is there a way to pair everyone up along allowed pairings",
    ];
    const ALIASES: &'static [&'static str] = &[
        "max_weight_matching(maxcardinality)",
        "FindIndependentEdgeSet",
        "maximal_matching",
    ];
    const EXAMPLE: &'static str =
        r#"{"graph": {"vertices": 4, "edges": [[0, 1], [1, 2], [2, 3]]}}"#;
    const EXPECTED: &'static str = r#"{"size": 2, "pairs": [[0, 1], [2, 3]]}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Self::Output, MathError> {
        input.graph.require_undirected()?;
        let g = input.graph.build()?;
        let pairs = g.maximum_matching()?;
        Ok(Output {
            size: pairs.len(),
            pairs,
        })
    }
}
