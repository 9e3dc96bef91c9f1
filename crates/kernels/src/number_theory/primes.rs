//! Primes by sieve and by test: primes below a bound and in a window
//! (segmented sieve), π(x), the n-th prime, next and previous primes, and
//! perfect-power detection.

use crate::integer;
use crate::{Budget, Stop};
use num_bigint::BigUint;
use num_integer::{Integer, Roots};

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
pub fn perfect_power(n: &BigUint, budget: &Budget) -> Result<(BigUint, u32), Stop> {
    let bits = n.bits() as u32;
    // Try each prime exponent; the root found can itself be a perfect power.
    for k in 2..=bits {
        if !integer::is_prime_u64(k as u64) {
            continue;
        }
        budget.check()?;
        let m = n.nth_root(k);
        if m.pow(k) == *n {
            let (m2, k2) = perfect_power(&m, budget)?;
            return Ok((m2, k * k2));
        }
        if m < BigUint::from(2u32) {
            break;
        }
    }
    Ok((n.clone(), 1))
}
