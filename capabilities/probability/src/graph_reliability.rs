use hessian_kernels::probability::reliability::{self, MAX_COUNTS, Terminals};
use hessian_kernels::{BigInt, Q};
use hessian_op::prelude::*;
use hessian_op::wire::{Item, PolyOut, Value};
use num_traits::{One, Zero};

pub struct GraphReliability;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The undirected edges [u, v] (vertex names or numbers; parallel edges allowed, no loops; at most 120 edges).
    pub edges: List<[Item; 2], 120>,
    /// Two-terminal reliability: the probability these two vertices are connected. Omitted: all-terminal, the probability that every vertex is connected.
    #[serde(default)]
    pub terminals: Option<[Item; 2]>,
    /// The probability each edge works (0 ≤ p ≤ 1, independently), to evaluate R(p) at.
    #[serde(default)]
    pub p: Option<Rational>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// "all_terminal" or "two_terminal".
    pub kind: String,
    pub vertices: usize,
    pub edges: usize,
    /// working_subsets[k]: how many sets of k working edges keep the network working (N_k).
    pub working_subsets: Vec<Int>,
    /// R(p) = Σ N_k·p^k·(1 − p)^(m − k), expanded in p.
    pub reliability: PolyOut,
    /// R at the given p.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<Value>,
    pub check: String,
}

impl Operation for GraphReliability {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "probability.graph_reliability.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Reliability polynomial of a network (all-terminal or two-terminal)";
    const SUMMARY: &'static str = "The exact probability that a network stays connected (every vertex, or two chosen terminals) when each edge works independently with probability p, as a polynomial in p with the number of working edge sets of each size.";
    const DESCRIPTION: &'static str = "R(p) = Σ N_k·p^k·(1 − p)^(m − k), N_k the number of k-edge subsets that connect every vertex (all-terminal) or join the two terminals (two-terminal), counted exactly by a frontier dynamic programme over the edges in breadth-first order (its states are the partitions of the vertices still awaiting edges). Checked by identities computed separately: all-terminal N_(n−1) equals Kirchhoff's count of spanning trees, two-terminal's first nonzero N_d the number of shortest paths between the terminals, N_(m−1) the number of edges whose removal alone keeps it working; R(p) is evaluated both from the counts and from the expanded polynomial. At most 120 edges and 4,000,000 counts held across the frontier (graphs of small path-width: grids, ladders, series–parallel networks; complete graphs up to K11).";
    const KEYWORDS: &'static [&'static str] = &[
        "network reliability",
        "reliability polynomial",
        "all-terminal reliability",
        "two-terminal reliability",
        "probability network stays connected",
        "edge failure",
        "connected with probability",
        "link failure",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "probability that a graph stays connected when each edge fails independently",
        "reliability polynomial of the complete graph K4",
        "each link works with probability 0.9, chance that node A can still reach node B",
        "bridges on a river wash out at random, probability you can still get from one bank to the other",
        "a computer network where cables break with probability q, chance every computer can still talk to every other",
    ];
    const ALIASES: &'static [&'static str] = &["reliability_polynomial", "network_reliability"];
    const EXAMPLE: &'static str =
        r#"{"edges": [[0, 1], [1, 2], [2, 0]], "terminals": [0, 1], "p": "9/10"}"#;
    const EXPECTED: &'static str = r#"{"kind": "two_terminal", "vertices": 3, "edges": 3, "working_subsets": ["0", "1", "3", "1"], "reliability": {"coefficients": ["0", "1", "1", "-1"], "polynomial": "-p^3 + p^2 + p"}, "value": {"exact": "981/1000", "decimal": "0.981"}, "check": "N_m = 1, N_(m−1) by removing each edge, the first nonzero N_d equal to the number of shortest paths between the terminals; R(p) from the counts and from the expansion agree"}"#;

    // Long run: vertices named and the terminals read before the count.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let mut names: Vec<&Item> = input.edges.0.iter().flatten().collect();
        names.sort();
        names.dedup();
        let index = |v: &Item, path: &str| {
            names.binary_search(&v).map_err(|_| MathError::Input {
                path: path.into(),
                message: format!("{} is not a vertex of the edges", v.0),
            })
        };
        let mut edges = Vec::with_capacity(input.edges.0.len());
        for (i, [u, v]) in input.edges.0.iter().enumerate() {
            let (a, b) = (index(u, "edges")?, index(v, "edges")?);
            if a == b {
                return Err(MathError::Input {
                    path: format!("edges[{i}]"),
                    message: "is a loop (a loop never changes connectivity); give edges between distinct vertices".into(),
                });
            }
            edges.push((a, b));
        }
        let terminals = match &input.terminals {
            Some([s, t]) => Terminals::Two(index(s, "terminals[0]")?, index(t, "terminals[1]")?),
            None => Terminals::All,
        };
        if let Some(p) = &input.p
            && (p.0 < Q::zero() || p.0 > Q::one())
        {
            return Err(MathError::Input {
                path: "p".into(),
                message: "a probability is between 0 and 1".into(),
            });
        }
        let n = names.len();
        let counts = match reliability::counts(n, &edges, terminals, &ctx.budget)? {
            Ok(c) => c,
            Err(held) => {
                return Err(MathError::Limit(format!(
                    "the frontier's partitions of the vertices would hold {held} counts (at most {MAX_COUNTS}): the graph is too wide for exact counting"
                )));
            }
        };
        let checked = reliability::check(n, &edges, terminals, &counts, &ctx.budget)?;
        let counts: Vec<BigInt> = counts.into_iter().map(BigInt::from).collect();
        let coefficients = reliability::expand(&counts);
        let value = match &input.p {
            Some(p) => Some(Value::of(&reliability::evaluate(
                &counts,
                &coefficients,
                &p.0,
            )?)),
            None => None,
        };
        Ok(Output {
            kind: match terminals {
                Terminals::All => "all_terminal",
                Terminals::Two(..) => "two_terminal",
            }
            .into(),
            vertices: n,
            edges: edges.len(),
            working_subsets: counts.into_iter().map(Int).collect(),
            reliability: PolyOut::from_z(&coefficients, "p"),
            value,
            check: format!("{checked}; R(p) from the counts and from the expansion agree"),
        })
    }
}
