//! Network reliability. With every edge up independently with probability
//! p, R(p) = Σ_k N_k·p^k·(1 − p)^(m − k), N_k the number of k-edge subsets
//! that keep every vertex connected (all-terminal) or join s to t
//! (two-terminal).
//!
//! N_k is counted by a frontier dynamic programme over the edges in
//! breadth-first order: a state is the partition of the vertices that still
//! await edges (and, two-terminal, which block holds s or t), so a
//! frontier of w vertices has at most Bell(w) partitions per step (times
//! the s/t marks); a state that has already joined s to t only counts the
//! remaining edges as free.
//!
//! Checked by identities computed separately: all-terminal N_(n−1) is the
//! number of spanning trees (Kirchhoff's determinant); two-terminal N_k = 0
//! below the distance d and N_d is the number of shortest s–t paths
//! (breadth-first counting); in both, N_m = 1 and N_(m−1) = m less the
//! number of edges whose removal alone breaks the graph (each removal
//! searched), when the whole graph works.

use crate::Q;
use crate::graph::Graph;
use crate::linalg::word_determinant;
use crate::{Budget, Mat, Stop};
use num_bigint::BigInt;
use num_traits::{One, Zero};
use std::collections::HashMap;

/// Which vertices must be connected.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Terminals {
    All,
    Two(usize, usize),
}

/// At most this many edges (N_k < 2^m must fit 128 bits).
pub const MAX_EDGES: usize = 120;
/// At most this many counts held over the frontier states at any step
/// (states × (m + 1), 16 bytes each).
pub const MAX_COUNTS: usize = 4_000_000;

/// The frontier's blocks: a label per frontier vertex, numbered in order
/// of first appearance, and per label whether it holds s (bit 0) or t
/// (bit 1). `Joined` once s and t share a block.
#[derive(Clone, PartialEq, Eq, Hash)]
enum State {
    Blocks(Vec<u8>, Vec<u8>),
    Joined,
}

