//! Number theory built on factorization: prime counting and sieving,
//! multiplicative functions, orders, primitive roots, discrete logarithms,
//! square roots modulo n, sums of two squares, continued fractions of √n.

use crate::integer::{self, mod_inverse};
use crate::{Budget, Stop};
use num_bigint::{BigInt, BigUint};
use num_integer::{Integer, Roots};
use num_traits::{One, ToPrimitive, Zero};

/// A complete factorization as `(prime, exponent)` pairs, ascending.
pub type Factors = Vec<(BigUint, u32)>;

/// Odd primes below `limit` and 2, by a plain sieve of Eratosthenes.
pub fn primes_below(limit: usize) -> Vec<u64> {
    if limit <= 2 {
        return Vec::new();
    }
    let mut composite = vec![false; limit];
    let mut out = Vec::new();
    for i in 2..limit {
        if !composite[i] {
            out.push(i as u64);
            let mut j = i * i;
            while j < limit {
                composite[j] = true;
                j += i;
            }
        }
    }
    out
}

/// The primes in `lo..=hi`, ascending, by a segmented sieve. The caller
/// bounds the range width; `hi < 2^63`.
pub fn primes_in_range(lo: u64, hi: u64, budget: &Budget) -> Result<Vec<u64>, Stop> {
    let mut out = Vec::new();
    if hi < 2 || lo > hi {
        return Ok(out);
    }
    let lo = lo.max(2);
    let base = primes_below(hi.sqrt() as usize + 2);
    const SEGMENT: u64 = 1 << 18;
    let mut start = lo;
    loop {
        budget.check()?;
        let end = hi.min(start.saturating_add(SEGMENT - 1));
        let mut composite = vec![false; (end - start + 1) as usize];
        for &p in &base {
            if p * p > end {
                break;
            }
            let mut m = (start.div_ceil(p) * p).max(p * p);
            while m <= end {
                composite[(m - start) as usize] = true;
                m += p;
            }
        }
        out.extend(
            composite
                .iter()
                .enumerate()
                .filter(|(_, c)| !**c)
                .map(|(i, _)| start + i as u64),
        );
        if end == hi {
            return Ok(out);
        }
        start = end + 1;
    }
}

/// π(x), the number of primes ≤ x, by Lucy Hedgehog's O(x^(3/4)) recursion
/// over the values ⌊x/k⌋.
pub fn prime_count(x: u64, budget: &Budget) -> Result<u64, Stop> {
    if x < 2 {
        return Ok(0);
    }
    let r = x.sqrt();
    // small[v] = S(v) for v ≤ r, large[k] = S(x/k) for k ≤ r; S starts as v − 1.
    let mut small: Vec<u64> = (0..=r).map(|v| v.saturating_sub(1)).collect();
    let mut large: Vec<u64> = (0..=r)
        .map(|k| x.checked_div(k).map_or(0, |q| q - 1))
        .collect();
    for p in 2..=r {
        if small[p as usize] == small[p as usize - 1] {
            continue; // p is not prime
        }
        budget.check()?;
        let sp = small[p as usize - 1];
        let p2 = p * p;
        let kmax = r.min(x / p2);
        for k in 1..=kmax {
            let d = k * p;
            let sub = if d <= r {
                large[d as usize]
            } else {
                small[(x / d) as usize]
            };
            large[k as usize] -= sub - sp;
        }
        if p2 <= r {
            for v in (p2..=r).rev() {
                small[v as usize] -= small[(v / p) as usize] - sp;
            }
        }
    }
    Ok(large[1])
}

