//! Exact linear algebra over Q (and Z where it pays): determinant, rank,
//! reduced row echelon form, nullspace, linear systems, inverse, product,
//! characteristic polynomial.
//!
//! These are the simple, correct paths: fraction-free Bareiss elimination
//! over Z for determinant and rank, Gauss–Jordan over Q for the echelon
//! forms, Hessenberg reduction for the characteristic polynomial. Row updates
//! go row-parallel with rayon once a matrix is large enough to repay it.

use crate::{Budget, Mat, Q, Stop, dixon};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

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

/// Determinant of a square rational matrix.
pub fn determinant(a: &Mat<Q>, budget: &Budget) -> Result<Q, Stop> {
    assert!(a.is_square(), "determinant of a non-square matrix");
    let (m, scale) = clear_row_denominators(a);
    // Clearing many small denominators makes word-sized fractions into
    // integers of hundreds of bits.
    let wide = m.rows() >= MODULAR_DET_FROM
        && (0..m.rows()).any(|i| {
            m.row(i)
                .iter()
                .any(|x| x.bits() >= crate::dixon::MAX_ENTRY.ilog2() as u64)
        });
    // The divisor technique needs few primes however wide the entries. It
    // beat reducing the fractions per prime (the fallback) at every order
    // from 16 in one run: 0.29 against 0.34 ms at 16, 4.0 against 7.1 ms at
    // 50, 22 against 72 ms at 100 (benches/README.md).
    if wide && let Some(det) = divisor_determinant(&m, budget)? {
        return Ok(Q::new(det, scale));
    }
    if wide && let Some(det) = fraction_multimodular_determinant(a, budget)? {
        return Ok(Q::new(det, scale));
    }
    Ok(Q::new(integer_determinant(m, budget)?, scale))
}

/// det of the row-cleared matrix M (row i of A times lᵢ, the lcm of its
/// denominators), computed from the fractions of A: M's entries modulo a
/// prime are pᵢⱼ·(lᵢ mod P)·qᵢⱼ⁻¹. The bound is ∏ lᵢ·‖rowᵢ(A)‖₂ = H(M).
/// `Ok(None)` when a numerator or denominator exceeds a word, or a
/// denominator is divisible by one of the primes.
fn fraction_multimodular_determinant(a: &Mat<Q>, budget: &Budget) -> Result<Option<BigInt>, Stop> {
    use crate::modular::{
        PRIME_BITS, Shoup, crt_symmetric, det_mod_p, inv_mod, mul_mod, primes, reduce,
    };
    use num_traits::ToPrimitive;
    let n = a.rows();
    let mut numers = Vec::with_capacity(n * n);
    let mut den_index = Vec::with_capacity(n * n);
    let mut dens: Vec<u64> = Vec::new();
    let mut seen = std::collections::HashMap::new();
    let mut bits = 1.0;
    let mut lcms = Vec::with_capacity(n);
    for i in 0..n {
        let mut norm2 = 0.0;
        let mut l = BigInt::one();
        for q in a.row(i) {
            let (Some(num), Some(den)) = (q.numer().to_i64(), q.denom().to_u64()) else {
                return Ok(None);
            };
            numers.push(num);
            den_index.push(*seen.entry(den).or_insert_with(|| {
                dens.push(den);
                dens.len() - 1
            }));
            norm2 += (num as f64 / den as f64).powi(2);
            l = l.lcm(q.denom());
        }
        if norm2 == 0.0 {
            return Ok(Some(BigInt::zero()));
        }
        bits += log2(&l) + norm2.log2() / 2.0 + 1e-6;
        lcms.push(l);
    }
    let count = ((bits + 1.0) / f64::from(PRIME_BITS - 1)).ceil() as usize;
    let residues: Vec<Option<(u64, u64)>> = primes(count)
        .into_par_iter()
        .map(|p| {
            // Batch inversion of the distinct denominators: one exponentiation.
            let reduced: Vec<u64> = dens.iter().map(|&d| d % p).collect();
            if reduced.contains(&0) {
                return Ok(None);
            }
            let mut prefix = Vec::with_capacity(reduced.len());
            let mut acc = 1u64;
            for &d in &reduced {
                prefix.push(acc);
                acc = mul_mod(acc, d, p);
            }
            let mut inv_acc = inv_mod(acc, p);
            let mut inverses = vec![Shoup::new(0, p); reduced.len()];
            for k in (0..reduced.len()).rev() {
                inverses[k] = Shoup::new(mul_mod(inv_acc, prefix[k], p), p);
                inv_acc = mul_mod(inv_acc, reduced[k], p);
            }
            let mut m = Vec::with_capacity(n * n);
            for (i, l) in lcms.iter().enumerate() {
                let l = Shoup::new(reduce(l, p), p);
                for k in i * n..(i + 1) * n {
                    let x = numers[k].rem_euclid(p as i64) as u64;
                    m.push(l.mul(inverses[den_index[k]].mul(x, p), p));
                }
            }
            det_mod_p(m, n, p, budget).map(|d| Some((d, p)))
        })
        .collect::<Result<_, Stop>>()?;
    let residues: Option<Vec<(u64, u64)>> = residues.into_iter().collect();
    Ok(residues.map(|r| crt_symmetric(&r)))
}

