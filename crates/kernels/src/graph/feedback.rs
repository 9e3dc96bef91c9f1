//! Minimum feedback vertex set: fewest vertices whose removal leaves no
//! cycle (a forest when undirected, a DAG when directed; a loop is a cycle,
//! and so are two parallel undirected edges). Cycle constraints added
//! lazily: the integer program min Σ xᵥ with Σ_{v∈C} xᵥ ≥ 1 for the
//! cycles C found so far is a relaxation, solved by the checked branch
//! and bound of `lp::integer`; when its optimum X leaves G − X acyclic, X
//! is optimal, and otherwise a shortest cycle through a vertex of G − X
//! joins the program. The returned set is checked to break every cycle.

use super::{Graph, Search};
use crate::lp::integer::{self, IntegerAnswer};
use crate::lp::{Problem, Relation, Row};
use crate::{Budget, Q, Stop};
use num_traits::{One, ToPrimitive, Zero};
use std::collections::VecDeque;

/// A shortest cycle of the graph left after `removed`, through the vertex
/// where a cycle was first seen, as its vertices; None when none is left.
fn cycle_left(g: &Graph, removed: &[bool]) -> Option<Vec<usize>> {
    let kept = |v: usize| !removed[v];
    // A loop is the shortest cycle there is.
    if let Some((u, _, _)) = g.edges.iter().find(|(u, v, _)| u == v && kept(*u)) {
        return Some(vec![*u]);
    }
    let (start, skip) = if g.directed {
        let left = Graph::new(
            g.n,
            true,
            g.edges
                .iter()
                .filter(|(u, v, _)| kept(*u) && kept(*v))
                .cloned()
                .collect(),
        );
        let cycle = left.topological_order().err()?;
        (cycle[0], None)
    } else {
        // The first edge closing a cycle, by union–find.
        let mut forest = super::Forest::new(g.n);
        let (k, u) = g.edges.iter().enumerate().find_map(|(k, (u, v, _))| {
            (kept(*u) && kept(*v) && !forest.join(*u, *v)).then_some((k, *u))
        })?;
        (u, Some(k))
    };
    // Breadth-first from `start` back to itself (undirected: around the
    // closing edge, which is walked last).
    let mut prev: Vec<Option<(usize, usize)>> = vec![None; g.n];
    let mut queue = VecDeque::from([start]);
    let mut seen = vec![false; g.n];
    seen[start] = true;
    let goal = match skip {
        Some(k) => g.edges[k].1,
        None => start,
    };
    while let Some(x) = queue.pop_front() {
        for &(y, e) in &g.adj[x] {
            if !kept(y) || Some(e) == skip {
                continue;
            }
            if y == goal && (skip.is_some() || x != goal) {
                let mut cycle = vec![x];
                let mut at = x;
                while let Some((p, _)) = prev[at] {
                    cycle.push(p);
                    at = p;
                }
                if skip.is_some() && y != x {
                    cycle.insert(0, y);
                }
                cycle.dedup();
                return Some(cycle);
            }
            if !seen[y] {
                seen[y] = true;
                prev[y] = Some((x, e));
                queue.push_back(y);
            }
        }
    }
    None
}

/// A minimum feedback vertex set, ascending; at the deadline the best set
/// found (greedy when the program gave none) and the relaxation's bound.
pub fn feedback_vertex_set(g: &Graph, budget: &Budget) -> Result<Search<Vec<usize>>, Stop> {
    let n = g.n;
    let mut cycles: Vec<Vec<usize>> = Vec::new();
    let mut lower = 0usize;
    let chosen = |x: &[Q]| (0..n).map(|v| x[v].is_one()).collect::<Vec<bool>>();
    let found = loop {
        let removed = if cycles.is_empty() {
            vec![false; n]
        } else {
            let problem = Problem {
                cost: vec![Q::one(); n],
                rows: cycles
                    .iter()
                    .map(|c| {
                        let mut coefficients = vec![Q::zero(); n];
                        c.iter().for_each(|&v| coefficients[v] = Q::one());
                        Row {
                            coefficients,
                            relation: Relation::Ge,
                            rhs: Q::one(),
                        }
                    })
                    .collect(),
                lower: vec![Some(Q::zero()); n],
                upper: vec![Some(Q::one()); n],
            };
            match integer::solve(&problem, &vec![true; n], budget) {
                Ok(IntegerAnswer::Optimal { x, .. }) => chosen(&x),
                Ok(IntegerAnswer::Stopped { bound, .. }) => {
                    let b = bound.map_or(0, |b| b.ceil().to_integer().to_usize().unwrap_or(0));
                    lower = lower.max(b);
                    break None;
                }
                Err(Stop::Deadline) => break None,
                Ok(_) => return Err(Stop::CheckFailed("a cycle-hitting program has no optimum")),
                Err(e) => return Err(e),
            }
        };
        lower = lower.max(removed.iter().filter(|&&r| r).count());
        match cycle_left(g, &removed) {
            None => break Some(removed),
            Some(c) => cycles.push(c),
        }
        if budget.check().is_err() {
            break None;
        }
    };
    let (set, exact) = match found {
        Some(removed) => (removed, true),
        None => (greedy(g), false),
    };
    if cycle_left(g, &set).is_some() {
        return Err(Stop::CheckFailed(
            "a cycle survives the feedback vertex set",
        ));
    }
    let set: Vec<usize> = (0..n).filter(|&v| set[v]).collect();
    Ok(if exact {
        Search::Exact(set)
    } else {
        Search::Unknown {
            best: set,
            bound: lower,
        }
    })
}

/// Removes, while a cycle is left, its vertex of highest degree.
fn greedy(g: &Graph) -> Vec<bool> {
    let mut degree = vec![0usize; g.n];
    for (u, v, _) in &g.edges {
        degree[*u] += 1;
        degree[*v] += 1;
    }
    let mut removed = vec![false; g.n];
    while let Some(c) = cycle_left(g, &removed) {
        if let Some(&v) = c.iter().max_by_key(|&&v| degree[v]) {
            removed[v] = true;
        }
    }
    removed
}
