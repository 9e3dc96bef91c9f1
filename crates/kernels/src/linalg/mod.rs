//! Exact linear algebra over Q (and Z where it pays), one topic per file:
//! determinants and the permanent (`determinant`), rank, echelon form and
//! nullspace (`echelon`), systems, inverses and the adjugate (`solve`),
//! products and powers (`products`), characteristic and minimal polynomials
//! (`charpoly`), LU (`lu`), similarity invariants and the Frobenius form
//! (`similarity`), symmetric LDLᵀ and inertia (`congruence`),
//! eigenvectors and Jordan chains over Q(θ) (`eigenspace`), closed forms
//! of Aⁿ and e^(At) for a rational spectrum (`functions`), systems with
//! polynomial coefficients in parameters (`parametric`). Each algorithm names the identity it computes;
//! the large-matrix paths are multi-modular or p-adic (Dixon, in
//! `crate::dixon`) and fall back to elimination when a prime is unlucky.
//! Row updates go row-parallel with rayon once a matrix is large enough.

mod charpoly;
mod congruence;
mod determinant;
mod echelon;
mod eigenspace;
mod functions;
mod lu;
pub mod parametric;
mod products;
mod similarity;
mod solve;

pub use charpoly::*;
pub use congruence::*;
pub use determinant::*;
pub use echelon::*;
pub use eigenspace::*;
pub use functions::*;
pub use lu::*;
pub use products::*;
pub use similarity::*;
pub use solve::*;

use crate::{Mat, Q};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

/// Below this many rows to update, rayon's hand-off costs more than the
/// big-number arithmetic it spreads.
const PAR_ROWS: usize = 24;

/// Scales each row by the lcm of its denominators: returns the integer matrix
/// and the product of the scale factors (so `det(A) = det(M) / scale`).
pub fn clear_row_denominators(a: &Mat<Q>) -> (Mat<BigInt>, BigInt) {
    let mut scale = BigInt::one();
    let mut rows = Vec::with_capacity(a.rows());
    for i in 0..a.rows() {
        let l = a.row(i).iter().fold(BigInt::one(), |l, q| {
            if q.denom().is_one() {
                l
            } else {
                l.lcm(q.denom())
            }
        });
        if l.is_one() {
            rows.push(a.row(i).iter().map(|q| q.numer().clone()).collect());
        } else {
            rows.push(
                a.row(i)
                    .iter()
                    .map(|q| q.numer() * (&l / q.denom()))
                    .collect::<Vec<_>>(),
            );
        }
        scale *= l;
    }
    let cols = a.cols();
    let m = Mat::from_rows(rows).unwrap_or_else(|| Mat::from_fn(0, cols, |_, _| BigInt::zero()));
    (m, scale)
}

/// log2 ‖(row, extra)‖₂ plus a margin. The f64 sum of squares is within a
/// relative n·2⁻⁵³ of the exact one, so the 1e-6 margin is a proof; rows
/// whose squares overflow f64 are summed exactly.
pub(crate) fn row_norm_log2(row: &[BigInt], extra: i64) -> Option<f64> {
    let fast: f64 = row
        .iter()
        .filter_map(num_traits::ToPrimitive::to_f64)
        .map(|x| x * x)
        .sum::<f64>()
        + (extra as f64) * (extra as f64);
    let norm2_log2 = if fast.is_finite() && row.iter().all(|x| x.bits() < 500) {
        if fast == 0.0 {
            return None;
        }
        fast.log2()
    } else {
        let exact: BigInt = row.iter().map(|x| x * x).sum::<BigInt>() + extra * extra;
        if exact.is_zero() {
            return None;
        }
        log2(&exact)
    };
    Some(norm2_log2 / 2.0 + 1e-6)
}

/// log2 of a positive integer, from its top 53 bits.
fn log2(x: &BigInt) -> f64 {
    let b = x.bits();
    let shift = b.saturating_sub(53);
    let top: BigInt = x >> shift;
    num_traits::ToPrimitive::to_f64(&top).unwrap_or(1.0).log2() + shift as f64
}

fn identity(n: usize) -> Mat<Q> {
    Mat::from_fn(n, n, |i, j| if i == j { Q::one() } else { Q::zero() })
}

/// The row-major entries of an integer matrix as the modular kernels read
/// them: machine words when all fit (reduced without big-number division),
/// else big integers.
#[derive(Clone, Copy)]
enum Ints<'a> {
    Words(&'a [i64]),
    Big(&'a [BigInt]),
}

/// The entries as machine words, when every one fits.
fn words_of(v: &[BigInt]) -> Option<Vec<i64>> {
    v.iter().map(ToPrimitive::to_i64).collect()
}

impl<'a> Ints<'a> {
    fn new(m: &'a Mat<BigInt>, words: &'a Option<Vec<i64>>) -> Self {
        match words {
            Some(w) => Ints::Words(w),
            None => Ints::Big(m.as_slice()),
        }
    }

    /// The row-major residues modulo p.
    fn residues(self, p: u64) -> Vec<u64> {
        match self {
            Ints::Words(v) => v.iter().map(|&x| x.rem_euclid(p as i64) as u64).collect(),
            Ints::Big(v) => v.iter().map(|x| crate::modular::reduce(x, p)).collect(),
        }
    }

    /// [`row_norm_log2`] of row i of an n-column matrix.
    fn row_norm_log2(self, n: usize, i: usize, extra: i64) -> Option<f64> {
        match self {
            Ints::Big(v) => row_norm_log2(&v[i * n..(i + 1) * n], extra),
            Ints::Words(v) => {
                // i64 squares are below 2^126: f64 holds their sum to a
                // relative n·2⁻⁵², far inside the 1e-6 margin.
                let norm2: f64 = v[i * n..(i + 1) * n]
                    .iter()
                    .chain(std::iter::once(&extra))
                    .map(|&x| (x as f64) * (x as f64))
                    .sum();
                (norm2 > 0.0).then(|| norm2.log2() / 2.0 + 1e-6)
            }
        }
    }

    /// log2 of the Hadamard bound ∏ᵢ ‖rowᵢ‖₂ ≥ |det| of the n×n matrix,
    /// rounded up by a margin far above the floating-point error, or `None`
    /// if a row is zero.
    fn hadamard_log2(self, n: usize) -> Option<f64> {
        (0..n)
            .map(|i| self.row_norm_log2(n, i, 0))
            .sum::<Option<f64>>()
            .map(|bits| bits + 1.0)
    }
}

#[cfg(test)]
mod tests;
