//! p-adic (Dixon) lifting: the exact solution of A·x = b for a non-singular
//! integer matrix from one LU factorization modulo a prime, and from it a
//! large divisor of det A (the common denominator of x), so that the
//! determinant needs only a few primes beyond it.

use crate::modular::{Shoup, add_mod, half_word_primes, inv_mod, lifting_primes, mul_mod, sub_mod};
use crate::{Budget, Stop};
use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// P·A = L·U modulo a prime below 2^59 (L unit lower, stored below the
/// diagonal; U on and above it).
pub struct LuModP {
    n: usize,
    p: u64,
    lu: Vec<u64>,
    /// Row k of `lu` came from row `perm[k]` of A.
    perm: Vec<usize>,
    inv_diag: Vec<u64>,
}

impl LuModP {
    /// `None` when A is singular modulo p.
    pub fn new(a: &[u64], n: usize, p: u64, budget: &Budget) -> Result<Option<Self>, Stop> {
        let mut lu = a.to_vec();
        let mut perm: Vec<usize> = (0..n).collect();
        let mut inv_diag = Vec::with_capacity(n);
        for k in 0..n {
            if k % 16 == 0 {
                budget.check()?;
            }
            let Some(piv) = (k..n).find(|&i| lu[i * n + k] != 0) else {
                return Ok(None);
            };
            if piv != k {
                for j in 0..n {
                    lu.swap(piv * n + j, k * n + j);
                }
                perm.swap(piv, k);
            }
            let inv = inv_mod(lu[k * n + k], p);
            inv_diag.push(inv);
            let (top, bottom) = lu.split_at_mut((k + 1) * n);
            let pivot_row = &top[k * n + k + 1..k * n + n];
            for row in bottom.chunks_exact_mut(n) {
                if row[k] == 0 {
                    continue;
                }
                let f = mul_mod(row[k], inv, p);
                row[k] = f;
                let f = Shoup::new(f, p);
                for (r, &pv) in row[k + 1..].iter_mut().zip(pivot_row) {
                    *r = sub_mod(*r, f.mul(pv, p), p);
                }
            }
        }
        Ok(Some(Self {
            n,
            p,
            lu,
            perm,
            inv_diag,
        }))
    }

    /// x with A·x ≡ r (mod p).
    pub fn solve(&self, r: &[u64]) -> Vec<u64> {
        let (n, p) = (self.n, self.p);
        let mut y: Vec<u64> = self.perm.iter().map(|&i| r[i]).collect();
        for i in 1..n {
            let dot = self.dot(&self.lu[i * n..i * n + i], &y[..i]);
            y[i] = sub_mod(y[i], dot, p);
        }
        for i in (0..n).rev() {
            let dot = self.dot(&self.lu[i * n + i + 1..(i + 1) * n], &y[i + 1..]);
            y[i] = mul_mod(sub_mod(y[i], dot, p), self.inv_diag[i], p);
        }
        y
    }

    /// Σ aᵢ·bᵢ mod p. Below 2^31 a product fits 62 bits and the whole sum a
    /// u128; below 2^59 products are below 2^118 and 1024 of them fit.
    #[inline]
    fn dot(&self, a: &[u64], b: &[u64]) -> u64 {
        let p = self.p;
        if p < 1 << 31 {
            let s: u128 = a.iter().zip(b).map(|(&x, &y)| (x * y) as u128).sum();
            return (s % p as u128) as u64;
        }
        debug_assert!(p < 1 << 59);
        a.chunks(1024).zip(b.chunks(1024)).fold(0, |acc, (ca, cb)| {
            let s: u128 = ca
                .iter()
                .zip(cb)
                .map(|(&x, &y)| x as u128 * y as u128)
                .sum();
            add_mod(acc, (s % p as u128) as u64, p)
        })
    }
}

/// Entries of A must stay below this in magnitude, so that every product
/// with a residue and every row sum fits in 128 bits.
pub const MAX_ENTRY: i64 = 1 << 31;

