use crate::wire::GraphInput;
use hessian_kernels::graph;
use hessian_op::prelude::*;

pub struct Hamiltonian;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<60>,
    /// Look for a cycle (default) or a path through every vertex once.
    #[serde(default = "cycle")]
    pub closed: bool,
}

fn cycle() -> bool {
    true
}

/// What the search for a Hamiltonian cycle established.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// A Hamiltonian cycle, given in `order`.
    Found,
    /// None exists: the search was exhausted.
    None,
    /// The deadline stopped the search.
    Unknown,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// found, none (proven by exhausting the search) or unknown (stopped by the deadline).
    pub status: Outcome,
    /// The vertices in order when found (for a cycle, the last joins the first).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order: Option<Vec<usize>>,
}

impl Operation for Hamiltonian {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.hamiltonian.find";
    const VERSION: u32 = 5;
    const TITLE: &'static str = "Hamiltonian cycle or path";
    const SUMMARY: &'static str = "A cycle (or path) through every vertex exactly once, by exhaustive backtracking; typed unknown at the deadline.";
    const DESCRIPTION: &'static str = "Backtracking over simple paths (directions respected). NP-hard: none is reported only after the search is exhausted; when the call deadline stops it, status is unknown. The order returned is checked. At most 60 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "hamiltonian cycle",
        "hamiltonian path",
        "travelling salesman tour",
        "visit every vertex once",
        "knight's tour",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "cycle or path through every vertex exactly once",
        "Hamiltonian circuit",
        "visit every node once and return",
        "tour that visits every city exactly once and comes back home",
        "knight's tour style route through every square exactly once",
        "find an order to visit all nodes with no repeats along existing links",
        "is there a route through every vertex once, and what is it",
    ];
    const ALIASES: &'static [&'static str] = &[
        "hamiltonian_cycle",
        "FindHamiltonianCycle",
        "is_hamiltonian",
    ];
    const EXAMPLE: &'static str =
        r#"{"graph": {"vertices": 4, "edges": [[0, 1], [1, 2], [2, 3], [3, 0], [0, 2]]}}"#;
    const EXPECTED: &'static str = r#"{"status": "found", "order": [0, 1, 2, 3]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        Ok(match graph::hamiltonian(&g, input.closed, &ctx.budget) {
            Err(e @ Stop::CheckFailed(_)) => return Err(e.into()),
            Err(_) => Output {
                status: Outcome::Unknown,
                order: None,
            },
            Ok(None) => Output {
                status: Outcome::None,
                order: None,
            },
            Ok(Some(order)) => Output {
                status: Outcome::Found,
                order: Some(order),
            },
        })
    }
}
