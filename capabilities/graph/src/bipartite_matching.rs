use crate::wire::{GraphInput, sides};
use hessian_kernels::graph::matching;
use hessian_op::prelude::*;

pub struct BipartiteMatching;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<100_000>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The number of edges in a maximum matching.
    pub size: usize,
    /// The matched pairs [u, v] with u < v, ascending.
    pub pairs: Vec<[usize; 2]>,
    /// A vertex cover of the same size (König's theorem), which proves no larger matching exists.
    pub vertex_cover: Vec<usize>,
}

impl Operation for BipartiteMatching {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.bipartite_matching.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Maximum bipartite matching";
    const SUMMARY: &'static str = "A maximum matching of a bipartite graph by Hopcroft–Karp, with a minimum vertex cover of the same size as its certificate (König).";
    const DESCRIPTION: &'static str = "The sides are found by 2-colouring (directions ignored); a graph with an odd cycle is refused with that cycle. Hopcroft–Karp augments along shortest alternating paths in O(E√V). The cover has exactly one vertex per matched pair and touches every edge, which is checked. At most 100000 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "bipartite matching",
        "hopcroft karp",
        "assignment",
        "konig",
        "minimum vertex cover bipartite",
        "job assignment",
        "marriage problem",
        "perfect matching bipartite",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "maximum matching between two sides of a bipartite graph",
        "assignment of left vertices to right vertices",
        "Konig vertex cover certificate",
        "assign as many workers to jobs they can do, one job each",
        "pair students with projects so the most students get one they accept",
        "match applicants to open positions to fill as many as possible",
        "how do I get the largest pairing between two groups given who fits whom",
    ];
    const ALIASES: &'static [&'static str] = &[
        "hopcroft_karp_matching",
        "FindIndependentEdgeSet",
        "maximum_matching",
    ];
    const EXAMPLE: &'static str =
        r#"{"graph": {"vertices": 6, "edges": [[0, 3], [0, 4], [1, 3], [2, 4], [2, 5]]}}"#;
    const EXPECTED: &'static str =
        r#"{"size": 3, "pairs": [[0, 4], [1, 3], [2, 5]], "vertex_cover": [0, 1, 2]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        let left = sides(&g)?;
        let mut adj = vec![Vec::new(); g.n];
        for (u, v, _) in &g.edges {
            let (l, r) = if left[*u] { (*u, *v) } else { (*v, *u) };
            adj[l].push(r);
        }
        let m = matching::hopcroft_karp(g.n, &left, &adj, &ctx.budget)?;
        let pairs = m.pairs();
        Ok(Output {
            size: pairs.len(),
            pairs,
            vertex_cover: m.cover,
        })
    }
}
