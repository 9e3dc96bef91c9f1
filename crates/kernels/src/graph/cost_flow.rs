//! Minimum-cost flow: arcs (u, v) with capacities 0 ≤ fₑ ≤ capₑ and unit
//! costs cₑ, supplies bᵥ (Σ bᵥ = 0), minimise Σ cₑfₑ subject to
//! out(v) − in(v) = bᵥ. Successive shortest paths in exact rationals
//! (Bellman–Ford, so negative costs are fine; negative arcs start
//! saturated, so the residual graph never has a negative cycle).
//!
//! The certificate is LP duality in its network form: potentials π with
//! reduced costs c̄ₑ = cₑ + π_u − π_v ≥ 0 wherever fₑ < capₑ and ≤ 0
//! wherever fₑ > 0 prove f optimal; a vertex set R whose supply exceeds
//! the capacity of the arcs leaving it proves that no flow exists. Both are
//! checked against the problem as given before anything is returned.

use crate::{Budget, Q, Stop};
use num_traits::{Signed, Zero};

/// A minimum-cost flow problem on vertices 0..n.
pub struct CostFlowProblem<'a> {
    pub n: usize,
    pub arcs: &'a [(usize, usize)],
    pub capacities: &'a [Q],
    pub costs: &'a [Q],
    /// bᵥ: positive where flow enters the network, negative where it leaves.
    pub supplies: &'a [Q],
}

/// How a minimum-cost flow problem ended.
#[derive(Debug, Clone, PartialEq)]
pub enum CostFlow {
    Optimal {
        flow: Vec<Q>,
        cost: Q,
        potentials: Vec<Q>,
    },
    /// The vertices of `side` must send `supply` out along arcs of total
    /// capacity `capacity` < `supply`.
    Infeasible {
        side: Vec<bool>,
        supply: Q,
        capacity: Q,
    },
}

/// A cheapest flow meeting every supply, or the cut that rules one out.
pub fn minimum_cost_flow(p: &CostFlowProblem, budget: &Budget) -> Result<CostFlow, Stop> {
    let m = p.arcs.len();
    // Negative arcs start saturated: every residual arc then costs ≥ 0.
    let mut flow: Vec<Q> = (0..m)
        .map(|e| {
            if p.costs[e].is_negative() {
                p.capacities[e].clone()
            } else {
                Q::zero()
            }
        })
        .collect();
    let mut excess: Vec<Q> = p.supplies.to_vec();
    for (e, &(u, v)) in p.arcs.iter().enumerate() {
        excess[u] -= &flow[e];
        excess[v] += &flow[e];
    }
    loop {
        budget.check()?;
        let sources: Vec<usize> = (0..p.n).filter(|&v| excess[v].is_positive()).collect();
        if sources.is_empty() {
            break;
        }
        let (dist, pred) = shortest(p, &flow, &sources, budget)?;
        let Some(t) = (0..p.n)
            .filter(|&v| excess[v].is_negative() && dist[v].is_some())
            .min_by(|&a, &b| dist[a].cmp(&dist[b]))
        else {
            let side: Vec<bool> = dist.iter().map(Option::is_some).collect();
            return certified_cut(p, side, budget);
        };
        // Walk back to the path's source, finding the bottleneck.
        let mut amount = -excess[t].clone();
        let mut v = t;
        let mut path = Vec::new();
        while let Some((e, forward)) = pred[v] {
            budget.check()?;
            let room = if forward {
                &p.capacities[e] - &flow[e]
            } else {
                flow[e].clone()
            };
            amount = amount.min(room);
            path.push((e, forward));
            v = if forward { p.arcs[e].0 } else { p.arcs[e].1 };
        }
        amount = amount.min(excess[v].clone());
        for (e, forward) in path {
            if forward {
                flow[e] += &amount;
            } else {
                flow[e] -= &amount;
            }
        }
        excess[v] -= &amount;
        excess[t] += &amount;
    }
    // Potentials: distances from a virtual root joined to every vertex.
    let all: Vec<usize> = (0..p.n).collect();
    let (dist, _) = shortest(p, &flow, &all, budget)?;
    let potentials: Vec<Q> = dist.into_iter().map(Option::unwrap_or_default).collect();
    let cost = total_cost(p, &flow, budget)?;
    let answer = CostFlow::Optimal {
        flow,
        cost,
        potentials,
    };
    check(p, &answer, budget)?;
    Ok(answer)
}