/// The n-th prime (n ≥ 1): π at an estimate, then a sieve towards it.
pub fn nth_prime(n: u64, budget: &Budget) -> Result<u64, Stop> {
    if n <= 6 {
        return Ok([2, 3, 5, 7, 11, 13][n as usize - 1]);
    }
    let nf = n as f64;
    let (l, ll) = (nf.ln(), nf.ln().ln());
    // Cipolla's asymptotic expansion; lands within a fraction of a percent.
    let estimate = (nf * (l + ll - 1.0 + (ll - 2.0) / l)) as u64;
    let below = prime_count(estimate, budget)?;
    const STEP: u64 = 1 << 20;
    if below >= n {
        // Walk down: the (below − n + 1)-th prime at or under `hi`, counting down.
        let mut hi = estimate;
        let mut count = below;
        loop {
            let lo = hi.saturating_sub(STEP - 1);
            let ps = primes_in_range(lo, hi, budget)?;
            if count - (ps.len() as u64) < n {
                return Ok(ps[(n - (count - ps.len() as u64) - 1) as usize]);
            }
            count -= ps.len() as u64;
            hi = lo - 1;
        }
    }
    let mut lo = estimate + 1;
    let mut count = below;
    loop {
        let ps = primes_in_range(lo, lo + STEP - 1, budget)?;
        if count + ps.len() as u64 >= n {
            return Ok(ps[(n - count - 1) as usize]);
        }
        count += ps.len() as u64;
        lo += STEP;
    }
}

/// The least prime > n.
pub fn next_prime(n: &BigUint, budget: &Budget) -> Result<BigUint, Stop> {
    let mut c = n + 1u32;
    if c <= BigUint::from(2u32) {
        return Ok(BigUint::from(2u32));
    }
    if c.is_even() {
        c += 1u32;
    }
    loop {
        if integer::is_prime(&c).is_prime() {
            return Ok(c);
        }
        budget.check()?;
        c += 2u32;
    }
}

/// The greatest prime < n, or `None` when n ≤ 2.
pub fn previous_prime(n: &BigUint, budget: &Budget) -> Result<Option<BigUint>, Stop> {
    if *n <= BigUint::from(2u32) {
        return Ok(None);
    }
    if *n == BigUint::from(3u32) {
        return Ok(Some(BigUint::from(2u32)));
    }
    let mut c = n - 1u32;
    if c.is_even() {
        c -= 1u32;
    }
    loop {
        if integer::is_prime(&c).is_prime() {
            return Ok(Some(c));
        }
        budget.check()?;
        c -= 2u32;
    }
}

/// The largest k such that n = m^k, with that m (n ≥ 2; k = 1 when n is not a
/// perfect power).
pub fn perfect_power(n: &BigUint) -> (BigUint, u32) {
    let bits = n.bits() as u32;
    // Try each prime exponent; the root found can itself be a perfect power.
    for k in 2..=bits {
        if !integer::is_prime_u64(k as u64) {
            continue;
        }
        let m = n.nth_root(k);
        if m.pow(k) == *n {
            let (m2, k2) = perfect_power(&m);
            return (m2, k * k2);
        }
        if m < BigUint::from(2u32) {
            break;
        }
    }
    (n.clone(), 1)
}

/// Every positive divisor, ascending. The caller bounds the count
/// (∏(e + 1)).
pub fn divisors(f: &[(BigUint, u32)]) -> Vec<BigUint> {
    let mut ds = vec![BigUint::one()];
    for (p, e) in f {
        let len = ds.len();
        let mut pk = BigUint::one();
        for _ in 0..*e {
            pk *= p;
            for i in 0..len {
                let d = &ds[i] * &pk;
                ds.push(d);
            }
        }
    }
    ds.sort();
    ds
}

/// σ_k(n) = Σ_{d | n} d^k, from the factorization.
pub fn sigma(f: &[(BigUint, u32)], k: u32) -> BigUint {
    f.iter().fold(BigUint::one(), |acc, (p, e)| {
        if k == 0 {
            return acc * (*e + 1);
        }
        let pk = p.pow(k);
        // 1 + p^k + … + p^(ke) = (p^(k(e+1)) − 1)/(p^k − 1)
        acc * ((pk.pow(*e + 1) - 1u32) / (pk - 1u32))
    })
}

/// Carmichael's λ(n): the exponent of the unit group modulo n.
pub fn carmichael(f: &[(BigUint, u32)]) -> BigUint {
    f.iter().fold(BigUint::one(), |acc, (p, e)| {
        let l = if *p == BigUint::from(2u32) && *e >= 3 {
            BigUint::one() << (e - 2)
        } else {
            p.pow(e - 1) * (p - 1u32)
        };
        acc.lcm(&l)
    })
}

