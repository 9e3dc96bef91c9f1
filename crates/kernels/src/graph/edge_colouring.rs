//! The chromatic index χ′: the fewest colours for the edges such that
//! edges sharing an endpoint differ. Lower bounds: Δ (the edges at one
//! vertex meet pairwise) and ⌈m / ⌊n/2⌋⌉ (each colour is a matching).
//! Upper bounds: a greedy colouring, then (Vizing: χ′ ≤ Δ + 1 on simple
//! graphs, Shannon: ≤ ⌊3Δ/2⌋ with parallel edges) k colours are decided by
//! SAT from the lower bound up: a model is a colouring, checked proper; "no
//! k-colouring" is an LRAT proof, replayed. The clauses fix the colours of
//! the edges at one vertex of degree Δ to 0..Δ−1, which loses no colouring
//! up to renaming the colours.

use super::Graph;
use crate::sat::{Checked, Cnf, cdcl, solve_checked};
use crate::{Budget, Stop};
use std::collections::{BTreeSet, HashSet};

/// Where the lower bound comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IndexBound {
    /// The maximum degree.
    Degree,
    /// m / ⌊n/2⌋: every colour class is a matching.
    Matchings,
    /// A replayed LRAT proof that this many colours fail (with its steps).
    Proof { colours: usize, steps: usize },
}

/// A proper edge colouring with the bound it is measured against.
#[derive(Debug, Clone)]
pub struct EdgeColouring {
    /// The colour of each edge, in edge order, in 0..count.
    pub colours: Vec<usize>,
    pub count: usize,
    /// A proven lower bound on χ′; equal to `count` when exact.
    pub lower: usize,
    pub bound: IndexBound,
}

/// Literals of clauses the k-colouring encoding of `g` holds at k = Δ + 1:
/// the size a caller bounds before asking.
pub fn edge_colouring_size(g: &Graph) -> usize {
    let degrees = degrees(g);
    let pairs: usize = degrees.iter().map(|d| d * d.saturating_sub(1) / 2).sum();
    let delta = degrees.iter().copied().max().unwrap_or(0);
    (2 * pairs + g.edges.len()) * (delta + 1)
}

fn degrees(g: &Graph) -> Vec<usize> {
    let mut d = vec![0; g.n];
    for (u, v, _) in &g.edges {
        d[*u] += 1;
        d[*v] += 1;
    }
    d
}

/// A minimum edge colouring of the loop-free graph `g` (directions
/// ignored); at the deadline the best colouring found, `count > lower`.
pub fn edge_colouring(
    g: &Graph,
    limits: &cdcl::Limits,
    budget: &Budget,
) -> Result<EdgeColouring, Stop> {
    if g.edges.iter().any(|(u, v, _)| u == v) {
        return Err(Stop::CheckFailed("a loop cannot be edge-coloured"));
    }
    let m = g.edges.len();
    let degrees = degrees(g);
    let delta = degrees.iter().copied().max().unwrap_or(0);
    let matchings = if m == 0 { 0 } else { m.div_ceil(g.n / 2) };
    let (mut lower, mut bound) = if matchings > delta {
        (matchings, IndexBound::Matchings)
    } else {
        (delta, IndexBound::Degree)
    };
    let mut incident: Vec<Vec<usize>> = vec![Vec::new(); g.n];
    for (e, (u, v, _)) in g.edges.iter().enumerate() {
        incident[*u].push(e);
        incident[*v].push(e);
    }
    // Greedy: each edge the least colour free at both ends.
    let mut colours = vec![0; m];
    let mut used: Vec<HashSet<usize>> = vec![HashSet::new(); g.n];
    for (e, (u, v, _)) in g.edges.iter().enumerate() {
        let c = (0..).find(|c| !used[*u].contains(c) && !used[*v].contains(c));
        colours[e] = c.unwrap_or(0);
        used[*u].insert(colours[e]);
        used[*v].insert(colours[e]);
    }
    let mut count = colours.iter().map(|c| c + 1).max().unwrap_or(0);
    let conflicts: BTreeSet<(usize, usize)> = incident
        .iter()
        .flat_map(|at| {
            at.iter()
                .enumerate()
                .flat_map(move |(i, &e)| at[i + 1..].iter().map(move |&f| (e.min(f), e.max(f))))
        })
        .collect();
    let widest = (0..g.n).max_by_key(|&v| degrees[v]);
    while lower < count {
        let k = lower;
        let var = |e: usize, c: usize| (e * k + c + 1) as i32;
        let mut clauses: Vec<Vec<i32>> = (0..m)
            .map(|e| (0..k).map(|c| var(e, c)).collect())
            .collect();
        for &(e, f) in &conflicts {
            budget.check()?;
            clauses.extend((0..k).map(|c| vec![-var(e, c), -var(f, c)]));
        }
        if let Some(w) = widest {
            clauses.extend(
                incident[w]
                    .iter()
                    .enumerate()
                    .map(|(c, &e)| vec![var(e, c)]),
            );
        }
        let cnf = Cnf {
            vars: (m * k) as u32,
            clauses,
        };
        match solve_checked(&cnf, limits, budget).0? {
            Checked::Sat(model) => {
                colours = (0..m)
                    .map(|e| (0..k).find(|&c| model[e * k + c]).unwrap_or(0))
                    .collect();
                count = k;
            }
            Checked::Unsat(steps) => {
                lower = k + 1;
                bound = IndexBound::Proof {
                    colours: k,
                    steps: steps.len(),
                };
            }
            Checked::Unknown(_) => break,
        }
    }
    if conflicts.iter().any(|&(e, f)| colours[e] == colours[f])
        || colours.iter().any(|&c| c >= count)
    {
        return Err(Stop::CheckFailed("two edges at a vertex share a colour"));
    }
    Ok(EdgeColouring {
        colours,
        count,
        lower,
        bound,
    })
}
