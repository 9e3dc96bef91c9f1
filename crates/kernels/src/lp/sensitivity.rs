//! Ranging (sensitivity analysis) around a certified optimum (x, y).
//!
//! - A cost cⱼ may move by t while x stays optimal exactly when some
//!   multipliers y' certify x for the cost c + t·eⱼ: y' of the signs the
//!   rows allow, zero on rows slack at x (complementary slackness), and
//!   reduced costs d' = c + t·eⱼ − Aᵀy' of the signs x's position in its
//!   box allows (≥ 0 away from an upper bound, ≤ 0 away from a lower one).
//!   Those conditions are linear in (y', t); the least and greatest t are
//!   two linear programs, solved and certified by [`super::solve`].
//! - A right-hand side bᵢ may move by t while y stays optimal (so the
//!   optimum moves by yᵢ·t) exactly when some x' feasible for b + t·eᵢ
//!   meets y's complementary slackness: rows with yᵣ ≠ 0 tight, variables
//!   with dₖ > 0 at their lower bound and dₖ < 0 at their upper one. Again
//!   linear in (x', t): two programs.
//!
//! Both are basis-free: in a degenerate program they describe the given
//! x and y, not one simplex basis. Each finite end is replayed: the
//! multipliers (or point) found there are checked, with
//! [`super::certificate::check`], to certify the moved program's optimum.

use super::certificate::{check, dot};
use super::{Answer, Problem, Relation, Row, solve};
use crate::{Budget, Q, Stop};
use num_traits::{One, Zero};

/// How far one number may move down and up (None: without limit).
#[derive(Clone, Debug, PartialEq)]
pub struct Range {
    pub decrease: Option<Q>,
    pub increase: Option<Q>,
}

/// Reduced costs c − Aᵀy.
pub fn reduced_costs(p: &Problem, y: &[Q]) -> Vec<Q> {
    (0..p.variables())
        .map(|j| {
            p.rows
                .iter()
                .zip(y)
                .fold(p.cost[j].clone(), |d, (r, yi)| d - &r.coefficients[j] * yi)
        })
        .collect()
}

/// The least and greatest t of `aux` (its last variable), each end's
/// solution with it.
fn extremes(aux: &Problem, budget: &Budget) -> Result<[Option<Vec<Q>>; 2], Stop> {
    let t = aux.variables() - 1;
    let mut ends = [None, None];
    for (k, sign) in [Q::one(), -Q::one()].into_iter().enumerate() {
        let mut p = aux.clone();
        p.cost = vec![Q::zero(); t + 1];
        p.cost[t] = sign;
        ends[k] = match solve(&p, budget)? {
            Answer::Optimal { x, .. } => Some(x),
            Answer::Unbounded { .. } => None,
            Answer::Infeasible { .. } => {
                return Err(Stop::CheckFailed(
                    "a ranging program excludes the unmoved optimum",
                ));
            }
        };
    }
    Ok(ends)
}

fn range(ends: &[Option<Vec<Q>>; 2]) -> Range {
    let t = |v: &Option<Vec<Q>>| v.as_ref().and_then(|v| v.last().cloned());
    Range {
        decrease: t(&ends[0]).map(|t| -t),
        increase: t(&ends[1]),
    }
}