/// From this order on the multi-modular determinant beats Bareiss on
/// entries of a few digits (measured with `hessian bench`; see benches/README.md).
const MODULAR_DET_FROM: usize = 16;
/// From this order on finding a divisor by p-adic lifting first pays off.
const DIXON_DET_FROM: usize = 50;

/// Determinant of a square integer matrix: Bareiss for small orders, the
/// determinant-divisor method for larger ones with word-size entries,
/// multi-modular otherwise (and whenever the divisor method declines).
pub fn integer_determinant(m: Mat<BigInt>, budget: &Budget) -> Result<BigInt, Stop> {
    if m.rows() < MODULAR_DET_FROM {
        return bareiss_determinant(m, budget);
    }
    let words = words_of(m.as_slice());
    large_determinant(Ints::new(&m, &words), m.rows(), budget)
}

/// [`integer_determinant`] of a matrix already in machine words, as the
/// wire parses most requests: no big integer is made per entry.
pub fn word_determinant(m: &Mat<i64>, budget: &Budget) -> Result<BigInt, Stop> {
    if m.rows() < MODULAR_DET_FROM {
        return bareiss_determinant(m.map(|&x| BigInt::from(x)), budget);
    }
    large_determinant(Ints::Words(m.as_slice()), m.rows(), budget)
}

