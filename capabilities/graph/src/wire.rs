//! The wire form of a graph shared by every operation here.

use hessian_contract::MathError;
use hessian_contract::wire::{Bounded, Rational};
use hessian_kernels::Q;
use hessian_kernels::graph::Graph;
use num_traits::One;
use schemars::JsonSchema;
use serde::Deserialize;

/// A vertex number (or count) on the wire: a JSON integer, refused as a
/// float with the integer to send.
pub type Vertex = Bounded<0, 1_000_000>;

/// A graph on vertices 0..n−1.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GraphInput {
    /// The number of vertices n; vertices are numbered 0..n−1.
    pub vertices: Vertex,
    /// The edges as [u, v] pairs of vertex numbers (at most 100000); loops and parallel edges are allowed.
    #[schemars(length(max = 100000))]
    pub edges: Vec<[Vertex; 2]>,
    /// Edges go from u to v when true; undirected when false (default).
    #[serde(default)]
    pub directed: bool,
    /// One exact weight per edge, in edge order (integers, "p/q", decimals); every weight is 1 when omitted.
    #[schemars(length(max = 100000))]
    pub weights: Option<Vec<Rational>>,
}

impl GraphInput {
    /// Checks the fields against each other and against the operation's
    /// vertex bound, and builds the kernel graph.
    pub fn build(&self, max_vertices: usize) -> Result<Graph, MathError> {
        let n = self.vertices.0 as usize;
        if self.edges.len() > 100_000 {
            return Err(MathError::Limit("at most 100000 edges".into()));
        }
        if n > max_vertices {
            return Err(MathError::Limit(format!(
                "this operation takes at most {max_vertices} vertices"
            )));
        }
        let at = |path: String, message: String| MathError::Input {
            path: format!("graph.{path}"),
            message,
        };
        if let Some(w) = &self.weights
            && w.len() != self.edges.len()
        {
            return Err(at(
                "weights".into(),
                format!(
                    "has {} weights for {} edges; give one weight per edge",
                    w.len(),
                    self.edges.len()
                ),
            ));
        }
        let mut edges = Vec::with_capacity(self.edges.len());
        for (k, [Bounded(u), Bounded(v)]) in self.edges.iter().enumerate() {
            let (u, v) = (*u as usize, *v as usize);
            if u >= n || v >= n {
                return Err(at(
                    format!("edges[{k}]"),
                    format!(
                        "[{u}, {v}] names a vertex ≥ {n}; vertices are 0..{}",
                        n.saturating_sub(1)
                    ),
                ));
            }
            let w = self
                .weights
                .as_ref()
                .map_or_else(Q::one, |w| w[k].0.clone());
            edges.push((u, v, w));
        }
        Ok(Graph::new(n, self.directed, edges))
    }

    pub fn require_undirected(&self) -> Result<(), MathError> {
        if self.directed {
            Err(MathError::Domain(
                "this operation is for undirected graphs".into(),
            ))
        } else {
            Ok(())
        }
    }
}

/// A vertex number checked against the graph.
pub fn vertex(v: Vertex, g: &Graph, field: &str) -> Result<usize, MathError> {
    let v = v.0 as usize;
    if v < g.n {
        Ok(v)
    } else {
        Err(MathError::Input {
            path: field.into(),
            message: format!(
                "vertex {v} is not in the graph (vertices are 0..{})",
                g.n.saturating_sub(1)
            ),
        })
    }
}
