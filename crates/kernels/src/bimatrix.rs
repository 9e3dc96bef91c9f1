//! Nash equilibria of two-player (bimatrix) games by vertex enumeration
//! of the best-response polytopes (Mangasarian; Avis, Rosenberg, Savani
//! and von Stengel 2010), in exact rationals.
//!
//! With payoffs shifted positive (which changes no equilibrium),
//! P = {x ≥ 0 : Bᵀx ≤ 1} and Q = {y ≥ 0 : Ay ≤ 1}. A vertex x of P carries
//! label i when xᵢ = 0 and label m + j when (Bᵀx)ⱼ = 1; a vertex y of Q
//! label i when (Ay)ᵢ = 1 and m + j when yⱼ = 0. The extreme equilibria are
//! exactly the normalised pairs (x, y) ≠ (0, 0) whose labels together are
//! all of 0..m+n (every pure strategy is a best response or unplayed).
//!
//! The identity each answer is checked against: x and y are probability
//! vectors and no pure strategy pays either player more than the
//! equilibrium does against the other's mix ([`is_equilibrium`]).

use crate::{Budget, Q, Stop};
use num_traits::{One, Signed, Zero};

/// A mixed-strategy pair.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Equilibrium {
    pub row: Vec<Q>,
    pub column: Vec<Q>,
}

/// Most pure strategies both players have together: vertex enumeration
/// tries C(m + n, m) label sets per polytope.
pub const MAX_STRATEGIES: usize = 16;

/// Whether (x, y) is a Nash equilibrium of (A, B): both probability
/// vectors, and xᵀAy ≥ (Ay)ᵢ for every row i, xᵀBy ≥ (xᵀB)ⱼ for every
/// column j.
pub fn is_equilibrium(a: &[Vec<Q>], b: &[Vec<Q>], e: &Equilibrium) -> bool {
    let (m, n) = (a.len(), a.first().map_or(0, Vec::len));
    let probability = |v: &[Q], k: usize| {
        v.len() == k && v.iter().all(|p| !p.is_negative()) && v.iter().sum::<Q>() == Q::one()
    };
    if !probability(&e.row, m) || !probability(&e.column, n) {
        return false;
    }
    let ay: Vec<Q> = (0..m)
        .map(|i| (0..n).map(|j| &a[i][j] * &e.column[j]).sum())
        .collect();
    let xb: Vec<Q> = (0..n)
        .map(|j| (0..m).map(|i| &b[i][j] * &e.row[i]).sum())
        .collect();
    let u: Q = (0..m).map(|i| &e.row[i] * &ay[i]).sum();
    let v: Q = (0..n).map(|j| &e.column[j] * &xb[j]).sum();
    ay.iter().all(|p| p <= &u) && xb.iter().all(|p| p <= &v)
}

/// Solves the square system `rows`·z = `rhs` exactly; None when singular.
fn solve(mut rows: Vec<Vec<Q>>, mut rhs: Vec<Q>, budget: &Budget) -> Result<Option<Vec<Q>>, Stop> {
    let k = rows.len();
    for c in 0..k {
        // Entries may have thousands of digits: a pivot can take a while.
        budget.check()?;
        let Some(p) = (c..k).find(|&r| !rows[r][c].is_zero()) else {
            return Ok(None);
        };
        rows.swap(c, p);
        rhs.swap(c, p);
        for r in 0..k {
            if r != c && !rows[r][c].is_zero() {
                let f = &rows[r][c] / &rows[c][c];
                for j in c..k {
                    let d = &f * &rows[c][j];
                    rows[r][j] -= d;
                }
                let d = &f * &rhs[c];
                rhs[r] -= d;
            }
        }
    }
    Ok(Some((0..k).map(|i| &rhs[i] / &rows[i][i]).collect()))
}

/// The vertices of {z ∈ Rᵏ : z ≥ 0, M z ≤ 1} (M with `k` columns) and
/// their label sets as bit masks: bit `own(i)` when zᵢ = 0, bit
/// `other(r)` when row r is tight.
fn vertices(
    m: &[Vec<Q>],
    k: usize,
    own: impl Fn(usize) -> usize,
    other: impl Fn(usize) -> usize,
    budget: &Budget,
) -> Result<Vec<(Vec<Q>, u32)>, Stop> {
    let constraints = k + m.len();
    let mut out: Vec<(Vec<Q>, u32)> = Vec::new();
    // Choose which k of the constraints are tight: subsets by bit mask.
    for mask in 0u32..1 << constraints {
        if mask.count_ones() as usize != k {
            continue;
        }
        budget.check()?;
        let mut rows = Vec::with_capacity(k);
        let mut rhs = Vec::with_capacity(k);
        for c in (0..constraints).filter(|c| mask >> c & 1 == 1) {
            if c < k {
                let mut e = vec![Q::zero(); k];
                e[c] = Q::one();
                rows.push(e);
                rhs.push(Q::zero());
            } else {
                rows.push(m[c - k].clone());
                rhs.push(Q::one());
            }
        }
        let Some(z) = solve(rows, rhs, budget)? else {
            continue;
        };
        if z.iter().any(|v| v.is_negative()) {
            continue;
        }
        let mut labels = 0u32;
        for (i, v) in z.iter().enumerate() {
            if v.is_zero() {
                labels |= 1 << own(i);
            }
        }
        let mut feasible = true;
        for (r, row) in m.iter().enumerate() {
            budget.check()?;
            let s: Q = row.iter().zip(&z).map(|(a, b)| a * b).sum();
            if s > Q::one() {
                feasible = false;
                break;
            }
            if s == Q::one() {
                labels |= 1 << other(r);
            }
        }
        if feasible && !out.iter().any(|(w, _)| w == &z) {
            out.push((z, labels));
        }
    }
    Ok(out)
}

