//! p-adic (Dixon) lifting: the exact solution of A·x = b for a non-singular
//! integer matrix from one LU factorization modulo a prime, and from it a
//! large divisor of det A (the common denominator of x), so that the
//! determinant needs only a few primes beyond it.

use crate::modular::{Shoup, half_word_primes, inv_mod, mul_mod, sub_mod};
use crate::{Budget, Stop};
use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// P·A = L·U modulo a prime below 2^31 (L unit lower, stored below the
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

    /// x with A·x ≡ r (mod p). Products of two residues fit in 62 bits, so
    /// each dot product is summed in 128 bits and reduced once.
    pub fn solve(&self, r: &[u64]) -> Vec<u64> {
        let (n, p) = (self.n, self.p);
        let mut y: Vec<u64> = self.perm.iter().map(|&i| r[i]).collect();
        for i in 1..n {
            let row = &self.lu[i * n..i * n + i];
            let dot: u128 = row
                .iter()
                .zip(&y[..i])
                .map(|(&l, &v)| (l * v) as u128)
                .sum();
            y[i] = sub_mod(y[i], (dot % p as u128) as u64, p);
        }
        for i in (0..n).rev() {
            let row = &self.lu[i * n + i + 1..(i + 1) * n];
            let dot: u128 = row
                .iter()
                .zip(&y[i + 1..])
                .map(|(&u, &v)| (u * v) as u128)
                .sum();
            let t = sub_mod(y[i], (dot % p as u128) as u64, p);
            y[i] = mul_mod(t, self.inv_diag[i], p);
        }
        y
    }
}

/// Entries of A must stay below this in magnitude, so that every product
/// with a residue and every row sum fits in 128 bits.
pub const MAX_ENTRY: i64 = 1 << 31;

/// The solution of A·x = b as common numerator vector and denominator
/// (`x = num / den`, den > 0, reduced jointly). `Ok(None)` when A is
/// singular modulo the lifting prime (it may be singular over Q).
///
/// `log2_bound` must bound log2 of every |det| of A with one column replaced
/// by b, and of det A (Hadamard's bound on the rows of [A | b] does).
pub fn solve(
    a: &[i64],
    b: &[i64],
    n: usize,
    log2_bound: f64,
    budget: &Budget,
) -> Result<Option<(Vec<BigInt>, BigInt)>, Stop> {
    let b: Vec<BigInt> = b.iter().map(|&x| BigInt::from(x)).collect();
    match Lifting::new(Entries::Narrow(a), n, budget)? {
        Some(l) => l.solve(&b, log2_bound, budget),
        None => Ok(None),
    }
}

/// [`solve`] for entries of any size (rationals with cleared denominators).
pub fn solve_wide(
    a: &[BigInt],
    b: &[BigInt],
    n: usize,
    log2_bound: f64,
    budget: &Budget,
) -> Result<Option<(Vec<BigInt>, BigInt)>, Stop> {
    match Lifting::new(Entries::Wide(a), n, budget)? {
        Some(l) => l.solve(b, log2_bound, budget),
        None => Ok(None),
    }
}

/// The entries of A, row-major.
pub enum Entries<'a> {
    /// Every |entry| below [`MAX_ENTRY`].
    Narrow(&'a [i64]),
    Wide(&'a [BigInt]),
}

/// One LU factorization of A modulo a prime, reused for any number of
/// right-hand sides (an inverse lifts n of them).
pub struct Lifting<'a> {
    lu: LuModP,
    narrow: Option<&'a [i64]>,
    /// A = Σ_t A_t·2^(32t) in signed 32-bit limbs, for residuals that do not
    /// fit a word.
    limbs: Vec<Vec<i64>>,
}

