//! Products: A·B (row-parallel), trace, the Kronecker product and A^k by
//! repeated squaring (negative k through the inverse).

use super::*;
use crate::{Budget, Mat, Q, Stop};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Zero};
use rayon::prelude::*;

/// Matrix product; the caller checks that the inner dimensions agree.
pub fn multiply(a: &Mat<Q>, b: &Mat<Q>, budget: &Budget) -> Result<Mat<Q>, Stop> {
    product_of(a, b, budget)
}

/// A·B over any exact ring, row-parallel, polling the budget at every
/// term; zero terms are skipped.
fn product_of<T>(a: &Mat<T>, b: &Mat<T>, budget: &Budget) -> Result<Mat<T>, Stop>
where
    T: Clone + Zero + Send + Sync,
    for<'x> &'x T: std::ops::Mul<&'x T, Output = T>,
{
    assert_eq!(a.cols(), b.rows(), "inner dimensions differ");
    let bt = b.transpose();
    let rows: Vec<Vec<T>> = (0..a.rows())
        .into_par_iter()
        .map(|i| {
            (0..b.cols())
                .map(|j| {
                    // A term of 10,000-digit rationals costs milliseconds
                    // (each addition reduces by a binary gcd): polled per term.
                    let mut entry = T::zero();
                    for (x, y) in a.row(i).iter().zip(bt.row(j)) {
                        if !x.is_zero() && !y.is_zero() {
                            budget.check()?;
                            entry = entry + x * y;
                        }
                    }
                    Ok(entry)
                })
                .collect()
        })
        .collect::<Result<_, Stop>>()?;
    Ok(Mat::from_rows(rows).unwrap_or_else(|| Mat::from_fn(a.rows(), b.cols(), |_, _| T::zero())))
}

pub fn trace(a: &Mat<Q>) -> Q {
    (0..a.rows().min(a.cols())).map(|i| a[(i, i)].clone()).sum()
}

/// The Kronecker product A ⊗ B: block (i, j) is a_ij·B.
pub fn kronecker(a: &Mat<Q>, b: &Mat<Q>, budget: &Budget) -> Result<Mat<Q>, Stop> {
    let (p, q) = (b.rows(), b.cols());
    let mut meter = crate::Meter::new(budget);
    let mut entries = Vec::with_capacity(a.rows() * p * a.cols() * q);
    for i in 0..a.rows() * p {
        for j in 0..a.cols() * q {
            let (x, y) = (&a[(i / p, j / q)], &b[(i % p, j % q)]);
            meter.tick_over(&[x.numer(), y.numer()])?;
            entries.push(crate::rational::mul(x, y));
        }
    }
    Ok(Mat::from_vec(a.rows() * p, a.cols() * q, entries).expect("the shape holds every entry"))
}

/// A lower bound on the digits of the Kronecker product's entries: the
/// product of two integers has at least their digits less one.
pub fn kronecker_digits_lower(a: &Mat<Q>, b: &Mat<Q>) -> f64 {
    let sum = |m: &Mat<Q>| {
        m.as_slice()
            .iter()
            .filter(|x| x.is_integer())
            .fold((0.0, 0.0), |(s, n), x| {
                (s + crate::rational::digits_lower(x) - 1.0, n + 1.0)
            })
    };
    let ((sa, na), (sb, nb)) = (sum(a), sum(b));
    sa * nb + sb * na
}

/// Entries of a matrix power stop at this size (numerator and denominator
/// bits together, about 79,000 digits, more than a server answer holds):
/// past it a single multiplication or reduction would run too long to
/// interrupt.
pub const MAX_POWER_ENTRY_BITS: u64 = 1 << 18;

/// A^k by repeated squaring (negative k through A⁻¹): `Ok(None)` for a
/// negative power of a singular matrix, `Err(Some(bits))` when an entry
/// passes [`MAX_POWER_ENTRY_BITS`] on the way. The squaring runs over Z:
/// A = M/d for d the lcm of the denominators, A^k = M^k/d^k, reduced once.
pub fn power(a: &Mat<Q>, k: i64, budget: &Budget) -> Result<Result<Option<Mat<Q>>, u64>, Stop> {
    assert!(a.is_square(), "power of a non-square matrix");
    let base = if k < 0 {
        match inverse(a, budget)? {
            Some(inv) => inv,
            None => return Ok(Ok(None)),
        }
    } else {
        a.clone()
    };
    let e = k.unsigned_abs();
    let d = (0..base.rows())
        .flat_map(|i| base.row(i).iter())
        .fold(BigInt::one(), |l, q| l.lcm(q.denom()));
    let d_bits = d.bits().saturating_sub(1).saturating_mul(e);
    if d_bits > MAX_POWER_ENTRY_BITS {
        return Ok(Err(d_bits));
    }
    let mut m = base.map(|q| q.numer() * (&d / q.denom()));
    let widest = |m: &Mat<BigInt>| {
        (0..m.rows())
            .flat_map(|i| m.row(i).iter())
            .map(BigInt::bits)
            .max()
            .unwrap_or(0)
    };
    let n = a.rows();
    let mut acc = Mat::from_fn(n, n, |i, j| BigInt::from(u8::from(i == j)));
    let mut e_left = e;
    while e_left > 0 {
        let bits = widest(&m).max(widest(&acc));
        if bits > MAX_POWER_ENTRY_BITS {
            return Ok(Err(bits));
        }
        if e_left & 1 == 1 {
            acc = product_of(&acc, &m, budget)?;
        }
        e_left >>= 1;
        if e_left > 0 {
            m = product_of(&m, &m, budget)?;
        }
    }
    let bits = widest(&acc);
    if bits > MAX_POWER_ENTRY_BITS {
        return Ok(Err(bits));
    }
    if d.is_one() {
        return Ok(Ok(Some(acc.into_map(Q::from_integer))));
    }
    let scale = d.pow(e as u32);
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        budget.check()?;
        out.push(
            acc.row(i)
                .iter()
                .map(|x| Q::new(x.clone(), scale.clone()))
                .collect(),
        );
    }
    Ok(Ok(Mat::from_rows(out)))
}
