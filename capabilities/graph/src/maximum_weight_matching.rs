use crate::wire::GraphInput;
use hessian_kernels::graph::weighted_matching;
use hessian_op::prelude::*;

pub struct MaximumWeightMatching;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph with its edge weights: {"vertices": n, "edges": [[u, v], …], "weights": [w, …]} (weights default to 1), or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<500>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The largest total weight of a matching (exact).
    pub weight: Rational,
    /// The matched pairs [u, v] with u < v, ascending (only edges of positive weight).
    pub pairs: Vec<[usize; 2]>,
}

impl Operation for MaximumWeightMatching {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.maximum_weight_matching.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Maximum-weight matching";
    const SUMMARY: &'static str = "A matching of largest total exact weight in any undirected graph (Edmonds' weighted blossom algorithm).";
    const DESCRIPTION: &'static str = "Directions and loops are ignored; of parallel edges the heaviest counts; edges of weight ≤ 0 never help and are left out, so the matching need not be maximum in size. Method: Galil's O(n³) primal-dual blossom algorithm in exact rationals; the final duals are checked (non-negative, every edge's reduced cost ≥ 0 and 0 on matched edges, free vertices at 0, positive blossoms full), which proves optimality before the answer is returned. At most 500 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "maximum weight matching",
        "weighted matching",
        "assignment problem",
        "hungarian algorithm",
        "weighted blossom",
        "optimal pairing",
        "kuhn munkres",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "matching with the largest total edge weight",
        "weighted pairing of vertices",
        "blossom algorithm",
        "pair people to maximize total compatibility score",
        "choose non-overlapping pairs with the highest combined value",
        "assign partners in a tournament to maximize total match quality",
        "how do I find the best scoring set of pairs in a weighted graph",
    ];
    const ALIASES: &'static [&'static str] = &[
        "max_weight_matching",
        "FindIndependentEdgeSet weighted",
        "min_weight_matching",
    ];
    const EXAMPLE: &'static str = r#"{"graph": {"vertices": 4, "edges": [[0, 1], [1, 2], [2, 3], [0, 2]], "weights": [3, 5, 3, "1/2"]}}"#;
    const EXPECTED: &'static str = r#"{"weight": "6", "pairs": [[0, 1], [2, 3]]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        let (pairs, weight) =
            weighted_matching::maximum_weight_matching(g.n, &g.edges, &ctx.budget)?;
        Ok(Output {
            weight: Rational(weight),
            pairs,
        })
    }
}
