//! The wire form of a graph shared by every operation here.

use hessian_kernels::Q;
use hessian_kernels::graph::{Graph, six};
use hessian_op::MathError;
use hessian_op::wire::{Bounded, LIMIT_TAG, Rational};
use num_traits::One;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use std::borrow::Cow;

/// A vertex number (or count) on the wire: a JSON integer, refused as a
/// float with the integer to send.
pub type Vertex = Bounded<0, MAX_VERTICES>;

const MAX_VERTICES: i64 = 1_000_000;

/// A graph on vertices 0..n−1 with at most `V` vertices (the operation's
/// bound, stated in its schema and enforced as `limit_exceeded` while
/// parsing): the object form, or (read into the same fields) a graph6,
/// sparse6 or digraph6 string.
#[derive(Debug)]
pub struct GraphInput<const V: usize> {
    pub vertices: Vertex,
    pub edges: Vec<[Vertex; 2]>,
    pub directed: bool,
    pub weights: Option<Vec<Rational>>,
}

/// The object form of a graph.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct GraphObject {
    /// The number of vertices n; vertices are numbered 0..n−1.
    vertices: Vertex,
    /// The edges as [u, v] pairs of vertex numbers (at most 100000); loops and parallel edges are allowed.
    #[schemars(length(max = 100000))]
    edges: Vec<[Vertex; 2]>,
    /// Edges go from u to v when true; undirected when false (default).
    #[serde(default)]
    directed: bool,
    /// One exact weight per edge, in edge order (integers, "p/q", decimals); every weight is 1 when omitted.
    #[schemars(length(max = 100000))]
    weights: Option<Vec<Rational>>,
}

/// graph6 (simple undirected), sparse6 (':', loops and parallel edges) or
/// digraph6 ('&'), each with its optional `>>name<<` header.
const SIX_PATTERN: &str = "^(>>graph6<<)?[?-~]+$|^(>>sparse6<<)?:[?-~]+$|^(>>digraph6<<)?&[?-~]+$";

const MAX_EDGES: usize = 100_000;

impl<'de, const V: usize> Deserialize<'de> for GraphInput<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Either<const V: usize>;
        impl<'de, const V: usize> Visitor<'de> for Either<V> {
            type Value = GraphInput<V>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(r#"a graph object {"vertices": n, "edges": [[u, v], …]} or a graph6/sparse6/digraph6 string"#)
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<GraphInput<V>, E> {
                let g = six::decode(text, V, MAX_EDGES).map_err(|e| match e {
                    six::SixError::TooLarge(m) => E::custom(format!("{LIMIT_TAG}{m}")),
                    malformed => E::custom(malformed),
                })?;
                let vertex = |v: usize| Bounded(v as i64);
                Ok(GraphInput {
                    vertices: vertex(g.n),
                    edges: g
                        .edges
                        .into_iter()
                        .map(|(u, v)| [vertex(u), vertex(v)])
                        .collect(),
                    directed: g.directed,
                    weights: None,
                })
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<GraphInput<V>, A::Error> {
                let o = GraphObject::deserialize(de::value::MapAccessDeserializer::new(map))?;
                if o.vertices.0 as usize > V {
                    return Err(de::Error::custom(format!(
                        "{LIMIT_TAG}{} vertices; this operation takes at most {V}",
                        o.vertices.0
                    )));
                }
                if o.edges.len() > MAX_EDGES
                    || o.weights.as_ref().is_some_and(|w| w.len() > MAX_EDGES)
                {
                    return Err(de::Error::custom(format!(
                        "{LIMIT_TAG}more than {MAX_EDGES} edges or weights"
                    )));
                }
                Ok(GraphInput {
                    vertices: o.vertices,
                    edges: o.edges,
                    directed: o.directed,
                    weights: o.weights,
                })
            }
        }
        d.deserialize_any(Either::<V>)
    }
}

impl<const V: usize> JsonSchema for GraphInput<V> {
    fn schema_name() -> Cow<'static, str> {
        format!("Graph_{V}").into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(g: &mut SchemaGenerator) -> Schema {
        let mut object = GraphObject::json_schema(g);
        if let Some(n) = object
            .get_mut("properties")
            .and_then(|p| p.get_mut("vertices"))
            .and_then(|v| v.as_object_mut())
        {
            n.insert("maximum".into(), V.into());
        }
        json_schema!({
            "anyOf": [
                object,
                {
                    "type": "string",
                    "pattern": SIX_PATTERN,
                    "description": "The same graph as a graph6 (simple undirected), sparse6 (starts with ':'; loops and parallel edges) or digraph6 (starts with '&'; directed) string, header optional; weights are then all 1."
                }
            ]
        })
    }
}

impl<const V: usize> GraphInput<V> {
    /// Checks the fields against each other and builds the kernel graph.
    pub fn build(&self) -> Result<Graph, MathError> {
        let n = self.vertices.0 as usize;
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

/// The two sides of a bipartite graph (true = the side of the smallest
/// vertex in each component), or a domain error naming an odd cycle.
pub fn sides(g: &Graph) -> Result<Vec<bool>, MathError> {
    g.bipartition()
        .map(|c| c.into_iter().map(|c| c == 0).collect())
        .map_err(|cycle| {
            MathError::Domain(format!(
                "the graph is not bipartite (odd cycle {cycle:?}); graph.maximum_matching.compute handles general graphs"
            ))
        })
}