/// Σ cₑfₑ. A product of long numbers is slow (num-rational reduces every
/// result by a gcd), so the budget is polled per arc here and in [`check`].
fn total_cost(p: &CostFlowProblem, flow: &[Q], budget: &Budget) -> Result<Q, Stop> {
    let mut total = Q::zero();
    for (c, f) in p.costs.iter().zip(flow) {
        budget.check()?;
        total += c * f;
    }
    Ok(total)
}

type Pred = Option<(usize, bool)>;

/// Bellman–Ford over the residual graph from `from` (distance 0 each):
/// distances (None: unreachable) and the residual arc into each vertex
/// (arc, forward?). The residual graph has no negative cycle.
fn shortest(
    p: &CostFlowProblem,
    flow: &[Q],
    from: &[usize],
    budget: &Budget,
) -> Result<(Vec<Option<Q>>, Vec<Pred>), Stop> {
    let mut dist: Vec<Option<Q>> = vec![None; p.n];
    let mut pred: Vec<Pred> = vec![None; p.n];
    for &s in from {
        dist[s] = Some(Q::zero());
    }
    for _ in 0..p.n {
        let mut changed = false;
        for (e, &(u, v)) in p.arcs.iter().enumerate() {
            // Each arc costs two rational sums: with long numbers, a pass is long.
            budget.check()?;
            let forward = flow[e] < p.capacities[e];
            let backward = flow[e].is_positive();
            for (a, b, c, dir) in [(u, v, &p.costs[e], true), (v, u, &-&p.costs[e], false)] {
                if (dir && !forward) || (!dir && !backward) {
                    continue;
                }
                let Some(da) = &dist[a] else { continue };
                let through = da + c;
                if dist[b].as_ref().is_none_or(|db| &through < db) {
                    dist[b] = Some(through);
                    pred[b] = Some((e, dir));
                    changed = true;
                }
            }
        }
        if !changed {
            return Ok((dist, pred));
        }
    }
    Err(Stop::CheckFailed(
        "a negative cycle appeared in the residual graph",
    ))
}

fn certified_cut(p: &CostFlowProblem, side: Vec<bool>, budget: &Budget) -> Result<CostFlow, Stop> {
    let (supply, capacity) = cut(p, &side, budget)?;
    let answer = CostFlow::Infeasible {
        side,
        supply,
        capacity,
    };
    check(p, &answer, budget)?;
    Ok(answer)
}

/// The supply of `side` and the capacity of the arcs leaving it.
fn cut(p: &CostFlowProblem, side: &[bool], budget: &Budget) -> Result<(Q, Q), Stop> {
    let (mut supply, mut capacity) = (Q::zero(), Q::zero());
    for v in (0..p.n).filter(|&v| side[v]) {
        budget.check()?;
        supply += &p.supplies[v];
    }
    for (&(u, v), c) in p.arcs.iter().zip(p.capacities) {
        if side[u] && !side[v] {
            budget.check()?;
            capacity += c;
        }
    }
    Ok((supply, capacity))
}

/// Checks an answer against the problem as given: a flow's bounds,
/// conservation, cost and reduced costs; a cut's supply and capacity.
pub fn check(p: &CostFlowProblem, answer: &CostFlow, budget: &Budget) -> Result<(), Stop> {
    let fail = |what| Err(Stop::CheckFailed(what));
    match answer {
        CostFlow::Optimal {
            flow,
            cost,
            potentials,
        } => {
            let mut net = vec![Q::zero(); p.n];
            for (e, &(u, v)) in p.arcs.iter().enumerate() {
                budget.check()?;
                let f = &flow[e];
                if f.is_negative() || f > &p.capacities[e] {
                    return fail("a flow leaves its arc's bounds");
                }
                net[u] += f;
                net[v] -= f;
                let reduced = &p.costs[e] + &potentials[u] - &potentials[v];
                if (f < &p.capacities[e] && reduced.is_negative())
                    || (f.is_positive() && reduced.is_positive())
                {
                    return fail("a reduced cost has the wrong sign");
                }
            }
            if net != p.supplies {
                return fail("the flow does not meet the supplies");
            }
            if &total_cost(p, flow, budget)? != cost {
                return fail("the cost does not add up");
            }
        }
        CostFlow::Infeasible {
            side,
            supply,
            capacity,
        } => {
            let (s, c) = cut(p, side, budget)?;
            if &s != supply || &c != capacity || s <= c {
                return fail("the cut does not rule out a flow");
            }
        }
    }
    Ok(())
}
