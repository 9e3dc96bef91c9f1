//! Bipartite matching with its optimality certificate: Hopcroft–Karp and a
//! König vertex cover of the same size.

use crate::{Budget, Stop};
use std::collections::VecDeque;

/// A maximum matching of the bipartite graph with sides `left` (true) and
/// right, and a vertex cover of the same size (König), which proves it
/// maximum. `adj[u]` lists the neighbours of each left vertex u.
pub struct Bipartite {
    pub mate: Vec<Option<usize>>,
    pub cover: Vec<usize>,
}

pub fn hopcroft_karp(
    n: usize,
    left: &[bool],
    adj: &[Vec<usize>],
    budget: &Budget,
) -> Result<Bipartite, Stop> {
    const FREE: usize = usize::MAX;
    let mut mate = vec![FREE; n];
    let mut dist = vec![usize::MAX; n];
    loop {
        budget.check()?;
        // Layers from the free left vertices along alternating paths.
        let mut queue: VecDeque<usize> = VecDeque::new();
        for u in 0..n {
            dist[u] = usize::MAX;
            if left[u] && mate[u] == FREE {
                dist[u] = 0;
                queue.push_back(u);
            }
        }
        let mut found = false;
        while let Some(u) = queue.pop_front() {
            for &v in &adj[u] {
                match mate[v] {
                    FREE => found = true,
                    w if dist[w] == usize::MAX => {
                        dist[w] = dist[u] + 1;
                        queue.push_back(w);
                    }
                    _ => {}
                }
            }
        }
        if !found {
            break;
        }
        // Vertex-disjoint shortest augmenting paths (iterative DFS).
        let mut next = vec![0usize; n];
        for root in 0..n {
            if !(left[root] && mate[root] == FREE) {
                continue;
            }
            let mut path = vec![root];
            while let Some(&u) = path.last() {
                if next[u] == adj[u].len() {
                    dist[u] = usize::MAX;
                    path.pop();
                    continue;
                }
                let v = adj[u][next[u]];
                next[u] += 1;
                match mate[v] {
                    FREE => {
                        // Augment along path: each left vertex takes the
                        // right vertex it went through.
                        let mut right = v;
                        while let Some(l) = path.pop() {
                            let previous = mate[l];
                            mate[l] = right;
                            mate[right] = l;
                            right = previous;
                        }
                        break;
                    }
                    w if dist[w] == dist[u] + 1 => path.push(w),
                    _ => {}
                }
            }
        }
    }
    // König: Z = vertices reachable from free left vertices by alternating
    // paths; the cover is (left ∖ Z) ∪ (right ∩ Z).
    let mut reach = vec![false; n];
    let mut stack: Vec<usize> = (0..n).filter(|&u| left[u] && mate[u] == FREE).collect();
    for &u in &stack {
        reach[u] = true;
    }
    while let Some(u) = stack.pop() {
        for &v in &adj[u] {
            if !reach[v] {
                reach[v] = true;
                if mate[v] != FREE && !reach[mate[v]] {
                    reach[mate[v]] = true;
                    stack.push(mate[v]);
                }
            }
        }
    }
    let cover = (0..n)
        .filter(|&v| {
            if left[v] {
                !reach[v]
            } else {
                reach[v] && mate[v] != FREE
            }
        })
        .collect();
    let found = Bipartite {
        mate: mate.into_iter().map(|m| (m != FREE).then_some(m)).collect(),
        cover,
    };
    found.check(adj)?;
    Ok(found)
}

impl Bipartite {
    /// The matched pairs [u, v], u < v, ascending.
    pub fn pairs(&self) -> Vec<[usize; 2]> {
        (0..self.mate.len())
            .filter_map(|u| self.mate[u].filter(|&v| u < v).map(|v| [u, v]))
            .collect()
    }

    /// König's certificate: the matching uses edges of `adj`, mates are
    /// mutual, the cover meets every edge, and both have the same size —
    /// which proves the matching maximum.
    fn check(&self, adj: &[Vec<usize>]) -> Result<(), Stop> {
        let mut in_cover = vec![false; self.mate.len()];
        for &c in &self.cover {
            in_cover[c] = true;
        }
        let edge = |a: usize, b: usize| adj[a].contains(&b) || adj[b].contains(&a);
        let pairs = self.pairs();
        let certified = self.cover.len() == pairs.len()
            && adj
                .iter()
                .enumerate()
                .all(|(u, vs)| vs.iter().all(|&v| in_cover[u] || in_cover[v]))
            && pairs
                .iter()
                .all(|&[a, b]| edge(a, b) && self.mate[a] == Some(b) && self.mate[b] == Some(a));
        if certified {
            Ok(())
        } else {
            Err(Stop::CheckFailed(
                "the matching and cover do not certify each other",
            ))
        }
    }
}