/// N_0, …, N_m for a graph on `n` vertices with the given edges (no loops;
/// parallel edges allowed). `Ok(Err(counts))` when the frontier's states
/// would hold more than [`MAX_COUNTS`] counts (stopped as soon as they do).
pub fn counts(
    n: usize,
    edges: &[(usize, usize)],
    terminals: Terminals,
    budget: &Budget,
) -> Result<Result<Vec<u128>, usize>, Stop> {
    let m = edges.len();
    assert!(m <= MAX_EDGES && edges.iter().all(|&(u, v)| u != v && u < n && v < n));
    let mut out = vec![0u128; m + 1];
    let start = match terminals {
        Terminals::All => 0,
        Terminals::Two(s, t) => {
            if s == t {
                // Always joined: every subset works.
                return Ok(Ok(binomials(m)));
            }
            s
        }
    };
    if n <= 1 {
        return Ok(Ok(binomials(m)));
    }
    // Breadth-first order from the start; edges sorted by their endpoints'
    // positions, so the frontier stays narrow on path-like graphs.
    let order = bfs_order(n, edges, start);
    let reached = order.iter().filter(|p| p.is_some()).count();
    if terminals == Terminals::All && reached < n {
        return Ok(Ok(out));
    }
    if let Terminals::Two(_, t) = terminals
        && order[t].is_none()
    {
        return Ok(Ok(out));
    }
    // Edges away from the start's component are free in the two-terminal
    // case; they are counted by a binomial factor at the end.
    let mut sorted: Vec<(usize, usize)> = Vec::new();
    let mut free = 0;
    for &(u, v) in edges {
        match (order[u], order[v]) {
            (Some(a), Some(b)) => sorted.push(if a < b { (u, v) } else { (v, u) }),
            _ => free += 1,
        }
    }
    sorted.sort_by_key(|&(u, v)| (order[u], order[v]));
    let mut first = vec![usize::MAX; n];
    let mut last = vec![0; n];
    for (i, &(u, v)) in sorted.iter().enumerate() {
        for w in [u, v] {
            first[w] = first[w].min(i);
            last[w] = i;
        }
    }
    let flag = |w: usize| match terminals {
        Terminals::Two(s, t) => u8::from(w == s) | (u8::from(w == t) << 1),
        Terminals::All => 0,
    };
    let width = sorted.len() + 1;
    let mut frontier: Vec<usize> = Vec::new();
    let mut layer: HashMap<State, Vec<u128>> = HashMap::new();
    let mut unit = vec![0u128; width];
    unit[0] = 1;
    layer.insert(State::Blocks(Vec::new(), Vec::new()), unit);
    for (i, &(u, v)) in sorted.iter().enumerate() {
        budget.check()?;
        // Newcomers join the frontier as blocks of their own.
        for w in [u, v] {
            if first[w] == i && !frontier.contains(&w) {
                frontier.push(w);
                layer = layer
                    .into_iter()
                    .map(|(state, c)| {
                        let state = match state {
                            State::Blocks(mut labels, mut flags) => {
                                labels.push(flags.len() as u8);
                                flags.push(flag(w));
                                State::Blocks(labels, flags)
                            }
                            State::Joined => State::Joined,
                        };
                        (state, c)
                    })
                    .collect();
            }
        }
        let pu = frontier.iter().position(|&w| w == u).unwrap_or(0);
        let pv = frontier.iter().position(|&w| w == v).unwrap_or(0);
        let leaving: Vec<usize> = (0..frontier.len())
            .filter(|&k| last[frontier[k]] == i)
            .collect();
        let final_step = i + 1 == sorted.len();
        let mut next: HashMap<State, Vec<u128>> = HashMap::with_capacity(layer.len() * 2);
        for (k, (state, c)) in layer.into_iter().enumerate() {
            if k % 4096 == 0 {
                budget.check()?;
            }
            if next.len() * width > MAX_COUNTS {
                return Ok(Err(next.len() * width));
            }
            let shifted = shifted(&c);
            let (down, up) = match state {
                State::Joined => (Some(State::Joined), Some(State::Joined)),
                State::Blocks(labels, flags) => {
                    let (l, f) = merge(&labels, &flags, pu, pv);
                    (
                        close(labels, flags, &leaving, terminals, final_step),
                        close(l, f, &leaving, terminals, final_step),
                    )
                }
            };
            for (state, counts) in [(down, c), (up, shifted)] {
                if let Some(state) = state {
                    let slot = next.entry(state).or_insert_with(|| vec![0; width]);
                    for (a, b) in slot.iter_mut().zip(&counts) {
                        *a = a
                            .checked_add(*b)
                            .ok_or(Stop::CheckFailed("a count passed 2^128"))?;
                    }
                }
            }
        }
        frontier.retain(|&w| last[w] != i);
        layer = next;
    }
    for (state, c) in layer {
        let works = match (state, terminals) {
            (State::Joined, _) => true,
            // Every block closed on the way was the last one.
            (State::Blocks(labels, _), Terminals::All) => labels.is_empty(),
            (State::Blocks(..), Terminals::Two(..)) => false,
        };
        if works {
            for (a, b) in out.iter_mut().zip(&c) {
                *a += b;
            }
        }
    }
    // The free edges: N ← N * Σ C(free, j) x^j.
    let f = binomials(free);
    let mut with_free = vec![0u128; m + 1];
    for (k, &a) in out.iter().enumerate().filter(|(_, a)| **a != 0) {
        for (j, &b) in f.iter().enumerate() {
            with_free[k + j] = with_free[k + j]
                .checked_add(
                    a.checked_mul(b)
                        .ok_or(Stop::CheckFailed("a count passed 2^128"))?,
                )
                .ok_or(Stop::CheckFailed("a count passed 2^128"))?;
        }
    }
    Ok(Ok(with_free))
}

/// C(m, 0), …, C(m, m).
fn binomials(m: usize) -> Vec<u128> {
    let mut c = vec![1u128; m + 1];
    for k in 1..=m {
        // C(m, k − 1)·(m − k + 1) < 2^117·2^7 for m ≤ 120.
        c[k] = c[k - 1] * (m - k + 1) as u128 / k as u128;
    }
    c
}

