use crate::wire::{GraphInput, vertex};
use hessian_kernels::graph;
use hessian_op::prelude::*;

pub struct MaximumFlow;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<2000>,
    /// The source s.
    pub source: crate::wire::Vertex,
    /// The sink t ≠ s.
    pub sink: crate::wire::Vertex,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The maximum flow value = the minimum cut capacity, exact.
    pub value: Rational,
    /// The flow on each edge, in edge order (for undirected edges, positive from u to v).
    pub flow: Vec<Rational>,
    /// The source side S of a minimum cut (s in S, t not), ascending.
    pub cut_side: Vec<usize>,
    /// Indices of the edges crossing the cut; their capacities sum to `value`.
    pub cut_edges: Vec<usize>,
}

impl Operation for MaximumFlow {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.maximum_flow.compute";
    const VERSION: u32 = 4;
    const TITLE: &'static str = "Maximum flow and minimum cut";
    const SUMMARY: &'static str =
        "A maximum s–t flow with exact capacities, and a minimum cut that proves it optimal.";
    const DESCRIPTION: &'static str = "Edmonds–Karp (shortest augmenting paths) on exact rational capacities given as edge weights (1 when omitted); undirected edges carry flow either way. Returns the flow per edge and a minimum cut whose capacity is checked to equal the flow value. At most 2000 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "maximum flow",
        "max flow",
        "minimum cut",
        "min cut",
        "edmonds karp",
        "ford fulkerson",
        "network flow",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "most traffic per hour through a network of roads or pipes",
        "largest flow from a source to a sink with edge capacities",
        "minimum cut separating source and sink",
        "network capacity between two nodes",
        "how much water can the pipe system carry from the reservoir to the city",
        "maximum data throughput between two servers given link capacities",
        "cheapest set of links to cut to separate a source from a sink",
        "how do I find the bottleneck capacity between two points in a network",
    ];
    const ALIASES: &'static [&'static str] = &[
        "maximum_flow",
        "FindMaximumFlow",
        "minimum_cut",
        "edmonds_karp",
    ];
    const EXAMPLE: &'static str = r#"{"graph": {"vertices": 4, "edges": [[0, 1], [0, 2], [1, 3], [2, 3], [1, 2]], "weights": [3, 2, 2, 3, 1], "directed": true}, "source": 0, "sink": 3}"#;
    const EXPECTED: &'static str = r#"{"value": "5", "flow": ["3", "2", "2", "3", "1"], "cut_side": [0], "cut_edges": [0, 1]}"#;

    // Long run: refusals first (distinct ends, capacities ≥ 0); the kernel call certifies.
    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        let (s, t) = (
            vertex(input.source, &g, "source")?,
            vertex(input.sink, &g, "sink")?,
        );
        if s == t {
            return Err(MathError::Input {
                path: "sink".into(),
                message: "must differ from the source".into(),
            });
        }
        if g.edges
            .iter()
            .any(|(_, _, c)| *c < hessian_kernels::Q::from_integer(0.into()))
        {
            return Err(MathError::Domain(
                "capacities (weights) must be non-negative".into(),
            ));
        }
        let f = graph::maximum_flow(&g, s, t, &ctx.budget)?;
        Ok(Output {
            value: Rational(f.value),
            flow: f.flow.into_iter().map(Rational).collect(),
            cut_side: (0..g.n).filter(|&v| f.side[v]).collect(),
            cut_edges: f.cut_edges,
        })
    }
}
