//! Linear systems and inverses over Q: A·x = b by Dixon lifting for square
//! non-singular systems from order 10, else from the echelon form (unique,
//! parametric or inconsistent); A⁻¹ likewise; the adjugate as det(A)·A⁻¹,
//! or for singular A from the characteristic polynomial (Cayley–Hamilton).

use super::*;
use crate::{Budget, Mat, Q, Stop, dixon};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Zero};
use rayon::prelude::*;

/// The solution set of A·x = b.
#[derive(Debug, Clone, PartialEq)]
pub enum Solution {
    /// Exactly one solution.
    Unique(Vec<Q>),
    /// No solution: the system is inconsistent.
    Inconsistent,
    /// `particular + span(basis)`, basis non-empty.
    Family {
        particular: Vec<Q>,
        basis: Vec<Vec<Q>>,
    },
}

pub fn solve(a: &Mat<Q>, b: &[Q], budget: &Budget) -> Result<Solution, Stop> {
    assert_eq!(
        a.rows(),
        b.len(),
        "right-hand side length differs from the row count"
    );
    if a.is_square()
        && a.rows() >= DIXON_SOLVE_MIN
        && let Some(x) = solve_dixon(a, b, budget)?
    {
        return Ok(Solution::Unique(x));
    }
    let n = a.cols();
    let aug = Mat::from_fn(a.rows(), n + 1, |i, j| {
        if j < n {
            a[(i, j)].clone()
        } else {
            b[i].clone()
        }
    });
    let r = rref(&aug, budget)?;
    if r.pivots.last() == Some(&n) {
        return Ok(Solution::Inconsistent);
    }
    let mut x = vec![Q::zero(); n];
    for (i, &p) in r.pivots.iter().enumerate() {
        x[p] = r.matrix[(i, n)].clone();
    }
    let a_part = Rref {
        matrix: Mat::from_fn(aug.rows(), n, |i, j| r.matrix[(i, j)].clone()),
        pivots: r.pivots,
    };
    let basis = nullspace_from_rref(&a_part, n);
    Ok(if basis.is_empty() {
        Solution::Unique(x)
    } else {
        Solution::Family {
            particular: x,
            basis,
        }
    })
}

/// From this order on, a square system is first tried by p-adic lifting
/// (measured: Dixon beats fraction-free Gauss–Jordan from about n = 10 on
/// integer entries of two to three digits, and on rationals p/q).
const DIXON_SOLVE_MIN: usize = 10;

/// The unique solution of a square system by Dixon's p-adic lifting, checked
/// exactly (A·x = b) before it is returned; `None` when the matrix is
/// singular or the check fails — the caller then falls back to elimination.
pub(super) fn solve_dixon(a: &Mat<Q>, b: &[Q], budget: &Budget) -> Result<Option<Vec<Q>>, Stop> {
    Ok(solve_columns(a, &[b.to_vec()], budget)?.and_then(|mut x| x.pop()))
}

/// A·xₖ = bₖ for every right-hand side from one LU factorization modulo a
/// prime (the factorization is the O(n³) part; each side then lifts in
/// O(n²) per digit). Rows are cleared of denominators over A's row and
/// every side's entry; word-size entries take the fast residual update,
/// wider ones the big-integer one. Each solution is checked exactly
/// (A·num = den·b in integers); `None` when A is singular modulo the
/// lifting primes or a check fails.
pub fn solve_columns(
    a: &Mat<Q>,
    bs: &[Vec<Q>],
    budget: &Budget,
) -> Result<Option<Vec<Vec<Q>>>, Stop> {
    let n = a.rows();
    let mut ai: Vec<BigInt> = Vec::with_capacity(n * n);
    let mut bi: Vec<Vec<BigInt>> = vec![Vec::with_capacity(n); bs.len()];
    let mut log2_bound = 1.0;
    for i in 0..n {
        budget.check()?;
        let l = a
            .row(i)
            .iter()
            .chain(bs.iter().map(|b| &b[i]))
            .fold(BigInt::one(), |l, q| l.lcm(q.denom()));
        let row: Vec<BigInt> = a
            .row(i)
            .iter()
            .map(|q| q.numer() * (&l / q.denom()))
            .collect();
        // Hadamard's bound on the rows of [A | b] for the widest side.
        let mut widest = None::<f64>;
        for (b, into) in bs.iter().zip(bi.iter_mut()) {
            let rhs = b[i].numer() * (&l / b[i].denom());
            let with: Vec<BigInt> = row.iter().chain(std::iter::once(&rhs)).cloned().collect();
            let Some(bits) = row_norm_log2(&with, 0) else {
                return Ok(None);
            };
            widest = Some(widest.map_or(bits, |w| w.max(bits)));
            into.push(rhs);
        }
        log2_bound += widest.unwrap_or(0.0);
        ai.extend(row);
    }
    let Some(lifting) = dixon::Lifting::new(&ai, n, budget)? else {
        return Ok(None);
    };
    let mut out = Vec::with_capacity(bs.len());
    for b in &bi {
        let Some((nums, den)) = lifting.solve(b, log2_bound, budget)? else {
            return Ok(None);
        };
        // Exact check: A·num = den·b, row by row, in integers.
        for i in 0..n {
            budget.check()?;
            let lhs: BigInt = ai[i * n..(i + 1) * n]
                .iter()
                .zip(&nums)
                .map(|(aij, x)| aij * x)
                .sum();
            if lhs != &den * &b[i] {
                return Ok(None);
            }
        }
        out.push(nums.into_iter().map(|x| Q::new(x, den.clone())).collect());
    }
    Ok(Some(out))
}

