use crate::wire::{GraphInput, Vertex, vertex};
use hessian_kernels::graph;
use hessian_op::prelude::*;

pub struct LongestPath;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string; weights of any sign, 1 when omitted (the path's edge count).
    pub graph: GraphInput<1000>,
    /// The vertex the path must start at (any when omitted).
    #[serde(default)]
    pub source: Option<Vertex>,
    /// The vertex the path must end at (any when omitted).
    #[serde(default)]
    pub target: Option<Vertex>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// "exact", or "unknown" when the deadline stopped the search.
    pub status: Status,
    /// The path's total weight (its number of edges when unweighted): the most possible when exact; null when no path joins the given ends.
    pub length: Option<Rational>,
    /// The path's vertices in order, none repeated.
    pub path: Vec<usize>,
    /// The indices of its edges, in order.
    pub edges: Vec<usize>,
    /// When unknown: a proven upper bound on the longest path's weight.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upper_bound: Option<Rational>,
}

impl Operation for LongestPath {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.longest_path.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Longest simple path in a graph";
    const SUMMARY: &'static str = "A path that repeats no vertex with the greatest total weight (or most edges), between given ends or anywhere; exact on directed acyclic graphs in linear time, by branch and bound otherwise, typed unknown with a bound at the deadline.";
    const DESCRIPTION: &'static str = "On a directed acyclic graph every path is simple, so one pass in topological order finds the heaviest (critical path). Otherwise depth-first branch and bound over simple paths, each bounded by its weight plus, for every vertex not on it, the heaviest positive edge into it (each further step enters a new vertex). Exact rational weights of any sign, scaled to integers over their common denominator. Checked: the path repeats no vertex, each listed edge joins consecutive vertices (in its direction when directed), the ends are the given ones, and the weight is recomputed. NP-hard in general: at the deadline, status unknown with the best path and an upper bound. At most 1000 vertices; weights whose numerators over the common denominator pass 2^63 are refused.";
    const KEYWORDS: &'static [&'static str] = &[
        "longest path",
        "longest simple path",
        "critical path",
        "heaviest path",
        "longest path in a dag",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "longest route through a network that never visits a place twice",
        "critical path of a project: the longest chain of dependent tasks",
        "most edges in a path between two vertices without repeating a vertex",
        "heaviest path in a weighted directed acyclic graph",
        "how do I find the longest simple path in a graph",
        "longest chain of moves visiting each square at most once",
    ];
    const ALIASES: &'static [&'static str] = &["longest_path", "critical_path", "LongestPath"];
    const EXAMPLE: &'static str = r#"{"graph": {"vertices": 6, "edges": [[0, 1], [0, 2], [1, 3], [2, 3], [3, 4], [2, 5], [5, 4]], "directed": true, "weights": [3, 2, 4, 1, 2, 6, 1]}, "source": 0, "target": 4}"#;
    const EXPECTED: &'static str =
        r#"{"status": "exact", "length": "9", "path": [0, 1, 3, 4], "edges": [0, 2, 4]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        let source = input.source.map(|s| vertex(s, &g, "source")).transpose()?;
        let target = input.target.map(|t| vertex(t, &g, "target")).transpose()?;
        if !graph::integer_weights_fit(&g) {
            return Err(MathError::Limit(
                "weights whose numerators over their common denominator pass 2^63".into(),
            ));
        }
        let found = graph::longest_path(&g, source, target, &ctx.budget)?;
        let (length, path, edges) = match found.path {
            Some(p) => (Some(Rational(p.length)), p.vertices, p.edges),
            None => (None, Vec::new(), Vec::new()),
        };
        Ok(Output {
            status: Status::proven(found.upper_bound.is_none()),
            length,
            path,
            edges,
            upper_bound: found.upper_bound.map(Rational),
        })
    }
}
