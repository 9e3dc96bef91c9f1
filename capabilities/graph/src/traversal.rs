use crate::wire::{GraphInput, vertex};
use hessian_op::prelude::*;

pub struct Traversal;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<100_000>,
    /// The start vertex.
    pub start: crate::wire::Vertex,
    /// "bfs" (breadth-first, default) or "dfs" (depth-first preorder).
    #[serde(default)]
    pub order: Order,
}

#[derive(Deserialize, JsonSchema, Default, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum Order {
    #[default]
    Bfs,
    Dfs,
}

impl Operation for Traversal {
    type Input = Input;
    type Output = Vec<usize>;
    const ID: &'static str = "graph.traversal.compute";
    const VERSION: u32 = 4;
    const TITLE: &'static str = "Breadth-first or depth-first search order";
    const SUMMARY: &'static str =
        "The order in which BFS or DFS from a start vertex visits the vertices it reaches.";
    const DESCRIPTION: &'static str = "Visits the vertices reachable from `start` breadth-first (default) or depth-first (preorder), taking neighbours in edge order.";
    const KEYWORDS: &'static [&'static str] = &[
        "bfs",
        "dfs",
        "breadth first search",
        "depth first search",
        "traversal",
        "reachable vertices",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "order in which depth-first or breadth-first search visits vertices",
        "DFS or BFS tree from a start vertex",
        "in what order does a search explore the network from a start node",
        "visit nodes level by level starting from one vertex",
        "list the order a maze explorer reaches rooms when going deep first",
        "how do I get the visiting order of BFS or DFS",
    ];
    const ALIASES: &'static [&'static str] = &[
        "dfs_preorder_nodes",
        "bfs_tree",
        "DepthFirstScan",
        "BreadthFirstScan",
    ];
    const EXAMPLE: &'static str = r#"{"graph": {"vertices": 5, "edges": [[0, 1], [0, 2], [1, 3], [2, 4]]}, "start": 0, "order": "dfs"}"#;
    const EXPECTED: &'static str = r#"[0, 1, 3, 2, 4]"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        let s = vertex(input.start, &g, "start")?;
        Ok(match input.order {
            Order::Bfs => g.bfs(s).0,
            Order::Dfs => g.dfs(s),
        })
    }
}
