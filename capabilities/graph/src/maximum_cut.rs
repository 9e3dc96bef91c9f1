use crate::wire::GraphInput;
use hessian_kernels::graph;
use hessian_op::prelude::*;

pub struct MaximumCut;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "weights"?: [w, …]}, or a graph6/sparse6 string; directions are ignored, weights may be negative (1 when omitted).
    pub graph: GraphInput<200>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// "exact", or "unknown" when the deadline stopped the search.
    pub status: Status,
    /// The total weight of the edges between the sides: the maximum when exact, else the best found.
    pub value: Rational,
    /// The side S of the cut without vertex 0, ascending; the rest is V∖S.
    pub side: Vec<usize>,
    /// The indices of the edges crossing the cut.
    pub cut_edges: Vec<usize>,
    /// When unknown: a proven upper bound on the maximum cut.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upper_bound: Option<Rational>,
}

impl Operation for MaximumCut {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.maximum_cut.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Maximum cut of a graph";
    const SUMMARY: &'static str = "Splits the vertices into two sides so that the total weight of the edges between them is as large as possible (max-cut), exactly by branch and bound; typed unknown with an upper bound at the deadline.";
    const DESCRIPTION: &'static str = "Branch and bound over the sides of the vertices (heaviest first, vertex 0 fixed to one side since the sides are interchangeable), started from a one-flip local optimum; each node is bounded by its cut plus, per unplaced vertex, the larger of its two gains, plus every positive weight among the unplaced vertices (a bound that never grows going down, so pruning is sound). Exact rational weights of any sign, scaled to integers over their common denominator. Checked: the cut's weight is recomputed from the edges as given. NP-hard: at the deadline, status unknown with the best cut and the largest bound still open. At most 200 vertices; weights whose numerators over the common denominator pass 2^63 are refused.";
    const KEYWORDS: &'static [&'static str] = &[
        "maximum cut",
        "max cut",
        "max-cut",
        "weighted max cut",
        "largest cut",
        "bipartite subgraph",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "split the vertices into two groups to maximise the weight of edges between the groups",
        "divide a network in two so that as many links as possible cross",
        "largest bipartite subgraph by edge weight",
        "assign each node to one of two teams so the most conflicting pairs are separated",
        "how do I find the max cut of a weighted graph",
        "partition the spins into up and down to maximise the crossing couplings",
    ];
    const ALIASES: &'static [&'static str] = &["max_cut", "maxcut", "MaxCut"];
    const EXAMPLE: &'static str = r#"{"graph": {"vertices": 5, "edges": [[0, 1], [1, 2], [2, 3], [3, 4], [4, 0], [0, 2]], "weights": [3, 2, 4, 1, 2, 5]}}"#;
    const EXPECTED: &'static str =
        r#"{"status": "exact", "value": "15", "side": [1, 2, 4], "cut_edges": [0, 2, 3, 4, 5]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        if !graph::integer_weights_fit(&g) {
            return Err(MathError::Limit(
                "weights whose numerators over their common denominator pass 2^63".into(),
            ));
        }
        let cut = graph::maximum_cut(&g, &ctx.budget)?;
        Ok(Output {
            status: Status::proven(cut.upper_bound.is_none()),
            value: Rational(cut.value),
            // The side without vertex 0: one answer per cut.
            side: (0..g.n).filter(|&v| cut.side[v] != cut.side[0]).collect(),
            cut_edges: (0..g.edges.len())
                .filter(|&k| cut.side[g.edges[k].0] != cut.side[g.edges[k].1])
                .collect(),
            upper_bound: cut.upper_bound.map(Rational),
        })
    }
}
