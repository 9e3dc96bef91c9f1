//! Maximum flow with a minimum cut (Edmonds–Karp in exact capacities).

use super::Graph;
use crate::{Budget, Q, Stop};
use num_traits::Zero;
use std::collections::VecDeque;

/// A maximum flow from s to t (Edmonds–Karp: shortest augmenting paths,
/// exact rational capacities, so it terminates), and the source side of a
/// minimum cut: the vertices reachable from s in the residual graph.
/// Undirected edges carry flow either way up to their capacity.
pub fn maximum_flow(
    g: &Graph,
    s: usize,
    t: usize,
    budget: &Budget,
) -> Result<(Q, Vec<Q>, Vec<bool>), Stop> {
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
            return Ok((total, flow, seen));
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
