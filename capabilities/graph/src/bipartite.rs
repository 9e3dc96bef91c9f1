use crate::wire::GraphInput;
use hessian_op::prelude::*;

pub struct Bipartite;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<100_000>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub bipartite: bool,
    /// A proper 2-colouring (0 or 1 per vertex) when bipartite.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colouring: Option<Vec<u8>>,
    /// Otherwise an odd cycle, as its vertices in order (the last joins the first).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub odd_cycle: Option<Vec<usize>>,
}

impl Operation for Bipartite {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.bipartite.decide";
    const VERSION: u32 = 4;
    const TITLE: &'static str = "Is a graph bipartite?";
    const SUMMARY: &'static str =
        "Decides whether a graph is bipartite, with a 2-colouring or an odd cycle as witness.";
    const DESCRIPTION: &'static str = "Two-colours the graph (directions ignored) by breadth-first search. Returns a proper 2-colouring when it is bipartite, otherwise an odd cycle proving it is not. At most 100000 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "bipartite",
        "two colouring",
        "2-colorable",
        "odd cycle",
        "bipartition",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "whether the vertices can be two-coloured so every edge joins different colours",
        "test for odd cycles",
        "two-sided split of a graph",
        "can these people be split into two teams with no rivals on the same team",
        "can a map of connections be colored with just two colors",
        "check whether a network has no odd-length loop",
        "is there a way to divide the nodes into two sides with edges only across",
    ];
    const ALIASES: &'static [&'static str] = &["is_bipartite", "BipartiteGraphQ", "bipartite_sets"];
    const EXAMPLE: &'static str =
        r#"{"graph": {"vertices": 4, "edges": [[0, 1], [1, 2], [2, 0], [2, 3]]}}"#;
    const EXPECTED: &'static str = r#"{"bipartite": false, "odd_cycle": [1, 0, 2]}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        Ok(match g.bipartition() {
            Ok(c) => Output {
                bipartite: true,
                colouring: Some(c),
                odd_cycle: None,
            },
            Err(cycle) => Output {
                bipartite: false,
                colouring: None,
                odd_cycle: Some(cycle),
            },
        })
    }
}
