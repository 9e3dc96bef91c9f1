//! Sequences: shortest linear recurrences (Berlekamp–Massey over Q and F_p),
//! fast evaluation of recurrences, transforms.

pub mod closed_form;

use crate::{BigInt, Budget, Q, Stop};
use num_traits::{One, Zero};

/// The shortest linear recurrence a_n = c_1 a_{n−1} + … + c_L a_{n−L} that
/// the whole sequence satisfies (for n ≥ L), by Berlekamp–Massey over Q.
/// Returns c_1..c_L (trailing zeros possible when the recurrence starts late).
pub fn berlekamp_massey(s: &[Q], budget: &Budget) -> Result<Vec<Q>, Stop> {
    let mut c: Vec<Q> = vec![Q::one()];
    let mut b: Vec<Q> = vec![Q::one()];
    let (mut l, mut m) = (0usize, 1usize);
    let mut last = Q::one();
    for n in 0..s.len() {
        budget.check()?;
        let mut d = s[n].clone();
        for i in 1..=l {
            d += &c[i] * &s[n - i];
        }
        if d.is_zero() {
            m += 1;
            continue;
        }
        let coef = &d / &last;
        let t = c.clone();
        if c.len() < b.len() + m {
            c.resize(b.len() + m, Q::zero());
        }
        for (i, bi) in b.iter().enumerate() {
            c[i + m] -= &coef * bi;
        }
        if 2 * l <= n {
            l = n + 1 - l;
            b = t;
            last = d;
            m = 1;
        } else {
            m += 1;
        }
    }
    c.resize(l + 1, Q::zero());
    Ok(c[1..].iter().map(|x| -x).collect())
}

/// Berlekamp–Massey over F_p (p prime < 2^63); same contract as over Q.
pub fn berlekamp_massey_mod(s: &[u64], p: u64, budget: &Budget) -> Result<Vec<u64>, Stop> {
    let mul = |a: u64, b: u64| ((a as u128 * b as u128) % p as u128) as u64;
    let pow = |mut a: u64, mut e: u64| {
        let mut r = 1 % p;
        while e > 0 {
            if e & 1 == 1 {
                r = mul(r, a);
            }
            a = mul(a, a);
            e >>= 1;
        }
        r
    };
    let mut c: Vec<u64> = vec![1];
    let mut b: Vec<u64> = vec![1];
    let (mut l, mut m) = (0usize, 1usize);
    let mut last = 1u64;
    for n in 0..s.len() {
        if n % 256 == 0 {
            budget.check()?;
        }
        let mut d = s[n] % p;
        for i in 1..=l {
            d = (d + mul(c[i], s[n - i] % p)) % p;
        }
        if d == 0 {
            m += 1;
            continue;
        }
        let coef = mul(d, pow(last, p - 2));
        let t = c.clone();
        if c.len() < b.len() + m {
            c.resize(b.len() + m, 0);
        }
        for (i, &bi) in b.iter().enumerate() {
            c[i + m] = (c[i + m] + p - mul(coef, bi)) % p;
        }
        if 2 * l <= n {
            l = n + 1 - l;
            b = t;
            last = d;
            m = 1;
        } else {
            m += 1;
        }
    }
    c.resize(l + 1, 0);
    Ok(c[1..].iter().map(|&x| (p - x) % p).collect())
}

/// a_n mod m for a_k = Σ c_i a_{k−i} with initial terms a_0..a_{d−1}, by
/// Fiduccia's method: x^n modulo the characteristic polynomial, O(d² log n).
/// m < 2^63; coefficients and initial terms already reduced modulo m.
pub fn nth_term_mod(
    c: &[u64],
    initial: &[u64],
    n: u64,
    m: u64,
    budget: &Budget,
) -> Result<u64, Stop> {
    let d = c.len();
    if d == 0 {
        return Ok(0);
    }
    let mul = |a: u64, b: u64| ((a as u128 * b as u128) % m as u128) as u64;
    // Product of two residues mod x^d − c_1 x^{d−1} − … − c_d.
    let mulmod = |a: &[u64], b: &[u64]| -> Vec<u64> {
        let mut prod = vec![0u64; 2 * d - 1];
        for (i, &x) in a.iter().enumerate() {
            if x == 0 {
                continue;
            }
            for (j, &y) in b.iter().enumerate() {
                prod[i + j] = (prod[i + j] + mul(x, y)) % m;
            }
        }
        for k in (d..prod.len()).rev() {
            let top = prod[k];
            if top == 0 {
                continue;
            }
            // x^k = Σ c_i x^{k−i}
            for (i, &ci) in c.iter().enumerate() {
                prod[k - 1 - i] = (prod[k - 1 - i] + mul(top, ci)) % m;
            }
        }
        prod.truncate(d);
        prod
    };
    let mut result = vec![0u64; d];
    result[0] = 1 % m;
    let mut base = vec![0u64; d];
    if d == 1 {
        base[0] = c[0] % m;
    } else {
        base[1] = 1 % m;
    }
    let mut e = n;
    while e > 0 {
        budget.check()?;
        if e & 1 == 1 {
            result = mulmod(&result, &base);
        }
        base = mulmod(&base, &base);
        e >>= 1;
    }
    Ok(result
        .iter()
        .zip(initial)
        .fold(0u64, |acc, (&r, &a)| (acc + mul(r, a % m)) % m))
}

