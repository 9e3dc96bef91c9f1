//! Order statistics of n independent draws from a finite distribution:
//! X₍ₖ₎ ≤ x exactly when at least k draws are ≤ x, so with F = P(X ≤ x),
//! P(X₍ₖ₎ ≤ x) = P(Binomial(n, F) ≥ k).
//!
//! Checked at every support point: the binomial law at F sums to 1 and
//! has mean n·F — since Σₖ P(X₍ₖ₎ ≤ x) = E[#draws ≤ x], this is the
//! identity Σₖ P(X₍ₖ₎ ≤ x) = n·P(X ≤ x) that ties all order statistics
//! to the distribution drawn from.

use super::binomial;
use super::finite::Dist;
use crate::{BigInt, Budget, Q, Stop};
use num_traits::Zero;

/// The distribution of the k-th smallest of n draws (1 ≤ k ≤ n) from `d`.
/// Each support point streams the binomial numerators Nⱼ of
/// Binomial(n, F = a/b) once (one term in memory), summing j ≥ k.
pub fn kth_smallest(d: &[(Q, Q)], n: u32, k: u32, budget: &Budget) -> Result<Dist, Stop> {
    let mut out = Vec::with_capacity(d.len());
    let (mut cdf, mut below) = (Q::zero(), Q::zero());
    for (x, p) in d {
        cdf += p;
        let (mut total, mut moment, mut tail) = (BigInt::zero(), BigInt::zero(), BigInt::zero());
        let denominator = binomial::numerators(n, &cdf, budget, |j, t| {
            total += t;
            moment += t * j;
            if j >= k {
                tail += t;
            }
        })?;
        // Σ Nⱼ = bⁿ and Σ j·Nⱼ = n·a·bⁿ⁻¹ (the mean n·F), in integers.
        let (a, b) = (cdf.numer(), cdf.denom());
        if total != denominator || moment * b != &denominator * n * a {
            return Err(Stop::CheckFailed("Σₖ P(X₍ₖ₎ ≤ x) differs from n·P(X ≤ x)"));
        }
        let at_most = Q::new(tail, denominator);
        let mass = &at_most - &below;
        if !mass.is_zero() {
            out.push((x.clone(), mass));
        }
        below = at_most;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maximum_of_two_dice() {
        let die: Dist = (1..=6)
            .map(|v| (Q::from_integer(v.into()), Q::new(1.into(), 6.into())))
            .collect();
        let max = kth_smallest(&die, 2, 2, &Budget::unlimited()).unwrap();
        // P(max = m) = (2m − 1)/36.
        for (m, (v, p)) in max.iter().enumerate() {
            assert_eq!(*v, Q::from_integer((m + 1).into()));
            assert_eq!(*p, Q::new((2 * m as i64 + 1).into(), 36.into()));
        }
    }
}
