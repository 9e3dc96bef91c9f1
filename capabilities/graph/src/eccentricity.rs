use crate::wire::GraphInput;
use hessian_kernels::Q;
use hessian_op::prelude::*;

pub struct Eccentricity;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph: {"vertices": n, "edges": [[u, v], …], "directed"?: bool, "weights"?: [w, …]}, or a graph6/sparse6/digraph6 string.
    pub graph: GraphInput<200>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Each vertex's largest distance to another vertex; "inf" when some vertex is unreachable from it.
    pub eccentricities: Vec<Extended>,
    /// The largest eccentricity; "inf" when the graph is not (strongly) connected.
    pub diameter: Extended,
    /// The smallest eccentricity; "inf" when no vertex reaches all others.
    pub radius: Extended,
    /// The vertices whose eccentricity is the radius.
    pub center: Vec<usize>,
}

impl Operation for Eccentricity {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.eccentricity.compute";
    const VERSION: u32 = 4;
    const TITLE: &'static str = "Diameter, radius and eccentricities of a graph";
    const SUMMARY: &'static str =
        "Eccentricity of every vertex, the diameter, radius and center of a graph, exactly.";
    const DESCRIPTION: &'static str = "From the exact distance matrix (Floyd–Warshall, rational weights, none negative): eccentricities, diameter (\"inf\" when disconnected), radius and center. At least 1 and at most 200 vertices.";
    const KEYWORDS: &'static [&'static str] = &[
        "diameter",
        "radius",
        "eccentricity",
        "center",
        "graph diameter",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "greatest distance from each vertex",
        "diameter, radius, centre and periphery of a graph",
        "the farthest any two places in a network are from each other",
        "find the best central location that minimizes the worst-case distance",
        "degrees of separation: the longest shortest path in a social network",
        "how do I find the diameter and center of a network",
    ];
    const ALIASES: &'static [&'static str] =
        &["eccentricity", "diameter", "radius", "GraphDiameter"];
    const EXAMPLE: &'static str =
        r#"{"graph": {"vertices": 4, "edges": [[0, 1], [1, 2], [2, 3]]}}"#;
    const EXPECTED: &'static str = r#"{"eccentricities": ["3", "2", "2", "3"], "diameter": "3", "radius": "2", "center": [1, 2]}"#;

    // Long run: refusals first; eccentricity, diameter, radius, centre are folds of distances.
    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build()?;
        if g.n == 0 {
            return Err(MathError::Domain("the graph has no vertices".into()));
        }
        let zero = Q::from_integer(0.into());
        if g.edges.iter().any(|(_, _, w)| *w < zero) {
            return Err(MathError::Domain(
                "eccentricities need non-negative weights".into(),
            ));
        }
        let d = g
            .distance_matrix(&ctx.budget)?
            .map_err(|_| MathError::Domain("negative cycle".into()))?;
        let ecc: Vec<Option<Q>> = d
            .iter()
            .map(|row| {
                row.iter()
                    .try_fold(zero.clone(), |m, x| x.as_ref().map(|x| m.max(x.clone())))
            })
            .collect();
        let diameter = ecc
            .iter()
            .try_fold(zero.clone(), |m, x| x.as_ref().map(|x| m.max(x.clone())));
        let radius = ecc.iter().flatten().min().cloned();
        let center = (0..g.n)
            .filter(|&v| ecc[v].is_some() && ecc[v] == radius)
            .collect();
        Ok(Output {
            eccentricities: ecc.into_iter().map(Extended).collect(),
            diameter: Extended(diameter),
            radius: Extended(radius),
            center,
        })
    }
}
