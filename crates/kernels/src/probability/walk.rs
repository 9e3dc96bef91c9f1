//! Random walks on weighted undirected graphs: from v the walk moves along
//! an edge with probability proportional to its weight (conductance).
//! Hitting times solve h = 1 + P·h with h(t) = 0 ([`super::markov`]); the
//! effective resistance R(s, t) solves the Laplacian grounded at t,
//! L'·φ = e_s, R = φ(s). Checked by the commute-time identity
//! H(s, t) + H(t, s) = 2·W·R(s, t) (Chandra et al. 1989), W the total
//! weight of the component.

use super::markov;
use crate::linalg::{Solution, solve};
use crate::{Budget, Mat, Q, Stop};
use num_traits::{One, Zero};

pub struct Walk {
    /// H(s, t): None when t cannot be reached from s.
    pub hitting: Option<Q>,
    /// H(t, s).
    pub back: Option<Q>,
    /// R(s, t) with resistances 1/w; None when s and t are not connected.
    pub resistance: Option<Q>,
}

/// `w[(u, v)]` = total weight of the edges between u ≠ v (symmetric, zero
/// diagonal); s and t vertices.
pub fn hitting(w: &Mat<Q>, s: usize, t: usize, budget: &Budget) -> Result<Walk, Stop> {
    let n = w.rows();
    let degree: Vec<Q> = (0..n).map(|u| (0..n).map(|v| &w[(u, v)]).sum()).collect();
    // The walk's transitions; an isolated vertex stays put.
    let mut p =
        Mat::from_rows(vec![vec![Q::zero(); n]; n]).ok_or(Stop::CheckFailed("an empty graph"))?;
    for u in 0..n {
        budget.check()?;
        if degree[u].is_zero() {
            p[(u, u)] = Q::one();
        }
        for v in 0..n {
            if !w[(u, v)].is_zero() {
                p[(u, v)] = &w[(u, v)] / &degree[u];
            }
        }
    }
    let to = |target: usize| {
        let mark: Vec<bool> = (0..n).map(|v| v == target).collect();
        markov::hitting_times(&p, &mark, budget)
    };
    let reach = to(t)?;
    let hitting = reach[s].clone();
    let back = to(s)?[t].clone();
    if s == t {
        return Ok(Walk {
            hitting,
            back,
            resistance: Some(Q::zero()),
        });
    }
    let Some(h) = &hitting else {
        return Ok(Walk {
            hitting,
            back,
            resistance: None,
        });
    };
    // The component of t: the vertices with finite hitting time to t.
    let part: Vec<usize> = (0..n).filter(|&v| v != t && reach[v].is_some()).collect();
    let k = part.len();
    let mut l = Mat::from_rows(vec![vec![Q::zero(); k]; k])
        .ok_or(Stop::CheckFailed("an empty component"))?;
    for (i, &u) in part.iter().enumerate() {
        budget.check()?;
        l[(i, i)] = degree[u].clone();
        for (j, &v) in part.iter().enumerate() {
            if i != j {
                l[(i, j)] = -w[(u, v)].clone();
            }
        }
    }
    let si = part
        .iter()
        .position(|&v| v == s)
        .ok_or(Stop::CheckFailed("s outside t's component"))?;
    let mut e = vec![Q::zero(); k];
    e[si] = Q::one();
    let Solution::Unique(phi) = solve(&l, &e, budget)? else {
        return Err(Stop::CheckFailed("the grounded Laplacian is singular"));
    };
    let r = phi[si].clone();
    let weight: Q =
        part.iter().chain([&t]).map(|&v| &degree[v]).sum::<Q>() / Q::from_integer(2.into());
    let Some(b) = &back else {
        return Err(Stop::CheckFailed(
            "an undirected walk reaches s from t but not t from s",
        ));
    };
    if h + b != Q::from_integer(2.into()) * weight * &r {
        return Err(Stop::CheckFailed(
            "H(s, t) + H(t, s) differs from 2·W·R(s, t)",
        ));
    }
    Ok(Walk {
        hitting,
        back,
        resistance: Some(r),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_of_four() {
        // 0 − 1 − 2 − 3: H(0, 3) = 9, H(3, 0) = 9, R = 3.
        let mut w = Mat::from_rows(vec![vec![Q::zero(); 4]; 4]).unwrap();
        for i in 0..3 {
            w[(i, i + 1)] = Q::one();
            w[(i + 1, i)] = Q::one();
        }
        let walk = hitting(&w, 0, 3, &Budget::unlimited()).unwrap();
        assert_eq!(walk.hitting, Some(Q::from_integer(9.into())));
        assert_eq!(walk.resistance, Some(Q::from_integer(3.into())));
    }
}