/// The solution of A·x = b as common numerator vector and denominator
/// (`x = num / den`, den > 0, reduced jointly). `Ok(None)` when A is
/// singular modulo the lifting primes (it may be singular over Q).
///
/// `log2_bound` must bound log2 of every |det| of A with one column replaced
/// by b, and of det A (Hadamard's bound on the rows of [A | b] does).
pub fn solve(
    a: &[BigInt],
    b: &[BigInt],
    n: usize,
    log2_bound: f64,
    budget: &Budget,
) -> Result<Option<(Vec<BigInt>, BigInt)>, Stop> {
    match Lifting::new(a, n, budget)? {
        Some(l) => l.solve(b, log2_bound, budget),
        None => Ok(None),
    }
}

/// One LU factorization of A modulo a prime, reused for any number of
/// right-hand sides (an inverse lifts n of them).
pub struct Lifting {
    lu: LuModP,
    /// A itself when every |entry| is below [`MAX_ENTRY`].
    narrow: Option<Vec<i64>>,
    /// A = Σ_t A_t·2^(56t) in signed 56-bit limbs, for residuals that do not
    /// fit a word.
    limbs: Vec<Vec<i64>>,
}

impl Lifting {
    /// Lifts A (n×n, row-major). `None` when A is singular modulo each of a
    /// few primes. This is the one place that chooses the arithmetic: entries
    /// below [`MAX_ENTRY`] lift with word-only residual updates, wider ones
    /// (rationals with cleared denominators) with the limb-split update.
    pub fn new(a: &[BigInt], n: usize, budget: &Budget) -> Result<Option<Self>, Stop> {
        let words: Option<Vec<i64>> = a
            .iter()
            .map(|x| x.to_i64().filter(|v| v.abs() < MAX_ENTRY))
            .collect();
        match words {
            Some(w) => Self::factor(vec![w.clone()], Some(w), n, budget),
            None => Self::factor(split_limbs(a), None, n, budget),
        }
    }

    /// [`Lifting::new`] for entries already in machine words.
    pub fn of_words(a: &[i64], n: usize, budget: &Budget) -> Result<Option<Self>, Stop> {
        if a.iter().all(|x| x.abs() < MAX_ENTRY) {
            Self::factor(vec![a.to_vec()], Some(a.to_vec()), n, budget)
        } else {
            let wide: Vec<BigInt> = a.iter().map(|&x| BigInt::from(x)).collect();
            Self::factor(split_limbs(&wide), None, n, budget)
        }
    }

    /// Factors A modulo the first of a few primes that leaves it non-singular.
    fn factor(
        limbs: Vec<Vec<i64>>,
        narrow: Option<Vec<i64>>,
        n: usize,
        budget: &Budget,
    ) -> Result<Option<Self>, Stop> {
        if n > MAX_ORDER {
            return Ok(None);
        }
        let reduce = |p: u64| -> Vec<u64> {
            let mut acc = vec![0u64; n * n];
            for (t, limb) in limbs.iter().enumerate() {
                let shift = crate::modular::pow_mod(2, LIMB_BITS as u64 * t as u64, p);
                for (x, &l) in acc.iter_mut().zip(limb) {
                    *x = crate::modular::add_mod(
                        *x,
                        mul_mod(l.rem_euclid(p as i64) as u64, shift, p),
                        p,
                    );
                }
            }
            acc
        };
        // Narrow entries lift with word-only products under a half-word
        // prime; wide ones are limb products anyway, and a prime near 2^59
        // halves the number of steps.
        let primes = if narrow.is_some() {
            half_word_primes(3)
        } else {
            lifting_primes(3)
        };
        for p in primes {
            if let Some(lu) = LuModP::new(&reduce(p), n, p, budget)? {
                return Ok(Some(Lifting { lu, narrow, limbs }));
            }
        }
        Ok(None)
    }

    /// A⁻¹·b as numerators over a common denominator; `None` when the
    /// reconstruction fails (A singular over Q).
    pub fn solve(
        &self,
        b: &[BigInt],
        log2_bound: f64,
        budget: &Budget,
    ) -> Result<Option<(Vec<BigInt>, BigInt)>, Stop> {
        let digits = self.digits(b, log2_bound, budget)?;
        Ok(rational_solution(&digits, self.lu.p, self.lu.n, log2_bound))
    }

