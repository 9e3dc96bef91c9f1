//! Inclusion–exclusion: from the probabilities of the intersections of n
//! events to the probability that exactly k (at least k, any) occur.
//!
//! General events: the atoms a(T) = P(exactly the events of T occur) are
//! the Möbius inversion of the intersections s(S) = P(∩_{i∈S} Aᵢ) over
//! supersets, a(T) = Σ_{S ⊇ T} (−1)^{|S∖T|} s(S), by the fast transform in
//! n·2ⁿ steps. Exchangeable events: s_k = P(A₁ ∩ … ∩ A_k) and
//! P(exactly j) = Σ_{k ≥ j} (−1)^{k−j} C(k, j)·C(n, k)·s_k.
//!
//! A table is consistent exactly when every atom is ≥ 0; the answer is
//! checked by transforming the atoms back to the intersections given.

use crate::{BigInt, Budget, Q, Stop};
use num_traits::Zero;

/// The distribution of the number of events occurring, or the first
/// subset (mask, or count) whose exact probability comes out negative.
pub enum Count {
    Exactly(Vec<Q>),
    Inconsistent { subset: usize, probability: Q },
}

/// `s[mask]` = P(∩ of the events in mask), s[0] = 1; 2ⁿ entries.
pub fn general(s: &[Q], n: usize, budget: &Budget) -> Result<Count, Stop> {
    let mut a = s.to_vec();
    for i in 0..n {
        budget.check()?;
        for mask in 0..a.len() {
            if mask & (1 << i) == 0 {
                let upper = a[mask | (1 << i)].clone();
                a[mask] -= upper;
            }
        }
    }
    if let Some(mask) = (0..a.len()).find(|&m| a[m] < Q::zero()) {
        return Ok(Count::Inconsistent {
            subset: mask,
            probability: a[mask].clone(),
        });
    }
    // Back: superset sums of the atoms are the intersections.
    let mut back = a.clone();
    for i in 0..n {
        budget.check()?;
        for mask in 0..back.len() {
            if mask & (1 << i) == 0 {
                let upper = back[mask | (1 << i)].clone();
                back[mask] += upper;
            }
        }
    }
    if back != s {
        return Err(Stop::CheckFailed(
            "the atoms do not sum back to the intersections",
        ));
    }
    let mut exactly = vec![Q::zero(); n + 1];
    for (mask, p) in a.iter().enumerate() {
        exactly[mask.count_ones() as usize] += p;
    }
    Ok(Count::Exactly(exactly))
}

/// Exchangeable events: `s[k]` = P(A₁ ∩ … ∩ A_k) for k = 0..n, s[0] = 1.
pub fn exchangeable(s: &[Q], budget: &Budget) -> Result<Count, Stop> {
    let n = s.len() - 1;
    let c = |a: usize, b: usize| {
        Q::from_integer(BigInt::from(crate::combinatorics::binomial(
            a as u64, b as u64,
        )))
    };
    let mut exactly = Vec::with_capacity(n + 1);
    for j in 0..=n {
        budget.check()?;
        let mut q = Q::zero();
        for (k, sk) in s.iter().enumerate().skip(j) {
            let term = c(k, j) * c(n, k) * sk;
            if (k - j) % 2 == 0 {
                q += term;
            } else {
                q -= term;
            }
        }
        exactly.push(q);
    }
    if let Some(j) = (0..=n).find(|&j| exactly[j] < Q::zero()) {
        return Ok(Count::Inconsistent {
            subset: j,
            probability: exactly[j].clone(),
        });
    }
    // Back: s_k = Σ_j P(exactly j)·C(j, k)/C(n, k).
    for (k, sk) in s.iter().enumerate() {
        budget.check()?;
        let back: Q = (k..=n).map(|j| &exactly[j] * c(j, k)).sum::<Q>() / c(n, k);
        if &back != sk {
            return Err(Stop::CheckFailed(
                "the count distribution does not give back the intersections",
            ));
        }
    }
    Ok(Count::Exactly(exactly))
}

/// P(at least k) for k = 0..n from P(exactly k).
pub fn at_least(exactly: &[Q]) -> Vec<Q> {
    let mut out = vec![Q::zero(); exactly.len()];
    let mut tail = Q::zero();
    for k in (0..exactly.len()).rev() {
        tail += &exactly[k];
        out[k] = tail.clone();
    }
    out
}

/// P(A₁ ∪ … ∪ Aₙ) by the alternating sum Σ_{S ≠ ∅} (−1)^{|S|+1} s(S), the
/// textbook formula, to check 1 − P(none).
pub fn union_by_formula(s: &[Q]) -> Q {
    let mut u = Q::zero();
    for (mask, p) in s.iter().enumerate().skip(1) {
        if mask.count_ones() % 2 == 1 {
            u += p;
        } else {
            u -= p;
        }
    }
    u
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derangements_of_four() {
        // s_k = (4 − k)!/4!: P(no fixed point) = 9/24.
        let s: Vec<Q> = [24, 6, 2, 1, 1]
            .iter()
            .map(|&f| Q::new(f.into(), 24.into()))
            .collect();
        let Count::Exactly(e) = exchangeable(&s, &Budget::unlimited()).unwrap() else {
            panic!()
        };
        assert_eq!(e[0], Q::new(9.into(), 24.into()));
        assert_eq!(e[1], Q::new(8.into(), 24.into()));
        assert_eq!(e.iter().sum::<Q>(), Q::from_integer(1.into()));
    }
}
