use crate::wire::GraphInput;
use hessian_op::prelude::*;

pub struct AutomorphismGroupOrder;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<60>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// "exact", or "unknown" when the deadline stopped the count.
    pub status: Status,
    /// The number of automorphisms when exact; otherwise those counted so far (a lower bound).
    pub order: Int,
}

impl Operation for AutomorphismGroupOrder {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.automorphism_group_order.compute";
    const VERSION: u32 = 5;
    const TITLE: &'static str = "Order of a graph's automorphism group";
    const SUMMARY: &'static str = "The number of vertex permutations that map the graph onto itself (edge multiset kept); typed unknown at the deadline.";
    const DESCRIPTION: &'static str = "Enumerates the self-isomorphisms with VF2 (petgraph) and keeps those that carry the edge multiset onto itself. Exponential for very symmetric graphs (the empty graph on n vertices has n!): stopped by the call deadline, status is unknown with the count so far. At most 60 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "automorphism group",
        "symmetries",
        "automorphisms",
        "symmetry group order",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "number of symmetries of a graph",
        "size of the automorphism group",
        "relabellings that preserve every edge",
        "how many ways can I relabel the nodes and get the same network",
        "count the symmetries of a network drawing",
        "how symmetric is a molecule's bond graph, counted as relabelings",
        "how many vertex shuffles leave all the connections unchanged",
    ];
    const ALIASES: &'static [&'static str] = &[
        "automorphism_group",
        "GraphAutomorphismGroup",
        "number_of_automorphisms",
    ];
    const EXAMPLE: &'static str =
        r#"{"graph": {"vertices": 4, "edges": [[0, 1], [1, 2], [2, 3], [3, 0]]}}"#;
    const EXPECTED: &'static str = r#"{"status": "exact", "order": "8"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        let (count, complete) = g.automorphism_count(&ctx.budget);
        let status = Status::proven(complete);
        Ok(Output {
            status,
            order: Int(count.into()),
        })
    }
}
