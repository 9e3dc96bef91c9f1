//! Rank, reduced row echelon form and nullspace over Q: Gauss–Jordan
//! elimination, or from order 10 the pivots found modulo a prime and the
//! echelon form lifted by Dixon and checked (R·x = 0 on the basis); rank
//! modulo a word prime.

use super::*;
use crate::{Budget, Mat, Q, Stop, dixon};
use num_bigint::BigInt;
use num_traits::{One, Zero};
use rayon::prelude::*;

/// Rank of a rational matrix (fraction-free elimination on the row-scaled
/// integer matrix; scaling rows by non-zero factors keeps the rank).
pub fn rank(a: &Mat<Q>, budget: &Budget) -> Result<usize, Stop> {
    if a.rows().min(a.cols()) >= MODULAR_RREF_MIN
        && let Some(r) = rref_modular(a, budget)?
    {
        return Ok(r.pivots.len());
    }
    let (mut m, _) = clear_row_denominators(a);
    let (rows, cols) = (m.rows(), m.cols());
    let mut r = 0;
    let mut prev = BigInt::one();
    for c in 0..cols {
        if r == rows {
            break;
        }
        budget.check()?;
        let Some(p) = (r..rows).find(|&i| !m[(i, c)].is_zero()) else {
            continue;
        };
        m.swap_rows(p, r);
        bareiss_step(&mut m, r, c, &prev);
        prev = m[(r, c)].clone();
        r += 1;
    }
    Ok(r)
}

/// From this size (rows and columns), RREF and rank are first computed
/// modulo a prime and lifted, with a certificate; below, fraction-free
/// elimination is as fast.
const MODULAR_RREF_MIN: usize = 10;

/// RREF over Q from one modulo a 62-bit prime: the pivot columns P and
/// independent rows R found mod p, then X = M_{R,P}⁻¹·M_{R,·} by lifting.
/// Returned only when certified: (a) every row of M is Σ_k M_{i,P_k}·X_k, so
/// the r rows span the row space (rank = r, since M_{R,P} is invertible mod
/// p and hence over Q), and (b) X is in echelon form (zeros left of each
/// pivot), which makes it the unique RREF of that row space. `None` sends
/// the caller to elimination.
pub(super) fn rref_modular(a: &Mat<Q>, budget: &Budget) -> Result<Option<Rref>, Stop> {
    use crate::modular::{inv_mod, mul_mod, prime_at, reduce, sub_mod};
    let (m, _) = clear_row_denominators(a);
    let (rows, cols) = (m.rows(), m.cols());
    let p = prime_at(0);
    // Elimination mod p, remembering which original row each pivot came from.
    let mut w: Vec<Vec<u64>> = (0..rows)
        .map(|i| m.row(i).iter().map(|x| reduce(x, p)).collect())
        .collect();
    let mut origin: Vec<usize> = (0..rows).collect();
    let (mut pivots, mut r) = (Vec::new(), 0);
    for c in 0..cols {
        if r == rows {
            break;
        }
        budget.check()?;
        let Some(k) = (r..rows).find(|&i| w[i][c] != 0) else {
            continue;
        };
        w.swap(k, r);
        origin.swap(k, r);
        let inv = inv_mod(w[r][c], p);
        let pivot_row: Vec<u64> = w[r].iter().map(|&x| mul_mod(x, inv, p)).collect();
        for (i, row) in w.iter_mut().enumerate().skip(r + 1) {
            let f = row[c];
            if f != 0 && i != r {
                for (x, &y) in row.iter_mut().zip(&pivot_row).skip(c) {
                    *x = sub_mod(*x, mul_mod(f, y, p), p);
                }
            }
        }
        w[r] = pivot_row;
        pivots.push(c);
        r += 1;
    }
    let basis_rows: Vec<usize> = origin[..r].to_vec();
    let mut matrix = Mat::from_fn(rows, cols, |_, _| Q::zero());
    for (k, &c) in pivots.iter().enumerate() {
        matrix[(k, c)] = Q::one();
    }
    let free: Vec<usize> = (0..cols).filter(|c| !pivots.contains(c)).collect();
    if r > 0 && !free.is_empty() {
        // M_{R,P} (r×r) lifted once; one right-hand side per free column.
        let sub: Vec<BigInt> = basis_rows
            .iter()
            .flat_map(|&i| pivots.iter().map(move |&c| (i, c)))
            .map(|(i, c)| m[(i, c)].clone())
            .collect();
        let Some(lifting) = dixon::Lifting::new(&sub, r, budget)? else {
            return Ok(None);
        };
        let Some(log2_bound) = basis_rows
            .iter()
            .map(|&i| row_norm_log2(m.row(i), 0))
            .sum::<Option<f64>>()
        else {
            return Ok(None);
        };
        let solved: Vec<Option<(Vec<BigInt>, BigInt)>> = free
            .par_iter()
            .map(|&q| {
                let b: Vec<BigInt> = basis_rows.iter().map(|&i| m[(i, q)].clone()).collect();
                lifting.solve(&b, log2_bound + 1.0, budget)
            })
            .collect::<Result<_, Stop>>()?;
        for (&q, x) in free.iter().zip(solved) {
            let Some((nums, den)) = x else {
                return Ok(None);
            };
            budget.check()?;
            // (a) for this column: den·M_{i,q} = Σ_k M_{i,P_k}·num_k for every row i.
            for i in 0..rows {
                let rhs: BigInt = pivots.iter().zip(&nums).map(|(&c, x)| &m[(i, c)] * x).sum();
                if rhs != &den * &m[(i, q)] {
                    return Ok(None);
                }
            }
            for (k, x) in nums.into_iter().enumerate() {
                // (b): row k is zero left of its pivot.
                if q < pivots[k] && !x.is_zero() {
                    return Ok(None);
                }
                matrix[(k, q)] = Q::new(x, den.clone());
            }
        }
    } else if r == 0 && (0..rows).any(|i| m.row(i).iter().any(|x| !x.is_zero())) {
        return Ok(None);
    }
    Ok(Some(Rref { matrix, pivots }))
}

