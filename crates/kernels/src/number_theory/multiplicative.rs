//! Functions of the factorization: complete factorization as (prime,
//! exponent) pairs, divisors, σ_k, Carmichael's λ, and the p-adic valuation
//! of n! (Legendre's formula).

use super::*;
use crate::integer;
use crate::{Budget, Stop};
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};

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