/// a_0..=a_n over Q by running the recurrence.
pub fn terms(c: &[Q], initial: &[Q], n: usize, budget: &Budget) -> Result<Vec<Q>, Stop> {
    let d = c.len();
    let mut meter = crate::Meter::new(budget);
    if c.iter().chain(initial).all(|x| x.is_integer()) {
        // Over Z: no gcd per operation, which over Q costs more than the
        // products once the terms have thousands of digits.
        let c: Vec<BigInt> = c.iter().map(|x| x.to_integer()).collect();
        let mut a: Vec<BigInt> = initial.iter().map(|x| x.to_integer()).collect();
        while a.len() <= n {
            let k = a.len();
            let mut next = BigInt::zero();
            for i in 0..d {
                meter.tick_over(&[&c[i], &a[k - 1 - i]])?;
                next += &c[i] * &a[k - 1 - i];
            }
            a.push(next);
        }
        a.truncate(n + 1);
        return Ok(a.into_iter().map(Q::from_integer).collect());
    }
    let mut a: Vec<Q> = initial.to_vec();
    while a.len() <= n {
        let k = a.len();
        let mut next = Q::zero();
        for i in 0..d {
            let (x, y) = (&c[i], &a[k - 1 - i]);
            meter.tick_over(&[x.numer(), x.denom(), y.numer(), y.denom()])?;
            next += x * y;
        }
        a.push(next);
    }
    a.truncate(n + 1);
    Ok(a)
}

/// The k-th forward differences Δ^k a.
pub fn differences(a: &[Q], k: usize, budget: &Budget) -> Result<Vec<Q>, Stop> {
    let mut v = a.to_vec();
    for _ in 0..k {
        budget.check()?;
        v = v.windows(2).map(|w| &w[1] - &w[0]).collect();
    }
    Ok(v)
}

/// The running sums a_0, a_0 + a_1, …, polling the budget.
pub fn prefix_sums(a: Vec<Q>, budget: &Budget) -> Result<Vec<Q>, Stop> {
    let mut acc = Q::zero();
    let mut out = Vec::with_capacity(a.len());
    for (i, x) in a.into_iter().enumerate() {
        if i % 64 == 0 {
            budget.check()?;
        }
        acc += x;
        out.push(acc.clone());
    }
    Ok(out)
}

/// Whether a_{i+1} = r·a_i for one r and every i, with r when a_0 ≠ 0 and
/// there are two terms or more (an all-zero sequence is geometric, any r).
pub fn geometric_ratio(a: &[Q], budget: &Budget) -> Result<(bool, Option<Q>), Stop> {
    match a {
        [] => Ok((true, None)),
        [first, ..] if first.is_zero() => Ok((a.iter().all(Zero::is_zero), None)),
        [_] => Ok((true, None)),
        [first, second, ..] => {
            let r = second / first;
            for (i, w) in a.windows(2).enumerate() {
                if i % 64 == 0 {
                    budget.check()?;
                }
                if w[1] != &w[0] * &r {
                    return Ok((false, None));
                }
            }
            Ok((true, Some(r)))
        }
    }
}