/// Factors a number all of whose factors are needed (a group order), or stops.
pub fn factor_completely(n: &BigUint, budget: &Budget) -> Result<Factors, Stop> {
    let f = integer::factor(n, budget);
    if f.is_complete() {
        Ok(f.primes)
    } else {
        Err(f.stopped.unwrap_or(Stop::Deadline))
    }
}

/// Merges two factorizations into the factorization of their product.
pub fn merge(a: &[(BigUint, u32)], b: &[(BigUint, u32)]) -> Factors {
    let mut map: std::collections::BTreeMap<BigUint, u32> = a.iter().cloned().collect();
    for (p, e) in b {
        *map.entry(p.clone()).or_insert(0) += e;
    }
    map.into_iter().collect()
}

/// The factorization of λ(n) from that of n: only primes p − 1 need factoring.
pub fn carmichael_factors(f: &[(BigUint, u32)], budget: &Budget) -> Result<Factors, Stop> {
    let lambda = carmichael(f);
    let mut out: Factors = Vec::new();
    for (p, e) in f {
        out = merge(&out, &[(p.clone(), *e)]);
        out = merge(&out, &factor_completely(&(p - 1u32), budget)?);
    }
    Ok(out
        .into_iter()
        .filter_map(|(p, _)| {
            let mut e = 0;
            let mut l = lambda.clone();
            while (&l % &p).is_zero() {
                l /= &p;
                e += 1;
            }
            (e > 0).then_some((p, e))
        })
        .collect())
}

/// The least primitive root modulo n, or `None` when the unit group is not
/// cyclic (n not in {1, 2, 4, p^k, 2p^k}).
pub fn primitive_root(
    n: &BigUint,
    f: &[(BigUint, u32)],
    budget: &Budget,
) -> Result<Option<BigUint>, Stop> {
    let two = BigUint::from(2u32);
    let cyclic = match f {
        [] => true,
        [(p, e)] => *p != two || *e <= 2,
        [(p, 1), _] => *p == two,
        _ => false,
    };
    if !cyclic {
        return Ok(None);
    }
    if n <= &two {
        return Ok(Some(if n.is_one() {
            BigUint::zero()
        } else {
            BigUint::one()
        }));
    }
    let phi = integer::totient_from(f);
    let phi_f = factor_completely(&phi, budget)?;
    let mut g = BigUint::from(2u32);
    loop {
        budget.check()?;
        if g.gcd(n).is_one()
            && phi_f
                .iter()
                .all(|(q, _)| !g.modpow(&(&phi / q), n).is_one())
        {
            return Ok(Some(g));
        }
        g += 1u32;
    }
}

/// A square root of a modulo an odd prime p (Tonelli–Shanks), or `None` when
/// a is a non-residue.
pub fn sqrt_mod_prime(a: &BigUint, p: &BigUint) -> Option<BigUint> {
    let a = a % p;
    if a.is_zero() {
        return Some(a);
    }
    if *p == BigUint::from(2u32) {
        return Some(a);
    }
    let one = BigUint::one();
    let half = (p - 1u32) >> 1;
    if a.modpow(&half, p) != one {
        return None;
    }
    let (mut q, mut s) = (p - 1u32, 0u32);
    while q.is_even() {
        q >>= 1;
        s += 1;
    }
    let mut z = BigUint::from(2u32);
    while z.modpow(&half, p) == one {
        z += 1u32;
    }
    let mut c = z.modpow(&q, p);
    let mut x = a.modpow(&((&q + 1u32) >> 1), p);
    let mut t = a.modpow(&q, p);
    let mut m = s;
    while !t.is_one() {
        let mut i = 0;
        let mut t2 = t.clone();
        while !t2.is_one() {
            t2 = (&t2 * &t2) % p;
            i += 1;
        }
        let b = c.modpow(&(BigUint::one() << (m - i - 1)), p);
        x = (x * &b) % p;
        c = (&b * &b) % p;
        t = (t * &c) % p;
        m = i;
    }
    Some(x)
}

