//! Number theory on big integers: gcd, extended gcd, primality,
//! factorization, Euler's totient.

mod ecm;

use crate::modular::{mul_mod, pow_mod};
use crate::{Budget, Stop};
use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

/// gcd of a list (0 for the empty list or all zeros); always non-negative.
pub fn gcd_all(xs: &[BigInt]) -> BigInt {
    xs.iter().fold(BigInt::zero(), |g, x| gcd(&g, x))
}

/// gcd(a, b) ≥ 0. num-integer's binary gcd takes a shift of the larger
/// number per bit, even when the other is one word: an unbalanced pair is
/// first cut down by one division, and above four words dashu's Lehmer gcd
/// (6–12× faster from 4k bits, ../shared/DEPENDENCIES.md) does it, through
/// a byte copy each way that costs O(n) against the gcd's O(n²).
pub fn gcd(a: &BigInt, b: &BigInt) -> BigInt {
    const BITS: u64 = 256;
    let (big, small) = if a.bits() >= b.bits() { (a, b) } else { (b, a) };
    if small.bits() <= BITS {
        if big.bits() <= BITS || small.is_zero() {
            return big.gcd(small);
        }
        return small.gcd(&(big % small));
    }
    let to = |n: &BigInt| dashu_int::UBig::from_le_bytes(&n.magnitude().to_bytes_le());
    let g = dashu_int::ops::Gcd::gcd(to(a), to(b));
    BigInt::from_biguint(Sign::Plus, BigUint::from_bytes_le(&g.to_le_bytes()))
}

/// `(g, x, y)` with `a·x + b·y = g = gcd(a, b) ≥ 0`. The coefficients are the
/// ones the extended Euclidean algorithm yields: |x| ≤ |b|/(2g) and
/// |y| ≤ |a|/(2g) when both inputs are non-zero and neither divides the other.
pub fn extended_gcd(a: &BigInt, b: &BigInt) -> (BigInt, BigInt, BigInt) {
    let (mut r0, mut r1) = (a.clone(), b.clone());
    let (mut s0, mut s1) = (BigInt::one(), BigInt::zero());
    let (mut t0, mut t1) = (BigInt::zero(), BigInt::one());
    while !r1.is_zero() {
        let (q, r) = r0.div_rem(&r1);
        r0 = std::mem::replace(&mut r1, r);
        let s = &s0 - &q * &s1;
        s0 = std::mem::replace(&mut s1, s);
        let t = &t0 - &q * &t1;
        t0 = std::mem::replace(&mut t1, t);
    }
    if r0.sign() == Sign::Minus {
        (-r0, -s0, -t0)
    } else {
        (r0, s0, t0)
    }
}

/// The inverse of a modulo m ≥ 1 in 0..m, or `None` when gcd(a, m) ≠ 1
/// (modulo 1 everything is invertible, with inverse 0).
pub fn mod_inverse(a: &BigInt, m: &BigInt) -> Option<BigInt> {
    let (g, x, _) = extended_gcd(a, m);
    (g.is_one() || m.is_one()).then(|| x.mod_floor(m))
}

/// What a primality test established.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Primality {
    Composite,
    /// Proven: below 2^64 the Miller–Rabin bases used are a proof.
    Prime,
    /// Passed BPSW (strong base-2 Miller–Rabin plus strong Lucas); no
    /// composite passing it is known, but this is not a proof.
    ProbablePrime,
}

impl Primality {
    pub fn is_prime(self) -> bool {
        self != Primality::Composite
    }
}

const SMALL_PRIMES: [u64; 25] = [
    2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97,
];

pub fn is_prime(n: &BigUint) -> Primality {
    if let Some(small) = n.to_u64() {
        return if is_prime_u64(small) {
            Primality::Prime
        } else {
            Primality::Composite
        };
    }
    for &p in &SMALL_PRIMES {
        if (n % p).is_zero() {
            return Primality::Composite;
        }
    }
    if strong_probable_prime(n, &BigUint::from(2u32)) && strong_lucas_probable_prime(n) {
        Primality::ProbablePrime
    } else {
        Primality::Composite
    }
}

