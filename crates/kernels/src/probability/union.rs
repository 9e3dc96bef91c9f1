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

use crate::{BigInt, Budget, Meter, Q, Stop};
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
    let mut meter = Meter::new(budget);
    for i in 0..n {
        for mask in 0..a.len() {
            if mask & (1 << i) == 0 {
                let upper = a[mask | (1 << i)].clone();
                meter.tick_over(&[
                    upper.numer(),
                    upper.denom(),
                    a[mask].numer(),
                    a[mask].denom(),
                ])?;
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
        for mask in 0..back.len() {
            if mask & (1 << i) == 0 {
                let upper = back[mask | (1 << i)].clone();
                meter.tick_over(&[
                    upper.numer(),
                    upper.denom(),
                    back[mask].numer(),
                    back[mask].denom(),
                ])?;
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
    // C(n, k) once; C(k, j) along each j by C(k + 1, j) = C(k, j)·(k + 1)/(k + 1 − j).
    let row: Vec<BigInt> = (0..=n)
        .map(|k| BigInt::from(crate::combinatorics::binomial(n as u64, k as u64)))
        .collect();
    let column = |j: usize| {
        let mut c = BigInt::from(1);
        (j..=n).map(move |k| {
            let here = c.clone();
            c = &c * (k + 1) / (k + 1 - j);
            here
        })
    };
    let mut meter = Meter::new(budget);
    let mut exactly = Vec::with_capacity(n + 1);
    for j in 0..=n {
        let mut q = Q::zero();
        for ((k, sk), ckj) in s.iter().enumerate().skip(j).zip(column(j)) {
            meter.tick_over(&[sk.numer(), sk.denom(), q.numer(), q.denom()])?;
            let term = Q::from_integer(ckj * &row[k]) * sk;
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
    // Back: C(n, k)·s_k = Σ_j P(exactly j)·C(j, k).
    for (k, sk) in s.iter().enumerate() {
        let mut back = Q::zero();
        for (j, cjk) in (k..=n).zip(column(k)) {
            meter.tick_over(&[
                exactly[j].numer(),
                exactly[j].denom(),
                back.numer(),
                back.denom(),
            ])?;
            back += &exactly[j] * Q::from_integer(cjk);
        }
        if back != Q::from_integer(row[k].clone()) * sk {
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