fn shifted(c: &[u128]) -> Vec<u128> {
    let mut s = vec![0; c.len()];
    s[1..].copy_from_slice(&c[..c.len() - 1]);
    s
}

/// The blocks with the frontier vertices at `pu` and `pv` joined.
fn merge(labels: &[u8], flags: &[u8], pu: usize, pv: usize) -> (Vec<u8>, Vec<u8>) {
    let (a, b) = (labels[pu], labels[pv]);
    if a == b {
        return (labels.to_vec(), flags.to_vec());
    }
    let mut flags = flags.to_vec();
    flags[a as usize] |= flags[b as usize];
    flags[b as usize] = 0;
    let labels = labels.iter().map(|&l| if l == b { a } else { l }).collect();
    (labels, flags)
}

/// Drops the leaving vertices and renumbers the blocks; `None` when the
/// state can no longer work (a block closed too early), `Joined` when s
/// and t share a block.
fn close(
    labels: Vec<u8>,
    flags: Vec<u8>,
    leaving: &[usize],
    terminals: Terminals,
    final_step: bool,
) -> Option<State> {
    if flags.contains(&3) {
        return Some(State::Joined);
    }
    let kept: Vec<u8> = labels
        .iter()
        .enumerate()
        .filter(|(k, _)| !leaving.contains(k))
        .map(|(_, &l)| l)
        .collect();
    // A block with no vertex left on the frontier is closed for good.
    let mut closed: Vec<u8> = labels
        .iter()
        .copied()
        .filter(|l| !kept.contains(l))
        .collect();
    closed.sort_unstable();
    closed.dedup();
    let lost = match terminals {
        // Closing is fine only for the one block left at the very end.
        Terminals::All => {
            !(closed.is_empty() || final_step && kept.is_empty() && closed.len() == 1)
        }
        // A closed block holding s or t (but not both) is lost.
        Terminals::Two(..) => closed.iter().any(|&l| flags[l as usize] != 0),
    };
    if lost {
        return None;
    }
    let mut rename = [u8::MAX; 256];
    let mut new_flags = Vec::new();
    let mut new_labels = Vec::with_capacity(kept.len());
    for l in kept {
        if rename[l as usize] == u8::MAX {
            rename[l as usize] = new_flags.len() as u8;
            new_flags.push(flags[l as usize]);
        }
        new_labels.push(rename[l as usize]);
    }
    Some(State::Blocks(new_labels, new_flags))
}

/// Each vertex's position in breadth-first order from `start` (None when
/// not reached).
fn bfs_order(n: usize, edges: &[(usize, usize)], start: usize) -> Vec<Option<usize>> {
    let mut position = vec![None; n];
    for (k, v) in Graph::unweighted(n, false, edges)
        .bfs(start)
        .0
        .into_iter()
        .enumerate()
    {
        position[v] = Some(k);
    }
    position
}

/// The graph without the edge `skip`.
fn without(n: usize, edges: &[(usize, usize)], skip: Option<usize>) -> Graph {
    let kept: Vec<(usize, usize)> = edges
        .iter()
        .enumerate()
        .filter(|&(e, _)| Some(e) != skip)
        .map(|(_, &e)| e)
        .collect();
    Graph::unweighted(n, false, &kept)
}

/// Breadth-first distances from `s` and the number of shortest paths to
/// each vertex (parallel edges are different paths).
fn shortest_paths(
    n: usize,
    edges: &[(usize, usize)],
    s: usize,
    skip: Option<usize>,
) -> (Vec<Option<usize>>, Vec<u128>) {
    let adjacency = without(n, edges, skip).adj;
    let mut dist = vec![None; n];
    let mut ways = vec![0u128; n];
    dist[s] = Some(0);
    ways[s] = 1;
    let mut queue = std::collections::VecDeque::from([s]);
    while let Some(u) = queue.pop_front() {
        let du = dist[u].unwrap_or(0);
        for &(w, _) in &adjacency[u] {
            match dist[w] {
                None => {
                    dist[w] = Some(du + 1);
                    ways[w] = ways[u];
                    queue.push_back(w);
                }
                Some(d) if d == du + 1 => ways[w] = ways[w].saturating_add(ways[u]),
                _ => {}
            }
        }
    }
    (dist, ways)
}

