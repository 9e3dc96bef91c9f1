use crate::wire::GraphInput;
use hessian_op::prelude::*;

pub struct Condensation;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<100_000>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The strongly connected components (each ascending), in a topological order of the condensation.
    pub components: Vec<Vec<usize>>,
    /// component[v]: the index of v's component.
    pub component: Vec<usize>,
    /// The edges [i, j] between distinct components, without repeats, ascending.
    pub edges: Vec<[usize; 2]>,
}

impl Operation for Condensation {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.condensation.compute";
    const VERSION: u32 = 4;
    const TITLE: &'static str = "Condensation of a directed graph";
    const SUMMARY: &'static str =
        "The DAG of strongly connected components, in topological order, with its edges.";
    const DESCRIPTION: &'static str = "Contracts each strongly connected component (Tarjan, petgraph) to one vertex; the components are listed in a topological order of the resulting acyclic graph. At most 100000 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "condensation",
        "component graph",
        "dag of scc",
        "contract strongly connected components",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "acyclic graph of strongly connected components",
        "contract each strong component to a single vertex",
        "shrink each loop-connected cluster of a directed network into one node",
        "collapse groups of mutually reachable nodes to get a graph with no cycles",
        "simplify a dependency graph with circular dependencies into a DAG of clusters",
        "how do I get the acyclic summary of a directed graph",
    ];
    const ALIASES: &'static [&'static str] = &["condensation", "networkx.condensation"];
    const EXAMPLE: &'static str = r#"{"graph": {"vertices": 4, "edges": [[0, 1], [1, 0], [1, 2], [2, 3], [3, 2]], "directed": true}}"#;
    const EXPECTED: &'static str =
        r#"{"components": [[0, 1], [2, 3]], "component": [0, 0, 1, 1], "edges": [[0, 1]]}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Self::Output, MathError> {
        if !input.graph.directed {
            return Err(MathError::Domain(
                "the condensation needs a directed graph (directed: true)".into(),
            ));
        }
        let g = input.graph.build()?;
        let (components, component, edges) = g.condensation()?;
        Ok(Output {
            components,
            component,
            edges,
        })
    }
}
