//! A certificate that polynomial equations have no common solution:
//! cofactors c₁, …, cₘ with c₁·f₁ + … + cₘ·fₘ = 1 (Hilbert's
//! Nullstellensatz says they exist exactly when there is no complex
//! solution). Found by linear algebra over Q: for a degree bound D the
//! unknown coefficients of every cᵢ of degree ≤ D − deg fᵢ make Σ cᵢ·fᵢ = 1
//! a linear system, one row per monomial of degree ≤ D; D grows until it
//! is solvable or the matrix would pass a size bound. The cofactors are
//! multiplied out and the sum checked equal to 1 before they are returned.

use super::sparse::{Sparse, Work};
use crate::linalg::{self, Solution};
use crate::{Budget, Mat, Q, Stop};
use num_traits::{One, Zero};
use std::collections::HashMap;

/// Largest matrix tried, in entries.
const MAX_ENTRIES: usize = 150_000;

/// The exponent vectors of total degree ≤ d in n variables, by degree
/// (the constant monomial first).
fn monomials(n: usize, d: u32) -> Vec<Vec<u32>> {
    fn grow(prefix: &mut Vec<u32>, left: u32, n: usize, out: &mut Vec<Vec<u32>>) {
        if prefix.len() == n {
            out.push(prefix.clone());
            return;
        }
        for e in 0..=left {
            prefix.push(e);
            grow(prefix, left - e, n, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    grow(&mut Vec::with_capacity(n), d, n, &mut out);
    out.sort_by_key(|m| m.iter().sum::<u32>());
    out
}

/// Cofactors cᵢ with Σ cᵢ·fᵢ = 1, checked, of degree at most `max_degree`
/// overall; None when none was found within the bounds.
pub fn certificate(
    fs: &[Sparse],
    max_degree: u32,
    budget: &Budget,
) -> Result<Option<Vec<Sparse>>, Stop> {
    let Some(vars) = fs.first().map(|f| f.vars.clone()) else {
        return Ok(None);
    };
    let n = vars.len();
    let degrees: Vec<u32> = fs.iter().map(|f| f.total_degree().max(0) as u32).collect();
    let start = degrees.iter().copied().max().unwrap_or(0);
    for d in start..=max_degree.max(start) {
        budget.check()?;
        let rows = monomials(n, d);
        let index: HashMap<&Vec<u32>, usize> =
            rows.iter().enumerate().map(|(k, m)| (m, k)).collect();
        // Columns: (equation, multiplier monomial).
        let columns: Vec<(usize, &Vec<u32>)> = degrees
            .iter()
            .enumerate()
            .flat_map(|(i, &di)| {
                rows.iter()
                    .filter(move |m| m.iter().sum::<u32>() + di <= d)
                    .map(move |m| (i, m))
            })
            .collect();
        if rows.len().saturating_mul(columns.len()) > MAX_ENTRIES {
            return Ok(None);
        }
        let mut a = Mat::from_fn(rows.len(), columns.len(), |_, _| Q::zero());
        for (col, (i, m)) in columns.iter().enumerate() {
            for (e, c) in &fs[*i].terms {
                let product: Vec<u32> = e.iter().zip(m.iter()).map(|(x, y)| x + y).collect();
                if let Some(&row) = index.get(&product) {
                    a[(row, col)] = c.clone();
                }
            }
        }
        let mut rhs = vec![Q::zero(); rows.len()];
        rhs[0] = Q::one();
        let x = match linalg::solve(&a, &rhs, budget)? {
            Solution::Unique(x) => x,
            Solution::Family { particular, .. } => particular,
            Solution::Inconsistent => continue,
        };
        let mut cofactors = vec![Sparse::zero(&vars); fs.len()];
        for ((i, m), v) in columns.iter().zip(&x) {
            if !v.is_zero() {
                cofactors[*i].terms.insert((*m).clone(), v.clone());
            }
        }
        let mut work = Work::default();
        let mut sum = Sparse::zero(&vars);
        for (c, f) in cofactors.iter().zip(fs) {
            sum = sum.add(&c.mul(f, &mut work).map_err(|_| {
                Stop::CheckFailed("the certificate's product grew beyond the expansion bound")
            })?);
        }
        if sum != Sparse::constant(&vars, Q::one()) {
            return Err(Stop::CheckFailed(
                "the cofactors do not combine the equations into 1",
            ));
        }
        return Ok(Some(cofactors));
    }
    Ok(None)
}