/// Whether the graph without edge `skip` works.
fn works(n: usize, edges: &[(usize, usize)], terminals: Terminals, skip: Option<usize>) -> bool {
    match terminals {
        Terminals::All => {
            let (dist, _) = shortest_paths(n, edges, 0, skip);
            dist.iter().all(Option::is_some)
        }
        Terminals::Two(s, t) => shortest_paths(n, edges, s, skip).0[t].is_some(),
    }
}

/// Checks [`counts`] by the identities in the module comment; says which
/// held.
pub fn check(
    n: usize,
    edges: &[(usize, usize)],
    terminals: Terminals,
    counts: &[u128],
    budget: &Budget,
) -> Result<&'static str, Stop> {
    let m = edges.len();
    if n <= 1 || matches!(terminals, Terminals::Two(s, t) if s == t) {
        return if counts == binomials(m) {
            Ok("the terminals coincide: every edge set works, N_k = C(m, k)")
        } else {
            Err(Stop::CheckFailed(
                "a trivial network but not every subset counted",
            ))
        };
    }
    if !works(n, edges, terminals, None) {
        return if counts.iter().all(|&c| c == 0) {
            Ok(
                "even with every edge working the network is disconnected (searched): every N_k is 0",
            )
        } else {
            Err(Stop::CheckFailed("a broken graph has working subsets"))
        };
    }
    if counts[m] != 1 {
        return Err(Stop::CheckFailed("N_m is not 1 for a working graph"));
    }
    if m > 0 {
        let mut essential = 0u128;
        for e in 0..m {
            if e % 16 == 0 {
                budget.check()?;
            }
            essential += u128::from(!works(n, edges, terminals, Some(e)));
        }
        if counts[m - 1] != m as u128 - essential {
            return Err(Stop::CheckFailed(
                "N_(m−1) differs from the number of edges whose removal keeps it working",
            ));
        }
    }
    match terminals {
        Terminals::All => {
            // Kirchhoff: any cofactor of the Laplacian counts spanning trees
            // (n ≥ 2 here: a single vertex has no edges and always works).
            let laplacian = Graph::unweighted(n, false, edges).laplacian();
            let l = Mat::from_fn(n - 1, n - 1, |i, j| laplacian[i][j]);
            let trees = word_determinant(&l, budget)?;
            if BigInt::from(counts[n - 1]) != trees || counts[..n - 1].iter().any(|&c| c != 0) {
                return Err(Stop::CheckFailed(
                    "N_(n−1) differs from Kirchhoff's count of spanning trees",
                ));
            }
            Ok("N_m = 1, N_(m−1) by removing each edge, N_(n−1) equal to Kirchhoff's determinant")
        }
        Terminals::Two(s, t) => {
            let (dist, ways) = shortest_paths(n, edges, s, None);
            let d = dist[t].unwrap_or(0);
            if counts[d] != ways[t] || counts[..d].iter().any(|&c| c != 0) {
                return Err(Stop::CheckFailed(
                    "the first N_k differs from the number of shortest s–t paths",
                ));
            }
            Ok(
                "N_m = 1, N_(m−1) by removing each edge, the first nonzero N_d equal to the number of shortest paths between the terminals",
            )
        }
    }
}

/// R(p) = Σ N_k·p^k·(1 − p)^(m − k) expanded: the coefficient of p^j is
/// Σ_(k ≤ j) N_k·C(m − k, j − k)·(−1)^(j − k). Lowest degree first,
/// without trailing zeros.
pub fn expand(counts: &[BigInt]) -> Vec<BigInt> {
    let m = counts.len() - 1;
    let mut out = vec![BigInt::zero(); m + 1];
    for (k, nk) in counts.iter().enumerate().filter(|(_, c)| !c.is_zero()) {
        // (1 − p)^(m − k) term by term, its binomials built incrementally.
        let mut c = BigInt::one();
        for i in 0..=m - k {
            let term = nk * &c;
            if i % 2 == 0 {
                out[k + i] += term;
            } else {
                out[k + i] -= term;
            }
            c = c * (m - k - i) / (i + 1);
        }
    }
    while out.last().is_some_and(Zero::is_zero) {
        out.pop();
    }
    out
}