/// How far each cost may move with x still optimal.
pub fn costs(p: &Problem, x: &[Q], budget: &Budget) -> Result<Vec<Range>, Stop> {
    let (n, m) = (p.variables(), p.rows.len());
    let tight: Vec<bool> = p
        .rows
        .iter()
        .map(|r| dot(&r.coefficients, x) == r.rhs)
        .collect();
    // y' of the sign its row allows, zero where x leaves the row slack.
    let (mut lower, mut upper): (Vec<Option<Q>>, Vec<Option<Q>>) = p
        .rows
        .iter()
        .zip(&tight)
        .map(|(r, &tight)| match (r.relation, tight) {
            (_, false) => (Some(Q::zero()), Some(Q::zero())),
            (Relation::Le, true) => (None, Some(Q::zero())),
            (Relation::Ge, true) => (Some(Q::zero()), None),
            (Relation::Eq, true) => (None, None),
        })
        .unzip();
    lower.push(None);
    upper.push(None);
    let mut out = Vec::with_capacity(n);
    for j in 0..n {
        budget.check()?;
        // Row k: d'ₖ = cₖ + [k = j]·t − Σᵢ aᵢₖ·y'ᵢ, signed by x's position.
        let mut rows = Vec::new();
        for k in 0..n {
            let at_lower = p.lower[k].as_ref() == Some(&x[k]);
            let at_upper = p.upper[k].as_ref() == Some(&x[k]);
            let relation = match (at_lower, at_upper) {
                (true, true) => continue,
                (true, false) => Relation::Ge,
                (false, true) => Relation::Le,
                (false, false) => Relation::Eq,
            };
            let mut coefficients: Vec<Q> = p.rows.iter().map(|r| -&r.coefficients[k]).collect();
            coefficients.push(if k == j { Q::one() } else { Q::zero() });
            rows.push(Row {
                coefficients,
                relation,
                rhs: -&p.cost[k],
            });
        }
        let aux = Problem {
            cost: vec![Q::zero(); m + 1],
            rows,
            lower: lower.clone(),
            upper: upper.clone(),
        };
        let ends = extremes(&aux, budget)?;
        // Replay: at each finite end, y' proves x optimal for the moved cost.
        for end in ends.iter().flatten() {
            let mut moved = p.clone();
            moved.cost[j] += &end[m];
            let certificate = Answer::Optimal {
                x: x.to_vec(),
                y: end[..m].to_vec(),
            };
            check(&moved, &certificate)
                .map_err(|_| Stop::CheckFailed("a cost range's end does not certify x"))?;
        }
        out.push(range(&ends));
    }
    Ok(out)
}

/// How far each right-hand side may move with y still optimal.
pub fn right_hand_sides(p: &Problem, y: &[Q], budget: &Budget) -> Result<Vec<Range>, Stop> {
    let (n, m) = (p.variables(), p.rows.len());
    let d = reduced_costs(p, y);
    let mut lower = p.lower.clone();
    let mut upper = p.upper.clone();
    for k in 0..n {
        if d[k] > Q::zero() {
            upper[k] = lower[k].clone();
        } else if d[k] < Q::zero() {
            lower[k] = upper[k].clone();
        }
    }
    lower.push(None);
    upper.push(None);
    let mut out = Vec::with_capacity(m);
    for i in 0..m {
        budget.check()?;
        let rows: Vec<Row> = p
            .rows
            .iter()
            .enumerate()
            .map(|(r, row)| {
                let mut coefficients = row.coefficients.clone();
                coefficients.push(if r == i { -Q::one() } else { Q::zero() });
                Row {
                    coefficients,
                    relation: if y[r].is_zero() {
                        row.relation
                    } else {
                        Relation::Eq
                    },
                    rhs: row.rhs.clone(),
                }
            })
            .collect();
        let aux = Problem {
            cost: vec![Q::zero(); n + 1],
            rows,
            lower: lower.clone(),
            upper: upper.clone(),
        };
        let ends = extremes(&aux, budget)?;
        // Replay: at each finite end, x' and y prove the moved optimum.
        for end in ends.iter().flatten() {
            let mut moved = p.clone();
            moved.rows[i].rhs += &end[n];
            let certificate = Answer::Optimal {
                x: end[..n].to_vec(),
                y: y.to_vec(),
            };
            check(&moved, &certificate).map_err(|_| {
                Stop::CheckFailed("a right-hand side range's end does not certify y")
            })?;
        }
        out.push(range(&ends));
    }
    Ok(out)
}
