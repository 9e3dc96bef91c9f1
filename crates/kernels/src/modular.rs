//! Word-size modular arithmetic, the one home of it: add, subtract, multiply
//! (with the word fast path), power and inverse modulo any word modulus;
//! primes below 2^62 for multi-modular methods, Shoup multiplication by a
//! fixed operand (the elimination inner loop), determinant and
//! characteristic polynomial modulo a prime, and Chinese remaindering.

use crate::{Budget, Stop};
use num_bigint::BigInt;
use num_traits::{One, Zero};
use std::sync::Mutex;

/// Every modulus is below 2^62, so sums of two residues never overflow and
/// Shoup's reduction leaves at most one subtraction.
pub const PRIME_BITS: u32 = 62;

/// The first `count` primes below 2^62, descending. Found on demand and
/// kept, so a small determinant does not pay for a large one's primes.
pub fn primes(count: usize) -> Vec<u64> {
    static FOUND: Mutex<Vec<u64>> = Mutex::new(Vec::new());
    primes_below(&FOUND, PRIME_BITS, count)
}

/// The `i`-th prime of [`primes`] (0-based).
pub fn prime_at(i: usize) -> u64 {
    primes(i + 1)[i]
}

/// The first `count` primes below 2^31, descending: moduli whose products
/// fit a word, for p-adic lifting.
pub fn half_word_primes(count: usize) -> Vec<u64> {
    static FOUND: Mutex<Vec<u64>> = Mutex::new(Vec::new());
    primes_below(&FOUND, 31, count)
}

/// The first `count` primes below 2^59, descending: lifting moduli for
/// wide entries. Two residues multiply to below 2^118, so 1024 products sum
/// in a u128 before one reduction (FLINT's Dixon solver uses this size too).
pub fn lifting_primes(count: usize) -> Vec<u64> {
    static FOUND: Mutex<Vec<u64>> = Mutex::new(Vec::new());
    primes_below(&FOUND, 59, count)
}

fn primes_below(found: &Mutex<Vec<u64>>, bits: u32, count: usize) -> Vec<u64> {
    let mut found = found
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let mut candidate = found.last().map_or((1u64 << bits) - 1, |&p| p - 2);
    while found.len() < count {
        if crate::integer::is_prime_u64(candidate) {
            found.push(candidate);
        }
        candidate -= 2;
    }
    found[..count].to_vec()
}

// The reductions below are written as `min` of the two candidates rather
// than as branches: in elimination loops the branch is a coin flip, and a
// mispredicted branch costs more than the whole update.

#[inline]
pub fn add_mod(a: u64, b: u64, p: u64) -> u64 {
    let s = a + b;
    s.min(s.wrapping_sub(p))
}

#[inline]
pub fn sub_mod(a: u64, b: u64, p: u64) -> u64 {
    let d = a.wrapping_sub(b);
    d.min(d.wrapping_add(p))
}

/// a·b mod p for any words; when both factors are below 2^32 the product
/// fits a word, and a 64-bit division replaces the 128-bit one.
#[inline]
pub fn mul_mod(a: u64, b: u64, p: u64) -> u64 {
    if (a | b) >> 32 == 0 {
        (a * b) % p
    } else {
        ((a as u128 * b as u128) % p as u128) as u64
    }
}

/// b^e mod p for any modulus p ≥ 1 (prime or not) and any word b.
pub fn pow_mod(mut b: u64, mut e: u64, p: u64) -> u64 {
    let mut r = 1 % p;
    b %= p;
    while e > 0 {
        if e & 1 == 1 {
            r = mul_mod(r, b, p);
        }
        b = mul_mod(b, b, p);
        e >>= 1;
    }
    r
}