/// The inverse by lifting each column of the identity from one LU modulo a
/// prime (columns in parallel), every column checked exactly; `None` when A
/// is singular (modulo the lifting primes or over Q) or a check fails, and
/// the caller falls back to elimination. With M = D·A row-cleared
/// (D = diag(lᵢ)), A⁻¹ = M⁻¹·D.
pub(super) fn inverse_dixon(a: &Mat<Q>, budget: &Budget) -> Result<Option<Mat<Q>>, Stop> {
    let n = a.rows();
    let mut ls = Vec::with_capacity(n);
    let mut m: Vec<BigInt> = Vec::with_capacity(n * n);
    let mut log2_bound = 1.0;
    for i in 0..n {
        let l = a.row(i).iter().fold(BigInt::one(), |l, q| l.lcm(q.denom()));
        let row: Vec<BigInt> = a
            .row(i)
            .iter()
            .map(|q| q.numer() * (&l / q.denom()))
            .collect();
        // Cramer with b = e_j: Hadamard on the rows of [M | e_j].
        let Some(bits) = row_norm_log2(&row, 1) else {
            return Ok(None);
        };
        log2_bound += bits;
        m.extend(row);
        ls.push(l);
    }
    let Some(lifting) = dixon::Lifting::new(&m, n, budget)? else {
        return Ok(None);
    };
    let columns: Vec<Option<Vec<Q>>> = (0..n)
        .into_par_iter()
        .map(|j| {
            let e: Vec<BigInt> = (0..n).map(|i| BigInt::from(u8::from(i == j))).collect();
            let Some((nums, den)) = lifting.solve(&e, log2_bound, budget)? else {
                return Ok(None);
            };
            // Exact check: M·num = den·e_j.
            for i in 0..n {
                let lhs: BigInt = m[i * n..(i + 1) * n]
                    .iter()
                    .zip(&nums)
                    .map(|(mik, x)| mik * x)
                    .sum();
                if lhs != if i == j { den.clone() } else { BigInt::zero() } {
                    return Ok(None);
                }
            }
            Ok(Some(
                nums.into_iter()
                    .map(|x| Q::new(x * &ls[j], den.clone()))
                    .collect(),
            ))
        })
        .collect::<Result<_, Stop>>()?;
    let Some(columns) = columns.into_iter().collect::<Option<Vec<Vec<Q>>>>() else {
        return Ok(None);
    };
    Ok(Some(Mat::from_fn(n, n, |i, j| columns[j][i].clone())))
}

/// Inverse of a square matrix; `Ok(None)` when it is singular.
pub fn inverse(a: &Mat<Q>, budget: &Budget) -> Result<Option<Mat<Q>>, Stop> {
    assert!(a.is_square(), "inverse of a non-square matrix");
    let n = a.rows();
    if n == 0 {
        return Ok(Some(a.clone()));
    }
    if n >= DIXON_SOLVE_MIN
        && let Some(inv) = inverse_dixon(a, budget)?
    {
        return Ok(Some(inv));
    }
    let aug = Mat::from_fn(n, 2 * n, |i, j| {
        if j < n {
            a[(i, j)].clone()
        } else if j - n == i {
            Q::one()
        } else {
            Q::zero()
        }
    });
    let r = rref(&aug, budget)?;
    if r.pivots.len() < n || r.pivots[n - 1] != n - 1 {
        return Ok(None);
    }
    Ok(Some(Mat::from_fn(n, n, |i, j| {
        r.matrix[(i, n + j)].clone()
    })))
}

/// The adjugate (transposed cofactor matrix), so that A·adj(A) = det(A)·I:
/// det(A)·A⁻¹ when A is invertible, and otherwise, by Cayley–Hamilton,
/// (−1)ⁿ⁻¹·(Aⁿ⁻¹ + cₙ₋₁Aⁿ⁻² + … + c₁I) from det(xI − A) = Σ cₖxᵏ.
pub fn adjugate(a: &Mat<Q>, budget: &Budget) -> Result<Mat<Q>, Stop> {
    assert!(a.is_square(), "adjugate of a non-square matrix");
    let n = a.rows();
    if n <= 1 {
        return Ok(identity(n));
    }
    let det = determinant(a, budget)?;
    if !det.is_zero() {
        let inv = inverse(a, budget)?.unwrap_or_else(|| identity(n));
        return Ok(inv.into_map(|x| x * &det));
    }
    let c = characteristic_polynomial(a, budget)?;
    let mut b = identity(n);
    for k in (1..n).rev() {
        b = multiply(a, &b, budget)?;
        for i in 0..n {
            b[(i, i)] += &c[k];
        }
    }
    Ok(if n.is_multiple_of(2) {
        b.into_map(|x| -x)
    } else {
        b
    })
}
