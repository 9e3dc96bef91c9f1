//! Hermite and Smith normal forms over Z by unimodular row and column
//! operations on big integers: the direct algorithms, exact for any input,
//! meant for small and medium matrices (the modular-determinant methods are
//! the next step for large ones). Both poll the budget per pivot.

use crate::integer::extended_gcd;
use crate::{Budget, Mat, Stop};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

fn identity(n: usize) -> Mat<BigInt> {
    Mat::from_fn(n, n, |i, j| {
        if i == j {
            BigInt::one()
        } else {
            BigInt::zero()
        }
    })
}

/// Rows (r, i) ← (x·r + y·i, b·r − a·i), where a, b are the column entries
/// divided by their gcd g and a·x + b·y = 1: the 2×2 transform has
/// determinant −1 (unimodular), puts g at row r and 0 at row i.
fn combine_rows(
    m: &mut Mat<BigInt>,
    r: usize,
    i: usize,
    x: &BigInt,
    y: &BigInt,
    a: &BigInt,
    b: &BigInt,
) {
    for j in 0..m.cols() {
        let (vr, vi) = (m[(r, j)].clone(), m[(i, j)].clone());
        m[(r, j)] = x * &vr + y * &vi;
        m[(i, j)] = b * &vr - a * &vi;
    }
}

/// Row-style Hermite normal form H = U·A: H in row echelon form, each pivot
/// positive, entries above a pivot in [0, pivot), U unimodular.
pub struct Hermite {
    pub h: Mat<BigInt>,
    pub u: Mat<BigInt>,
    pub pivots: Vec<usize>,
}

pub fn hermite(a: &Mat<BigInt>, budget: &Budget) -> Result<Hermite, Stop> {
    let (rows, cols) = (a.rows(), a.cols());
    let mut h = a.clone();
    let mut u = identity(rows);
    let mut pivots = Vec::new();
    let mut r = 0;
    for c in 0..cols {
        if r == rows {
            break;
        }
        budget.check()?;
        for i in r + 1..rows {
            if h[(i, c)].is_zero() {
                continue;
            }
            let (g, x, y) = extended_gcd(&h[(r, c)], &h[(i, c)]);
            let (a_r, b_i) = (&h[(r, c)] / &g, &h[(i, c)] / &g);
            combine_rows(&mut h, r, i, &x, &y, &a_r, &b_i);
            combine_rows(&mut u, r, i, &x, &y, &a_r, &b_i);
        }
        if h[(r, c)].is_zero() {
            continue;
        }
        if h[(r, c)].is_negative() {
            for m in [&mut h, &mut u] {
                for j in 0..m.cols() {
                    m[(r, j)] = -m[(r, j)].clone();
                }
            }
        }
        for k in 0..r {
            let q = h[(k, c)].div_floor(&h[(r, c)]);
            if q.is_zero() {
                continue;
            }
            for m in [&mut h, &mut u] {
                for j in 0..m.cols() {
                    let t = &q * &m[(r, j)];
                    m[(k, j)] -= t;
                }
            }
        }
        pivots.push(c);
        r += 1;
    }
    Ok(Hermite { h, u, pivots })
}

/// The Smith normal form's diagonal d₁ | d₂ | … (length min(m, n), zeros
/// last): the unique diagonal matrix U·A·V with U, V unimodular.
pub fn smith_diagonal(a: &Mat<BigInt>, budget: &Budget) -> Result<Vec<BigInt>, Stop> {
    let (rows, cols) = (a.rows(), a.cols());
    let mut m = a.clone();
    let k = rows.min(cols);
    for t in 0..k {
        budget.check()?;
        // The smallest non-zero entry of the remaining block becomes the pivot.
        let smallest = |m: &Mat<BigInt>| {
            (t..rows)
                .flat_map(|i| (t..cols).map(move |j| (i, j)))
                .filter(|&(i, j)| !m[(i, j)].is_zero())
                .min_by(|&p, &q| m[p].abs().cmp(&m[q].abs()))
        };
        let Some((pi, pj)) = smallest(&m) else { break };
        m.swap_rows(t, pi);
        swap_cols(&mut m, t, pj);
        loop {
            budget.check()?;
            let p = m[(t, t)].clone();
            let mut clean = true;
            for i in t + 1..rows {
                let q = m[(i, t)].div_floor(&p);
                if !q.is_zero() {
                    for j in t..cols {
                        let v = &q * &m[(t, j)];
                        m[(i, j)] -= v;
                    }
                }
                clean &= m[(i, t)].is_zero();
            }
            for j in t + 1..cols {
                let q = m[(t, j)].div_floor(&p);
                if !q.is_zero() {
                    for i in t..rows {
                        let v = &q * &m[(i, t)];
                        m[(i, j)] -= v;
                    }
                }
                clean &= m[(t, j)].is_zero();
            }
            if !clean {
                // A remainder is smaller than the pivot: it becomes the pivot.
                let best = (t + 1..rows)
                    .map(|i| (i, t))
                    .chain((t + 1..cols).map(|j| (t, j)))
                    .filter(|&q| !m[q].is_zero())
                    .min_by(|&x, &y| m[x].abs().cmp(&m[y].abs()));
                if let Some((i, j)) = best {
                    m.swap_rows(t, i);
                    swap_cols(&mut m, t, j);
                }
                continue;
            }
            // Divisibility: fold a row whose entry the pivot does not divide
            // into the pivot row, and reduce again.
            let bad = (t + 1..rows).find(|&i| (t + 1..cols).any(|j| !(&m[(i, j)] % &p).is_zero()));
            match bad {
                Some(i) => {
                    for j in t..cols {
                        let v = m[(i, j)].clone();
                        m[(t, j)] += v;
                    }
                }
                None => break,
            }
        }
        if m[(t, t)].is_negative() {
            m[(t, t)] = -m[(t, t)].clone();
        }
    }
    Ok((0..k).map(|i| m[(i, i)].clone()).collect())
}

fn swap_cols(m: &mut Mat<BigInt>, a: usize, b: usize) {
    if a != b {
        for i in 0..m.rows() {
            let t = m[(i, a)].clone();
            m[(i, a)] = std::mem::replace(&mut m[(i, b)], t);
        }
    }
}

#[cfg(test)]
mod tests;
