//! The coupon collector: draws, each independently coupon i with
//! probability pᵢ = wᵢ/W (integer weights), until every coupon is seen.
//! E = Σ over non-empty sets S of (−1)^(|S|+1)/P(S) (inclusion–exclusion
//! on the last coupon's arrival), grouped by the weight w(S): the
//! coefficients c_s of Π(1 − x^wᵢ) = Σ_S (−1)^|S|·x^w(S) give
//! E = −W·Σ_{s>0} c_s/s. With equal weights this is n·H_n.

use crate::{BigInt, Budget, Q, Stop};
use num_traits::Zero;

/// E[draws] for integer weights (all ≥ 1) by the product polynomial.
pub fn expected_draws(weights: &[u64], budget: &Budget) -> Result<Q, Stop> {
    let total: u64 = weights.iter().sum();
    let mut c: Vec<BigInt> = vec![BigInt::zero(); total as usize + 1];
    c[0] = BigInt::from(1);
    let mut top = 0usize;
    for &w in weights {
        budget.check()?;
        let w = w as usize;
        // c ← c·(1 − x^w), from the top down.
        for s in (0..=top).rev() {
            if !c[s].is_zero() {
                let v = c[s].clone();
                c[s + w] -= v;
            }
        }
        top += w;
    }
    let mut sum = Q::zero();
    for (s, cs) in c.iter().enumerate().skip(1) {
        if s % 1024 == 0 {
            budget.check()?;
        }
        if !cs.is_zero() {
            sum += Q::new(cs.clone(), BigInt::from(s));
        }
    }
    Ok(-sum * Q::from_integer(total.into()))
}

/// The same sum over the 2ⁿ − 1 sets directly (n ≤ 20): the check.
pub fn by_subsets(weights: &[u64], budget: &Budget) -> Result<Q, Stop> {
    let n = weights.len();
    let total: u64 = weights.iter().sum();
    // Signed count of sets per weight, then one rational per weight.
    let mut count = std::collections::BTreeMap::<u64, i64>::new();
    for mask in 1u32..(1 << n) {
        if mask % 4096 == 0 {
            budget.check()?;
        }
        let w: u64 = (0..n)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| weights[i])
            .sum();
        let sign = if mask.count_ones() % 2 == 1 { 1 } else { -1 };
        *count.entry(w).or_default() += sign;
    }
    Ok(count
        .into_iter()
        .filter(|(_, c)| *c != 0)
        .fold(Q::zero(), |s, (w, c)| {
            s + Q::new(BigInt::from(c) * total, BigInt::from(w))
        }))
}