/// All square roots of a unit u modulo p^e, ascending.
fn unit_roots_prime_power(u: &BigUint, p: &BigUint, e: u32) -> Vec<BigUint> {
    let two = BigUint::from(2u32);
    if *p == two {
        // Lift the set of roots one bit at a time; it never exceeds 4 elements.
        let mut roots = vec![BigUint::one()];
        let mut modulus = two.clone();
        for _ in 1..e {
            let next = &modulus << 1;
            let target = u % &next;
            let mut lifted: Vec<BigUint> = roots
                .iter()
                .flat_map(|r| [r.clone(), r + &modulus])
                .filter(|c| (c * c) % &next == target)
                .collect();
            lifted.sort();
            lifted.dedup();
            roots = lifted;
            modulus = next;
            if roots.is_empty() {
                return roots;
            }
        }
        return roots;
    }
    let Some(r) = sqrt_mod_prime(u, p) else {
        return Vec::new();
    };
    // Hensel: r ← r − (r² − u)/(2r) modulo p^k for k = 2..e.
    let pe = p.pow(e);
    let mut r = BigInt::from(r);
    let mut modulus = p.clone();
    let ub = BigInt::from(u.clone());
    for _ in 1..e {
        modulus *= p;
        let m = BigInt::from(modulus.clone());
        let f = (&r * &r - &ub).mod_floor(&m);
        let inv = mod_inverse(&(&r * 2), &m).unwrap_or_default();
        r = (&r - f * inv).mod_floor(&m);
    }
    let r = r.to_biguint().unwrap_or_default();
    let mut v = vec![r.clone(), (&pe - &r) % &pe];
    v.sort();
    v.dedup();
    v
}

/// All x in 0..p^e with x² ≡ a (mod p^e), ascending, or `None` when there are
/// more than `max` of them.
fn roots_prime_power(a: &BigUint, p: &BigUint, e: u32, max: usize) -> Option<Vec<BigUint>> {
    let pe = p.pow(e);
    let a = a % &pe;
    let mut v = 0u32;
    let mut u = a.clone();
    if u.is_zero() {
        v = e;
    } else {
        while (&u % p).is_zero() {
            u /= p;
            v += 1;
        }
    }
    if v >= e {
        // x ≡ 0 mod p^⌈e/2⌉.
        let step = p.pow(e.div_ceil(2));
        let count = p.pow(e - e.div_ceil(2));
        if count > BigUint::from(max) {
            return None;
        }
        let n = count.to_usize().unwrap_or(usize::MAX);
        return Some((0..n).map(|k| &step * k).collect());
    }
    if v % 2 == 1 {
        return Some(Vec::new());
    }
    let h = v / 2;
    let f = e - v;
    let base = unit_roots_prime_power(&u, p, f);
    let (pf, ph) = (p.pow(f), p.pow(h));
    // x = p^h·(y0 + k·p^f) for y0 a root mod p^f, k in 0..p^h.
    if BigUint::from(base.len()) * &ph > BigUint::from(max) {
        return None;
    }
    let lifts = ph.to_usize().unwrap_or(usize::MAX);
    let mut out: Vec<BigUint> = base
        .iter()
        .flat_map(|y| (0..lifts).map(|k| y + &pf * k).collect::<Vec<_>>())
        .map(|y| (&ph * y) % &pe)
        .collect();
    out.sort();
    out.dedup();
    Some(out)
}

/// All x in 0..n with x² ≡ a (mod n), ascending, from n's factorization;
/// `None` when there are more than `max`.
pub fn sqrt_mod(a: &BigInt, n: &BigUint, f: &[(BigUint, u32)], max: usize) -> Option<Vec<BigUint>> {
    let a = a
        .mod_floor(&BigInt::from(n.clone()))
        .to_biguint()
        .unwrap_or_default();
    let mut roots = vec![BigUint::zero()];
    let mut modulus = BigUint::one();
    for (p, e) in f {
        let local = roots_prime_power(&a, p, *e, max)?;
        if roots.len().saturating_mul(local.len()) > max {
            return None;
        }
        let pe = p.pow(*e);
        let inv = mod_inverse(&BigInt::from(modulus.clone()), &BigInt::from(pe.clone()))
            .and_then(|v| v.to_biguint())
            .unwrap_or_default();
        let mut next = Vec::with_capacity(roots.len() * local.len());
        for r in &roots {
            for l in &local {
                let diff = (BigInt::from(l.clone()) - BigInt::from(r.clone()))
                    .mod_floor(&BigInt::from(pe.clone()));
                let t = (diff.to_biguint().unwrap_or_default() * &inv) % &pe;
                next.push(r + &modulus * t);
            }
        }
        roots = next;
        modulus *= pe;
    }
    roots.sort();
    Some(roots)
}

