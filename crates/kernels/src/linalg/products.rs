//! Products: A·B (row-parallel), trace, the Kronecker product and A^k by
//! repeated squaring (negative k through the inverse).

use super::*;
use crate::{Budget, Mat, Q, Stop};
use num_traits::Zero;
use rayon::prelude::*;

/// Matrix product; the caller checks that the inner dimensions agree.
pub fn multiply(a: &Mat<Q>, b: &Mat<Q>, budget: &Budget) -> Result<Mat<Q>, Stop> {
    assert_eq!(a.cols(), b.rows(), "inner dimensions differ");
    let bt = b.transpose();
    let rows: Vec<Vec<Q>> = (0..a.rows())
        .into_par_iter()
        .map(|i| {
            budget.check()?;
            Ok((0..b.cols())
                .map(|j| {
                    a.row(i)
                        .iter()
                        .zip(bt.row(j))
                        .filter(|(x, y)| !x.is_zero() && !y.is_zero())
                        .map(|(x, y)| x * y)
                        .sum()
                })
                .collect())
        })
        .collect::<Result<_, Stop>>()?;
    Ok(Mat::from_rows(rows).unwrap_or_else(|| Mat::from_fn(a.rows(), b.cols(), |_, _| Q::zero())))
}

pub fn trace(a: &Mat<Q>) -> Q {
    (0..a.rows().min(a.cols())).map(|i| a[(i, i)].clone()).sum()
}

/// The Kronecker product A ⊗ B: block (i, j) is a_ij·B.
pub fn kronecker(a: &Mat<Q>, b: &Mat<Q>) -> Mat<Q> {
    let (p, q) = (b.rows(), b.cols());
    Mat::from_fn(a.rows() * p, a.cols() * q, |i, j| {
        &a[(i / p, j / q)] * &b[(i % p, j % q)]
    })
}

/// Aᵏ by repeated squaring; negative k uses A⁻¹ (`Ok(None)` when singular).
pub fn power(a: &Mat<Q>, k: i64, budget: &Budget) -> Result<Option<Mat<Q>>, Stop> {
    assert!(a.is_square(), "power of a non-square matrix");
    let mut base = if k < 0 {
        match inverse(a, budget)? {
            Some(inv) => inv,
            None => return Ok(None),
        }
    } else {
        a.clone()
    };
    let mut e = k.unsigned_abs();
    let mut acc = identity(a.rows());
    while e > 0 {
        if e & 1 == 1 {
            acc = multiply(&acc, &base, budget)?;
        }
        e >>= 1;
        if e > 0 {
            base = multiply(&base, &base, budget)?;
        }
    }
    Ok(Some(acc))
}
