//! Pratt primality certificates: built from the factorization of p − 1 and
//! a witness of order p − 1, and verified independently of how they were
//! built.

use super::*;
use crate::integer;
use crate::{Budget, Stop};
use num_bigint::BigUint;
use num_traits::{One, ToPrimitive};

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
/// largest first. `None` when n is not prime. Postcondition: the
/// certificate passes [`verify_pratt`], which rebuilds nothing from here.
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
    if !verify_pratt(n, &steps) {
        return Err(Stop::CheckFailed("the certificate did not verify"));
    }
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