/// A Gaussian integer (re, im).
type Gauss = (BigInt, BigInt);

fn gauss_mul(a: &Gauss, b: &Gauss) -> Gauss {
    (&a.0 * &b.0 - &a.1 * &b.1, &a.0 * &b.1 + &a.1 * &b.0)
}

/// a, b with a² + b² = p for a prime p ≡ 1 (mod 4) (Hermite–Serret via the
/// Euclidean algorithm on p and √−1 mod p).
fn two_squares_prime(p: &BigUint) -> Gauss {
    let r = sqrt_mod_prime(&(p - 1u32), p).unwrap_or_default();
    let limit = p.sqrt();
    let (mut a, mut b) = (p.clone(), r);
    while b > limit {
        let t = &a % &b;
        a = b;
        b = t;
    }
    let c = (p - &b * &b).sqrt();
    (BigInt::from(b), BigInt::from(c))
}

/// Every (a, b) with 0 ≤ a ≤ b and a² + b² = n, ascending in a; `None`
/// when there are more than `max`.
pub fn sum_of_two_squares(f: &[(BigUint, u32)], max: usize) -> Option<Vec<(BigUint, BigUint)>> {
    let two = BigUint::from(2u32);
    let four = BigUint::from(4u32);
    let mut scale = BigInt::one();
    let mut choices: Vec<Vec<Gauss>> = Vec::new();
    let mut base: Gauss = (BigInt::one(), BigInt::zero());
    for (p, e) in f {
        if *p == two {
            for _ in 0..*e {
                base = gauss_mul(&base, &(BigInt::one(), BigInt::one()));
            }
        } else if p % &four == BigUint::from(3u32) {
            if e % 2 == 1 {
                return Some(Vec::new());
            }
            scale *= BigInt::from(p.pow(e / 2));
        } else {
            let pi = two_squares_prime(p);
            let conj = (pi.0.clone(), -pi.1.clone());
            let options = (0..=*e)
                .map(|j| {
                    let mut z: Gauss = (BigInt::one(), BigInt::zero());
                    for _ in 0..j {
                        z = gauss_mul(&z, &pi);
                    }
                    for _ in j..*e {
                        z = gauss_mul(&z, &conj);
                    }
                    z
                })
                .collect();
            choices.push(options);
        }
    }
    let count: usize = choices
        .iter()
        .map(|c| c.len())
        .try_fold(1usize, |acc, l| acc.checked_mul(l))?;
    if count > max.saturating_mul(8) {
        return None;
    }
    let mut zs = vec![base];
    for c in &choices {
        zs = zs
            .iter()
            .flat_map(|z| c.iter().map(move |w| gauss_mul(z, w)))
            .collect();
    }
    let mut out: Vec<(BigUint, BigUint)> = zs
        .into_iter()
        .map(|(x, y)| {
            let (x, y) = (
                (x * &scale).magnitude().clone(),
                (y * &scale).magnitude().clone(),
            );
            if x <= y { (x, y) } else { (y, x) }
        })
        .collect();
    out.sort();
    out.dedup();
    (out.len() <= max).then_some(out)
}

/// Why [`pell`] has no answer to give.
#[derive(Debug, PartialEq)]
pub enum PellError {
    /// D is a perfect square: only the trivial solutions exist.
    Square,
    /// The period of √D is longer than the bound.
    PeriodTooLong,
    /// The convergent did not satisfy the equation (a defect, never returned).
    CheckFailed,
}