    /// A divisor of det A: the common denominator of the first few
    /// components of A⁻¹·b (each divides det A by Cramer's rule; the first
    /// alone is usually all of the solution's denominator). Skips rebuilding
    /// and reconstructing the other components.
    pub fn denominator(
        &self,
        b: &[BigInt],
        log2_bound: f64,
        budget: &Budget,
    ) -> Result<Option<BigInt>, Stop> {
        let digits = self.digits(b, log2_bound, budget)?;
        Ok(rational_solution(&digits, self.lu.p, self.lu.n.min(4), log2_bound).map(|(_, d)| d))
    }

    /// The p-adic digits of A⁻¹·b.
    fn digits(
        &self,
        b: &[BigInt],
        log2_bound: f64,
        budget: &Budget,
    ) -> Result<Vec<Vec<u64>>, Stop> {
        let n = self.lu.n;
        let small: Option<Vec<i64>> = b
            .iter()
            .map(|x| x.to_i64().filter(|v| v.abs() < MAX_ENTRY))
            .collect();
        match (self.narrow.as_deref(), small) {
            (Some(a), Some(b)) => {
                // |r| stays below n·max|a| + max|b| < 2^62, so residues fit
                // i64; A·x fits i64 too when n·max|a|·p < 2^63, else i128.
                let max_a = a.iter().map(|x| x.unsigned_abs()).max().unwrap_or(0) as u128;
                let narrow = (n as u128) * max_a * (self.lu.p as u128) < 1 << 63;
                lift(
                    &self.lu,
                    &mut Narrow { a, n, narrow, r: b },
                    log2_bound,
                    budget,
                )
            }
            _ => lift(
                &self.lu,
                &mut Wide::new(&self.limbs, n, b, self.lu.p),
                log2_bound,
                budget,
            ),
        }
    }
}

/// Bits per limb of a wide entry. A limb times a residue below 2^59 is
/// below 2^115, so a row of up to [`MAX_ORDER`] such products sums in i128.
const LIMB_BITS: u32 = 56;

/// Largest order lifted (see [`LIMB_BITS`]).
pub const MAX_ORDER: usize = 1 << 12;

/// Signed 56-bit limbs of every entry: A = Σ_t A_t·2^(56t).
fn split_limbs(a: &[BigInt]) -> Vec<Vec<i64>> {
    let bits = LIMB_BITS as u64;
    let count = a
        .iter()
        .map(|x| x.bits().div_ceil(bits) as usize)
        .max()
        .unwrap_or(0)
        .max(1);
    let mask = BigUint::from((1u64 << LIMB_BITS) - 1);
    let mut limbs = vec![vec![0i64; a.len()]; count];
    for (k, x) in a.iter().enumerate() {
        let sign = if x.sign() == Sign::Minus { -1 } else { 1 };
        let mut m = x.magnitude().clone();
        for limb in limbs.iter_mut() {
            if m.is_zero() {
                break;
            }
            limb[k] = sign * (&m & &mask).to_i64().unwrap_or(0);
            m >>= bits;
        }
    }
    limbs
}

/// The residual r_k of the lifting, with r_{k+1} = (r_k − A·x_k)/p.
trait Residual {
    fn residue(&self, p: u64) -> Vec<u64>;
    fn update(&mut self, x: &[u64], p: u64);
}

struct Narrow<'a> {
    a: &'a [i64],
    n: usize,
    narrow: bool,
    r: Vec<i64>,
}

impl Residual for Narrow<'_> {
    fn residue(&self, p: u64) -> Vec<u64> {
        self.r
            .iter()
            .map(|&x| x.rem_euclid(p as i64) as u64)
            .collect()
    }

    fn update(&mut self, x: &[u64], p: u64) {
        for (i, ri) in self.r.iter_mut().enumerate() {
            let row = &self.a[i * self.n..(i + 1) * self.n];
            let ax: i128 = if self.narrow {
                row.iter()
                    .zip(x)
                    .map(|(&aij, &xj)| aij * xj as i64)
                    .sum::<i64>() as i128
            } else {
                row.iter()
                    .zip(x)
                    .map(|(&aij, &xj)| aij as i128 * xj as i128)
                    .sum()
            };
            *ri = ((*ri as i128 - ax) / p as i128) as i64;
        }
    }
}

