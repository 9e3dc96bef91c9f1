use crate::wire::{GraphInput, sides};
use hessian_contract::wire::Rational;
use hessian_contract::{Ctx, MathError, Operation};
use hessian_kernels::Q;
use hessian_kernels::graph::matching;
use num_traits::{Signed, Zero};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub struct MaximumWeightMatching;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The graph with its edge weights: {"vertices": n, "edges": [[u, v], …], "weights": [w, …]}; weights default to 1.
    pub graph: GraphInput,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The largest total weight of a matching (exact).
    pub weight: Rational,
    /// The matched pairs [u, v] with u < v, ascending (only edges of positive weight).
    pub pairs: Vec<[usize; 2]>,
    /// A dual certificate: non-negative potentials y with y[u] + y[v] ≥ w for every edge and Σ y = weight, so no matching weighs more.
    pub potentials: Vec<Rational>,
}

impl Operation for MaximumWeightMatching {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "graph.maximum_weight_matching.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Maximum-weight bipartite matching";
    const SUMMARY: &'static str = "A matching of largest total exact weight in a bipartite graph (Hungarian method), with dual potentials that certify it.";
    const DESCRIPTION: &'static str = "Bipartite graphs only (sides by 2-colouring; an odd cycle is refused). Edges of weight ≤ 0 never help and are left out; of parallel edges the heaviest counts. Method: the Hungarian algorithm on the sides padded to a square, in exact rationals, O(n³). The potentials are checked (LP duality) before returning. At most 400 vertices.";
    const KEYWORDS: &'static [&'static str] = &["maximum weight matching", "assignment problem", "hungarian algorithm", "kuhn munkres", "weighted bipartite matching", "optimal assignment"];
    const EXAMPLE: &'static str = r#"{"graph": {"vertices": 4, "edges": [[0, 2], [0, 3], [1, 2]], "weights": [3, 2, "5/2"]}}"#;
    const EXPECTED: &'static str = r#"{"weight": "9/2", "pairs": [[0, 3], [1, 2]], "potentials": ["1/2", "0", "5/2", "3/2"]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let g = input.graph.build(400)?;
        let left = sides(&g)?;
        let (ls, rs): (Vec<usize>, Vec<usize>) = (0..g.n).partition(|&v| left[v]);
        let size = ls.len().max(rs.len());
        let mut index = vec![0; g.n];
        for (i, &v) in ls.iter().enumerate() {
            index[v] = i;
        }
        for (j, &v) in rs.iter().enumerate() {
            index[v] = j;
        }
        let mut w = vec![vec![Q::zero(); size]; size];
        for (u, v, x) in &g.edges {
            let (l, r) = if left[*u] { (*u, *v) } else { (*v, *u) };
            let cell = &mut w[index[l]][index[r]];
            if x > cell {
                *cell = x.clone();
            }
        }
        let a = matching::max_weight_assignment(&w, &ctx.budget)?;
        let mut pairs = Vec::new();
        let mut weight = Q::zero();
        for (i, &l) in ls.iter().enumerate() {
            let j = a.assign[i];
            if j < rs.len() && w[i][j].is_positive() {
                weight += &w[i][j];
                let r = rs[j];
                pairs.push([l.min(r), l.max(r)]);
            }
        }
        pairs.sort();
        // Non-negative potentials: shift by the smallest row potential (the
        // padded matrix is square and non-negative, so min u + min v ≥ 0).
        let shift = a.u.iter().min().cloned().unwrap_or_else(Q::zero);
        let mut y = vec![Q::zero(); g.n];
        for (i, &l) in ls.iter().enumerate() {
            y[l] = &a.u[i] - &shift;
        }
        for (j, &r) in rs.iter().enumerate() {
            y[r] = &a.v[j] + &shift;
        }
        let total: Q = y.iter().sum();
        if total != weight
            || y.iter().any(|p| p.is_negative())
            || g.edges.iter().any(|(u, v, x)| &y[*u] + &y[*v] < *x)
        {
            return Err(MathError::Domain("internal check failed: the potentials do not certify the matching".into()));
        }
        Ok(Output { weight: Rational(weight), pairs, potentials: y.into_iter().map(Rational).collect() })
    }
}
