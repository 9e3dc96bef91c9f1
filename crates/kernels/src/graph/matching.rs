//! Bipartite matchings with their optimality certificates: Hopcroft–Karp
//! with a König vertex cover of the same size, and the Hungarian method with
//! exact dual potentials (LP duality) for maximum weight.

use crate::{Budget, Q, Stop};
use num_traits::Zero;
use std::collections::VecDeque;

/// A maximum matching of the bipartite graph with sides `left` (true) and
/// right, and a vertex cover of the same size (König), which proves it
/// maximum. `adj[u]` lists the neighbours of each left vertex u.
pub struct Bipartite {
    pub mate: Vec<Option<usize>>,
    pub cover: Vec<usize>,
}

pub fn hopcroft_karp(n: usize, left: &[bool], adj: &[Vec<usize>], budget: &Budget) -> Result<Bipartite, Stop> {
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
        .filter(|&v| if left[v] { !reach[v] } else { reach[v] && mate[v] != FREE })
        .collect();
    Ok(Bipartite {
        mate: mate.into_iter().map(|m| (m != FREE).then_some(m)).collect(),
        cover,
    })
}

/// An assignment maximizing Σ w[i][assign[i]] over a square matrix, with
/// potentials u, v such that u[i] + v[j] ≥ w[i][j] everywhere and equality
/// on the assignment: Σu + Σv equals the optimum, which certifies it.
pub struct Assignment {
    pub assign: Vec<usize>,
    pub u: Vec<Q>,
    pub v: Vec<Q>,
}

/// The Hungarian method (shortest augmenting paths with potentials),
/// O(n³) exact rational operations.
pub fn max_weight_assignment(w: &[Vec<Q>], budget: &Budget) -> Result<Assignment, Stop> {
    let n = w.len();
    // Minimize c = −w with 1-based potentials; column 0 is the virtual root.
    let cost = |i: usize, j: usize| -w[i - 1][j - 1].clone();
    let mut u = vec![Q::zero(); n + 1];
    let mut v = vec![Q::zero(); n + 1];
    let mut p = vec![0usize; n + 1];
    let mut way = vec![0usize; n + 1];
    for i in 1..=n {
        budget.check()?;
        p[0] = i;
        let mut j0 = 0;
        let mut minv: Vec<Option<Q>> = vec![None; n + 1];
        let mut used = vec![false; n + 1];
        loop {
            used[j0] = true;
            let i0 = p[j0];
            let mut delta: Option<Q> = None;
            let mut j1 = 0;
            for j in 1..=n {
                if used[j] {
                    continue;
                }
                let cur = cost(i0, j) - &u[i0] - &v[j];
                if minv[j].as_ref().is_none_or(|m| cur < *m) {
                    minv[j] = Some(cur);
                    way[j] = j0;
                }
                if let Some(m) = &minv[j]
                    && delta.as_ref().is_none_or(|d| m < d)
                {
                    delta = Some(m.clone());
                    j1 = j;
                }
            }
            let delta = delta.unwrap_or_else(Q::zero);
            for j in 0..=n {
                if used[j] {
                    u[p[j]] += &delta;
                    v[j] -= &delta;
                } else if let Some(m) = &mut minv[j] {
                    *m -= &delta;
                }
            }
            j0 = j1;
            if p[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = way[j0];
            p[j0] = p[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
    let mut assign = vec![0; n];
    for j in 1..=n {
        assign[p[j] - 1] = j - 1;
    }
    // For costs, u + v ≤ c; negated they bound the weights from above.
    Ok(Assignment {
        assign,
        u: u[1..].iter().map(|x| -x.clone()).collect(),
        v: v[1..].iter().map(|x| -x.clone()).collect(),
    })
}
