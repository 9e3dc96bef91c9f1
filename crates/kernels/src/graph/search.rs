//! Exhaustive searches under the call's budget, each answering with its
//! witness and whether the search finished: chromatic number, maximum
//! clique, Hamiltonian cycle, and the chromatic polynomial from the
//! partitions of the vertices into independent sets.

use super::{Graph, complement};
use crate::{Budget, Stop};
use num_traits::{One, Zero};

/// What an exact search for an NP-hard optimum found before its deadline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Search<T> {
    /// The optimum, with a witness.
    Exact(T),
    /// Stopped: the best witness found so far and a proven bound on the optimum.
    Unknown { best: T, bound: usize },
}

/// The chromatic number with an optimal colouring (DSATUR branch and bound
/// on the simple undirected graph), or, at the deadline, the best colouring
/// found and the clique lower bound.
fn chromatic_search(g: &Graph, budget: &Budget) -> Search<Vec<usize>> {
    let a = g.simple_adjacency();
    let n = g.n;
    // Any clique, even one found before a deadline, bounds χ from below.
    let lower = clique_search(g, budget)
        .value()
        .len()
        .max(usize::from(n > 0));
    // Greedy DSATUR colouring as the first upper bound.
    let mut best: Vec<usize> = vec![0; n];
    let mut best_k = if n == 0 { 0 } else { n + 1 };
    let mut colour = vec![usize::MAX; n];
    fn go(
        a: &[Vec<bool>],
        colour: &mut Vec<usize>,
        used: usize,
        best: &mut Vec<usize>,
        best_k: &mut usize,
        lower: usize,
        budget: &Budget,
    ) -> Result<(), Stop> {
        budget.check()?;
        let n = a.len();
        // The uncoloured vertex with the most distinct neighbour colours.
        let pick = (0..n)
            .filter(|&v| colour[v] == usize::MAX)
            .max_by_key(|&v| {
                let mut seen: Vec<usize> = (0..n)
                    .filter(|&u| a[v][u] && colour[u] != usize::MAX)
                    .map(|u| colour[u])
                    .collect();
                seen.sort();
                seen.dedup();
                (seen.len(), (0..n).filter(|&u| a[v][u]).count())
            });
        let Some(v) = pick else {
            if used < *best_k {
                *best_k = used;
                *best = colour.clone();
            }
            return Ok(());
        };
        for c in 0..(used + 1).min(*best_k - 1) {
            if (0..n).any(|u| a[v][u] && colour[u] == c) {
                continue;
            }
            colour[v] = c;
            go(a, colour, used.max(c + 1), best, best_k, lower, budget)?;
            colour[v] = usize::MAX;
            if *best_k <= lower {
                return Ok(());
            }
        }
        Ok(())
    }
    let finished = go(&a, &mut colour, 0, &mut best, &mut best_k, lower, budget).is_ok();
    if best_k > n {
        // No complete colouring was found in time: each vertex its own colour.
        best = (0..n).collect();
    }
    if finished {
        Search::Exact(best)
    } else {
        Search::Unknown { best, bound: lower }
    }
}

/// A maximum clique (branch and bound on the simple undirected graph), or at
/// the deadline the largest found and an upper bound (the vertex count
/// reduced by a greedy colouring bound).
fn clique_search(g: &Graph, budget: &Budget) -> Search<Vec<usize>> {
    let a = g.simple_adjacency();
    let n = g.n;
    let mut best: Vec<usize> = Vec::new();
    fn go(
        a: &[Vec<bool>],
        current: &mut Vec<usize>,
        candidates: Vec<usize>,
        best: &mut Vec<usize>,
        budget: &Budget,
    ) -> Result<(), Stop> {
        budget.check()?;
        if candidates.is_empty() {
            if current.len() > best.len() {
                *best = current.clone();
            }
            return Ok(());
        }
        // Greedy colouring of the candidates bounds the clique they can add.
        let mut classes: Vec<Vec<usize>> = Vec::new();
        for &v in &candidates {
            match classes.iter_mut().find(|c| c.iter().all(|&u| !a[u][v])) {
                Some(c) => c.push(v),
                None => classes.push(vec![v]),
            }
        }
        if current.len() + classes.len() <= best.len() {
            return Ok(());
        }
        for (i, &v) in candidates.iter().enumerate() {
            if current.len() + candidates.len() - i <= best.len() {
                break;
            }
            current.push(v);
            let next: Vec<usize> = candidates[i + 1..]
                .iter()
                .copied()
                .filter(|&u| a[v][u])
                .collect();
            go(a, current, next, best, budget)?;
            current.pop();
        }
        Ok(())
    }
    let finished = go(&a, &mut Vec::new(), (0..n).collect(), &mut best, budget).is_ok();
    best.sort();
    if finished {
        Search::Exact(best)
    } else {
        Search::Unknown { bound: n, best }
    }
}

