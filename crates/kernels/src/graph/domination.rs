//! Minimum dominating set: D ⊆ V with every vertex in D or adjacent to a
//! vertex of D, of least size. The integer program min Σ xᵥ subject to
//! xᵥ + Σ_{u ~ v} xᵤ ≥ 1 for every v, xᵥ ∈ {0, 1}, solved by the checked
//! branch and bound of `lp::integer` (each node closed by a certificate of
//! its relaxation); the set is then checked to dominate.

use super::{Graph, Search};
use crate::lp::integer::{self, IntegerAnswer};
use crate::lp::{Problem, Relation, Row};
use crate::{Budget, Q, Stop};
use num_traits::{One, ToPrimitive, Zero};

/// A minimum dominating set of the undirected graph (directions ignored),
/// ascending; at the deadline the best set found (or all vertices) and the
/// least open relaxation value rounded up as a lower bound.
pub fn dominating_set(g: &Graph, budget: &Budget) -> Result<Search<Vec<usize>>, Stop> {
    let n = g.n;
    // closed[v][u]: u is v or a neighbour of v, an edge counting both ways.
    let mut closed: Vec<Vec<bool>> = (0..n).map(|v| (0..n).map(|u| u == v).collect()).collect();
    for (a, b, _) in &g.edges {
        closed[*a][*b] = true;
        closed[*b][*a] = true;
    }
    let problem = Problem {
        cost: vec![Q::one(); n],
        rows: closed
            .iter()
            .map(|row| Row {
                coefficients: row
                    .iter()
                    .map(|&c| if c { Q::one() } else { Q::zero() })
                    .collect(),
                relation: Relation::Ge,
                rhs: Q::one(),
            })
            .collect(),
        lower: vec![Some(Q::zero()); n],
        upper: vec![Some(Q::one()); n],
    };
    let chosen = |x: &[Q]| (0..n).filter(|&v| x[v].is_one()).collect::<Vec<_>>();
    let found = match integer::solve(&problem, &vec![true; n], budget)? {
        IntegerAnswer::Optimal { x, .. } => Search::Exact(chosen(&x)),
        IntegerAnswer::Stopped {
            incumbent, bound, ..
        } => Search::Unknown {
            best: incumbent.map_or_else(|| (0..n).collect(), |x| chosen(&x)),
            bound: bound.map_or(usize::from(n > 0), |b| {
                b.ceil().to_integer().to_usize().unwrap_or(0)
            }),
        },
        _ => return Err(Stop::CheckFailed("a dominating-set program has no optimum")),
    };
    let set = found.witness();
    if (0..n).any(|v| !set.iter().any(|&d| closed[v][d])) {
        return Err(Stop::CheckFailed(
            "a vertex is neither in the set nor next to it",
        ));
    }
    Ok(found)
}
