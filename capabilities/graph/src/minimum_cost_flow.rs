use crate::wire::{GraphInput, Vertex, vertex};
use hessian_kernels::Q;
use hessian_kernels::graph::{self, CostFlow, CostFlowProblem, Graph};
use hessian_op::prelude::*;
use num_traits::{Signed, Zero};

pub struct MinimumCostFlow;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The network: {"vertices": n, "edges": [[u, v], …], "directed": true}; flow goes from u to v. Give capacities and costs below, not weights.
    pub graph: GraphInput<1000>,
    /// The capacity of each edge, in edge order (non-negative rationals; at most 10000 edges).
    pub capacities: List<Rational, 10_000>,
    /// The cost per unit of flow on each edge, in edge order (any sign).
    pub costs: List<Rational, 10_000>,
    /// Either: the supply of each vertex (positive: flow enters there; negative: a demand), adding up to 0.
    #[serde(default)]
    pub supplies: Option<List<Rational, 1000>>,
    /// Or: the vertex the flow starts from …
    #[serde(default)]
    pub source: Option<Vertex>,
    /// … the vertex it must reach …
    #[serde(default)]
    pub sink: Option<Vertex>,
    /// … and how much to send (the maximum flow when omitted: a cheapest maximum flow).
    #[serde(default)]
    pub amount: Option<Rational>,
}

#[derive(Serialize, JsonSchema)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Output {
    /// A cheapest flow, with potentials proving it.
    Optimal {
        /// The flow on each edge, in edge order.
        flow: Vec<Rational>,
        /// Σ cost·flow, the least possible.
        cost: Rational,
        /// With a source and sink: the amount sent.
        #[serde(skip_serializing_if = "Option::is_none")]
        amount: Option<Rational>,
        /// The dual certificate: a potential πᵥ per vertex with cost + π_u − π_v ≥ 0 on every edge below capacity and ≤ 0 on every edge carrying flow.
        potentials: Vec<Rational>,
        check: String,
    },
    /// No flow meets the supplies: the vertices of `side` must send out more than the edges leaving them can carry.
    Infeasible {
        side: Vec<usize>,
        supply: Rational,
        capacity: Rational,
        check: String,
    },
}

impl Operation for MinimumCostFlow {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.minimum_cost_flow.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Minimum-cost flow in a network";
    const SUMMARY: &'static str = "A cheapest flow through a directed network with edge capacities and unit costs that meets given supplies and demands, or sends an amount (or the most possible) from a source to a sink; exact, with potentials proving it optimal or a cut proving it impossible.";
    const DESCRIPTION: &'static str = "Successive shortest paths in exact rationals (Bellman–Ford, so negative costs are allowed: negative edges start saturated). Checked before it is returned, on the problem as given: every flow within its capacity, conservation at every vertex, the cost recomputed, and node potentials whose reduced costs cost + π_u − π_v are ≥ 0 on every edge below capacity and ≤ 0 on every edge with flow — the complementary slackness that proves optimality (LP duality). When no flow exists: a vertex set whose supply exceeds the capacity of the edges leaving it. Without `amount`, source–sink sends the maximum flow at least cost. Integral capacities and supplies give an integral flow. At most 1000 vertices; the number of augmenting paths is bounded by the deadline.";
    const KEYWORDS: &'static [&'static str] = &[
        "minimum cost flow",
        "min cost flow",
        "min cost max flow",
        "successive shortest paths",
        "network flow with costs",
        "transshipment",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "cheapest way to send a given amount of flow through a network with capacities and costs",
        "route goods through a network of depots at least total cost within each link's capacity",
        "supplies and demands at nodes, capacities and unit costs on arcs, minimise cost",
        "cheapest maximum flow from source to sink",
        "how do I find the minimum cost flow in a directed graph",
        "ship units along roads each with a toll per unit and a limit, spend as little as possible",
    ];
    const ALIASES: &'static [&'static str] =
        &["min_cost_flow", "network_simplex", "FindMinimumCostFlow"];
    const EXAMPLE: &'static str = r#"{"graph": {"vertices": 4, "edges": [[0, 1], [0, 2], [1, 2], [1, 3], [2, 3]], "directed": true}, "capacities": [4, 2, 2, 3, 5], "costs": [2, 2, 1, 3, 1], "source": 0, "sink": 3, "amount": 5}"#;
    const EXPECTED: &'static str = r#"{"status": "optimal", "flow": ["3", "2", "2", "1", "4"], "cost": "19", "amount": "5", "potentials": ["-5", "-3", "-1", "0"], "check": "every flow within its capacity, conservation at every vertex, the cost recomputed; the potentials' reduced costs are ≥ 0 below capacity and ≤ 0 where flow runs (complementary slackness), verified in exact arithmetic"}"#;

    // Long run: the two ways to state the supplies, each refused on its own terms; the kernel certifies.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let g = input.graph.build()?;
        if !g.directed {
            return Err(input_error(
                "graph.directed",
                "a flow network is directed: set \"directed\": true (add both [u, v] and [v, u] for a two-way link)",
            ));
        }
        if input.graph.weights.is_some() {
            return Err(input_error(
                "graph.weights",
                "give the capacities and costs as their own fields, not as weights",
            ));
        }
        let capacities = per_edge(&input.capacities, &g, "capacities")?;
        let costs = per_edge(&input.costs, &g, "costs")?;
        if let Some(k) = capacities.iter().position(Signed::is_negative) {
            return Err(input_error(
                &format!("capacities[{k}]"),
                "capacities are non-negative",
            ));
        }
        let (supplies, amount) = supplies(&input, &g, &capacities, ctx)?;
        let arcs: Vec<(usize, usize)> = g.edges.iter().map(|(u, v, _)| (*u, *v)).collect();
        let problem = CostFlowProblem {
            n: g.n,
            arcs: &arcs,
            capacities: &capacities,
            costs: &costs,
            supplies: &supplies,
        };
        Ok(match graph::minimum_cost_flow(&problem, &ctx.budget)? {
            CostFlow::Optimal { flow, cost, potentials } => Output::Optimal {
                flow: flow.into_iter().map(Rational).collect(),
                cost: Rational(cost),
                amount: amount.map(Rational),
                potentials: potentials.into_iter().map(Rational).collect(),
                check: "every flow within its capacity, conservation at every vertex, the cost recomputed; the potentials' reduced costs are ≥ 0 below capacity and ≤ 0 where flow runs (complementary slackness), verified in exact arithmetic".into(),
            },
            CostFlow::Infeasible { side, supply, capacity } => Output::Infeasible {
                side: (0..g.n).filter(|&v| side[v]).collect(),
                supply: Rational(supply),
                capacity: Rational(capacity),
                check: "the side's supplies add up to more than the capacity of the edges leaving it, recomputed from the input".into(),
            },
        })
    }
}

