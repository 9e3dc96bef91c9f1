use crate::wire::GraphInput;
use hessian_op::prelude::*;

pub struct DegreeSequence;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<100_000>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Degree of each vertex (a loop counts 2); for directed graphs in + out.
    pub degrees: Vec<usize>,
    /// For directed graphs: in-degrees and out-degrees.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_degrees: Option<Vec<usize>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub out_degrees: Option<Vec<usize>>,
    /// The degrees sorted descending.
    pub sequence: Vec<usize>,
}

impl Operation for DegreeSequence {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.degree_sequence.compute";
    const VERSION: u32 = 4;
    const TITLE: &'static str = "Degrees and degree sequence";
    const SUMMARY: &'static str = "The degree of every vertex (in- and out-degrees for directed graphs) and the sorted degree sequence.";
    const DESCRIPTION: &'static str = "Counts edge ends at each vertex; a loop adds 2. For directed graphs also the in- and out-degrees. At most 100000 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "degree",
        "degree sequence",
        "vertex degrees",
        "in degree",
        "out degree",
        "valency",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "degrees of all vertices",
        "how many edges meet each vertex",
        "in-degrees and out-degrees",
        "count how many friends each person has in a friendship network",
        "number of links at each node, sorted from largest to smallest",
        "find the hubs in a network by counting connections per node",
        "how do I get the list of vertex degrees of a graph",
    ];
    const ALIASES: &'static [&'static str] = &["degree", "VertexDegree", "degree_sequence"];
    const EXAMPLE: &'static str =
        r#"{"graph": {"vertices": 4, "edges": [[0, 1], [1, 2], [2, 0], [2, 3]]}}"#;
    const EXPECTED: &'static str = r#"{"degrees": [2, 2, 3, 1], "sequence": [3, 2, 2, 1]}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        let (mut inn, mut out) = (vec![0usize; g.n], vec![0usize; g.n]);
        for (u, v, _) in &g.edges {
            out[*u] += 1;
            inn[*v] += 1;
        }
        let degrees: Vec<usize> = (0..g.n).map(|v| inn[v] + out[v]).collect();
        let mut sequence = degrees.clone();
        sequence.sort_unstable_by(|a, b| b.cmp(a));
        let (in_degrees, out_degrees) = if g.directed {
            (Some(inn), Some(out))
        } else {
            (None, None)
        };
        Ok(Output {
            degrees,
            in_degrees,
            out_degrees,
            sequence,
        })
    }
}
