use hessian_kernels::graph;
use hessian_op::prelude::*;

pub struct Graphical;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A sequence of non-negative vertex degrees (at most 100000).
    pub degrees: List<crate::wire::Vertex, 100000>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Whether some simple graph has exactly these degrees.
    pub graphical: bool,
    /// When graphical: such a graph's edges [u, v], u < v, ascending (Havel–Hakimi); vertex i has degree degrees[i].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub edges: Option<Vec<[usize; 2]>>,
}

impl Operation for Graphical {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.degree_sequence.graphical.decide";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Is a degree sequence graphical?";
    const SUMMARY: &'static str = "Decides whether a sequence is the degree sequence of a simple graph (Erdős–Gallai), with a realising graph.";
    const DESCRIPTION: &'static str = "Tests the Erdős–Gallai inequalities and, when they hold, builds a simple graph with exactly these degrees by Havel–Hakimi (checked). At most 100000 degrees and 1000000 edges.";
    const KEYWORDS: &'static [&'static str] = &[
        "graphical",
        "degree sequence",
        "erdos gallai",
        "havel hakimi",
        "realizable degrees",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "could a group of people have these numbers of friends or handshakes",
        "whether a list of numbers is the degree sequence of a simple graph",
        "Erdos-Gallai or Havel-Hakimi test",
        "build a graph with given vertex degrees",
        "can a network exist where nodes have exactly these numbers of links",
        "is it possible for players to have played these numbers of games with no repeats",
        "check whether a list of connection counts fits a simple network",
        "is there a way to draw a graph with these degrees and no double edges",
    ];
    const ALIASES: &'static [&'static str] =
        &["is_graphical", "GraphicalSequenceQ", "havel_hakimi_graph"];
    const EXAMPLE: &'static str = r#"{"degrees": [3, 3, 2, 2, 2]}"#;
    const EXPECTED: &'static str =
        r#"{"graphical": true, "edges": [[0, 1], [0, 2], [0, 3], [1, 3], [1, 4], [2, 4]]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let d: Vec<usize> = input.degrees.0.iter().map(|x| x.0 as usize).collect();
        if d.iter().sum::<usize>() > 2_000_000 {
            return Err(MathError::Limit("at most 1000000 edges".into()));
        }
        let edges = graph::realize_degrees(&d, &ctx.budget)?;
        Ok(Output {
            graphical: edges.is_some(),
            edges,
        })
    }
}