/// A Hamiltonian cycle (or, with `closed` false, path) of the simple graph
/// as a vertex order, by backtracking; `None` when there is none. Directed
/// graphs follow their directions; undirected cycles have ≥ 3 vertices.
fn hamiltonian_search(
    g: &Graph,
    closed: bool,
    budget: &Budget,
) -> Result<Option<Vec<usize>>, Stop> {
    let n = g.n;
    let mut a = vec![vec![false; n]; n];
    for (u, v, _) in &g.edges {
        if u != v {
            a[*u][*v] = true;
            if !g.directed {
                a[*v][*u] = true;
            }
        }
    }
    fn go(
        a: &[Vec<bool>],
        path: &mut Vec<usize>,
        used: &mut [bool],
        closed: bool,
        budget: &Budget,
    ) -> Result<bool, Stop> {
        budget.check()?;
        let n = a.len();
        let last = path[path.len() - 1];
        if path.len() == n {
            return Ok(!closed || a[last][path[0]]);
        }
        for v in 0..n {
            if !used[v] && a[last][v] {
                used[v] = true;
                path.push(v);
                if go(a, path, used, closed, budget)? {
                    return Ok(true);
                }
                path.pop();
                used[v] = false;
            }
        }
        Ok(false)
    }
    // An undirected cycle needs three vertices (two would reuse its edge).
    if n == 0 || (closed && !g.directed && n < 3) {
        return Ok(None);
    }
    // A cycle may start anywhere; a path must try every start.
    let starts: Vec<usize> = if closed { vec![0] } else { (0..n).collect() };
    for s in starts {
        let mut used = vec![false; n];
        used[s] = true;
        let mut path = vec![s];
        if go(&a, &mut path, &mut used, closed, budget)? {
            return Ok(Some(path));
        }
    }
    Ok(None)
}

// The checked entry points. Each replays its witness against the edge list
// (not the adjacency the search used) before answering.

/// The chromatic number with a colouring ([`chromatic_search`]) of a
/// loop-free graph. Postcondition: no edge joins two vertices of one colour.
pub fn chromatic(g: &Graph, budget: &Budget) -> Result<Search<Vec<usize>>, Stop> {
    let found = chromatic_search(g, budget);
    let c = found.witness();
    if g.edges.iter().any(|(u, v, _)| c[*u] == c[*v]) {
        return Err(Stop::CheckFailed("the colouring is not proper"));
    }
    Ok(found)
}

/// A maximum clique ([`clique_search`]). Postcondition: every two of its
/// vertices are joined by an edge.
pub fn clique(g: &Graph, budget: &Budget) -> Result<Search<Vec<usize>>, Stop> {
    let found = clique_search(g, budget);
    let k = found.witness();
    let joined = |u: usize, v: usize| {
        g.edges
            .iter()
            .any(|(a, b, _)| (*a == u && *b == v) || (*a == v && *b == u))
    };
    if k.iter()
        .enumerate()
        .any(|(i, &u)| k[i + 1..].iter().any(|&v| !joined(u, v)))
    {
        return Err(Stop::CheckFailed("not a clique"));
    }
    Ok(found)
}

/// A maximum independent set: a maximum clique of the complement; the bound
/// when stopped is an upper bound on the independence number.
/// Postcondition: no edge joins two of its vertices.
pub fn independent_set(g: &Graph, budget: &Budget) -> Result<Search<Vec<usize>>, Stop> {
    let found = clique_search(&complement(g), budget);
    let set = found.witness();
    if g.edges
        .iter()
        .any(|(u, v, _)| u != v && set.contains(u) && set.contains(v))
    {
        return Err(Stop::CheckFailed("not independent"));
    }
    Ok(found)
}