/// R(p) from the counts, confirmed by Horner's rule on the expansion.
pub fn evaluate(counts: &[BigInt], expanded: &[BigInt], p: &Q) -> Result<Q, Stop> {
    let m = counts.len() - 1;
    let q = Q::one() - p;
    let from_counts = counts
        .iter()
        .enumerate()
        .filter(|(_, c)| !c.is_zero())
        .fold(Q::zero(), |s, (k, c)| {
            s + Q::from_integer(c.clone()) * pow(p, k) * pow(&q, m - k)
        });
    let horner = expanded
        .iter()
        .rev()
        .fold(Q::zero(), |s, c| s * p + Q::from_integer(c.clone()));
    if from_counts != horner {
        return Err(Stop::CheckFailed(
            "R(p) from the counts and from the expansion differ",
        ));
    }
    Ok(from_counts)
}

fn pow(x: &Q, k: usize) -> Q {
    num_traits::pow(x.clone(), k)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(n: usize, edges: &[(usize, usize)], t: Terminals) -> Vec<u128> {
        let b = Budget::unlimited();
        let c = counts(n, edges, t, &b).unwrap().unwrap();
        check(n, edges, t, &c, &b).unwrap();
        c
    }

    /// Brute force over all subsets.
    fn brute(n: usize, edges: &[(usize, usize)], t: Terminals) -> Vec<u128> {
        let m = edges.len();
        let mut out = vec![0; m + 1];
        for mask in 0u32..(1 << m) {
            let sub: Vec<(usize, usize)> = (0..m)
                .filter(|&e| mask >> e & 1 == 1)
                .map(|e| edges[e])
                .collect();
            if works(n, &sub, t, None) {
                out[mask.count_ones() as usize] += 1;
            }
        }
        out
    }

    #[test]
    fn triangle_and_square() {
        let tri = [(0, 1), (1, 2), (2, 0)];
        assert_eq!(run(3, &tri, Terminals::All), vec![0, 0, 3, 1]);
        assert_eq!(run(3, &tri, Terminals::Two(0, 1)), vec![0, 1, 3, 1]);
        let k4: Vec<(usize, usize)> = (0..4)
            .flat_map(|u| (u + 1..4).map(move |v| (u, v)))
            .collect();
        assert_eq!(run(4, &k4, Terminals::All)[3], 16);
    }

    #[test]
    fn matches_brute_force() {
        let mut seed = 7u64;
        let mut rand = |k: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 11) as usize % k
        };
        for _ in 0..300 {
            let n = 2 + rand(6);
            let m = rand(13);
            let edges: Vec<(usize, usize)> = (0..m)
                .map(|_| {
                    let u = rand(n);
                    (u, (u + 1 + rand(n - 1)) % n)
                })
                .collect();
            assert_eq!(
                run(n, &edges, Terminals::All),
                brute(n, &edges, Terminals::All)
            );
            let (s, t) = (rand(n), rand(n));
            assert_eq!(
                run(n, &edges, Terminals::Two(s, t)),
                brute(n, &edges, Terminals::Two(s, t)),
                "{n} {edges:?} {s} {t}"
            );
        }
    }

    #[test]
    fn grid_is_fast_enough() {
        // 6×6 grid: 60 edges, frontier of 6.
        let id = |r: usize, c: usize| r * 6 + c;
        let mut edges = Vec::new();
        for r in 0..6 {
            for c in 0..6 {
                if c + 1 < 6 {
                    edges.push((id(r, c), id(r, c + 1)));
                }
                if r + 1 < 6 {
                    edges.push((id(r, c), id(r + 1, c)));
                }
            }
        }
        run(36, &edges, Terminals::All);
        run(36, &edges, Terminals::Two(0, 35));
    }
}