/// a⁻¹ mod p for a coprime to p < 2^63 (0 for a ≡ 0), by extended Euclid:
/// no 128-bit division, unlike Fermat's a^(p−2).
pub fn inv_mod(a: u64, p: u64) -> u64 {
    // p < 2^63: remainders and cofactors (bounded by p) fit i64.
    let (mut r0, mut r1) = (p as i64, (a % p) as i64);
    let (mut t0, mut t1) = (0i64, 1i64);
    while r1 != 0 {
        let q = r0 / r1;
        (r0, r1) = (r1, r0 - q * r1);
        (t0, t1) = (t1, t0 - q * t1);
    }
    t0.rem_euclid(p as i64) as u64
}

/// A residue `w` prepared for repeated multiplication: `w' = ⌊w·2^64 / p⌋`.
#[derive(Clone, Copy)]
pub struct Shoup {
    w: u64,
    w_pre: u64,
}

impl Shoup {
    #[inline]
    pub fn new(w: u64, p: u64) -> Self {
        Self {
            w,
            w_pre: (((w as u128) << 64) / p as u128) as u64,
        }
    }

    /// `x·w mod p` for any `x < 2^64`, with two word multiplications.
    #[inline]
    pub fn mul(self, x: u64, p: u64) -> u64 {
        let q = ((x as u128 * self.w_pre as u128) >> 64) as u64;
        let r = x.wrapping_mul(self.w).wrapping_sub(q.wrapping_mul(p));
        r.min(r.wrapping_sub(p))
    }
}

/// Reduces an integer into [0, p).
pub fn reduce(x: &BigInt, p: u64) -> u64 {
    use num_traits::ToPrimitive;
    if let Some(small) = x.to_i64() {
        return small.rem_euclid(p as i64) as u64;
    }
    let r = x % p;
    let r = r.to_i64().unwrap_or(0);
    if r < 0 {
        (r + p as i64) as u64
    } else {
        r as u64
    }
}

/// Determinant of a row-major n×n matrix of residues modulo the prime p, by
/// Gaussian elimination (consumes the matrix).
pub fn det_mod_p(mut a: Vec<u64>, n: usize, p: u64, budget: &Budget) -> Result<u64, Stop> {
    let mut det = 1u64;
    for k in 0..n {
        if k % 16 == 0 {
            budget.check()?;
        }
        let Some(piv) = (k..n).find(|&i| a[i * n + k] != 0) else {
            return Ok(0);
        };
        if piv != k {
            for j in k..n {
                a.swap(piv * n + j, k * n + j);
            }
            det = p - det;
            if det == p {
                det = 0;
            }
        }
        let pivot = a[k * n + k];
        det = mul_mod(det, pivot, p);
        let inv = inv_mod(pivot, p);
        let (top, bottom) = a.split_at_mut((k + 1) * n);
        let pivot_row = &top[k * n + k + 1..k * n + n];
        for row in bottom.chunks_exact_mut(n) {
            let x = row[k];
            if x == 0 {
                continue;
            }
            let f = Shoup::new(mul_mod(x, inv, p), p);
            for (r, &pv) in row[k + 1..].iter_mut().zip(pivot_row) {
                *r = sub_mod(*r, f.mul(pv, p), p);
            }
        }
    }
    Ok(det)
}