/// The fundamental solution (x, y), x, y > 0, of x² − D·y² = −1 (`negative`)
/// or = 1, from the continued fraction [a0; period] of √D: the convergent
/// before the end of the first period, or of the second when the period's
/// parity requires it; `None` for the negative equation when the period is
/// even (then it has no solution). The answer is checked by substitution.
pub fn pell(
    d: &BigUint,
    negative: bool,
    max_period: usize,
) -> Result<Option<(BigInt, BigInt)>, PellError> {
    let (a0, period) = sqrt_continued_fraction(d, max_period).ok_or(PellError::PeriodTooLong)?;
    if period.is_empty() {
        return Err(PellError::Square);
    }
    let odd = period.len() % 2 == 1;
    let repeats = match (negative, odd) {
        (true, false) => return Ok(None),
        (true, true) | (false, false) => 1,
        (false, true) => 2,
    };
    let terms: Vec<BigInt> = std::iter::once(&a0)
        .chain(period.iter().cycle().take(repeats * period.len() - 1))
        .map(|a| BigInt::from(a.clone()))
        .collect();
    // Convergents are in lowest terms with positive denominators.
    let last = crate::rational::convergents(&terms)
        .pop()
        .ok_or(PellError::CheckFailed)?;
    let (x, y) = (last.numer().clone(), last.denom().clone());
    let rhs = if negative {
        -BigInt::one()
    } else {
        BigInt::one()
    };
    if &x * &x - BigInt::from(d.clone()) * &y * &y != rhs {
        return Err(PellError::CheckFailed);
    }
    Ok(Some((x, y)))
}

/// The continued fraction of √n: `(a0, period)` with an empty period when n
/// is a perfect square; `None` when the period is longer than `max`.
pub fn sqrt_continued_fraction(n: &BigUint, max: usize) -> Option<(BigUint, Vec<BigUint>)> {
    let a0 = n.sqrt();
    if &a0 * &a0 == *n {
        return Some((a0, Vec::new()));
    }
    let (mut m, mut d, mut a) = (BigUint::zero(), BigUint::one(), a0.clone());
    let two_a0 = &a0 << 1;
    let mut period = Vec::new();
    loop {
        m = &d * &a - m;
        d = (n - &m * &m) / d;
        a = (&a0 + &m) / &d;
        period.push(a.clone());
        if a == two_a0 {
            return Some((a0, period));
        }
        if period.len() >= max {
            return None;
        }
    }
}

/// p-adic valuation of n! (Legendre's formula).
pub fn factorial_valuation(n: &BigUint, p: &BigUint) -> BigUint {
    let mut v = BigUint::zero();
    let mut q = n / p;
    while !q.is_zero() {
        v += &q;
        q /= p;
    }
    v
}

/// Sum of the base-b digits of n.
pub fn digit_sum(n: &BigUint, b: &BigUint) -> BigUint {
    digits(n, b).into_iter().sum()
}

/// Base-b digits of n, most significant first ([0] for n = 0).
pub fn digits(n: &BigUint, b: &BigUint) -> Vec<BigUint> {
    if n.is_zero() {
        return vec![BigUint::zero()];
    }
    if let Some(b32) = b.to_u32().filter(|b| *b <= 256 && b.is_power_of_two()) {
        let mut v: Vec<BigUint> = n.to_radix_le(b32).into_iter().map(BigUint::from).collect();
        v.reverse();
        return v;
    }
    // Divide and conquer on powers[k] = b^(2^k), so big n costs O(M(n) log n).
    // Precondition of `rec`: n < powers[k]²; `width` pads with leading zeros.
    fn rec(
        n: &BigUint,
        powers: &[BigUint],
        k: usize,
        width: Option<usize>,
        out: &mut Vec<BigUint>,
    ) {
        if k == 0 {
            let start = out.len();
            let (hi, lo) = n.div_rem(&powers[0]);
            if !hi.is_zero() || width == Some(2) {
                out.push(hi);
            }
            out.push(lo);
            debug_assert!(width.is_none_or(|w| out.len() - start == w));
            return;
        }
        let (hi, lo) = n.div_rem(&powers[k]);
        let low_width = 1usize << k;
        if hi.is_zero() && width.is_none() {
            return rec(&lo, powers, k - 1, None, out);
        }
        rec(&hi, powers, k - 1, width.map(|w| w - low_width), out);
        rec(&lo, powers, k - 1, Some(low_width), out);
    }
    let mut powers = vec![b.clone()];
    while let Some(p) = powers.last().filter(|p| *p * *p <= *n).map(|p| p * p) {
        powers.push(p);
    }
    let mut out = Vec::new();
    rec(n, &powers, powers.len() - 1, None, &mut out);
    out
}