/// The residual for wide entries or right-hand sides, kept in fixed
/// two's-complement words (no big-number allocation per step). A·x is one
/// word-size matrix–vector product per 56-bit limb of A, carried into
/// words once per row; the division by p is exact, so it is a Hensel
/// division by p⁻¹ mod 2^64 (no hardware division).
struct Wide<'a> {
    limbs: &'a [Vec<i64>],
    n: usize,
    /// Words per residual entry: room for |r| + n·max|A|·p and a sign.
    words: usize,
    /// Row i of the residual is `r[i·words..(i+1)·words]`, least significant first.
    r: Vec<u64>,
    p: u64,
    /// p⁻¹ mod 2^64.
    p_inv: u64,
    /// 2^(64k) mod p for each word k, and 2^(64·words) mod p (for the sign).
    word_weights: Vec<Shoup>,
    wrap: u64,
}

impl<'a> Wide<'a> {
    fn new(limbs: &'a [Vec<i64>], n: usize, b: &[BigInt], p: u64) -> Self {
        let b_bits = b.iter().map(|x| x.bits()).max().unwrap_or(0);
        let a_bits = u64::from(LIMB_BITS) * limbs.len() as u64;
        let n_bits = u64::from((n.max(1) as u64).ilog2() + 1);
        // |r| stays below max|b| + 2n·max|A|; before the division it gains
        // at most n·max|A|·p more.
        let bits = b_bits.max(a_bits + n_bits + 1) + 64 + 2;
        let words = bits.div_ceil(64) as usize + 1;
        let mut r = vec![0u64; n * words];
        for (i, x) in b.iter().enumerate() {
            let digits = x.to_signed_bytes_le();
            let fill = if x.sign() == Sign::Minus { 0xff } else { 0 };
            let row = &mut r[i * words..(i + 1) * words];
            for (k, w) in row.iter_mut().enumerate() {
                let mut bytes = [fill; 8];
                for (j, byte) in bytes.iter_mut().enumerate() {
                    if let Some(&d) = digits.get(8 * k + j) {
                        *byte = d;
                    }
                }
                *w = u64::from_le_bytes(bytes);
            }
        }
        // Newton: each step doubles the correct low bits of p⁻¹ (p odd).
        let mut p_inv = p;
        for _ in 0..6 {
            p_inv = p_inv.wrapping_mul(2u64.wrapping_sub(p.wrapping_mul(p_inv)));
        }
        let base = ((1u128 << 64) % p as u128) as u64;
        let mut weight = 1 % p;
        let mut word_weights = Vec::with_capacity(words);
        for _ in 0..words {
            word_weights.push(Shoup::new(weight, p));
            weight = mul_mod(weight, base, p);
        }
        Wide {
            limbs,
            n,
            words,
            r,
            p,
            p_inv,
            word_weights,
            wrap: weight,
        }
    }
}

