use crate::wire::GraphInput;
use hessian_op::prelude::*;

pub struct BiconnectedComponents;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<100_000>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub count: usize,
    /// Each block as sorted edge indices, blocks by their first edge.
    pub blocks: Vec<Vec<usize>>,
    /// Each block's vertices, ascending, in the same order.
    pub block_vertices: Vec<Vec<usize>>,
}

impl Operation for BiconnectedComponents {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.biconnected_components.compute";
    const VERSION: u32 = 4;
    const TITLE: &'static str = "Biconnected components (blocks)";
    const SUMMARY: &'static str =
        "The blocks of an undirected graph: maximal pieces with no cut vertex, as edge sets.";
    const DESCRIPTION: &'static str = "Hopcroft–Tarjan with an edge stack: every edge belongs to exactly one block; two blocks share at most a cut vertex; a bridge is a block of one edge, a loop its own block. At most 100000 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "biconnected components",
        "blocks",
        "2-connected components",
        "block cut tree",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "maximal pieces that stay connected after deleting any one vertex",
        "blocks of a graph",
        "2-connected components",
        "split a network into pieces that survive any single node failure",
        "find the sections of a graph that have no weak joint",
        "group edges into robust clusters separated by cut points",
        "how do I break a graph into its 2-connected blocks",
    ];
    const ALIASES: &'static [&'static str] = &[
        "biconnected_components",
        "KVertexConnectedComponents",
        "blocks_and_cut_vertices",
    ];
    const EXAMPLE: &'static str =
        r#"{"graph": {"vertices": 4, "edges": [[0, 1], [1, 2], [2, 0], [2, 3]]}}"#;
    const EXPECTED: &'static str =
        r#"{"count": 2, "blocks": [[0, 1, 2], [3]], "block_vertices": [[0, 1, 2], [2, 3]]}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Self::Output, MathError> {
        input.graph.require_undirected()?;
        let g = input.graph.build()?;
        let blocks = g.blocks();
        let block_vertices = blocks
            .iter()
            .map(|b| {
                let mut vs: Vec<usize> = b
                    .iter()
                    .flat_map(|&k| [g.edges[k].0, g.edges[k].1])
                    .collect();
                vs.sort();
                vs.dedup();
                vs
            })
            .collect();
        Ok(Output {
            count: blocks.len(),
            blocks,
            block_vertices,
        })
    }
}