/// Reduced row echelon form and the pivot columns.
#[derive(Debug, Clone, PartialEq)]
pub struct Rref {
    pub matrix: Mat<Q>,
    pub pivots: Vec<usize>,
}

/// Reduced row echelon form by fraction-free Gauss–Jordan elimination on
/// the row-scaled integer matrix (scaling rows keeps the RREF): every row
/// other than the pivot row becomes (pivot·row − rowᵢ[c]·pivot row) / previous
/// pivot, an exact division, so entries stay integers (minors of the input)
/// and no gcd is taken until the final division of each row by its pivot.
pub fn rref(a: &Mat<Q>, budget: &Budget) -> Result<Rref, Stop> {
    if a.rows().min(a.cols()) >= MODULAR_RREF_MIN
        && let Some(r) = rref_modular(a, budget)?
    {
        return Ok(r);
    }
    rref_elimination(a, budget)
}

/// RREF by fraction-free Gauss–Jordan over Z on the row-cleared matrix.
pub(super) fn rref_elimination(a: &Mat<Q>, budget: &Budget) -> Result<Rref, Stop> {
    let (mut m, _) = clear_row_denominators(a);
    let (rows, cols) = (m.rows(), m.cols());
    let mut pivots = Vec::new();
    let mut prev = BigInt::one();
    let mut r = 0;
    for c in 0..cols {
        if r == rows {
            break;
        }
        budget.check()?;
        let Some(p) = (r..rows).find(|&i| !m[(i, c)].is_zero()) else {
            continue;
        };
        m.swap_rows(p, r);
        let pivot_row: Vec<BigInt> = m.row(r).to_vec();
        let piv = pivot_row[c].clone();
        let update = |(i, row): (usize, &mut [BigInt])| {
            if i == r {
                return;
            }
            let f = std::mem::take(&mut row[c]);
            if f.is_zero() && piv == prev {
                return;
            }
            for j in 0..cols {
                if j == c {
                    continue;
                }
                let v = &row[j] * &piv - &f * &pivot_row[j];
                row[j] = if prev.is_one() { v } else { v / &prev };
            }
        };
        if rows >= PAR_ROWS {
            m.rows_mut()
                .collect::<Vec<_>>()
                .into_par_iter()
                .enumerate()
                .for_each(update);
        } else {
            m.rows_mut().enumerate().for_each(update);
        }
        prev = piv;
        pivots.push(c);
        r += 1;
    }
    let mut out = Mat::from_fn(rows, cols, |_, _| Q::zero());
    for (i, &p) in pivots.iter().enumerate() {
        let d = m[(i, p)].clone();
        for j in 0..cols {
            if !m[(i, j)].is_zero() {
                out[(i, j)] = Q::new(m[(i, j)].clone(), d.clone());
            }
        }
    }
    Ok(Rref {
        matrix: out,
        pivots,
    })
}

/// A basis of the right nullspace {x : A·x = 0}, one vector per free column
/// (that column's entry is 1, the other free entries 0).
pub fn nullspace(a: &Mat<Q>, budget: &Budget) -> Result<Vec<Vec<Q>>, Stop> {
    let r = rref(a, budget)?;
    Ok(nullspace_from_rref(&r, a.cols()))
}

pub(super) fn nullspace_from_rref(r: &Rref, n: usize) -> Vec<Vec<Q>> {
    let mut is_pivot = vec![false; n];
    for &p in &r.pivots {
        is_pivot[p] = true;
    }
    (0..n)
        .filter(|&f| !is_pivot[f])
        .map(|f| {
            let mut v = vec![Q::zero(); n];
            v[f] = Q::one();
            for (i, &p) in r.pivots.iter().enumerate() {
                v[p] = -r.matrix[(i, f)].clone();
            }
            v
        })
        .collect()
}

/// Rank of an integer matrix over the field with p elements (p prime, p < 2^63).
pub fn rank_mod_p(a: &Mat<BigInt>, p: u64, budget: &Budget) -> Result<usize, Stop> {
    use crate::modular::{inv_mod, mul_mod, reduce, sub_mod};
    let (rows, cols) = (a.rows(), a.cols());
    let mut m: Vec<u64> = (0..rows)
        .flat_map(|i| a.row(i).iter())
        .map(|x| reduce(x, p))
        .collect();
    let mut r = 0;
    for c in 0..cols {
        if r == rows {
            break;
        }
        budget.check()?;
        let Some(piv) = (r..rows).find(|&i| m[i * cols + c] != 0) else {
            continue;
        };
        for j in 0..cols {
            m.swap(piv * cols + j, r * cols + j);
        }
        let inv = inv_mod(m[r * cols + c], p);
        for i in r + 1..rows {
            let x = m[i * cols + c];
            if x == 0 {
                continue;
            }
            let f = mul_mod(x, inv, p);
            for j in c..cols {
                let t = mul_mod(f, m[r * cols + j], p);
                m[i * cols + j] = sub_mod(m[i * cols + j], t, p);
            }
        }
        r += 1;
    }
    Ok(r)
}
