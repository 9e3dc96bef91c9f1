//! The matrices of a graph: adjacency (weighted or counted) and Laplacian
//! (degree minus adjacency, loops ignored).

use super::Graph;
use crate::Q;
use num_traits::{One, Zero};

impl Graph {
    /// The adjacency matrix: A[u][v] sums the weights (or, unweighted, the
    /// number) of the edges u → v; undirected edges count both ways and a
    /// loop once on the diagonal.
    pub fn adjacency(&self, weighted: bool) -> Vec<Vec<Q>> {
        let mut a = vec![vec![Q::zero(); self.n]; self.n];
        for (u, v, w) in &self.edges {
            let x = if weighted { w.clone() } else { Q::one() };
            if !self.directed && u != v {
                a[*v][*u] += &x;
            }
            a[*u][*v] += x;
        }
        a
    }

    /// The Laplacian L = D − A of the undirected multigraph without its
    /// loops (a loop joins no two vertices): row sums are 0, and by the
    /// matrix-tree theorem any cofactor counts the spanning trees.
    pub fn laplacian(&self) -> Vec<Vec<i64>> {
        let mut l = vec![vec![0i64; self.n]; self.n];
        for (u, v, _) in &self.edges {
            if u != v {
                l[*u][*u] += 1;
                l[*v][*v] += 1;
                l[*u][*v] -= 1;
                l[*v][*u] -= 1;
            }
        }
        l
    }
}
