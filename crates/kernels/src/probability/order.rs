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
use crate::{Budget, Q, Stop};
use num_traits::Zero;

/// The distribution of the k-th smallest of n draws (1 ≤ k ≤ n) from `d`.
pub fn kth_smallest(d: &[(Q, Q)], n: u32, k: u32, budget: &Budget) -> Result<Dist, Stop> {
    let mut out = Vec::with_capacity(d.len());
    let (mut cdf, mut below) = (Q::zero(), Q::zero());
    for (x, p) in d {
        cdf += p;
        let law = binomial::distribution(n, &cdf, budget)?;
        let mean: Q = law
            .iter()
            .enumerate()
            .map(|(j, q)| q * Q::from_integer(j.into()))
            .sum();
        if mean != &cdf * Q::from_integer(n.into()) {
            return Err(Stop::CheckFailed("Σₖ P(X₍ₖ₎ ≤ x) differs from n·P(X ≤ x)"));
        }
        let at_most: Q = law[k as usize..].iter().sum();
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