impl Residual for Wide<'_> {
    fn residue(&self, p: u64) -> Vec<u64> {
        debug_assert_eq!(p, self.p);
        self.r
            .chunks_exact(self.words)
            .map(|row| {
                let u = row
                    .iter()
                    .zip(&self.word_weights)
                    .fold(0, |acc, (&w, weight)| add_mod(acc, weight.mul(w, p), p));
                let negative = row[self.words - 1] >> 63 == 1;
                if negative {
                    sub_mod(u, self.wrap, p)
                } else {
                    u
                }
            })
            .collect()
    }

    fn update(&mut self, x: &[u64], p: u64) {
        let (n, words) = (self.n, self.words);
        let mut ax = vec![0u64; words];
        for (i, row) in self.r.chunks_exact_mut(words).enumerate() {
            // A·x in words: 56-bit digits carried up from the limb products
            // (x_j < 2^59 is a non-negative i64: one signed multiply each).
            ax.fill(0);
            let mut carry: i128 = 0;
            for k in 0..(64 * words).div_ceil(LIMB_BITS as usize) {
                if let Some(limb) = self.limbs.get(k) {
                    carry += limb[i * n..(i + 1) * n]
                        .iter()
                        .zip(x)
                        .map(|(&a, &xj)| i128::from(a) * i128::from(xj as i64))
                        .sum::<i128>();
                }
                let digit = (carry as u64) & ((1 << LIMB_BITS) - 1);
                let (word, offset) = ((k * LIMB_BITS as usize) / 64, (k * LIMB_BITS as usize) % 64);
                ax[word] |= digit << offset;
                if offset + LIMB_BITS as usize > 64 && word + 1 < words {
                    ax[word + 1] |= digit >> (64 - offset);
                }
                carry >>= LIMB_BITS;
            }
            // row −= A·x (mod 2^(64·words)), then row /= p exactly.
            let mut borrow = false;
            for (w, &a) in row.iter_mut().zip(&ax) {
                let (d, b1) = w.overflowing_sub(a);
                let (d, b2) = d.overflowing_sub(u64::from(borrow));
                *w = d;
                borrow = b1 | b2;
            }
            let mut borrow = 0u64;
            for w in row.iter_mut() {
                let (low, under) = w.overflowing_sub(borrow);
                let q = low.wrapping_mul(self.p_inv);
                *w = q;
                borrow = ((q as u128 * p as u128) >> 64) as u64 + u64::from(under);
            }
        }
    }
}

/// The p-adic digits x_0, x_1, … of A⁻¹·b until p^k exceeds twice the
/// square of the Cramer bound (reconstruction is then unique).
fn lift(
    lu: &LuModP,
    r: &mut impl Residual,
    log2_bound: f64,
    budget: &Budget,
) -> Result<Vec<Vec<u64>>, Stop> {
    let p = lu.p;
    let mut digits: Vec<Vec<u64>> = Vec::with_capacity(steps(p, log2_bound));
    for step in 0..steps(p, log2_bound) {
        if step % 8 == 0 {
            budget.check()?;
        }
        let x = lu.solve(&r.residue(p));
        r.update(&x, p);
        digits.push(x);
    }
    Ok(digits)
}

/// Cramer: numerators and the denominator are at most 2^log2_bound, and
/// reconstruction is unique once p^k > 2·N·D.
fn steps(p: u64, log2_bound: f64) -> usize {
    ((2.0 * log2_bound + 2.0) / (p as f64).log2()).ceil() as usize + 1
}

/// The first `count` components of the solution whose p-adic digits are
/// given, as numerators over their common denominator; `None` when one
/// does not reconstruct within the bound (A singular over Q).
fn rational_solution(
    digits: &[Vec<u64>],
    p: u64,
    count: usize,
    log2_bound: f64,
) -> Option<(Vec<BigInt>, BigInt)> {
    use rayon::prelude::*;
    let modulus = BigUint::from(p).pow(digits.len() as u32);
    let bound = BigUint::one() << ((log2_bound.ceil() as u64) + 1);
    let xs: Vec<BigUint> = (0..count)
        .into_par_iter()
        .map(|j| p_adic_value(digits.iter().map(|d| d[j]), p))
        .collect();
    // Scale by the denominator found so far, so most components
    // reconstruct with denominator 1 at once.
    let mut den = BigUint::one();
    let mut nums = Vec::with_capacity(count);
    for v in &xs {
        let scaled = (v * &den) % &modulus;
        let (num, d) = reconstruct(&scaled, &modulus, &bound)?;
        if !d.is_one() {
            den *= &d;
            for prev in nums.iter_mut() {
                *prev *= BigInt::from(d.clone());
            }
        }
        nums.push(num);
        if den > bound {
            return None;
        }
    }
    Some((nums, BigInt::from(den)))
}

/// Σ d_k·p^k, by pairwise combination (d₀ + p·d₁, then pairs of those
/// with p², …): big products of balanced sizes instead of a quadratic Horner.
fn p_adic_value(digits: impl Iterator<Item = u64>, p: u64) -> BigUint {
    let mut level: Vec<BigUint> = digits.map(BigUint::from).collect();
    let mut power = BigUint::from(p);
    while level.len() > 1 {
        let mut next = Vec::with_capacity(level.len().div_ceil(2));
        let mut it = level.into_iter();
        while let Some(low) = it.next() {
            next.push(match it.next() {
                Some(high) => low + high * &power,
                None => low,
            });
        }
        level = next;
        if level.len() > 1 {
            power = &power * &power;
        }
    }
    level.pop().unwrap_or_default()
}

