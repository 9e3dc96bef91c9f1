use crate::wire::GraphInput;
use hessian_op::prelude::*;

pub struct TopologicalOrder;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<100_000>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub acyclic: bool,
    /// A topological order (every edge goes forward) when acyclic.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order: Option<Vec<usize>>,
    /// Otherwise a directed cycle, its vertices in order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cycle: Option<Vec<usize>>,
}

impl Operation for TopologicalOrder {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.topological_order.compute";
    const VERSION: u32 = 4;
    const TITLE: &'static str = "Topological order of a directed graph";
    const SUMMARY: &'static str = "A topological ordering of a directed acyclic graph, or a directed cycle as witness that none exists.";
    const DESCRIPTION: &'static str = "Orders the vertices so that every edge u → v has u before v (Kahn's algorithm); if the graph has a directed cycle, returns one instead. The graph must be directed. At most 100000 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "topological sort",
        "topological order",
        "dag",
        "acyclic",
        "dependency order",
        "cycle detection",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "order chores or courses when some must come before others",
        "linear order of a directed acyclic graph respecting every edge",
        "order tasks by dependencies",
        "detect a directed cycle",
        "what order to take classes so prerequisites come first",
        "put build steps in an order so each comes after what it needs",
        "schedule tasks with before and after constraints, or find a loop",
        "how do I sort items so every arrow points forward",
    ];
    const ALIASES: &'static [&'static str] = &["topological_sort", "TopologicalSort", "toposort"];
    const EXAMPLE: &'static str = r#"{"graph": {"vertices": 4, "edges": [[0, 1], [0, 2], [1, 3], [2, 3]], "directed": true}}"#;
    const EXPECTED: &'static str = r#"{"acyclic": true, "order": [0, 1, 2, 3]}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Self::Output, MathError> {
        if !input.graph.directed {
            return Err(MathError::Domain(
                "a topological order needs a directed graph (directed: true)".into(),
            ));
        }
        let g = input.graph.build()?;
        Ok(match g.topological_order() {
            Ok(order) => Output {
                acyclic: true,
                order: Some(order),
                cycle: None,
            },
            Err(cycle) => Output {
                acyclic: false,
                order: None,
                cycle: Some(cycle),
            },
        })
    }
}