/// det(x·I − A) modulo p, coefficients lowest degree first: Hessenberg
/// reduction by similarity, then the leading-block recurrence (the same
/// algorithm as the rational kernel, in word arithmetic).
pub fn charpoly_mod_p(
    mut h: Vec<u64>,
    n: usize,
    p: u64,
    budget: &Budget,
) -> Result<Vec<u64>, Stop> {
    for m in 1..n.saturating_sub(1) {
        budget.check()?;
        let Some(i) = (m..n).find(|&i| h[i * n + m - 1] != 0) else {
            continue;
        };
        if i != m {
            for c in 0..n {
                h.swap(i * n + c, m * n + c);
            }
            for r in 0..n {
                h.swap(r * n + i, r * n + m);
            }
        }
        let inv = inv_mod(h[m * n + m - 1], p);
        for j in m + 1..n {
            let x = h[j * n + m - 1];
            if x == 0 {
                continue;
            }
            let u = mul_mod(x, inv, p);
            let us = Shoup::new(u, p);
            for c in 0..n {
                h[j * n + c] = sub_mod(h[j * n + c], us.mul(h[m * n + c], p), p);
            }
            for r in 0..n {
                h[r * n + m] = add_mod(h[r * n + m], us.mul(h[r * n + j], p), p);
            }
        }
    }
    let mut polys: Vec<Vec<u64>> = vec![vec![1]];
    for m in 1..=n {
        budget.check()?;
        let d = h[(m - 1) * n + m - 1];
        let prev = &polys[m - 1];
        let mut next = vec![0u64; m + 1];
        for (k, &c) in prev.iter().enumerate() {
            next[k + 1] = add_mod(next[k + 1], c, p);
            next[k] = sub_mod(next[k], mul_mod(d, c, p), p);
        }
        let mut t = 1u64;
        for i in (0..m - 1).rev() {
            t = mul_mod(t, h[(i + 1) * n + i], p);
            if t == 0 {
                break;
            }
            let f = mul_mod(t, h[i * n + m - 1], p);
            for (k, &c) in polys[i].iter().enumerate() {
                next[k] = sub_mod(next[k], mul_mod(f, c, p), p);
            }
        }
        polys.push(next);
    }
    Ok(polys.pop().unwrap_or_else(|| vec![1]))
}

/// Combines residues `r_i mod p_i` into the unique integer in the symmetric
/// range (−P/2, P/2], P = ∏ p_i.
pub fn crt_symmetric(residues: &[(u64, u64)]) -> BigInt {
    crt_symmetric_within(residues, &crate::Budget::unlimited()).unwrap_or_default()
}

/// [`crt_symmetric`], the budget polled as the modulus grows (the
/// incremental CRT is quadratic in the number of residues).
pub fn crt_symmetric_within(
    residues: &[(u64, u64)],
    budget: &crate::Budget,
) -> Result<BigInt, crate::Stop> {
    let mut x = BigInt::zero();
    let mut modulus = BigInt::one();
    let mut meter = crate::Meter::new(budget);
    for &(r, p) in residues {
        meter.tick_over(&[&modulus])?;
        // x ← x + modulus·((r − x)·modulus⁻¹ mod p)
        let xm = reduce(&x, p);
        let mm = reduce(&modulus, p);
        let t = mul_mod(sub_mod(r, xm, p), inv_mod(mm, p), p);
        x += &modulus * t;
        modulus *= p;
    }
    Ok(if &x * 2 > modulus { x - modulus } else { x })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn primes_are_distinct_word_size_primes() {
        let ps = primes(300);
        assert_eq!(primes(5), ps[..5]);
        assert!(ps.windows(2).all(|w| w[0] > w[1]));
        assert!(
            ps.iter()
                .all(|&p| p < 1 << PRIME_BITS && crate::integer::is_prime_u64(p))
        );
    }

    #[test]
    fn shoup_matches_wide_multiplication() {
        let mut rng = StdRng::seed_from_u64(41);
        for &p in &primes(8) {
            for _ in 0..10_000 {
                let (w, x) = (rng.gen_range(0..p), rng.r#gen::<u64>());
                assert_eq!(
                    Shoup::new(w, p).mul(x, p),
                    ((w as u128 * x as u128) % p as u128) as u64
                );
            }
        }
    }

    #[test]
    fn crt_recovers_signed_integers() {
        let ps = &primes(3);
        let big: BigInt = BigInt::from(1) << 150u32;
        let neg: BigInt = -(BigInt::from(3) << 170u32);
        for v in [BigInt::from(-5), BigInt::from(0), big, neg] {
            let residues: Vec<(u64, u64)> = ps.iter().map(|&p| (reduce(&v, p), p)).collect();
            assert_eq!(crt_symmetric(&residues), v);
        }
    }
}