/// A minimum vertex cover: the looped vertices (in every cover) and the
/// complement of a maximum independent set of the loop-free rest, so
/// τ = n − α there; the bound when stopped is a lower bound on τ.
/// Postcondition: every edge has an end in the cover.
pub fn vertex_cover(g: &Graph, budget: &Budget) -> Result<Search<Vec<usize>>, Stop> {
    let looped: Vec<bool> = (0..g.n)
        .map(|v| g.edges.iter().any(|(a, b, _)| *a == v && *b == v))
        .collect();
    let rest: Vec<(usize, usize)> = g
        .edges
        .iter()
        .filter(|(a, b, _)| a != b && !looped[*a] && !looped[*b])
        .map(|(a, b, _)| (*a, *b))
        .collect();
    let loose = Graph::unweighted(g.n, false, &rest);
    let found = clique_search(&complement(&loose), budget);
    let cover_of = |independent: &[usize]| -> Vec<usize> {
        (0..g.n)
            .filter(|v| looped[*v] || (!independent.contains(v) && !loose.adj[*v].is_empty()))
            .collect()
    };
    let found = match found {
        Search::Exact(i) => Search::Exact(cover_of(&i)),
        Search::Unknown { best, bound } => Search::Unknown {
            best: cover_of(&best),
            bound: g.n.saturating_sub(bound),
        },
    };
    let cover = found.witness();
    if g.edges
        .iter()
        .any(|(a, b, _)| !cover.contains(a) && !cover.contains(b))
    {
        return Err(Stop::CheckFailed("not a cover"));
    }
    Ok(found)
}

/// A Hamiltonian cycle or path ([`hamiltonian_search`]). Postcondition:
/// consecutive vertices of the order (and, closed, the last and the first)
/// are joined by an edge in its direction, and the order is a permutation.
pub fn hamiltonian(g: &Graph, closed: bool, budget: &Budget) -> Result<Option<Vec<usize>>, Stop> {
    let Some(order) = hamiltonian_search(g, closed, budget)? else {
        return Ok(None);
    };
    let adjacent = |u: usize, v: usize| {
        g.edges
            .iter()
            .any(|(a, b, _)| (*a == u && *b == v) || (!g.directed && *a == v && *b == u))
    };
    let mut seen = vec![false; g.n];
    let permutation = order.len() == g.n
        && order
            .iter()
            .all(|&v| !std::mem::replace(&mut seen[v], true));
    let steps = if closed { g.n } else { g.n - 1 };
    if !permutation || (0..steps).any(|i| !adjacent(order[i], order[(i + 1) % g.n])) {
        return Err(Stop::CheckFailed("not a Hamiltonian order"));
    }
    Ok(Some(order))
}

/// The chromatic polynomial of the simple graph as Σ_j a_j·x(x−1)…(x−j+1),
/// where a_j counts the partitions of the vertices into j independent sets
/// (enumerated as restricted-growth strings, pruned at the first conflict);
/// coefficients lowest degree first.
pub fn chromatic_polynomial(g: &Graph, budget: &Budget) -> Result<Vec<num_bigint::BigInt>, Stop> {
    use num_bigint::BigInt;
    let n = g.n;
    let a = g.simple_adjacency();
    let mut counts = vec![0u64; n + 1];
    let mut block = vec![0usize; n];
    fn go(
        a: &[Vec<bool>],
        block: &mut [usize],
        v: usize,
        blocks: usize,
        counts: &mut [u64],
        budget: &Budget,
    ) -> Result<(), Stop> {
        if v == a.len() {
            counts[blocks] += 1;
            return Ok(());
        }
        if v.is_multiple_of(4) {
            budget.check()?;
        }
        for b in 0..=blocks {
            if (0..v).any(|u| block[u] == b && a[u][v]) {
                continue;
            }
            block[v] = b;
            go(a, block, v + 1, blocks.max(b + 1), counts, budget)?;
        }
        Ok(())
    }
    go(&a, &mut block, 0, 0, &mut counts, budget)?;
    let mut out = vec![BigInt::zero(); n + 1];
    let mut falling = vec![BigInt::one()]; // x(x−1)…(x−j+1), lowest first
    for (j, &c) in counts.iter().enumerate() {
        for (k, f) in falling.iter().enumerate() {
            out[k] += f * BigInt::from(c);
        }
        // falling ← falling·(x − j)
        let mut next = vec![BigInt::zero(); falling.len() + 1];
        for (k, f) in falling.iter().enumerate() {
            next[k + 1] += f;
            next[k] -= f * BigInt::from(j);
        }
        falling = next;
    }
    while out.last().is_some_and(Zero::is_zero) {
        out.pop();
    }
    Ok(out)
}

impl<T> Search<T> {
    /// (whether the answer is proven, the witness, the bound when it is
    /// not), the shape the operations report.
    pub fn into_parts(self) -> (bool, T, Option<usize>) {
        match self {
            Search::Exact(t) => (true, t, None),
            Search::Unknown { best, bound } => (false, best, Some(bound)),
        }
    }

    /// The witness, proven optimal or not.
    pub fn witness(&self) -> &T {
        match self {
            Search::Exact(t) | Search::Unknown { best: t, .. } => t,
        }
    }

    pub fn value(self) -> T {
        match self {
            Search::Exact(t) | Search::Unknown { best: t, .. } => t,
        }
    }
}
