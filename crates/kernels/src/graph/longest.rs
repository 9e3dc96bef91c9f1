//! Longest simple paths: the most total weight along a path that repeats
//! no vertex (weights of any sign; unweighted: the most edges), from a
//! given start and to a given end or between any two vertices. On a
//! directed acyclic graph every path is simple, so a pass in topological
//! order decides it; otherwise depth-first branch and bound over simple
//! paths, bounded by the path so far plus, for every vertex not on it, the
//! heaviest positive edge into it (each further step enters a new vertex).
//! The path's edges and weight are checked against the graph as given.

use super::Graph;
use crate::{BigInt, Budget, Q, Stop};

/// A path as its vertices and the edges joining them, in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Path {
    pub vertices: Vec<usize>,
    pub edges: Vec<usize>,
    pub length: Q,
}

/// The longest path, or the best found with an upper bound at a deadline;
/// `None` when no path joins the given ends.
#[derive(Debug, Clone, PartialEq)]
pub struct Longest {
    pub path: Option<Path>,
    pub upper_bound: Option<Q>,
}

struct Dfs<'a> {
    g: &'a Graph,
    w: &'a [i128],
    target: Option<usize>,
    best_in: Vec<i128>,
    on_path: Vec<bool>,
    vertices: Vec<usize>,
    edges: Vec<usize>,
    best: Option<(i128, Vec<usize>, Vec<usize>)>,
    budget: &'a Budget,
}

impl Dfs<'_> {
    fn go(&mut self, v: usize, length: i128, room: i128) -> Result<(), Stop> {
        self.budget.check()?;
        if self.target.is_none_or(|t| t == v) && self.best.as_ref().is_none_or(|b| length > b.0) {
            self.best = Some((length, self.vertices.clone(), self.edges.clone()));
        }
        if self.target == Some(v) {
            return Ok(());
        }
        if self.best.as_ref().is_some_and(|b| length + room <= b.0) {
            return Ok(());
        }
        for &(u, e) in &self.g.adj[v] {
            if self.on_path[u] {
                continue;
            }
            self.on_path[u] = true;
            self.vertices.push(u);
            self.edges.push(e);
            let r = self.go(u, length + self.w[e], room - self.best_in[u]);
            self.on_path[u] = false;
            self.vertices.pop();
            self.edges.pop();
            r?;
        }
        Ok(())
    }
}

/// The longest simple path from `source` (any vertex when None) to
/// `target` (any when None). The caller checks
/// [`super::integer_weights_fit`].
pub fn longest_path(
    g: &Graph,
    source: Option<usize>,
    target: Option<usize>,
    budget: &Budget,
) -> Result<Longest, Stop> {
    let Some((w, denominator)) = super::integer_weights(g) else {
        return Err(Stop::CheckFailed("weights too long for the path search"));
    };
    let w: Vec<i128> = w.into_iter().map(i128::from).collect();
    let to_q = |x: i128| Q::new(BigInt::from(x), denominator.clone());
    let acyclic = g.directed && g.edges.iter().all(|(u, v, _)| u != v);
    let order = if acyclic {
        g.topological_order().ok()
    } else {
        None
    };
    let (found, upper) = match order {
        Some(order) => (dag(g, &w, &order, source, target, budget)?, None),
        None => {
            let mut best_in = vec![0i128; g.n];
            for (e, (u, v, _)) in g.edges.iter().enumerate() {
                if u != v {
                    best_in[*v] = best_in[*v].max(w[e]);
                    if !g.directed {
                        best_in[*u] = best_in[*u].max(w[e]);
                    }
                }
            }
            let total: i128 = best_in.iter().sum();
            let mut dfs = Dfs {
                g,
                w: &w,
                target,
                best_in,
                on_path: vec![false; g.n],
                vertices: Vec::new(),
                edges: Vec::new(),
                best: None,
                budget,
            };
            let starts: Vec<usize> = source.map_or_else(|| (0..g.n).collect(), |s| vec![s]);
            let mut stopped = false;
            for s in starts {
                dfs.on_path[s] = true;
                dfs.vertices = vec![s];
                let r = dfs.go(s, 0, total - dfs.best_in[s]);
                dfs.on_path[s] = false;
                match r {
                    Ok(()) => {}
                    Err(Stop::Deadline) => {
                        stopped = true;
                        break;
                    }
                    Err(e) => return Err(e),
                }
            }
            // Any simple path enters each of its vertices but the first once.
            let upper = stopped.then(|| total.max(dfs.best.as_ref().map_or(0, |b| b.0)));
            (dfs.best, upper)
        }
    };
    let path = match found {
        Some((length, vertices, edges)) => {
            let path = Path {
                vertices,
                edges,
                length: to_q(length),
            };
            check(g, &path, source, target)?;
            Some(path)
        }
        None => None,
    };
    Ok(Longest {
        path,
        upper_bound: upper.map(to_q),
    })
}

type Best = Option<(i128, Vec<usize>, Vec<usize>)>;

/// Longest paths in a DAG, one pass in topological order.
fn dag(
    g: &Graph,
    w: &[i128],
    order: &[usize],
    source: Option<usize>,
    target: Option<usize>,
    budget: &Budget,
) -> Result<Best, Stop> {
    // best[v]: the heaviest path ending at v, with the edge into v.
    let mut best: Vec<Option<(i128, Option<usize>)>> = (0..g.n)
        .map(|v| (source.is_none() || source == Some(v)).then_some((0, None)))
        .collect();
    for &u in order {
        budget.check()?;
        let Some((at_u, _)) = best[u] else { continue };
        for &(v, e) in &g.adj[u] {
            let through = at_u + w[e];
            if best[v].is_none_or(|(b, _)| through > b) {
                best[v] = Some((through, Some(e)));
            }
        }
    }
    let end = match target {
        Some(t) => best[t].map(|_| t),
        None => (0..g.n)
            .filter(|&v| best[v].is_some())
            .max_by_key(|&v| (best[v].map(|b| b.0), std::cmp::Reverse(v))),
    };
    let Some(end) = end else { return Ok(None) };
    let (mut vertices, mut edges) = (vec![end], Vec::new());
    let mut v = end;
    while let Some((_, Some(e))) = best[v] {
        edges.push(e);
        v = g.edges[e].0;
        vertices.push(v);
    }
    vertices.reverse();
    edges.reverse();
    Ok(best[end].map(|(length, _)| (length, vertices, edges)))
}

/// The path joins its ends by its edges, repeats no vertex, and weighs
/// what it says.
fn check(g: &Graph, p: &Path, source: Option<usize>, target: Option<usize>) -> Result<(), Stop> {
    let fail = Err(Stop::CheckFailed("the longest path does not check"));
    let mut seen = vec![false; g.n];
    if p.vertices.is_empty()
        || p.edges.len() + 1 != p.vertices.len()
        || source.is_some_and(|s| p.vertices[0] != s)
        || target.is_some_and(|t| p.vertices.last() != Some(&t))
        || p.vertices
            .iter()
            .any(|&v| std::mem::replace(&mut seen[v], true))
    {
        return fail;
    }
    for (k, &e) in p.edges.iter().enumerate() {
        let (u, v, _) = &g.edges[e];
        let (a, b) = (p.vertices[k], p.vertices[k + 1]);
        if !((*u, *v) == (a, b) || (!g.directed && (*v, *u) == (a, b))) {
            return fail;
        }
    }
    let length: Q = p.edges.iter().map(|&e| &g.edges[e].2).sum();
    if length != p.length {
        return fail;
    }
    Ok(())
}