/// The Kronecker symbol (a/n) for any integers: Jacobi's symbol on the odd
/// part of n, (a/2) = 0, 1, −1 by a mod 8, and (a/−1) = sign of a.
pub fn kronecker(a: &BigInt, n: &BigInt) -> i32 {
    if n.is_zero() {
        return i32::from(a.magnitude().is_one());
    }
    let mut sign = 1;
    if n.sign() == num_bigint::Sign::Minus && a.sign() == num_bigint::Sign::Minus {
        sign = -1;
    }
    let mut m = n.magnitude().clone();
    let twos = m.trailing_zeros().unwrap_or(0);
    if twos > 0 {
        if a.is_even() {
            return 0;
        }
        m >>= twos;
        let r = a.mod_floor(&BigInt::from(8)).to_u32().unwrap_or(0);
        if twos % 2 == 1 && (r == 3 || r == 5) {
            sign = -sign;
        }
    }
    if m.is_one() {
        sign
    } else {
        sign * integer::jacobi(a, &m)
    }
}

/// One link of a Pratt certificate: `witness` has order `prime − 1` modulo
/// `prime`, shown by the prime factors of `prime − 1`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrattStep {
    pub prime: BigUint,
    pub witness: BigUint,
    pub factors: Vec<(BigUint, u32)>,
}

/// Primes below this are their own certificate (trial division).
pub const PRATT_LEAF: u32 = 1000;

/// A Pratt primality certificate of n: a step for n and, recursively, for
/// every prime factor of p − 1 at or above [`PRATT_LEAF`], deduplicated,
/// largest first. `None` when n is not prime.
pub fn pratt_certificate(n: &BigUint, budget: &Budget) -> Result<Option<Vec<PrattStep>>, Stop> {
    if !integer::is_prime(n).is_prime() {
        return Ok(None);
    }
    let mut steps: Vec<PrattStep> = Vec::new();
    let mut todo = vec![n.clone()];
    while let Some(p) = todo.pop() {
        if p < BigUint::from(PRATT_LEAF) || steps.iter().any(|s| s.prime == p) {
            continue;
        }
        budget.check()?;
        let p1 = &p - 1u32;
        let factors = factor_completely(&p1, budget)?;
        let mut a = BigUint::from(2u32);
        let witness = loop {
            budget.check()?;
            if a.modpow(&p1, &p).is_one()
                && factors
                    .iter()
                    .all(|(q, _)| !a.modpow(&(&p1 / q), &p).is_one())
            {
                break a;
            }
            a += 1u32;
        };
        todo.extend(factors.iter().map(|(q, _)| q.clone()));
        steps.push(PrattStep {
            prime: p,
            witness,
            factors,
        });
    }
    steps.sort_by(|a, b| b.prime.cmp(&a.prime));
    Ok(Some(steps))
}

/// Checks a Pratt certificate for n from scratch: each step's factors
/// multiply to p − 1, its witness has order p − 1, and every factor is
/// small (trial division) or has its own step.
pub fn verify_pratt(n: &BigUint, steps: &[PrattStep]) -> bool {
    let small_prime = |q: &BigUint| {
        q < &BigUint::from(PRATT_LEAF)
            && q.to_u64()
                .is_some_and(|q| q >= 2 && (2..q).take_while(|d| d * d <= q).all(|d| q % d != 0))
    };
    let certified = |q: &BigUint| small_prime(q) || steps.iter().any(|s| &s.prime == q);
    certified(n)
        && steps.iter().all(|s| {
            let p1 = &s.prime - 1u32;
            let product = s
                .factors
                .iter()
                .fold(BigUint::one(), |acc, (q, e)| acc * q.pow(*e));
            product == p1
                && s.witness.modpow(&p1, &s.prime).is_one()
                && s.factors
                    .iter()
                    .all(|(q, _)| certified(q) && !s.witness.modpow(&(&p1 / q), &s.prime).is_one())
        })
}

#[cfg(test)]
mod tests;
