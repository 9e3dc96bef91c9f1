//! Graphs on vertices 0..n with exact (rational) edge weights, one topic per
//! file:
//! - `traversal`: search, components, bipartiteness, topological order,
//!   Eulerian trails; `paths`: shortest paths, distances, spanning forests;
//! - `structure`: cut vertices, bridges, blocks, girth, matching,
//!   isomorphism, automorphisms; `matrices`: adjacency, Laplacian;
//! - `flow`: maximum flow, minimum cut; `cost_flow`: minimum-cost flow by
//!   successive shortest paths, with potentials;
//! - exact searches, each with its witness and a typed unknown at the
//!   deadline: `search` (colouring, cliques, Hamiltonian cycles, the
//!   chromatic polynomial), `cut` (maximum cut), `longest` (longest simple
//!   paths), `embedding` (homomorphisms, subgraph isomorphisms), `steiner`
//!   (Dreyfus–Wagner);
//! - through the solvers: `domination` and `feedback` (integer programming),
//!   `edge_colouring` and `ramsey` (SAT with replayed proofs);
//! - the specialised `matching`, `weighted_matching`, `planar` and `six`
//!   (graph6).
//!
//! Every answer carries a witness its caller can check; structure that
//! petgraph already solves soundly goes through [`Graph::to_petgraph`].

mod cost_flow;
mod cut;
mod domination;
mod edge_colouring;
mod embedding;
mod feedback;
mod flow;
mod longest;
pub mod matching;
mod matrices;
mod paths;
pub mod planar;
mod ramsey;
mod search;
pub mod six;
mod steiner;
mod structure;
mod traversal;
pub mod weighted_matching;

pub use cost_flow::*;
pub use cut::*;
pub use domination::*;
pub use edge_colouring::*;
pub use embedding::*;
pub use feedback::*;
pub use flow::*;
pub use longest::*;
pub use ramsey::*;
pub use search::*;
pub use steiner::*;
pub use structure::*;

use crate::{BigInt, Q};
use num_integer::Integer;
use num_traits::{One, ToPrimitive};

/// The weights as integers over their common denominator, when each fits
/// i64: searches that add them (maximum cut, longest path) work in i128,
/// where no sum of 100,000 of them overflows.
pub fn integer_weights(g: &Graph) -> Option<(Vec<i64>, BigInt)> {
    let d = g
        .edges
        .iter()
        .fold(BigInt::one(), |d, (_, _, w)| d.lcm(w.denom()));
    g.edges
        .iter()
        .map(|(_, _, w)| (w.numer() * (&d / w.denom())).to_i64())
        .collect::<Option<Vec<i64>>>()
        .map(|w| (w, d))
}

/// Disjoint sets of vertices (union–find with path halving), for the
/// searches that grow forests: Kruskal, cycle detection, Steiner pruning.
pub(crate) struct Forest(Vec<usize>);

impl Forest {
    pub(crate) fn new(n: usize) -> Self {
        Forest((0..n).collect())
    }

    fn root(&mut self, mut v: usize) -> usize {
        while self.0[v] != v {
            self.0[v] = self.0[self.0[v]];
            v = self.0[v];
        }
        v
    }

    /// Joins the sets of u and v; false when they were one already (the
    /// edge u–v closes a cycle).
    pub(crate) fn join(&mut self, u: usize, v: usize) -> bool {
        let (a, b) = (self.root(u), self.root(v));
        self.0[a] = b;
        a != b
    }
}

/// Whether [`integer_weights`] has an answer.
pub fn integer_weights_fit(g: &Graph) -> bool {
    integer_weights(g).is_some()
}

#[derive(Debug, Clone)]
pub struct Graph {
    pub n: usize,
    pub directed: bool,
    /// (u, v, weight); weight 1 when none was given.
    pub edges: Vec<(usize, usize, Q)>,
    /// For each vertex, (neighbour, edge index) for edges leaving it (both
    /// ways when undirected).
    pub adj: Vec<Vec<(usize, usize)>>,
}

impl Graph {
    pub fn new(n: usize, directed: bool, edges: Vec<(usize, usize, Q)>) -> Self {
        let mut adj = vec![Vec::new(); n];
        for (k, (u, v, _)) in edges.iter().enumerate() {
            adj[*u].push((*v, k));
            if !directed && u != v {
                adj[*v].push((*u, k));
            }
        }
        Graph {
            n,
            directed,
            edges,
            adj,
        }
    }

    pub fn unweighted(n: usize, directed: bool, edges: &[(usize, usize)]) -> Self {
        Self::new(
            n,
            directed,
            edges.iter().map(|&(u, v)| (u, v, Q::one())).collect(),
        )
    }

    pub fn to_petgraph(&self) -> petgraph::Graph<(), (), petgraph::Directed, u32> {
        let mut g = petgraph::Graph::with_capacity(self.n, self.edges.len());
        let nodes: Vec<_> = (0..self.n).map(|_| g.add_node(())).collect();
        for (u, v, _) in &self.edges {
            g.add_edge(nodes[*u], nodes[*v], ());
            if !self.directed && u != v {
                g.add_edge(nodes[*v], nodes[*u], ());
            }
        }
        g
    }

    /// The same edges, directions and weights dropped.
    pub fn undirected(&self) -> Graph {
        let edges: Vec<(usize, usize)> = self.edges.iter().map(|(u, v, _)| (*u, *v)).collect();
        Graph::unweighted(self.n, false, &edges)
    }

    /// The edges as sorted (u, v) keys after relabelling vertices by `map`
    /// ((min, max) when undirected): equal for two graphs exactly when the
    /// relabelling carries one edge multiset onto the other.
    pub fn edge_keys(&self, map: impl Fn(usize) -> usize) -> Vec<(usize, usize)> {
        let mut keys: Vec<(usize, usize)> = self
            .edges
            .iter()
            .map(|(u, v, _)| {
                let (a, b) = (map(*u), map(*v));
                if self.directed {
                    (a, b)
                } else {
                    (a.min(b), a.max(b))
                }
            })
            .collect();
        keys.sort();
        keys
    }

    /// The end of edge k that is not `v` (for undirected edges walked either way).
    pub fn other_end(&self, k: usize, v: usize) -> usize {
        let (a, b, _) = &self.edges[k];
        if *b == v { *a } else { *b }
    }

    /// Adjacency of the underlying simple undirected graph.
    pub fn simple_adjacency(&self) -> Vec<Vec<bool>> {
        let mut a = vec![vec![false; self.n]; self.n];
        for (u, v, _) in &self.edges {
            if u != v {
                a[*u][*v] = true;
                a[*v][*u] = true;
            }
        }
        a
    }
}

/// Every simple undirected graph on the labelled vertices 0..n, as edge
/// lists (u < v): all 2^(n(n−1)/2) of them, for exhaustive checks against
/// brute force (n ≤ 7 is practical).
pub fn all_simple_graphs(n: usize) -> Vec<Vec<(usize, usize)>> {
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
        .collect();
    (0..1u64 << pairs.len())
        .map(|mask| {
            pairs
                .iter()
                .enumerate()
                .filter(|(i, _)| mask >> i & 1 == 1)
                .map(|(_, &e)| e)
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests;