impl<'a> Lifting<'a> {
    /// `None` when A is singular modulo each of a few primes.
    pub fn new(a: Entries<'a>, n: usize, budget: &Budget) -> Result<Option<Self>, Stop> {
        let (narrow, limbs) = match a {
            Entries::Narrow(a) => {
                debug_assert!(a.iter().all(|x| x.abs() < MAX_ENTRY));
                (Some(a), vec![a.to_vec()])
            }
            Entries::Wide(a) => (None, split_limbs(a)),
        };
        let reduce = |p: u64| -> Vec<u64> {
            let mut acc = vec![0u64; n * n];
            for (t, limb) in limbs.iter().enumerate() {
                let shift = crate::modular::pow_mod(2, 32 * t as u64, p);
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
        for p in half_word_primes(3) {
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
        let n = self.lu.n;
        let small: Option<Vec<i64>> = b
            .iter()
            .map(|x| x.to_i64().filter(|v| v.abs() < MAX_ENTRY))
            .collect();
        match (self.narrow, small) {
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
                &mut Wide {
                    limbs: &self.limbs,
                    n,
                    r: b.to_vec(),
                },
                log2_bound,
                budget,
            ),
        }
    }
}

/// Signed 32-bit limbs of every entry: A = Σ_t A_t·2^(32t).
fn split_limbs(a: &[BigInt]) -> Vec<Vec<i64>> {
    let count = a
        .iter()
        .map(|x| x.bits().div_ceil(32) as usize)
        .max()
        .unwrap_or(0)
        .max(1);
    let mut limbs = vec![vec![0i64; a.len()]; count];
    for (k, x) in a.iter().enumerate() {
        let sign = if x.sign() == Sign::Minus { -1 } else { 1 };
        for (t, d) in x.magnitude().iter_u32_digits().enumerate() {
            limbs[t][k] = sign * d as i64;
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

/// The residual for wide entries or right-hand sides: A·x is one
/// word-size matrix–vector product per limb (x_j < 2^31, |A_t| < 2^32, so a
/// row sum of up to 2^32 terms fits i128), combined once per row.
struct Wide<'a> {
    limbs: &'a [Vec<i64>],
    n: usize,
    r: Vec<BigInt>,
}

impl Residual for Wide<'_> {
    fn residue(&self, p: u64) -> Vec<u64> {
        self.r
            .iter()
            .map(|x| crate::modular::reduce(x, p))
            .collect()
    }

    fn update(&mut self, x: &[u64], p: u64) {
        let pb = BigInt::from(p);
        let n = self.n;
        for (i, ri) in self.r.iter_mut().enumerate() {
            let mut ax = BigInt::zero();
            for (t, limb) in self.limbs.iter().enumerate().rev() {
                let dot: i128 = limb[i * n..(i + 1) * n]
                    .iter()
                    .zip(x)
                    .map(|(&a, &xj)| a as i128 * xj as i128)
                    .sum();
                ax += BigInt::from(dot) << (32 * t);
            }
            // Exact: A·x ≡ r (mod p) by construction.
            *ri = (std::mem::take(ri) - ax) / &pb;
        }
    }
}

/// Lifts until p^k exceeds twice the square of the Cramer bound, then
/// reconstructs the rational solution from the p-adic digits.
fn lift(
    lu: &LuModP,
    r: &mut impl Residual,
    log2_bound: f64,
    budget: &Budget,
) -> Result<Option<(Vec<BigInt>, BigInt)>, Stop> {
    let (p, n) = (lu.p, lu.n);
    // Cramer: numerators and the denominator are at most 2^log2_bound, and
    // reconstruction is unique once p^k > 2·N·D.
    let steps = ((2.0 * log2_bound + 2.0) / (p as f64).log2()).ceil() as usize + 1;
    let mut digits: Vec<Vec<u64>> = Vec::with_capacity(steps);
    for step in 0..steps {
        if step % 8 == 0 {
            budget.check()?;
        }
        let x = lu.solve(&r.residue(p));
        r.update(&x, p);
        digits.push(x);
    }
    // X ≡ A⁻¹·b (mod p^steps), one component at a time by Horner.
    let modulus = BigUint::from(p).pow(steps as u32);
    let bound = BigUint::one() << ((log2_bound.ceil() as u64) + 1);
    let mut den = BigUint::one();
    let mut xs = Vec::with_capacity(n);
    for j in 0..n {
        let mut v = BigUint::zero();
        for d in digits.iter().rev() {
            v *= p;
            v += d[j];
        }
        xs.push(v);
    }
    // Vector reconstruction: scale by the denominator found so far, so most
    // components reconstruct with denominator 1 at once.
    let mut nums = Vec::with_capacity(n);
    for v in &xs {
        let scaled = (v * &den) % &modulus;
        let Some((num, d)) = reconstruct(&scaled, &modulus, &bound) else {
            return Ok(None);
        };
        if !d.is_one() {
            den *= &d;
            for prev in nums.iter_mut() {
                *prev *= BigInt::from(d.clone());
            }
        }
        nums.push(num);
        if den > bound {
            return Ok(None);
        }
    }
    Ok(Some((nums, BigInt::from(den))))
}

/// The fraction num/den ≡ v (mod m) with |num| ≤ bound and 0 < den ≤ bound,
/// by the extended Euclidean algorithm; unique when m > 2·bound².
fn reconstruct(v: &BigUint, m: &BigUint, bound: &BigUint) -> Option<(BigInt, BigUint)> {
    let (mut r0, mut r1) = (BigInt::from(m.clone()), BigInt::from(v.clone()));
    let (mut t0, mut t1) = (BigInt::zero(), BigInt::one());
    let bound_i = BigInt::from(bound.clone());
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
            let (num, den) = solve(&a, &rhs, n, log2, &b)
                .unwrap()
                .expect("random matrices are non-singular");
            for i in 0..n {
                let lhs: BigInt = (0..n).map(|j| BigInt::from(a[i * n + j]) * &num[j]).sum();
                assert_eq!(lhs, &den * rhs[i], "n={n} row {i}");
            }
        }
    }

    #[test]
    fn singular_systems_are_reported() {
        let a = [1, 2, 2, 4];
        assert!(
            solve(&a, &[1, 1], 2, 10.0, &Budget::unlimited())
                .unwrap()
                .is_none()
        );
    }
}
