//! Finite distributions over Q: distinct values in increasing order, each
//! with a positive probability, the probabilities summing to 1. Sums of
//! independent variables convolve their tables; an n-fold sum powers one
//! table by repeated squaring. Checked by the cumulants, which add over
//! independent sums: mean, variance and third central moment of the result
//! against the parts', and the total probability 1.

use crate::{Budget, Q, Stop};
use num_traits::{One, Zero};
use std::collections::BTreeMap;

/// (value, probability) pairs: values distinct and increasing, p > 0.
pub type Dist = Vec<(Q, Q)>;

/// Merges equal values and drops zero probabilities.
pub fn collect(pairs: impl IntoIterator<Item = (Q, Q)>) -> Dist {
    let mut map: BTreeMap<Q, Q> = BTreeMap::new();
    for (v, p) in pairs {
        *map.entry(v).or_insert_with(Q::zero) += p;
    }
    map.into_iter().filter(|(_, p)| !p.is_zero()).collect()
}

/// Σ p.
pub fn total(d: &[(Q, Q)]) -> Q {
    d.iter().fold(Q::zero(), |s, (_, p)| s + p)
}

/// E[X] = Σ p·x.
pub fn mean(d: &[(Q, Q)]) -> Q {
    d.iter().fold(Q::zero(), |s, (x, p)| s + x * p)
}

/// E[(X − c)^k].
pub fn moment_about(d: &[(Q, Q)], c: &Q, k: u32, budget: &Budget) -> Result<Q, Stop> {
    let mut s = Q::zero();
    for (x, p) in d {
        budget.check()?;
        s += crate::rational::mul(&crate::rational::pow(&(x - c), k as usize), p);
    }
    Ok(s)
}

/// Mean, variance and third central moment: the first three cumulants.
pub fn cumulants(d: &[(Q, Q)], budget: &Budget) -> Result<[Q; 3], Stop> {
    let m = mean(d);
    let v = moment_about(d, &m, 2, budget)?;
    let k3 = moment_about(d, &m, 3, budget)?;
    Ok([m, v, k3])
}

/// The distribution of X + Y for independent X ~ a, Y ~ b.
pub fn convolve(a: &[(Q, Q)], b: &[(Q, Q)], budget: &Budget) -> Result<Dist, Stop> {
    let mut map: BTreeMap<Q, Q> = BTreeMap::new();
    for (x, p) in a {
        budget.check()?;
        for (y, q) in b {
            *map.entry(x + y).or_insert_with(Q::zero) += p * q;
        }
    }
    Ok(map.into_iter().collect())
}

/// The distribution of X₁ + … + Xₙ for n independent copies of X ~ d
/// (n ≥ 1), by repeated squaring; None when an intermediate table would
/// pass `max_support` values.
pub fn iid_sum(
    d: &[(Q, Q)],
    n: u32,
    max_support: usize,
    budget: &Budget,
) -> Result<Option<Dist>, Stop> {
    let mut result: Option<Dist> = None;
    let mut square: Dist = d.to_vec();
    let mut k = n;
    loop {
        if k & 1 == 1 {
            let next = match &result {
                None => square.clone(),
                Some(r) => {
                    if r.len().saturating_mul(square.len()) > max_support.saturating_mul(64) {
                        return Ok(None);
                    }
                    convolve(r, &square, budget)?
                }
            };
            if next.len() > max_support {
                return Ok(None);
            }
            result = Some(next);
        }
        k >>= 1;
        if k == 0 {
            break;
        }
        if square.len().saturating_mul(square.len()) > max_support.saturating_mul(64) {
            return Ok(None);
        }
        square = convolve(&square, &square, budget)?;
        if square.len() > max_support {
            return Ok(None);
        }
    }
    Ok(result)
}

/// The sum's cumulants are the parts' (each part counted `times`), and
/// its probabilities add to 1.
pub fn check_sum(parts: &[(&[(Q, Q)], u32)], sum: &[(Q, Q)], budget: &Budget) -> Result<(), Stop> {
    let mut expected = [Q::zero(), Q::zero(), Q::zero()];
    for (d, times) in parts {
        let c = cumulants(d, budget)?;
        for (e, c) in expected.iter_mut().zip(c) {
            *e += c * Q::from_integer((*times).into());
        }
    }
    if cumulants(sum, budget)? != expected || !total(sum).is_one() {
        return Err(Stop::CheckFailed(
            "a sum's cumulants or total disagree with its parts'",
        ));
    }
    Ok(())
}