fn input_error(path: &str, message: &str) -> MathError {
    MathError::Input {
        path: path.into(),
        message: message.into(),
    }
}

fn per_edge(values: &List<Rational, 10_000>, g: &Graph, field: &str) -> Result<Vec<Q>, MathError> {
    if values.0.len() != g.edges.len() {
        return Err(input_error(
            field,
            &format!(
                "{} values for {} edges: give one per edge, in edge order",
                values.0.len(),
                g.edges.len()
            ),
        ));
    }
    Ok(values.0.iter().map(|r| r.0.clone()).collect())
}

/// The supply vector, from `supplies` or from source, sink and amount (the
/// maximum flow value when no amount is given), with the amount sent.
fn supplies(
    input: &Input,
    g: &Graph,
    capacities: &[Q],
    ctx: &Ctx,
) -> Result<(Vec<Q>, Option<Q>), MathError> {
    match (&input.supplies, input.source, input.sink) {
        (Some(b), None, None) if input.amount.is_none() => {
            if b.0.len() != g.n {
                return Err(input_error(
                    "supplies",
                    &format!(
                        "{} supplies for {} vertices: give one per vertex",
                        b.0.len(),
                        g.n
                    ),
                ));
            }
            let b: Vec<Q> = b.0.iter().map(|r| r.0.clone()).collect();
            if !b.iter().sum::<Q>().is_zero() {
                return Err(input_error(
                    "supplies",
                    "the supplies must add up to 0 (demands negative)",
                ));
            }
            Ok((b, None))
        }
        (None, Some(s), Some(t)) => {
            let (s, t) = (vertex(s, g, "source")?, vertex(t, g, "sink")?);
            if s == t {
                return Err(input_error("sink", "must differ from the source"));
            }
            let amount = match &input.amount {
                Some(a) if a.0.is_negative() => {
                    return Err(input_error("amount", "the amount is non-negative"));
                }
                Some(a) => a.0.clone(),
                None => {
                    let network = Graph::new(
                        g.n,
                        true,
                        g.edges
                            .iter()
                            .zip(capacities)
                            .map(|((u, v, _), c)| (*u, *v, c.clone()))
                            .collect(),
                    );
                    graph::maximum_flow(&network, s, t, &ctx.budget)?.value
                }
            };
            let mut b = vec![Q::zero(); g.n];
            b[s] = amount.clone();
            b[t] = -amount.clone();
            Ok((b, Some(amount)))
        }
        _ => Err(input_error(
            "supplies",
            "give either \"supplies\" (one per vertex, adding up to 0) or both \"source\" and \"sink\" (with an optional \"amount\")",
        )),
    }
}