fn large_determinant(a: Ints, n: usize, budget: &Budget) -> Result<BigInt, Stop> {
    if n >= DIXON_DET_FROM
        && let Some(det) = divisor(a, n, budget)?
    {
        return Ok(det);
    }
    multimodular(a, n, budget)
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

/// det A = d·e where d, the common denominator of A⁻¹·b for a fixed
/// right-hand side b, divides det A by Cramer's rule and is usually nearly
/// all of it; then |e| ≤ H/d needs only a prime or two. `Ok(None)` when A
/// is singular modulo the lifting primes (the caller then takes the multi-modular path, which also
/// handles det A = 0).
pub fn divisor_determinant(m: &Mat<BigInt>, budget: &Budget) -> Result<Option<BigInt>, Stop> {
    let words = words_of(m.as_slice());
    divisor(Ints::new(m, &words), m.rows(), budget)
}

fn divisor(a: Ints, n: usize, budget: &Budget) -> Result<Option<BigInt>, Stop> {
    use crate::dixon;
    use crate::modular::{crt_symmetric, det_mod_p, inv_mod, prime_at, reduce};
    let Some(h) = a.hadamard_log2(n) else {
        return Ok(Some(BigInt::zero()));
    };
    // A fixed, deterministic right-hand side with small entries.
    let b: Vec<i64> = (0..n as i64).map(|i| (i * 7 + 3) % 11 - 5).collect();
    let Some(augmented) = (0..n)
        .map(|i| a.row_norm_log2(n, i, b[i]))
        .sum::<Option<f64>>()
    else {
        return Ok(Some(BigInt::zero()));
    };
    let augmented = augmented + 1.0;
    let det_mod = |p: u64| det_mod_p(a.residues(p), n, p, budget).map(|d| (d, p));
    // Residues of det A are needed in any case: one thread computes them,
    // prime after prime, for as long as the other is lifting.
    let lifting_done = AtomicBool::new(false);
    let (lifted, early) = rayon::join(
        || {
            let bw: Vec<BigInt> = b.iter().map(|&x| BigInt::from(x)).collect();
            let lifting = match a {
                Ints::Words(v) => dixon::Lifting::of_words(v, n, budget),
                Ints::Big(v) => dixon::Lifting::new(v, n, budget),
            };
            let r = match lifting {
                Ok(Some(lifting)) => lifting.denominator(&bw, augmented, budget),
                other => other.map(|_| None),
            };
            lifting_done.store(true, Ordering::Relaxed);
            r
        },
        || {
            let mut out = Vec::new();
            for i in 0.. {
                out.push(det_mod(prime_at(i))?);
                if lifting_done.load(Ordering::Relaxed) {
                    break;
                }
            }
            Ok::<_, Stop>(out)
        },
    );
    let Some(d) = lifted? else {
        return Ok(None);
    };
    let early = early?;
    let e_bits = h - log2(&d) + 2.0;
    let mut residues = Vec::new();
    let mut covered = 0.0;
    let mut pending = Vec::new();
    for q in (0..64).map(prime_at) {
        if covered > e_bits {
            break;
        }
        if reduce(&d, q) == 0 {
            continue;
        }
        covered += (q as f64).log2() - 1e-9;
        match early.iter().find(|(_, p)| *p == q) {
            Some(&known) => residues.push(known),
            None => pending.push(q),
        }
    }
    if covered <= e_bits {
        return Ok(None);
    }
    let rest: Vec<(u64, u64)> = pending
        .into_par_iter()
        .map(det_mod)
        .collect::<Result<_, Stop>>()?;
    residues.extend(rest);
    let e_residues: Vec<(u64, u64)> = residues
        .into_iter()
        .map(|(r, q)| (crate::modular::mul_mod(r, inv_mod(reduce(&d, q), q), q), q))
        .collect();
    Ok(Some(d * crt_symmetric(&e_residues)))
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

/// Determinant modulo enough word-size primes that their product exceeds
/// twice the Hadamard bound, combined by CRT: exact, with no probabilistic
/// step. Primes run in parallel.
pub fn multimodular_determinant(m: &Mat<BigInt>, budget: &Budget) -> Result<BigInt, Stop> {
    let words = words_of(m.as_slice());
    multimodular(Ints::new(m, &words), m.rows(), budget)
}

fn multimodular(a: Ints, n: usize, budget: &Budget) -> Result<BigInt, Stop> {
    use crate::modular::{PRIME_BITS, crt_symmetric, det_mod_p, primes};
    let Some(bits) = a.hadamard_log2(n) else {
        return Ok(BigInt::zero());
    };
    // Each prime exceeds 2^(PRIME_BITS−1); one extra bit covers the sign.
    let count = ((bits + 1.0) / f64::from(PRIME_BITS - 1)).ceil() as usize;
    let residues: Vec<(u64, u64)> = primes(count)
        .par_iter()
        .map(|&p| det_mod_p(a.residues(p), n, p, budget).map(|d| (d, p)))
        .collect::<Result<_, Stop>>()?;
    Ok(crt_symmetric(&residues))
}

/// Fraction-free (Bareiss) determinant of a square integer matrix: every
/// division is exact, so intermediate entries stay minors of the input.
pub fn bareiss_determinant(mut m: Mat<BigInt>, budget: &Budget) -> Result<BigInt, Stop> {
    let n = m.rows();
    if n == 0 {
        return Ok(BigInt::one());
    }
    let mut negate = false;
    let mut prev = BigInt::one();
    for k in 0..n - 1 {
        budget.check()?;
        let Some(p) = (k..n).find(|&i| !m[(i, k)].is_zero()) else {
            return Ok(BigInt::zero());
        };
        if p != k {
            m.swap_rows(p, k);
            negate = !negate;
        }
        bareiss_step(&mut m, k, k, &prev);
        prev = m[(k, k)].clone();
    }
    let d = m[(n - 1, n - 1)].clone();
    Ok(if negate { -d } else { d })
}

/// One Bareiss elimination step with pivot `(r, c)`: for every row below `r`
/// and column right of `c`, `m[i][j] = (m[i][j]·m[r][c] − m[i][c]·m[r][j]) / prev`,
/// and the entries under the pivot become zero.
fn bareiss_step(m: &mut Mat<BigInt>, r: usize, c: usize, prev: &BigInt) {
    let cols = m.cols();
    let (top, below) = m.split_at_row_mut(r + 1);
    let pivot_row = &top[r * cols..];
    let pivot = &pivot_row[c];
    let update = |row: &mut [BigInt]| {
        let f = std::mem::take(&mut row[c]);
        if f.is_zero() && pivot == prev {
            return;
        }
        for j in c + 1..cols {
            let v = &row[j] * pivot - &f * &pivot_row[j];
            row[j] = if prev.is_one() { v } else { v / prev };
        }
    };
    if below.len() / cols.max(1) >= PAR_ROWS {
        below.par_chunks_mut(cols).for_each(update);
    } else {
        below.chunks_mut(cols).for_each(update);
    }
}

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
fn rref_modular(a: &Mat<Q>, budget: &Budget) -> Result<Option<Rref>, Stop> {
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
fn rref_elimination(a: &Mat<Q>, budget: &Budget) -> Result<Rref, Stop> {
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

fn nullspace_from_rref(r: &Rref, n: usize) -> Vec<Vec<Q>> {
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
/// Rows are cleared of denominators; word-size entries take the fast
/// residual update, wider ones the big-integer one.
fn solve_dixon(a: &Mat<Q>, b: &[Q], budget: &Budget) -> Result<Option<Vec<Q>>, Stop> {
    let n = a.rows();
    let mut ai: Vec<BigInt> = Vec::with_capacity(n * n);
    let mut bi: Vec<BigInt> = Vec::with_capacity(n);
    let mut log2_bound = 1.0;
    for i in 0..n {
        budget.check()?;
        let l = a
            .row(i)
            .iter()
            .chain(std::iter::once(&b[i]))
            .fold(BigInt::one(), |l, q| l.lcm(q.denom()));
        let row: Vec<BigInt> = a
            .row(i)
            .iter()
            .map(|q| q.numer() * (&l / q.denom()))
            .collect();
        let rhs = b[i].numer() * (&l / b[i].denom());
        let Some(bits) = row_norm_log2(
            &row.iter()
                .chain(std::iter::once(&rhs))
                .cloned()
                .collect::<Vec<_>>(),
            0,
        ) else {
            return Ok(None);
        };
        log2_bound += bits;
        ai.extend(row);
        bi.push(rhs);
    }
    let lifted = dixon::solve(&ai, &bi, n, log2_bound, budget)?;
    let Some((nums, den)) = lifted else {
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
        if lhs != &den * &bi[i] {
            return Ok(None);
        }
    }
    Ok(Some(
        nums.into_iter().map(|x| Q::new(x, den.clone())).collect(),
    ))
}

/// The inverse by lifting each column of the identity from one LU modulo a
/// prime (columns in parallel), every column checked exactly; `None` when A
/// is singular (modulo the lifting primes or over Q) or a check fails, and
/// the caller falls back to elimination. With M = D·A row-cleared
/// (D = diag(lᵢ)), A⁻¹ = M⁻¹·D.
fn inverse_dixon(a: &Mat<Q>, budget: &Budget) -> Result<Option<Mat<Q>>, Stop> {
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

/// From this order on the multi-modular characteristic polynomial is used.
const MODULAR_CHARPOLY_FROM: usize = 8;

/// Characteristic polynomial det(x·I − A), coefficients lowest degree first
/// (monic, length n + 1). Small orders: Hessenberg over Q. Larger: with D the
/// lcm of all denominators, B = D·A is integral and cₖ(A) = cₖ(B)/Dⁿ⁻ᵏ; the
/// coefficients of B's polynomial are found modulo word-size primes and
/// combined by CRT under a proven bound: cₙ₋ₖ is ± a sum of C(n, k)
/// principal k-minors, each at most ∏ max(1, ‖rowᵢ‖₂), so every |cⱼ| ≤
/// 2ⁿ·∏ᵢ max(1, ‖rowᵢ(B)‖₂).
pub fn characteristic_polynomial(a: &Mat<Q>, budget: &Budget) -> Result<Vec<Q>, Stop> {
    assert!(
        a.is_square(),
        "characteristic polynomial of a non-square matrix"
    );
    let n = a.rows();
    if n < MODULAR_CHARPOLY_FROM {
        return hessenberg_characteristic_polynomial(a, budget);
    }
    use crate::modular::{PRIME_BITS, charpoly_mod_p, crt_symmetric, primes};
    let d = (0..n)
        .flat_map(|i| a.row(i).iter())
        .fold(BigInt::one(), |l, q| {
            if q.denom().is_one() {
                l
            } else {
                l.lcm(q.denom())
            }
        });
    let b = a.map(|q| q.numer() * (&d / q.denom()));
    let bits: f64 = n as f64
        + (0..n)
            .map(|i| row_norm_log2(b.row(i), 0).unwrap_or(0.0).max(0.0))
            .sum::<f64>()
        + 2.0;
    let count = (bits / f64::from(PRIME_BITS - 1)).ceil() as usize;
    let words = words_of(b.as_slice());
    let entries = Ints::new(&b, &words);
    let residues: Vec<(Vec<u64>, u64)> = primes(count)
        .into_par_iter()
        .map(|p| charpoly_mod_p(entries.residues(p), n, p, budget).map(|c| (c, p)))
        .collect::<Result<_, Stop>>()?;
    let mut scale = BigInt::one(); // Dⁿ⁻ᵏ, built from k = n down
    let mut out = vec![Q::zero(); n + 1];
    for k in (0..=n).rev() {
        let coefficient =
            crt_symmetric(&residues.iter().map(|(c, p)| (c[k], *p)).collect::<Vec<_>>());
        out[k] = Q::new(coefficient, scale.clone());
        scale *= &d;
    }
    Ok(out)
}

/// Hessenberg reduction over Q and the leading-block recurrence.
fn hessenberg_characteristic_polynomial(a: &Mat<Q>, budget: &Budget) -> Result<Vec<Q>, Stop> {
    assert!(
        a.is_square(),
        "characteristic polynomial of a non-square matrix"
    );
    let n = a.rows();
    let mut h = a.clone();
    for m in 1..n.saturating_sub(1) {
        budget.check()?;
        let Some(i) = (m..n).find(|&i| !h[(i, m - 1)].is_zero()) else {
            continue;
        };
        if i != m {
            h.swap_rows(i, m);
            for r in 0..n {
                let t = h[(r, i)].clone();
                h[(r, i)] = std::mem::replace(&mut h[(r, m)], t);
            }
        }
        let piv = h[(m, m - 1)].clone();
        for j in m + 1..n {
            if h[(j, m - 1)].is_zero() {
                continue;
            }
            let u = &h[(j, m - 1)] / &piv;
            for c in 0..n {
                let t = &u * &h[(m, c)];
                h[(j, c)] -= t;
            }
            for r in 0..n {
                let t = &u * &h[(r, j)];
                h[(r, m)] += t;
            }
        }
    }
    // p[k] = characteristic polynomial of the leading k×k block of h.
    let mut p: Vec<Vec<Q>> = vec![vec![Q::one()]];
    for m in 1..=n {
        budget.check()?;
        let d = h[(m - 1, m - 1)].clone();
        let prev = &p[m - 1];
        let mut next = vec![Q::zero(); m + 1];
        for (k, c) in prev.iter().enumerate() {
            next[k + 1] += c;
            next[k] -= &d * c;
        }
        let mut t = Q::one();
        for i in (0..m - 1).rev() {
            t *= &h[(i + 1, i)];
            if t.is_zero() {
                break;
            }
            let f = &t * &h[(i, m - 1)];
            for (k, c) in p[i].iter().enumerate() {
                next[k] -= &f * c;
            }
        }
        p.push(next);
    }
    Ok(p.pop().unwrap_or_else(|| vec![Q::one()]))
}

#[cfg(test)]
mod tests;

fn identity(n: usize) -> Mat<Q> {
    Mat::from_fn(n, n, |i, j| if i == j { Q::one() } else { Q::zero() })
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

/// The minimal polynomial (monic, lowest degree first): the first power Aᵈ
/// that is a combination of I, A, …, Aᵈ⁻¹, found by reducing each new power
/// (as a vector of n² entries) against the echelon basis of the previous ones.
pub fn minimal_polynomial(a: &Mat<Q>, budget: &Budget) -> Result<Vec<Q>, Stop> {
    assert!(a.is_square(), "minimal polynomial of a non-square matrix");
    let n = a.rows();
    // (pivot position, reduced vector with 1 at the pivot, its combination of powers)
    let mut basis: Vec<(usize, Vec<Q>, Vec<Q>)> = Vec::new();
    let mut power = identity(n);
    for d in 0..=n {
        budget.check()?;
        if d > 0 {
            power = multiply(&power, a, budget)?;
        }
        let mut v: Vec<Q> = (0..n).flat_map(|i| power.row(i).to_vec()).collect();
        let mut combo = vec![Q::zero(); d + 1];
        combo[d] = Q::one();
        for (p, row, c) in &basis {
            if v[*p].is_zero() {
                continue;
            }
            let f = v[*p].clone();
            for (x, r) in v.iter_mut().zip(row) {
                if !r.is_zero() {
                    *x -= &f * r;
                }
            }
            for (x, y) in combo.iter_mut().zip(c) {
                *x -= &f * y;
            }
        }
        match v.iter().position(|x| !x.is_zero()) {
            None => return Ok(combo),
            Some(p) => {
                let inv = v[p].recip();
                v.iter_mut().for_each(|x| *x *= &inv);
                combo.iter_mut().for_each(|x| *x *= &inv);
                basis.push((p, v, combo));
            }
        }
    }
    unreachable!("Cayley–Hamilton: the powers up to n are dependent")
}

/// P·A = L·U for a square A: `perm[i]` is the row of A that is row i of
/// P·A, L is unit lower triangular, U upper triangular. A column without a
/// pivot leaves a zero on U's diagonal, so singular matrices factor too.
pub struct Lu {
    pub perm: Vec<usize>,
    pub l: Mat<Q>,
    pub u: Mat<Q>,
}

pub fn lu(a: &Mat<Q>, budget: &Budget) -> Result<Lu, Stop> {
    assert!(a.is_square(), "LU of a non-square matrix");
    let n = a.rows();
    let mut u = a.clone();
    let mut l = identity(n);
    let mut perm: Vec<usize> = (0..n).collect();
    for k in 0..n {
        budget.check()?;
        let Some(p) = (k..n).find(|&i| !u[(i, k)].is_zero()) else {
            continue;
        };
        if p != k {
            u.swap_rows(p, k);
            perm.swap(p, k);
            for j in 0..k {
                let t = l[(p, j)].clone();
                l[(p, j)] = std::mem::replace(&mut l[(k, j)], t);
            }
        }
        let inv = u[(k, k)].recip();
        for i in k + 1..n {
            if u[(i, k)].is_zero() {
                continue;
            }
            let f = &u[(i, k)] * &inv;
            for j in k..n {
                let t = &f * &u[(k, j)];
                u[(i, j)] -= t;
            }
            l[(i, k)] = f;
        }
    }
    Ok(Lu { perm, l, u })
}

/// The permanent Σ_σ ∏ a_{i,σ(i)}, by Ryser's formula over a Gray code:
/// 2ⁿ subsets, each updating n row sums.
pub fn permanent(a: &Mat<Q>, budget: &Budget) -> Result<Q, Stop> {
    assert!(a.is_square(), "permanent of a non-square matrix");
    let n = a.rows();
    if n == 0 {
        return Ok(Q::one());
    }
    // perm(D·A) = det(D)·perm(A) for diagonal D: work over Z.
    let (m, scale) = clear_row_denominators(a);
    let mut sums = vec![BigInt::zero(); n];
    let mut total = BigInt::zero();
    let mut gray = 0u64;
    for k in 1u64..(1u64 << n) {
        if k % 4096 == 0 {
            budget.check()?;
        }
        let j = k.trailing_zeros() as usize;
        gray ^= 1 << j;
        let adding = gray & (1 << j) != 0;
        for (i, s) in sums.iter_mut().enumerate() {
            if adding {
                *s += &m[(i, j)];
            } else {
                *s -= &m[(i, j)];
            }
        }
        let prod: BigInt = sums.iter().product();
        if gray.count_ones().is_multiple_of(2) {
            total += prod;
        } else {
            total -= prod;
        }
    }
    if n % 2 == 1 {
        total = -total;
    }
    Ok(Q::new(total, scale))
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