/// The polynomial p of least degree d with p(n) = a_n for every given n
/// (from 0), lowest degree first, and d; `None` when only d ≥ N − 1 fits
/// (any N terms fit a polynomial of degree N − 1, so that is no evidence).
///
/// Newton's forward-difference formula p(n) = Σ_k Δ^k a_0 · C(n, k), from
/// one pass over the difference table (O(N·d) subtractions) polling the
/// budget per row. Postcondition: p(n) = a_n is substituted back for every
/// given term before answering.
pub fn polynomial_fit(a: &[Q], budget: &Budget) -> Result<Option<(Vec<Q>, usize)>, Stop> {
    // Rows Δ^0 a, Δ^1 a, …: keep the leading entries Δ^k a_0 and stop at the
    // first all-zero row that still has an entry left to check.
    let mut row = a.to_vec();
    let mut leading = Vec::new();
    let d = loop {
        budget.check()?;
        if row.len() < 2 {
            return Ok(None);
        }
        leading.push(row[0].clone());
        row = row.windows(2).map(|w| &w[1] - &w[0]).collect();
        if row.iter().all(Zero::is_zero) {
            break leading.len() - 1;
        }
    };
    // Expand C(n, k) = n(n−1)⋯(n−k+1)/k! into powers of n.
    let mut coeffs = vec![Q::zero(); d + 1];
    let mut falling = vec![Q::one()];
    let mut k_fact = Q::one();
    for (k, delta) in leading.iter().enumerate() {
        budget.check()?;
        for (c, f) in coeffs.iter_mut().zip(&falling) {
            *c += delta * f / &k_fact;
        }
        let k = Q::from_integer(k.into());
        let mut next = vec![Q::zero(); falling.len() + 1];
        for (i, c) in falling.iter().enumerate() {
            next[i + 1] += c;
            next[i] -= c * &k;
        }
        falling = next;
        k_fact *= k + Q::one();
    }
    for (n, an) in a.iter().enumerate() {
        if n % 64 == 0 {
            budget.check()?;
        }
        let x = Q::from_integer(n.into());
        let value = coeffs.iter().rev().fold(Q::zero(), |acc, c| acc * &x + c);
        if &value != an {
            return Err(Stop::CheckFailed("the fitted polynomial misses a term"));
        }
    }
    Ok(Some((coeffs, d)))
}

/// The binomial transform b_n = Σ_{k≤n} C(n, k)·a_k, or with `inverse` the
/// inverse a_n = Σ (−1)^(n−k)·C(n, k)·b_k, in O(N²) additions: b_n is the
/// last entry of the n-th row of the summed-neighbour table of the reversed
/// sequence, and the inverse is the forward transform conjugated by the
/// signs (−1)^n. Postcondition: b_0 = a_0 and b_{N−1} is recomputed
/// directly from the binomial sum.
pub fn binomial_transform(a: &[Q], inverse: bool, budget: &Budget) -> Result<Vec<Q>, Stop> {
    let flip = |v: &mut [Q]| {
        v.iter_mut()
            .skip(1)
            .step_by(2)
            .for_each(|x| *x = -x.clone())
    };
    let mut row = a.to_vec();
    if inverse {
        flip(&mut row);
    }
    row.reverse();
    let mut out = Vec::with_capacity(row.len());
    while let Some(last) = row.last().cloned() {
        budget.check()?;
        out.push(last);
        row = row.windows(2).map(|w| &w[0] + &w[1]).collect();
    }
    if inverse {
        flip(&mut out);
    }
    if let Some(last) = out.last() {
        let n = a.len() - 1;
        let mut c = Q::one();
        let mut sum = Q::zero();
        for (k, ak) in a.iter().enumerate() {
            let sign = if inverse && (n - k) % 2 == 1 {
                -Q::one()
            } else {
                Q::one()
            };
            sum += &c * ak * sign;
            c = c * Q::from_integer((n - k).into()) / Q::from_integer((k + 1).into());
        }
        if &sum != last || out[0] != a[0] {
            return Err(Stop::CheckFailed("the transform misses the binomial sum"));
        }
    }
    Ok(out)
}

/// Cauchy product of two sequences (polynomial multiplication).
pub fn convolution(a: &[Q], b: &[Q], budget: &Budget) -> Result<Vec<Q>, Stop> {
    if a.is_empty() || b.is_empty() {
        return Ok(Vec::new());
    }
    let mut out = vec![Q::zero(); a.len() + b.len() - 1];
    for (i, x) in a.iter().enumerate() {
        budget.check()?;
        if x.is_zero() {
            continue;
        }
        for (j, y) in b.iter().enumerate() {
            // Each addition of 10,000-digit terms reduces by a binary gcd
            // that costs milliseconds: polled per term.
            budget.check()?;
            out[i + j] += x * y;
        }
    }
    Ok(out)
}