/// Deterministic for every u64: the first twelve primes as Miller–Rabin
/// bases suffice below 3.3·10^24.
pub fn is_prime_u64(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    for &p in &SMALL_PRIMES {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    'bases: for &a in &SMALL_PRIMES[..12] {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

fn strong_probable_prime(n: &BigUint, a: &BigUint) -> bool {
    let n1 = n - 1u32;
    let s = n1.trailing_zeros().unwrap_or(0);
    let d = &n1 >> s;
    let mut x: BigUint = a.modpow(&d, n);
    if x.is_one() || x == n1 {
        return true;
    }
    for _ in 1..s {
        x = &x * &x % n;
        if x == n1 {
            return true;
        }
    }
    false
}

/// Jacobi symbol (a/n) for odd positive n.
pub fn jacobi(a: &BigInt, n: &BigUint) -> i32 {
    let mut a = a
        .mod_floor(&BigInt::from(n.clone()))
        .to_biguint()
        .unwrap_or_default();
    let mut n = n.clone();
    let mut result = 1;
    while !a.is_zero() {
        let tz = a.trailing_zeros().unwrap_or(0);
        a >>= tz;
        let n8 = (&n % 8u32).to_u32().unwrap_or(0);
        if tz % 2 == 1 && (n8 == 3 || n8 == 5) {
            result = -result;
        }
        std::mem::swap(&mut a, &mut n);
        if (&a % 4u32).to_u32() == Some(3) && (&n % 4u32).to_u32() == Some(3) {
            result = -result;
        }
        a %= &n;
    }
    if n.is_one() { result } else { 0 }
}

/// Strong Lucas test with Selfridge's parameters (method A): D is the first
/// of 5, −7, 9, −11, … with (D/n) = −1, P = 1, Q = (1 − D)/4.
fn strong_lucas_probable_prime(n: &BigUint) -> bool {
    let root = n.sqrt();
    if &root * &root == *n {
        return false;
    }
    let nn = BigInt::from(n.clone());
    let mut d = BigInt::from(5);
    loop {
        match jacobi(&d, n) {
            -1 => break,
            0 if d.magnitude() != n => return false,
            _ => {}
        }
        d = if d.sign() == Sign::Minus {
            -d + 2
        } else {
            -d - 2
        };
    }
    let q: BigInt = (BigInt::one() - &d) / 4;
    let m = |x: BigInt| x.mod_floor(&nn);
    let half = |x: BigInt| {
        let x = if x.is_odd() { x + &nn } else { x };
        x / 2
    };
    let np1 = n + 1u32;
    let s = np1.trailing_zeros().unwrap_or(0);
    let k = &np1 >> s;
    let (mut u, mut v, mut qk) = (BigInt::one(), BigInt::one(), m(q.clone()));
    let dm = m(d.clone());
    for i in (0..k.bits().saturating_sub(1)).rev() {
        u = m(&u * &v);
        v = m(&v * &v - 2 * &qk);
        qk = m(&qk * &qk);
        if k.bit(i) {
            let u1 = half(&u + &v);
            let v1 = half(&dm * &u + &v);
            u = m(u1);
            v = m(v1);
            qk = m(&qk * &q);
        }
    }
    if u.is_zero() || v.is_zero() {
        return true;
    }
    for _ in 1..s {
        v = m(&v * &v - 2 * &qk);
        if v.is_zero() {
            return true;
        }
        qk = m(&qk * &qk);
    }
    false
}

/// A factorization, possibly cut short by the budget.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Factorization {
    /// Prime factors with exponents, ascending.
    pub primes: Vec<(BigUint, u32)>,
    /// True when some prime above 2^64 rests on BPSW rather than a proof.
    pub probable: bool,
    /// Composite cofactors left when the budget ran out (empty when complete).
    pub unfactored: Vec<BigUint>,
    pub stopped: Option<Stop>,
}

impl Factorization {
    pub fn is_complete(&self) -> bool {
        self.unfactored.is_empty()
    }
}

/// Factors n ≥ 1: trial division by small primes, then Pollard–Brent rho on
/// each composite cofactor (word-size arithmetic below 2^64), polling the
/// budget between batches.
pub fn factor(n: &BigUint, budget: &Budget) -> Factorization {
    let mut found: Vec<BigUint> = Vec::new();
    let mut probable = false;
    let mut m = n.clone();
    for &p in TRIAL_PRIMES.iter() {
        while (&m % p).is_zero() {
            m /= p;
            found.push(p.into());
        }
    }
    let mut stack = if m > BigUint::one() { vec![m] } else { vec![] };
    let mut unfactored = Vec::new();
    let mut stopped = None;
    while let Some(c) = stack.pop() {
        if let Err(stop) = budget.check() {
            stopped = Some(stop);
            unfactored.push(c);
            continue;
        }
        match is_prime(&c) {
            Primality::Prime => found.push(c),
            Primality::ProbablePrime => {
                probable = true;
                found.push(c);
            }
            Primality::Composite => match split(&c, budget) {
                Ok(d) => {
                    let other = &c / &d;
                    stack.push(d);
                    stack.push(other);
                }
                Err(stop) => {
                    stopped = Some(stop);
                    unfactored.push(c);
                }
            },
        }
    }
    found.sort();
    let mut primes: Vec<(BigUint, u32)> = Vec::new();
    for p in found {
        match primes.last_mut() {
            Some((q, e)) if *q == p => *e += 1,
            _ => primes.push((p, 1)),
        }
    }
    unfactored.sort();
    Factorization {
        primes,
        probable,
        unfactored,
        stopped,
    }
}

/// The primes below 1000, for trial division.
static TRIAL_PRIMES: std::sync::LazyLock<Vec<u32>> =
    std::sync::LazyLock::new(|| (2u32..1000).filter(|&p| is_prime_u64(p as u64)).collect());

/// A non-trivial divisor of the composite `c` (no factor below 1000).
fn split(c: &BigUint, budget: &Budget) -> Result<BigUint, Stop> {
    let r = c.sqrt();
    if &r * &r == *c {
        return Ok(r);
    }
    if let Some(small) = c.to_u64() {
        return rho_u64(small, budget).map(BigUint::from);
    }
    // Rho finds small factors fastest; ECM's cost grows with the factor's
    // size, not n's, so it takes over for factors beyond ~12 digits.
    if let Some(d) = rho_big(c, Some(1 << 16), budget)? {
        return Ok(d);
    }
    if let Some(d) = ecm::find_factor(c, budget)? {
        return Ok(d);
    }
    rho_big(c, None, budget).map(|d| d.unwrap_or_else(|| c.clone()))
}

/// Pollard–Brent rho over u64 with batched gcds.
fn rho_u64(n: u64, budget: &Budget) -> Result<u64, Stop> {
    for c in 1u64.. {
        let f = |x: u64| (mul_mod(x, x, n) + c) % n;
        let (mut y, mut r, mut q, mut g) = (2u64, 1u64, 1u64, 1u64);
        let mut x = y;
        let mut ys = y;
        while g == 1 {
            budget.check()?;
            x = y;
            for _ in 0..r {
                y = f(y);
            }
            let mut k = 0;
            while k < r && g == 1 {
                ys = y;
                for _ in 0..128.min(r - k) {
                    y = f(y);
                    q = mul_mod(q, x.abs_diff(y), n);
                }
                g = q.gcd(&n);
                k += 128;
            }
            r *= 2;
        }
        if g == n {
            loop {
                ys = f(ys);
                g = x.abs_diff(ys).gcd(&n);
                if g > 1 {
                    break;
                }
            }
        }
        if g != n {
            return Ok(g);
        }
    }
    unreachable!("the loop over c only ends by returning")
}

/// Pollard–Brent rho over big integers; `None` once the cycle length
/// passes `max_r`.
fn rho_big(n: &BigUint, max_r: Option<u64>, budget: &Budget) -> Result<Option<BigUint>, Stop> {
    let one = BigUint::one();
    for c in 1u32.. {
        let f = |x: &BigUint| (x * x + c) % n;
        let (mut y, mut r, mut q, mut g) = (BigUint::from(2u32), 1u64, one.clone(), one.clone());
        let mut x = y.clone();
        let mut ys = y.clone();
        while g.is_one() {
            budget.check()?;
            if max_r.is_some_and(|m| r > m) {
                return Ok(None);
            }
            x = y.clone();
            for _ in 0..r {
                y = f(&y);
            }
            let mut k = 0;
            while k < r && g.is_one() {
                budget.check()?;
                ys = y.clone();
                for _ in 0..64.min(r - k) {
                    y = f(&y);
                    let diff = if x > y { &x - &y } else { &y - &x };
                    q = q * diff % n;
                }
                g = q.gcd(n);
                k += 64;
            }
            r *= 2;
        }
        if g == *n {
            loop {
                ys = f(&ys);
                let diff = if x > ys { &x - &ys } else { &ys - &x };
                g = diff.gcd(n);
                if !g.is_one() {
                    break;
                }
            }
        }
        if g != *n {
            return Ok(Some(g));
        }
    }
    unreachable!("the loop over c only ends by returning")
}

/// Euler's φ from a complete factorization: ∏ p^(e−1)·(p − 1).
pub fn totient_from(primes: &[(BigUint, u32)]) -> BigUint {
    primes.iter().fold(BigUint::one(), |acc, (p, e)| {
        acc * p.pow(e - 1) * (p - 1u32)
    })
}

#[cfg(test)]
mod tests;

/// The solution of x ≡ rᵢ (mod mᵢ) for moduli mᵢ ≥ 1, coprime or not:
/// `Ok((x, m))` with m = lcm(mᵢ) and 0 ≤ x < m the least solution, or
/// `Err([j, i])`, two congruences that conflict (they disagree modulo
/// gcd(mⱼ, mᵢ)). Combines one congruence at a time: x + m·t ≡ r (mod mᵢ)
/// ⇔ t ≡ (r − x)/g · p (mod mᵢ/g), where g = gcd(m, mᵢ) = p·m + q·mᵢ.
/// Postcondition: x ≡ rᵢ (mod mᵢ) for every i, or the named pair conflicts.
pub fn chinese_remainder(
    rs: &[BigInt],
    ms: &[BigInt],
    budget: &Budget,
) -> Result<Result<(BigInt, BigInt), [usize; 2]>, Stop> {
    let (mut x, mut m) = (BigInt::zero(), BigInt::one());
    for (i, (r, mi)) in rs.iter().zip(ms).enumerate() {
        budget.check()?;
        let (g, p, _) = extended_gcd(&m, mi);
        let diff = r - &x;
        if !diff.is_multiple_of(&g) {
            // Some earlier congruence conflicts with this one: find it.
            let Some(j) = (0..i).find(|&j| !(r - &rs[j]).is_multiple_of(&ms[j].gcd(mi))) else {
                return Err(Stop::CheckFailed("no earlier congruence conflicts"));
            };
            return Ok(Err([j, i]));
        }
        let step = mi / &g;
        let t = ((&diff / &g) * p).mod_floor(&step);
        x += &m * t;
        m *= &step;
        x = x.mod_floor(&m);
    }
    if rs
        .iter()
        .zip(ms)
        .any(|(r, mi)| !(r - &x).is_multiple_of(mi))
    {
        return Err(Stop::CheckFailed("the solution misses a congruence"));
    }
    Ok(Ok((x, m)))
}