/// The fraction num/den ≡ v (mod m) with |num| ≤ bound and 0 < den ≤ bound,
/// by the extended Euclidean algorithm; unique when m > 2·bound².
///
/// While the remainders are far above the bound, Lehmer's method runs the
/// quotient sequence on their leading 63 bits and applies a whole batch of
/// steps at once (Knuth, TAOCP 4.5.2, Algorithm L); the quotients it takes
/// are exactly Euclid's, so the result is the same.
fn reconstruct(v: &BigUint, m: &BigUint, bound: &BigUint) -> Option<(BigInt, BigUint)> {
    let (mut r0, mut r1) = (BigInt::from(m.clone()), BigInt::from(v.clone()));
    let (mut t0, mut t1) = (BigInt::zero(), BigInt::one());
    let bound_i = BigInt::from(bound.clone());
    // One batch shrinks the remainders by less than 2^64: stop batching
    // well above the bound and finish with single steps.
    let batch_floor = bound.bits() + 130;
    while r1.bits() > batch_floor {
        let shift = r0.bits() - 63;
        let (Some(mut u), Some(mut w)) = ((&r0 >> shift).to_i128(), (&r1 >> shift).to_i128())
        else {
            return None;
        };
        let (mut a, mut b, mut c, mut d) = (1i128, 0i128, 0i128, 1i128);
        while w + c != 0 && w + d != 0 {
            let q = (u + a) / (w + c);
            if q != (u + b) / (w + d) {
                break;
            }
            (a, c) = (c, a - q * c);
            (b, d) = (d, b - q * d);
            (u, w) = (w, u - q * w);
        }
        if b == 0 {
            let (q, r) = r0.div_rem(&r1);
            r0 = std::mem::replace(&mut r1, r);
            let t = &t0 - &q * &t1;
            t0 = std::mem::replace(&mut t1, t);
        } else {
            let (a, b, c, d) = (
                BigInt::from(a),
                BigInt::from(b),
                BigInt::from(c),
                BigInt::from(d),
            );
            (r0, r1) = (&a * &r0 + &b * &r1, &c * &r0 + &d * &r1);
            (t0, t1) = (&a * &t0 + &b * &t1, &c * &t0 + &d * &t1);
        }
    }
    while r1 > bound_i {
        let (q, r) = r0.div_rem(&r1);
        r0 = std::mem::replace(&mut r1, r);
        let t = &t0 - &q * &t1;
        t0 = std::mem::replace(&mut t1, t);
    }
    if t1.is_zero() || t1.abs() > bound_i {
        return None;
    }
    let (num, den) = if t1.sign() == Sign::Minus {
        (-r1, -t1)
    } else {
        (r1, t1)
    };
    Some((num, den.to_biguint()?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn lifted_solutions_satisfy_the_system_exactly() {
        let mut rng = StdRng::seed_from_u64(51);
        let b = Budget::unlimited();
        for n in [1, 3, 10, 40] {
            let a: Vec<i64> = (0..n * n).map(|_| rng.gen_range(-100..=100)).collect();
            let rhs: Vec<i64> = (0..n).map(|_| rng.gen_range(-5..=5)).collect();
            let log2 = (0..n)
                .map(|i| {
                    let s: f64 = a[i * n..(i + 1) * n]
                        .iter()
                        .chain([&rhs[i]])
                        .map(|&x| (x * x) as f64)
                        .sum();
                    s.log2() / 2.0
                })
                .sum::<f64>()
                + 1.0;
            let wide = |v: &[i64]| v.iter().map(|&x| BigInt::from(x)).collect::<Vec<_>>();
            let (num, den) = solve(&wide(&a), &wide(&rhs), n, log2, &b)
                .unwrap()
                .expect("random matrices are non-singular");
            for i in 0..n {
                let lhs: BigInt = (0..n).map(|j| BigInt::from(a[i * n + j]) * &num[j]).sum();
                assert_eq!(lhs, &den * rhs[i], "n={n} row {i}");
            }
        }
    }

    #[test]
    fn wide_entries_and_right_hand_sides_lift_exactly() {
        let mut rng = StdRng::seed_from_u64(52);
        let b = Budget::unlimited();
        let big = |rng: &mut StdRng, bits: u32| {
            let x = BigInt::from(rng.r#gen::<u64>()) << (bits - 64);
            let x = x + BigInt::from(rng.r#gen::<u64>());
            if rng.r#gen::<bool>() { -x } else { x }
        };
        for (n, a_bits, b_bits) in [(1, 70, 64), (4, 100, 80), (12, 140, 64), (30, 64, 200)] {
            let a: Vec<BigInt> = (0..n * n).map(|_| big(&mut rng, a_bits)).collect();
            let rhs: Vec<BigInt> = (0..n).map(|_| big(&mut rng, b_bits)).collect();
            let log2 = n as f64 * (f64::from(a_bits.max(b_bits)) + (n as f64).log2()) + 2.0;
            let (num, den) = solve(&a, &rhs, n, log2, &b)
                .unwrap()
                .expect("random matrices are non-singular");
            for i in 0..n {
                let lhs: BigInt = (0..n).map(|j| &a[i * n + j] * &num[j]).sum();
                assert_eq!(lhs, &den * &rhs[i], "n={n} row {i}");
            }
        }
    }

    #[test]
    fn lehmer_reconstruction_matches_plain_euclid() {
        let mut rng = StdRng::seed_from_u64(53);
        let plain = |v: &BigUint, m: &BigUint, bound: &BigUint| {
            let (mut r0, mut r1) = (BigInt::from(m.clone()), BigInt::from(v.clone()));
            let (mut t0, mut t1) = (BigInt::zero(), BigInt::one());
            while r1 > BigInt::from(bound.clone()) {
                let (q, r) = r0.div_rem(&r1);
                r0 = std::mem::replace(&mut r1, r);
                let t = &t0 - &q * &t1;
                t0 = std::mem::replace(&mut t1, t);
            }
            (r1, t1)
        };
        for bits in [64u64, 300, 2000] {
            let m = (BigUint::one() << (2 * bits + 3)) + BigUint::from(rng.r#gen::<u64>() | 1);
            let bound = BigUint::one() << bits;
            for _ in 0..5 {
                // A true fraction num/den with both below the bound, and noise.
                let den = (BigUint::from(rng.r#gen::<u64>()) << (bits - 64)) + 1u32;
                let num = BigUint::from(rng.r#gen::<u64>()) << (bits - 64);
                let inv = BigInt::from(den.clone()).modinv(&BigInt::from(m.clone()));
                let Some(inv) = inv.and_then(|i| i.to_biguint()) else {
                    continue;
                };
                let v = (&num * inv) % &m;
                let (n1, d1) = reconstruct(&v, &m, &bound).expect("reconstructs");
                assert_eq!(
                    n1 * BigInt::from(den.clone()),
                    BigInt::from(num.clone()) * BigInt::from(d1)
                );
                let noise = BigUint::from(rng.r#gen::<u64>()) << (2 * bits - 64);
                let (r, t) = plain(&noise, &m, &bound);
                match reconstruct(&noise, &m, &bound) {
                    Some((num, den)) => {
                        let t = if t.sign() == Sign::Minus { -t } else { t };
                        assert_eq!(BigInt::from(den), t);
                        assert_eq!(num.abs(), r);
                    }
                    None => assert!(t.is_zero() || t.abs() > BigInt::from(bound.clone())),
                }
            }
        }
    }

    #[test]
    fn singular_systems_are_reported() {
        let int = |v: &[i64]| v.iter().map(|&x| BigInt::from(x)).collect::<Vec<_>>();
        assert!(
            solve(
                &int(&[1, 2, 2, 4]),
                &int(&[1, 1]),
                2,
                10.0,
                &Budget::unlimited()
            )
            .unwrap()
            .is_none()
        );
    }
}