/// Möbius function μ(1..=n) by a linear sieve.
pub fn mobius_table(n: usize) -> Vec<i8> {
    let mut mu = vec![1i8; n + 1];
    let mut composite = vec![false; n + 1];
    let mut primes = Vec::new();
    if n >= 1 {
        mu[0] = 0;
    }
    for i in 2..=n {
        if !composite[i] {
            primes.push(i);
            mu[i] = -1;
        }
        for &p in &primes {
            if i * p > n {
                break;
            }
            composite[i * p] = true;
            if i % p == 0 {
                mu[i * p] = 0;
                break;
            }
            mu[i * p] = -mu[i];
        }
    }
    mu
}

/// Dirichlet convolution (f ∗ g)(n) = Σ_{d | n} f(d) g(n/d) for n = 1..=len,
/// with f, g indexed from 1.
pub fn dirichlet_convolution(f: &[Q], g: &[Q], budget: &Budget) -> Result<Vec<Q>, Stop> {
    let n = f.len().min(g.len());
    let mut out = vec![Q::zero(); n];
    let mut meter = crate::Meter::new(budget);
    for d in 1..=n {
        meter.tick(1)?;
        if f[d - 1].is_zero() {
            continue;
        }
        for k in 1..=n / d {
            let (x, y) = (&f[d - 1], &g[k - 1]);
            meter.tick_over(&[x.numer(), x.denom(), y.numer(), y.denom()])?;
            out[d * k - 1] += x * y;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;

    fn q(x: i64) -> Q {
        Q::from(BigInt::from(x))
    }

    #[test]
    fn berlekamp_massey_recovers_known_recurrences() {
        let b = Budget::unlimited();
        // Fibonacci, a_n = 2a_{n−1} − a_{n−2} + 0 (arithmetic), tribonacci, and 3^n + n.
        let cases: Vec<(Vec<i64>, Vec<i64>, Vec<i64>)> = vec![
            (vec![1, 1], vec![0, 1], vec![]),
            (vec![2, -1], vec![5, 8], vec![]),
            (vec![1, 1, 1], vec![0, 0, 1], vec![]),
            (vec![5, -7, 3], vec![1, 4, 11], vec![]),
        ];
        for (c, init, _) in cases {
            let cq: Vec<Q> = c.iter().map(|x| q(*x)).collect();
            let s = terms(&cq, &init.iter().map(|x| q(*x)).collect::<Vec<_>>(), 30, &b).unwrap();
            assert_eq!(berlekamp_massey(&s, &b).unwrap(), cq);
            let p = 1_000_000_007u64;
            let sm: Vec<u64> = s
                .iter()
                .map(|x| {
                    x.to_integer()
                        .mod_floor(&BigInt::from(p))
                        .try_into()
                        .unwrap()
                })
                .collect();
            let cm: Vec<u64> = c.iter().map(|x| x.rem_euclid(p as i64) as u64).collect();
            assert_eq!(berlekamp_massey_mod(&sm, p, &b).unwrap(), cm);
            // Fiduccia agrees with iteration at every index.
            let im: Vec<u64> = sm[..c.len()].to_vec();
            for n in 0..31u64 {
                assert_eq!(
                    nth_term_mod(&cm, &im, n, p, &b).unwrap(),
                    sm[n as usize],
                    "n = {n}"
                );
            }
        }
    }

    #[test]
    fn transforms_match_their_definitions() {
        let mu = mobius_table(200);
        for n in 1..=200usize {
            let f =
                crate::integer::factor(&num_bigint::BigUint::from(n), &Budget::unlimited()).primes;
            let expect = if f.iter().any(|(_, e)| *e > 1) {
                0
            } else if f.len().is_multiple_of(2) {
                1
            } else {
                -1
            };
            assert_eq!(mu[n], expect);
        }
        // μ ∗ 1 = ε.
        let ones: Vec<Q> = vec![q(1); 100];
        let muq: Vec<Q> = mu[1..=100].iter().map(|m| q(*m as i64)).collect();
        let eps = dirichlet_convolution(&muq, &ones, &Budget::unlimited()).unwrap();
        assert!(
            eps.iter()
                .enumerate()
                .all(|(i, x)| *x == q(i64::from(i == 0)))
        );
    }

    use num_integer::Integer;
}
