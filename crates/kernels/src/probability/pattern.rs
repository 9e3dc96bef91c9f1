//! Waiting for a pattern w = w₁…w_L in independent draws (symbol i with
//! probability pᵢ): E[T] = Σ over the k with w₁…w_k = w_{L−k+1}…w_L of
//! 1 / (p_{w₁}⋯p_{w_k}) (Conway's correlation; Li 1980). Checked by the
//! matching automaton: with states "k symbols of w matched", Eₖ = 1 +
//! Σᵢ pᵢ·E_{δ(k,i)} and E_L = 0, solved exactly.

use crate::linalg::{Solution, solve};
use crate::{Budget, Mat, Q, Stop};
use num_traits::{One, Zero};

/// The state after reading `symbol` with k symbols matched (KMP).
fn step(pattern: &[usize], failure: &[usize], mut k: usize, symbol: usize) -> usize {
    loop {
        if k < pattern.len() && pattern[k] == symbol {
            return k + 1;
        }
        if k == 0 {
            return 0;
        }
        k = failure[k - 1];
    }
}

/// failure[k]: the longest proper border of w₁…w_{k+1}.
fn failure(pattern: &[usize]) -> Vec<usize> {
    let mut f = vec![0; pattern.len()];
    let mut k = 0;
    for i in 1..pattern.len() {
        while k > 0 && pattern[i] != pattern[k] {
            k = f[k - 1];
        }
        if pattern[i] == pattern[k] {
            k += 1;
        }
        f[i] = k;
    }
    f
}

/// The overlaps k (w's length-k prefix equals its length-k suffix).
pub fn overlaps(pattern: &[usize]) -> Vec<usize> {
    let l = pattern.len();
    (1..=l)
        .filter(|&k| pattern[..k] == pattern[l - k..])
        .collect()
}

/// E[T] for `pattern` (symbol indices into `p`, every one of positive
/// probability), by the correlation, checked against the automaton.
pub fn expected_wait(pattern: &[usize], p: &[Q], budget: &Budget) -> Result<Q, Stop> {
    let mut prefix = vec![Q::one()];
    for &s in pattern {
        let next = prefix[prefix.len() - 1].clone() * &p[s];
        prefix.push(next);
    }
    let conway = overlaps(pattern)
        .into_iter()
        .fold(Q::zero(), |e, k| e + prefix[k].recip());
    let l = pattern.len();
    let f = failure(pattern);
    // (I − P restricted to states 0..L−1)·E = 1.
    let mut a = Mat::from_rows(vec![vec![Q::zero(); l]; l])
        .ok_or(Stop::CheckFailed("an empty automaton"))?;
    for k in 0..l {
        budget.check()?;
        a[(k, k)] += Q::one();
        for (symbol, ps) in p.iter().enumerate() {
            let to = step(pattern, &f, k, symbol);
            if to < l {
                a[(k, to)] -= ps;
            }
        }
    }
    match solve(&a, &vec![Q::one(); l], budget)? {
        Solution::Unique(e) if e[0] == conway => Ok(conway),
        _ => Err(Stop::CheckFailed(
            "the correlation and the automaton disagree on a waiting time",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coin_patterns() {
        let half = Q::new(1.into(), 2.into());
        let p = [half.clone(), half];
        let budget = Budget::unlimited();
        // H = 0, T = 1: HTH waits 10, HHH 14, HTT 8, HH 6.
        for (w, e) in [
            (vec![0, 1, 0], 10),
            (vec![0, 0, 0], 14),
            (vec![0, 1, 1], 8),
            (vec![0, 0], 6),
        ] {
            assert_eq!(
                expected_wait(&w, &p, &budget).unwrap(),
                Q::from_integer(e.into())
            );
        }
        // A biased coin, P(H) = 1/3: HT waits 1/(1/3 · 2/3) = 9/2.
        let p = [Q::new(1.into(), 3.into()), Q::new(2.into(), 3.into())];
        assert_eq!(
            expected_wait(&[0, 1], &p, &budget).unwrap(),
            Q::new(9.into(), 2.into())
        );
    }
}
