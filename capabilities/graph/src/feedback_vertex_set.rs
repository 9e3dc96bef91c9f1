use crate::wire::GraphInput;
use hessian_kernels::graph;
use hessian_op::prelude::*;

pub struct FeedbackVertexSet;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool}, or a graph6/sparse6/digraph6 string. Directed: what is left must have no directed cycle; undirected: no cycle at all (a loop or two parallel edges is one).
    pub graph: GraphInput<200>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// "exact", or "unknown" when the deadline stopped the search.
    pub status: Status,
    /// The fewest vertices whose removal leaves no cycle when exact; otherwise the size of the best set found (an upper bound).
    pub size: usize,
    /// Such a set, ascending.
    pub set: Vec<usize>,
    /// When unknown: a proven lower bound.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lower_bound: Option<usize>,
}

impl Operation for FeedbackVertexSet {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.feedback_vertex_set.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Minimum feedback vertex set of a graph";
    const SUMMARY: &'static str = "The fewest vertices to delete so that no cycle is left (a forest, or a DAG when directed), exactly by integer programming over cycle constraints added as they are found; typed unknown with bounds at the deadline.";
    const DESCRIPTION: &'static str = "min Σ xᵥ subject to Σ_{v∈C} xᵥ ≥ 1 for the cycles C found so far, solved by the checked branch and bound of optimization.integer_program.solve: that program is a relaxation, so when its optimum X leaves G − X acyclic, X is optimal; otherwise a shortest cycle of G − X joins the program and it is solved again. Checked: no cycle (directed cycle when directed) survives the removal. NP-hard: at the deadline, status unknown with a greedy set and the relaxation's lower bound. At most 200 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "feedback vertex set",
        "minimum feedback vertex set",
        "cycle cutset",
        "decycling number",
        "break all cycles",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "fewest vertices to remove so the graph has no cycles",
        "smallest set of nodes whose deletion leaves a forest",
        "remove the fewest processes to break every circular wait (deadlock)",
        "fewest vertices hitting every directed cycle so the rest is acyclic",
        "how do I find a minimum feedback vertex set",
        "which junctions to close so that no round trip is possible",
    ];
    const ALIASES: &'static [&'static str] = &["feedback_vertex_set", "fvs", "FeedbackVertexSet"];
    const EXAMPLE: &'static str = r#"{"graph": {"vertices": 6, "edges": [[0, 1], [1, 2], [2, 0], [2, 3], [3, 4], [4, 5], [5, 3], [1, 4]], "directed": true}}"#;
    const EXPECTED: &'static str = r#"{"status": "exact", "size": 2, "set": [2, 5]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        let (status, set, lower_bound) = graph::feedback_vertex_set(&g, &ctx.budget)?.into_parts();
        Ok(Output {
            status: Status::proven(status),
            size: set.len(),
            set,
            lower_bound,
        })
    }
}
