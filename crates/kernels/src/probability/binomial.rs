//! X ~ Binomial(n, p) with p = a/b: P(X = k) = C(n, k)·aᵏ·(b − a)ⁿ⁻ᵏ / bⁿ.
//! The numerators are integers, each from the last by one multiplication
//! and one exact division; the answer is the range's numerators over bⁿ.

use crate::{BigInt, Budget, Q, Stop};
use num_integer::Integer;
use num_traits::Zero;

/// Hands each numerator N_k = C(n, k)·aᵏ·(b − a)ⁿ⁻ᵏ, k = 0..n, to `each`
/// as it is made (p = a/b in lowest terms, 0 ≤ p ≤ 1); returns bⁿ.
pub fn numerators(
    n: u32,
    p: &Q,
    budget: &Budget,
    mut each: impl FnMut(u32, &BigInt),
) -> Result<BigInt, Stop> {
    let (a, b) = (p.numer().clone(), p.denom().clone());
    let q = &b - &a;
    if q.is_zero() {
        // p = 1: all mass at n.
        for k in 0..n {
            each(k, &BigInt::zero());
        }
        each(n, &a.pow(n));
        return Ok(b.pow(n));
    }
    // N_0 = (b − a)ⁿ; N_{k+1} = N_k · (n − k)·a / ((k + 1)·(b − a)), the
    // division exact because it is C(n, k+1)·a^(k+1)·(b − a)^(n−k−1).
    let mut term = q.pow(n);
    for k in 0..=n {
        budget.check()?;
        each(k, &term);
        if k < n {
            let (quotient, rest) = (term * (n - k) * &a).div_rem(&(&q * (k + 1)));
            if !rest.is_zero() {
                return Err(Stop::CheckFailed("a binomial numerator is not an integer"));
            }
            term = quotient;
        }
    }
    Ok(b.pow(n))
}

/// P(low ≤ X ≤ high), checked: the terms outside the range sum to the
/// complement, so all n + 1 terms sum to bⁿ (the binomial theorem).
pub fn range(n: u32, p: &Q, low: u32, high: u32, budget: &Budget) -> Result<Q, Stop> {
    let (mut inside, mut outside) = (BigInt::zero(), BigInt::zero());
    let denominator = numerators(n, p, budget, |k, t| {
        if (low..=high).contains(&k) {
            inside += t;
        } else {
            outside += t;
        }
    })?;
    if &inside + outside != denominator {
        return Err(Stop::CheckFailed(
            "binomial probabilities do not sum to one",
        ));
    }
    Ok(Q::new(inside, denominator))
}

/// P(X = k) for every k, as exact rationals.
pub fn distribution(n: u32, p: &Q, budget: &Budget) -> Result<Vec<Q>, Stop> {
    let mut terms = Vec::with_capacity(n as usize + 1);
    let denominator = numerators(n, p, budget, |_, t| terms.push(t.clone()))?;
    if terms.iter().fold(BigInt::zero(), |s, t| s + t) != denominator {
        return Err(Stop::CheckFailed(
            "binomial probabilities do not sum to one",
        ));
    }
    Ok(terms
        .into_iter()
        .map(|t| Q::new(t, denominator.clone()))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::One;

    #[test]
    fn against_factorials() {
        let budget = Budget::unlimited();
        let fact = |k: u32| (1..=k).fold(BigInt::one(), |f, i| f * i);
        for n in 0..12u32 {
            for (a, b) in [(0, 1), (1, 1), (1, 2), (1, 6), (3, 7), (5, 9)] {
                let p = Q::new(a.into(), b.into());
                let d = distribution(n, &p, &budget).unwrap();
                for k in 0..=n {
                    let c = Q::from_integer(fact(n) / (fact(k) * fact(n - k)));
                    let expected = c
                        * num_traits::pow(p.clone(), k as usize)
                        * num_traits::pow(Q::one() - &p, (n - k) as usize);
                    assert_eq!(d[k as usize], expected, "n={n} k={k} p={p}");
                }
            }
        }
    }
}
