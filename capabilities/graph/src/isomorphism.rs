use crate::wire::GraphInput;
use hessian_op::prelude::*;

pub struct Isomorphism;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The first graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool}, or a graph6/sparse6/digraph6 string.
    pub first: GraphInput<1000>,
    /// The second graph, in either form.
    pub second: GraphInput<1000>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub isomorphic: bool,
    /// When isomorphic: mapping[v] is the vertex of the second graph that vertex v of the first maps to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mapping: Option<Vec<usize>>,
}

impl Operation for Isomorphism {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.isomorphism.find";
    const VERSION: u32 = 4;
    const TITLE: &'static str = "Graph isomorphism with an explicit mapping";
    const SUMMARY: &'static str = "Decides whether two graphs are isomorphic and returns a vertex mapping that carries edges to edges.";
    const DESCRIPTION: &'static str = "VF2 (petgraph) on the edge multisets, respecting direction; the mapping returned is checked to carry the first graph's edges exactly onto the second's. At most 1000 vertices; the search obeys the call deadline only between candidate mappings.";
    const KEYWORDS: &'static [&'static str] = &[
        "isomorphism",
        "isomorphic graphs",
        "graph isomorphism",
        "same graph",
        "vf2",
        "relabeling",
        "relabelling",
        "vertex relabelling",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "whether two graphs are the same up to renaming vertices",
        "isomorphism between two graphs with the vertex mapping",
        "are these two networks really the same drawing with different labels",
        "find the relabeling that turns one graph into the other",
        "check whether two molecules have the same bond structure",
        "how do I tell if two graphs are identical apart from vertex names",
    ];
    const ALIASES: &'static [&'static str] =
        &["is_isomorphic", "IsomorphicGraphQ", "FindGraphIsomorphism"];
    const EXAMPLE: &'static str = r#"{"first": {"vertices": 3, "edges": [[0, 1], [1, 2]]}, "second": {"vertices": 3, "edges": [[0, 2], [2, 1]]}}"#;
    const EXPECTED: &'static str = r#"{"isomorphic": true, "mapping": [0, 2, 1]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let (a, b) = (input.first.build()?, input.second.build()?);
        if a.directed != b.directed {
            return Err(MathError::Domain(
                "compare two directed or two undirected graphs".into(),
            ));
        }
        let mapping = a.isomorphism(&b, &ctx.budget)?;
        Ok(Output {
            isomorphic: mapping.is_some(),
            mapping,
        })
    }
}
