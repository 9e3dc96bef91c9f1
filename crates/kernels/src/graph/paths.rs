//! Shortest paths (Dijkstra for non-negative weights, Bellman–Ford with a
//! negative-cycle witness), all-pairs distances (Floyd–Warshall) and
//! minimum spanning forests (Kruskal), all in exact weights.

use super::Graph;
use crate::{Budget, Q, Stop};
use num_traits::Zero;

impl Graph {
    /// Single-source shortest distances and predecessor edges. Dijkstra when
    /// no weight is negative; otherwise Bellman–Ford, which returns
    /// `Err(cycle)` for a negative cycle reachable from the source.
    pub fn shortest_paths(
        &self,
        source: usize,
        budget: &Budget,
    ) -> Result<Result<(Vec<Option<Q>>, Vec<Option<usize>>), Vec<usize>>, Stop> {
        let negative = self.edges.iter().any(|(_, _, w)| *w < Q::zero());
        let mut dist: Vec<Option<Q>> = vec![None; self.n];
        let mut pred: Vec<Option<usize>> = vec![None; self.n];
        dist[source] = Some(Q::zero());
        if !negative {
            let mut done = vec![false; self.n];
            let mut heap = std::collections::BinaryHeap::new();
            heap.push(std::cmp::Reverse((Q::zero(), source)));
            while let Some(std::cmp::Reverse((d, u))) = heap.pop() {
                if done[u] {
                    continue;
                }
                done[u] = true;
                budget.check()?;
                for &(v, k) in &self.adj[u] {
                    let nd = &d + &self.edges[k].2;
                    if dist[v].as_ref().is_none_or(|old| nd < *old) {
                        dist[v] = Some(nd.clone());
                        pred[v] = Some(k);
                        heap.push(std::cmp::Reverse((nd, v)));
                    }
                }
            }
            return Ok(Ok((dist, pred)));
        }
        let mut last = None;
        for _ in 0..self.n {
            budget.check()?;
            last = None;
            for u in 0..self.n {
                let Some(du) = dist[u].clone() else { continue };
                for &(v, k) in &self.adj[u] {
                    let nd = &du + &self.edges[k].2;
                    if dist[v].as_ref().is_none_or(|old| nd < *old) {
                        dist[v] = Some(nd);
                        pred[v] = Some(k);
                        last = Some(v);
                    }
                }
            }
            if last.is_none() {
                return Ok(Ok((dist, pred)));
            }
        }
        // Still relaxing after n rounds: walk back n steps into the cycle.
        let mut v = last.expect("a relaxation in round n");
        for _ in 0..self.n {
            v = self.other_end(pred[v].expect("relaxed vertices have predecessors"), v);
        }
        let mut cycle = vec![v];
        let mut u = self.other_end(pred[v].expect("on the cycle"), v);
        while u != v {
            cycle.push(u);
            u = self.other_end(pred[u].expect("on the cycle"), u);
        }
        cycle.reverse();
        Ok(Err(cycle))
    }

    /// A shortest path from s to t as its distance and vertices, `None` when
    /// t is unreachable, or `Err(cycle)` for a negative cycle reachable from
    /// s ([`Graph::shortest_paths`]), the path read back along predecessor
    /// edges. Postcondition: consecutive vertices are joined by the edges
    /// taken, in their direction, and those weights sum to the distance.
    pub fn shortest_path(
        &self,
        s: usize,
        t: usize,
        budget: &Budget,
    ) -> Result<Result<Option<(Q, Vec<usize>)>, Vec<usize>>, Stop> {
        let (dist, pred) = match self.shortest_paths(s, budget)? {
            Err(cycle) => return Ok(Err(cycle)),
            Ok(found) => found,
        };
        let Some(d) = dist[t].clone() else {
            return Ok(Ok(None));
        };
        let (mut path, mut total, mut v) = (vec![t], Q::zero(), t);
        while v != s {
            let Some(k) = pred[v].filter(|_| path.len() <= self.n) else {
                return Err(Stop::CheckFailed("a reached vertex has no way back"));
            };
            let (a, b, w) = &self.edges[k];
            if !(*b == v || (!self.directed && *a == v)) {
                return Err(Stop::CheckFailed(
                    "a predecessor edge does not end at its vertex",
                ));
            }
            total += w;
            v = self.other_end(k, v);
            path.push(v);
        }
        path.reverse();
        if total != d {
            return Err(Stop::CheckFailed(
                "the path's weights do not sum to its distance",
            ));
        }
        Ok(Ok(Some((d, path))))
    }

    /// All-pairs distances (Floyd–Warshall); `Err(v)` when v lies on a
    /// negative cycle.
    pub fn distance_matrix(
        &self,
        budget: &Budget,
    ) -> Result<Result<Vec<Vec<Option<Q>>>, usize>, Stop> {
        let n = self.n;
        let mut d: Vec<Vec<Option<Q>>> = vec![vec![None; n]; n];
        for (i, row) in d.iter_mut().enumerate() {
            row[i] = Some(Q::zero());
        }
        for (u, v, w) in &self.edges {
            for (a, b) in [(*u, *v), (*v, *u)]
                .into_iter()
                .take(if self.directed { 1 } else { 2 })
            {
                if d[a][b].as_ref().is_none_or(|old| w < old) {
                    d[a][b] = Some(w.clone());
                }
            }
        }
        for k in 0..n {
            budget.check()?;
            for i in 0..n {
                let Some(dik) = d[i][k].clone() else { continue };
                for j in 0..n {
                    if let Some(dkj) = &d[k][j] {
                        let through = &dik + dkj;
                        if d[i][j].as_ref().is_none_or(|old| through < *old) {
                            d[i][j] = Some(through);
                        }
                    }
                }
            }
        }
        if let Some(v) = (0..n).find(|&i| d[i][i].as_ref().is_some_and(|x| *x < Q::zero())) {
            return Ok(Err(v));
        }
        Ok(Ok(d))
    }

    /// A minimum spanning forest (Kruskal): edge indices, in order taken.
    pub fn minimum_spanning_forest(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.edges.len()).collect();
        order.sort_by(|&a, &b| self.edges[a].2.cmp(&self.edges[b].2));
        let mut forest = super::Forest::new(self.n);
        order
            .into_iter()
            .filter(|&k| forest.join(self.edges[k].0, self.edges[k].1))
            .collect()
    }
}
