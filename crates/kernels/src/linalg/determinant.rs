//! Determinants: Bareiss fraction-free elimination for small orders, the
//! multi-modular method (residues modulo word primes, Chinese remaindering
//! up to Hadamard's bound) from order 16, and from order 50 a Dixon-lifted
//! divisor of det A that leaves only a few primes to find. Also the
//! permanent (Ryser's formula), which shares nothing but its shape.

use super::*;
use crate::{Budget, Mat, Q, Stop};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Zero};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

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
pub(super) fn fraction_multimodular_determinant(
    a: &Mat<Q>,
    budget: &Budget,
) -> Result<Option<BigInt>, Stop> {
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
pub(super) fn bareiss_step(m: &mut Mat<BigInt>, r: usize, c: usize, prev: &BigInt) {
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
    let mut meter = crate::Meter::new(budget);
    for k in 1u64..(1u64 << n) {
        meter.tick_over(&[&total])?;
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
