//! Minimum Steiner trees: the lightest tree joining given terminals,
//! through any other vertices (weights ≥ 0, undirected). Dreyfus–Wagner:
//! with d the shortest-path distances, the lightest tree joining a
//! terminal set S and a vertex v is, for |S| ≥ 2,
//! T(S, v) = min_u [ d(v, u) + min_{∅ ≠ S′ ⊊ S} T(S′, u) + T(S ∖ S′, u) ]
//! (the tree branches at some u). The optimum's shortest paths are
//! unioned, a spanning tree of the union is taken and non-terminal leaves
//! are pruned; that tree is checked to join the terminals, and its weight,
//! recomputed, to equal the optimum.

use super::Graph;
use crate::{BigInt, Budget, Q, Stop};

/// The tree's edges (indices into the graph's) and weight.
#[derive(Debug, Clone, PartialEq)]
pub struct SteinerTree {
    pub edges: Vec<usize>,
    pub weight: Q,
}

const INF: i128 = i128::MAX / 4;

/// How T(S, v) was reached, for the reconstruction: S = {terminal}, the
/// path to it; or the path to u and the split of S there.
#[derive(Clone, Copy)]
enum Step {
    Unset,
    Path(usize),
    Branch(usize, usize),
}

/// A minimum Steiner tree of the terminals (distinct, at least one) in
/// `g` with non-negative weights, or None when they are not connected.
/// Cost 3^k·n + 2^k·n² for k terminals; the caller bounds k.
pub fn steiner_tree(
    g: &Graph,
    terminals: &[usize],
    budget: &Budget,
) -> Result<Option<SteinerTree>, Stop> {
    let n = g.n;
    let Some((w, denominator)) = super::integer_weights(g) else {
        return Err(Stop::CheckFailed("weights too long for the Steiner search"));
    };
    // All-pairs distances with the first edge of a shortest path.
    let mut d = vec![vec![INF; n]; n];
    let mut via: Vec<Vec<Option<usize>>> = vec![vec![None; n]; n];
    for v in 0..n {
        d[v][v] = 0;
    }
    for (e, (u, v, _)) in g.edges.iter().enumerate() {
        let c = i128::from(w[e]);
        for (a, b) in [(*u, *v), (*v, *u)] {
            if c < d[a][b] {
                d[a][b] = c;
                via[a][b] = Some(e);
            }
        }
    }
    let mut next: Vec<Vec<usize>> = (0..n)
        .map(|a| {
            (0..n)
                .map(|b| if via[a][b].is_some() { b } else { a })
                .collect()
        })
        .collect();
    for k in 0..n {
        budget.check()?;
        for a in 0..n {
            if d[a][k] >= INF {
                continue;
            }
            for b in 0..n {
                if d[a][k] + d[k][b] < d[a][b] {
                    d[a][b] = d[a][k] + d[k][b];
                    next[a][b] = next[a][k];
                }
            }
        }
    }
    let (&root, rest) = terminals
        .split_first()
        .ok_or(Stop::CheckFailed("no terminals"))?;
    let k = rest.len();
    let full = (1usize << k) - 1;
    let mut t = vec![vec![INF; n]; full + 1];
    let mut how = vec![vec![Step::Unset; n]; full + 1];
    for (i, &term) in rest.iter().enumerate() {
        t[1 << i][..n].copy_from_slice(&d[term]);
        for u in 0..n {
            how[1 << i][u] = Step::Path(term);
        }
    }
    for s in 1..=full {
        if s.is_power_of_two() {
            continue;
        }
        budget.check()?;
        // Branch at u: two parts, the lowest terminal in the first.
        let low = s & s.wrapping_neg();
        let mut merged = vec![(INF, 0usize); n];
        let mut part = (s - 1) & s;
        while part > 0 {
            if part & low != 0 {
                let other = s ^ part;
                for (u, m) in merged.iter_mut().enumerate() {
                    let c = t[part][u] + t[other][u];
                    if c < m.0 {
                        *m = (c, part);
                    }
                }
            }
            part = (part - 1) & s;
        }
        for v in 0..n {
            budget.check()?;
            for (u, &(c, part)) in merged.iter().enumerate() {
                if c < INF && d[v][u] < INF && c + d[v][u] < t[s][v] {
                    t[s][v] = c + d[v][u];
                    how[s][v] = Step::Branch(u, part);
                }
            }
        }
    }
    let best = if k == 0 { 0 } else { t[full][root] };
    if best >= INF {
        return Ok(None);
    }
    // The optimum's shortest paths, unioned.
    let mut used = vec![false; g.edges.len()];
    let path = |a: usize, b: usize, used: &mut [bool]| {
        let mut x = a;
        while x != b {
            let y = next[x][b];
            if let Some(e) = via[x][y] {
                used[e] = true;
            }
            x = y;
        }
    };
    let mut stack = if k == 0 { vec![] } else { vec![(full, root)] };
    while let Some((s, v)) = stack.pop() {
        match how[s][v] {
            Step::Unset => return Err(Stop::CheckFailed("a Steiner step was never set")),
            Step::Path(term) => path(v, term, &mut used),
            Step::Branch(u, part) => {
                path(v, u, &mut used);
                stack.push((part, u));
                stack.push((s ^ part, u));
            }
        }
    }
    let tree = prune(g, &used, terminals);
    let weight: Q = tree.iter().map(|&e| &g.edges[e].2).sum();
    if weight != Q::new(BigInt::from(best), denominator) || !joins(g, &tree, terminals) {
        return Err(Stop::CheckFailed("the Steiner tree does not check"));
    }
    Ok(Some(SteinerTree {
        edges: tree,
        weight,
    }))
}

/// A spanning forest of the used edges (lightest first), then non-terminal
/// leaves removed until none is left.
fn prune(g: &Graph, used: &[bool], terminals: &[usize]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..g.edges.len())
        .filter(|&e| used[e] && g.edges[e].0 != g.edges[e].1)
        .collect();
    order.sort_by(|&a, &b| g.edges[a].2.cmp(&g.edges[b].2));
    let mut forest = super::Forest::new(g.n);
    let mut tree: Vec<usize> = order
        .into_iter()
        .filter(|&e| forest.join(g.edges[e].0, g.edges[e].1))
        .collect();
    loop {
        let mut degree = vec![0usize; g.n];
        for &e in &tree {
            degree[g.edges[e].0] += 1;
            degree[g.edges[e].1] += 1;
        }
        let leaf = |v: usize| degree[v] == 1 && !terminals.contains(&v);
        let before = tree.len();
        tree.retain(|&e| !leaf(g.edges[e].0) && !leaf(g.edges[e].1));
        if tree.len() == before {
            return tree;
        }
    }
}

/// The edges form a tree containing every terminal.
fn joins(g: &Graph, tree: &[usize], terminals: &[usize]) -> bool {
    let mut vertices: Vec<usize> = tree
        .iter()
        .flat_map(|&e| [g.edges[e].0, g.edges[e].1])
        .chain(terminals.iter().copied())
        .collect();
    vertices.sort_unstable();
    vertices.dedup();
    let mut forest = super::Forest::new(g.n);
    tree.iter()
        .all(|&e| forest.join(g.edges[e].0, g.edges[e].1))
        && tree.len() + 1 == vertices.len()
}