/// All extreme equilibria of the game (A, B) (m×n each, m + n ≤
/// [`MAX_STRATEGIES`]), sorted, each checked; and whether the game is
/// degenerate (some vertex has more labels than its dimension, so
/// equilibria may form continua whose extreme points these are).
pub fn equilibria(
    a: &[Vec<Q>],
    b: &[Vec<Q>],
    budget: &Budget,
) -> Result<(Vec<Equilibrium>, bool), Stop> {
    let (m, n) = (a.len(), a.first().map_or(0, Vec::len));
    // Shift every payoff above 0: 1 − (least payoff).
    let least = a
        .iter()
        .chain(b)
        .flatten()
        .min()
        .cloned()
        .unwrap_or_else(Q::zero);
    let shift = Q::one() - least;
    let a1: Vec<Vec<Q>> = a
        .iter()
        .map(|r| r.iter().map(|v| v + &shift).collect())
        .collect();
    // Bᵀ: one row per column j.
    let bt: Vec<Vec<Q>> = (0..n)
        .map(|j| (0..m).map(|i| &b[i][j] + &shift).collect())
        .collect();
    let p = vertices(&bt, m, |i| i, |j| m + j, budget)?;
    let q = vertices(&a1, n, |j| m + j, |i| i, budget)?;
    let degenerate = p.iter().any(|(_, l)| l.count_ones() as usize > m)
        || q.iter().any(|(_, l)| l.count_ones() as usize > n);
    let all = (1u32 << (m + n)) - 1;
    let normalise = |v: &[Q]| {
        let s: Q = v.iter().sum();
        v.iter().map(|x| x / &s).collect::<Vec<Q>>()
    };
    let mut out = Vec::new();
    for (x, lx) in &p {
        budget.check()?;
        if x.iter().all(Q::is_zero) {
            continue;
        }
        for (y, ly) in &q {
            budget.check()?;
            if lx | ly == all && !y.iter().all(Q::is_zero) {
                let e = Equilibrium {
                    row: normalise(x),
                    column: normalise(y),
                };
                if !is_equilibrium(a, b, &e) {
                    return Err(Stop::CheckFailed(
                        "a completely labelled pair is not an equilibrium",
                    ));
                }
                out.push(e);
            }
        }
    }
    out.sort();
    out.dedup();
    Ok((out, degenerate))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(rows: &[&[i64]]) -> Vec<Vec<Q>> {
        rows.iter()
            .map(|r| r.iter().map(|&v| Q::from_integer(v.into())).collect())
            .collect()
    }

    #[test]
    fn battle_of_the_sexes_has_two_pure_and_one_mixed_equilibrium() {
        let a = q(&[&[3, 0], &[0, 2]]);
        let b = q(&[&[2, 0], &[0, 3]]);
        let (e, degenerate) = equilibria(&a, &b, &Budget::unlimited()).unwrap();
        assert!(!degenerate);
        assert_eq!(e.len(), 3);
        let third = |n: i64, d: i64| Q::new(n.into(), d.into());
        assert!(e.contains(&Equilibrium {
            row: vec![third(3, 5), third(2, 5)],
            column: vec![third(2, 5), third(3, 5)],
        }));
    }

    #[test]
    fn a_perturbed_strategy_is_not_an_equilibrium() {
        let a = q(&[&[1, -1], &[-1, 1]]);
        let b = q(&[&[-1, 1], &[1, -1]]);
        let half = Q::new(1.into(), 2.into());
        let e = Equilibrium {
            row: vec![half.clone(), half.clone()],
            column: vec![half.clone(), half.clone()],
        };
        assert!(is_equilibrium(&a, &b, &e));
        let off = Equilibrium {
            row: vec![Q::new(2.into(), 3.into()), Q::new(1.into(), 3.into())],
            column: e.column.clone(),
        };
        // The row player is indifferent, but the column player then gains by moving.
        assert!(!is_equilibrium(&a, &b, &off));
        let off = Equilibrium {
            row: e.row.clone(),
            column: vec![Q::new(2.into(), 3.into()), Q::new(1.into(), 3.into())],
        };
        assert!(!is_equilibrium(&a, &b, &off));
    }
}
