use hessian_kernels::probability::walk;
use hessian_kernels::{Mat, Q};
use hessian_op::prelude::*;
use hessian_op::wire::{Item, Value};
use num_traits::Zero;

pub struct RandomWalkHittingTime;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The undirected edges [u, v] (vertex names or numbers, at most 200 vertices, 20,000 edges, no loops).
    pub edges: List<[Item; 2], 20_000>,
    /// One positive weight (conductance) per edge: the walk leaves v along an edge with probability proportional to it; every weight 1 when omitted.
    #[serde(default)]
    pub weights: Option<List<Rational, 20_000>>,
    /// The start vertex.
    pub from: Item,
    /// The target vertex.
    pub to: Item,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// E[steps from `from` until the walk first reaches `to`]; "inf" when it cannot.
    pub hitting_time: Extended,
    /// The reverse, from `to` back to `from`.
    pub reverse_hitting_time: Extended,
    /// Their sum, the commute time.
    pub commute_time: Extended,
    /// Between the two vertices with resistances 1/weight; "inf" when not connected.
    pub effective_resistance: Extended,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hitting_time_decimal: Option<Value>,
    pub check: String,
}

impl Operation for RandomWalkHittingTime {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "probability.random_walk.hitting_time.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Expected hitting time of a random walk on a graph (and effective resistance)";
    const SUMMARY: &'static str = "The exact expected number of steps for a random walk on an undirected (weighted) graph to first reach one vertex from another, with the commute time and the effective resistance.";
    const DESCRIPTION: &'static str = "A simple random walk moves from v to a neighbour with probability proportional to the edge's weight (1 by default). H(s, t) solves h = 1 + P·h with h(t) = 0 exactly; R(s, t) solves the Laplacian grounded at t. Checked: the commute-time identity H(s, t) + H(t, s) = 2·W·R(s, t), W the component's total weight, with the two sides computed by different systems. At most 200 vertices and 20,000 edges.";
    const KEYWORDS: &'static [&'static str] = &[
        "random walk",
        "hitting time",
        "commute time",
        "effective resistance",
        "expected steps",
        "graph random walk",
        "cover",
        "drunkard's walk",
        "electrical network",
        "first passage time",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "expected number of steps for a random walk from vertex 0 to reach vertex 5",
        "hitting time on a cycle graph",
        "effective resistance between two nodes of a resistor network",
        "a mouse moves to a random adjacent room, how long on average to reach the cheese",
        "a person wanders between connected rooms at random, how many moves on average to reach the exit",
    ];
    const ALIASES: &'static [&'static str] =
        &["hitting_time", "commute_time", "resistance_distance"];
    const EXAMPLE: &'static str =
        r#"{"edges": [[0, 1], [1, 2], [2, 3], [3, 0], [0, 2]], "from": 1, "to": 3}"#;
    const EXPECTED: &'static str = r#"{"hitting_time": "5", "reverse_hitting_time": "5", "commute_time": "10", "effective_resistance": "1", "hitting_time_decimal": {"exact": "5", "decimal": "5"}, "check": "H(s, t) + H(t, s) = 2·W·R(s, t), the hitting times and the resistance solved from different systems"}"#;

    // Long run: vertices named, weights checked and the matrix built first.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let edges = input.edges.0;
        let weights: Vec<Q> = match input.weights {
            Some(w) if w.0.len() != edges.len() => {
                return Err(MathError::Input {
                    path: "weights".into(),
                    message: format!("{} weights for {} edges", w.0.len(), edges.len()),
                });
            }
            Some(w) => w.0.into_iter().map(|r| r.0).collect(),
            None => vec![Q::from_integer(1.into()); edges.len()],
        };
        if let Some(i) = weights.iter().position(|w| *w <= Q::zero()) {
            return Err(MathError::Input {
                path: format!("weights[{i}]"),
                message: "a weight is positive".into(),
            });
        }
        let mut names: Vec<&Item> = edges.iter().flatten().collect();
        names.sort();
        names.dedup();
        if names.len() > 200 {
            return Err(MathError::Limit(format!(
                "{} vertices, at most 200",
                names.len()
            )));
        }
        let index = |v: &Item, path: &str| {
            names.binary_search(&v).map_err(|_| MathError::Input {
                path: path.into(),
                message: format!("{} is not a vertex of the edges", v.0),
            })
        };
        let (s, t) = (index(&input.from, "from")?, index(&input.to, "to")?);
        let mut w = Mat::from_rows(vec![vec![Q::zero(); names.len()]; names.len()])
            .ok_or(Stop::CheckFailed("no vertex"))?;
        for (i, ([u, v], c)) in edges.iter().zip(&weights).enumerate() {
            let (a, b) = (index(u, "edges")?, index(v, "edges")?);
            if a == b {
                return Err(MathError::Input {
                    path: format!("edges[{i}]"),
                    message: "is a loop; give edges between distinct vertices".into(),
                });
            }
            w[(a, b)] += c;
            w[(b, a)] += c;
        }
        let r = walk::hitting(&w, s, t, &ctx.budget)?;
        let commute = r.hitting.as_ref().zip(r.back.as_ref()).map(|(a, b)| a + b);
        Ok(Output {
            hitting_time_decimal: r.hitting.as_ref().map(Value::of),
            hitting_time: Extended(r.hitting),
            reverse_hitting_time: Extended(r.back),
            commute_time: Extended(commute),
            effective_resistance: Extended(r.resistance),
            check: "H(s, t) + H(t, s) = 2·W·R(s, t), the hitting times and the resistance solved from different systems".into(),
        })
    }
}
