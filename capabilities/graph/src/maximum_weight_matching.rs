use crate::wire::GraphInput;
use hessian_kernels::Q;
use hessian_kernels::graph::weighted_matching;
use hessian_op::prelude::*;
use num_traits::Zero;

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
    const VERSION: u32 = 2;
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
    const EXAMPLE: &'static str = r#"{"graph": {"vertices": 4, "edges": [[0, 1], [1, 2], [2, 3], [0, 2]], "weights": [3, 5, 3, "1/2"]}}"#;
    const EXPECTED: &'static str = r#"{"weight": "6", "pairs": [[0, 1], [2, 3]]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        let mate = weighted_matching::max_weight_matching(g.n, &g.edges, &ctx.budget)?
            .ok_or_else(|| MathError::Internal("the duals do not certify the matching".into()))?;
        let mut weight = Q::zero();
        let mut pairs = Vec::new();
        for (u, m) in mate.iter().enumerate() {
            if let Some(v) = *m
                && u < v
            {
                let w = g.adj[u]
                    .iter()
                    .filter(|&&(x, _)| x == v)
                    .map(|&(_, k)| &g.edges[k].2)
                    .max();
                let (Some(w), Some(u)) = (w, mate[v].filter(|&x| x == u)) else {
                    return Err(MathError::Internal("not a matching of graph edges".into()));
                };
                weight += w;
                pairs.push([u, v]);
            }
        }
        Ok(Output {
            weight: Rational(weight),
            pairs,
        })
    }
}
