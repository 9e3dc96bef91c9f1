//! Maximum flow with a minimum cut (Edmonds–Karp in exact capacities).

use super::Graph;
use crate::{Budget, Q, Stop};
use num_traits::Zero;
use std::collections::VecDeque;

/// A maximum flow and the minimum cut that proves it.
pub struct Flow {
    pub value: Q,
    /// Net flow on each edge, in edge order.
    pub flow: Vec<Q>,
    /// The source side of the cut.
    pub side: Vec<bool>,
    /// The edges leaving the source side (either way when undirected).
    pub cut_edges: Vec<usize>,
}

impl Flow {
    /// Max-flow min-cut: the capacity of the edges leaving the source side
    /// equals the flow's value, which proves both optimal.
    fn certified(g: &Graph, value: Q, flow: Vec<Q>, side: Vec<bool>) -> Result<Flow, Stop> {
        let cut_edges: Vec<usize> = (0..g.edges.len())
            .filter(|&k| {
                let (u, v, _) = &g.edges[k];
                (side[*u] && !side[*v]) || (!g.directed && side[*v] && !side[*u])
            })
            .collect();
        let capacity: Q = cut_edges.iter().map(|&k| g.edges[k].2.clone()).sum();
        if capacity != value {
            return Err(Stop::CheckFailed("cut and flow differ"));
        }
        Ok(Flow {
            value,
            flow,
            side,
            cut_edges,
        })
    }
}

/// A maximum flow from s to t (Edmonds–Karp: shortest augmenting paths,
/// exact rational capacities, so it terminates), and the source side of a
/// minimum cut: the vertices reachable from s in the residual graph.
/// Undirected edges carry flow either way up to their capacity.
pub fn maximum_flow(g: &Graph, s: usize, t: usize, budget: &Budget) -> Result<Flow, Stop> {
    // Residual arcs in pairs: 2k forward, 2k+1 backward.
    let m = g.edges.len();
    let mut cap: Vec<Q> = Vec::with_capacity(2 * m);
    let mut head = Vec::with_capacity(2 * m);
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); g.n];
    for (u, v, c) in &g.edges {
        let back = if g.directed { Q::zero() } else { c.clone() };
        out[*u].push(cap.len());
        head.push(*v);
        cap.push(c.clone());
        out[*v].push(cap.len());
        head.push(*u);
        cap.push(back);
    }
    let original = cap.clone();
    let mut total = Q::zero();
    loop {
        budget.check()?;
        let mut via = vec![usize::MAX; g.n];
        let mut seen = vec![false; g.n];
        seen[s] = true;
        let mut queue = VecDeque::from([s]);
        while let Some(u) = queue.pop_front() {
            for &a in &out[u] {
                let v = head[a];
                if !seen[v] && cap[a] > Q::zero() {
                    seen[v] = true;
                    via[v] = a;
                    queue.push_back(v);
                }
            }
        }
        if !seen[t] || s == t {
            // Net flow on each edge: what left the forward arc.
            let flow = (0..m).map(|k| &original[2 * k] - &cap[2 * k]).collect();
            return Flow::certified(g, total, flow, seen);
        }
        let mut bottleneck: Option<Q> = None;
        let mut v = t;
        while v != s {
            let a = via[v];
            bottleneck = Some(bottleneck.map_or(cap[a].clone(), |b| b.min(cap[a].clone())));
            v = head[a ^ 1];
        }
        let b = bottleneck.expect("t != s");
        let mut v = t;
        while v != s {
            let a = via[v];
            cap[a] -= &b;
            cap[a ^ 1] += &b;
            v = head[a ^ 1];
        }
        total += b;
    }
}
