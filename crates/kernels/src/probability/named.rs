//! Named discrete distributions beyond the binomial, each probability
//! exact and checked by an identity that does not reuse its computation:
//!
//! - hypergeometric (N items, K marked, n drawn): the numerators
//!   C(K, k)·C(N − K, n − k), each from the last by one exact ratio, sum to
//!   C(N, n) (Vandermonde's identity, C(N, n) computed on its own);
//! - negative binomial (failures F before the r-th success, p): the
//!   terms C(f + r − 1, f)·pʳ·qᶠ against P(F ≤ f) = P(Binomial(f + r, p) ≥ r)
//!   (r successes within the first f + r trials);
//! - Poisson binomial (independent trials with their own pᵢ): the
//!   coefficients of Π(qᵢ + pᵢ·x), checked at x = 1 and x = 2 against the
//!   product evaluated directly;
//! - multinomial: n!/Πxᵢ!·Πpᵢ^xᵢ with the coefficient checked as the
//!   product of binomials Π C(n − x₁ − … − xᵢ₋₁, xᵢ).

use crate::combinatorics::binomial as choose;
use crate::probability::binomial;
use crate::{BigInt, Budget, Q, Stop};
use num_integer::Integer;
use num_traits::{One, Zero};

/// Hypergeometric numerators: (k_min, [C(K, k)·C(N − K, n − k) for
/// k = k_min..=k_max], C(N, n)); 0 ≤ K ≤ N and 0 ≤ n ≤ N.
pub fn hypergeometric(
    big_n: u64,
    k: u64,
    n: u64,
    budget: &Budget,
) -> Result<(u64, Vec<BigInt>, BigInt), Stop> {
    let low = n.saturating_sub(big_n - k);
    let high = n.min(k);
    let mut term = BigInt::from(choose(k, low)) * BigInt::from(choose(big_n - k, n - low));
    let mut terms = Vec::with_capacity((high - low + 1) as usize);
    for j in low..=high {
        budget.check()?;
        terms.push(term.clone());
        if j < high {
            // t(j+1)/t(j) = (K − j)(n − j) / ((j + 1)(N − K − n + j + 1)).
            let (q, r) = (term * (k - j) * (n - j))
                .div_rem(&(BigInt::from(j + 1) * (big_n - k + j + 1 - n)));
            if !r.is_zero() {
                return Err(Stop::CheckFailed(
                    "a hypergeometric numerator is not an integer",
                ));
            }
            term = q;
        }
    }
    let total = BigInt::from(choose(big_n, n));
    if terms.iter().fold(BigInt::zero(), |s, t| s + t) != total {
        return Err(Stop::CheckFailed(
            "hypergeometric terms do not sum to C(N, n)",
        ));
    }
    Ok((low, terms, total))
}

/// P(lo ≤ F ≤ hi) for F ~ NegativeBinomial(r, p), failures before the r-th
/// success (0 < p ≤ 1, r ≥ 1), checked against the binomial identity.
pub fn negative_binomial(r: u32, p: &Q, lo: u32, hi: u32, budget: &Budget) -> Result<Q, Stop> {
    let q = Q::one() - p;
    // t(0) = pʳ; t(f + 1) = t(f)·(f + r)/(f + 1)·q.
    let mut term = crate::rational::pow(p, r as usize);
    let (mut inside, mut below) = (Q::zero(), Q::zero());
    for f in 0..=hi {
        budget.check()?;
        if f >= lo {
            inside += &term;
        } else {
            below += &term;
        }
        term = crate::rational::mul(
            &crate::rational::mul(&term, &Q::new((f + r).into(), (f + 1).into())),
            &q,
        );
    }
    // P(F ≤ f) = P(Binomial(f + r, p) ≥ r).
    let cdf = |f: u32| binomial::range(f + r, p, r, f + r, budget);
    if cdf(hi)? != &inside + &below || (lo > 0 && cdf(lo - 1)? != below) {
        return Err(Stop::CheckFailed(
            "negative binomial terms disagree with the binomial identity",
        ));
    }
    Ok(inside)
}

/// P(S = k) for k = 0..n, S the number of successes in independent trials
/// with probabilities `ps`.
pub fn poisson_binomial(ps: &[Q], budget: &Budget) -> Result<Vec<Q>, Stop> {
    let mut dist = vec![Q::one()];
    for p in ps {
        budget.check()?;
        let q = Q::one() - p;
        let mut next = vec![Q::zero(); dist.len() + 1];
        for (k, d) in dist.iter().enumerate() {
            if k % 64 == 0 {
                budget.check()?;
            }
            next[k] += crate::rational::mul(d, &q);
            next[k + 1] += crate::rational::mul(d, p);
        }
        dist = next;
    }
    for x in [Q::one(), Q::from_integer(2.into())] {
        let at = dist.iter().rev().fold(Q::zero(), |v, c| v * &x + c);
        let direct = ps.iter().fold(Q::one(), |v, p| v * (Q::one() - p + p * &x));
        budget.check()?;
        if at != direct {
            return Err(Stop::CheckFailed(
                "Poisson binomial product disagrees at a test point",
            ));
        }
    }
    Ok(dist)
}

/// The coefficient n!/Πxᵢ! and the probability n!/Πxᵢ! · Πpᵢ^xᵢ, n = Σxᵢ.
pub fn multinomial(xs: &[u64], ps: &[Q], budget: &Budget) -> Result<(BigInt, Q), Stop> {
    let n: u64 = xs.iter().sum();
    let factorial = |m: u64| BigInt::from(crate::combinatorics::factorial(m));
    let denominator = xs.iter().fold(BigInt::one(), |d, &x| d * factorial(x));
    let (coefficient, rest) = factorial(n).div_rem(&denominator);
    budget.check()?;
    let mut left = n;
    let mut product = BigInt::one();
    for &x in xs {
        product *= BigInt::from(choose(left, x));
        left -= x;
    }
    if !rest.is_zero() || coefficient != product {
        return Err(Stop::CheckFailed(
            "the multinomial coefficient disagrees with its binomials",
        ));
    }
    let mut p = Q::from_integer(coefficient.clone());
    for (x, pi) in xs.iter().zip(ps) {
        budget.check()?;
        p = crate::rational::mul(&p, &crate::rational::pow(pi, *x as usize));
    }
    Ok((coefficient, p))
}
