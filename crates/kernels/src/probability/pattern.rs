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

/// Which of several patterns appears first in independent draws.
pub struct Race {
    /// P(pattern i appears before the others), in the patterns' order.
    pub win: Vec<Q>,
    /// E[draws until the first of them appears].
    pub expected: Q,
}

/// Conway's leading number of A on B generalised to any draw
/// probabilities: Σ over the k with A's last k symbols equal to B's first
/// k of 1/P(B₁…B_k).
fn leading(a: &[usize], b: &[usize], p: &[Q]) -> Q {
    let mut prefix = Q::one();
    let mut sum = Q::zero();
    for k in 1..=a.len().min(b.len()) {
        prefix *= &p[b[k - 1]];
        if a[a.len() - k..] == b[..k] {
            sum += prefix.recip();
        }
    }
    sum
}

/// The race between `patterns` (none a substring of another, every symbol
/// of positive probability) by the Guibas–Odlyzko equations
/// Σᵢ qᵢ·L(Aᵢ, Aⱼ) = E for every j and Σᵢ qᵢ = 1; checked against the
/// absorption probabilities and expected time of the automaton whose
/// states are the patterns' prefixes, solved separately.
pub fn race(patterns: &[Vec<usize>], p: &[Q], budget: &Budget) -> Result<Race, Stop> {
    let m = patterns.len();
    let mut rows = vec![vec![Q::zero(); m + 1]; m + 1];
    for j in 0..m {
        budget.check()?;
        for i in 0..m {
            rows[j][i] = leading(&patterns[i], &patterns[j], p);
        }
        rows[j][m] = -Q::one();
    }
    for i in 0..m {
        rows[m][i] = Q::one();
    }
    let mut rhs = vec![Q::zero(); m + 1];
    rhs[m] = Q::one();
    let a = Mat::from_rows(rows).ok_or(Stop::CheckFailed("an empty race"))?;
    let Solution::Unique(x) = solve(&a, &rhs, budget)? else {
        return Err(Stop::CheckFailed("the Guibas–Odlyzko system is singular"));
    };
    let (win, expected) = (x[..m].to_vec(), x[m].clone());
    let (by_automaton, time) = automaton_race(patterns, p, budget)?;
    if by_automaton != win || time != expected {
        return Err(Stop::CheckFailed(
            "the leading numbers and the automaton disagree on a race",
        ));
    }
    Ok(Race { win, expected })
}

/// The race by its automaton: states are the distinct prefixes of the
/// patterns; a draw moves to the longest suffix that is again a prefix;
/// the full patterns absorb.
fn automaton_race(patterns: &[Vec<usize>], p: &[Q], budget: &Budget) -> Result<(Vec<Q>, Q), Stop> {
    use std::collections::HashMap;
    let mut index: HashMap<Vec<usize>, usize> = HashMap::new();
    let mut states: Vec<Vec<usize>> = Vec::new();
    for w in patterns {
        for k in 0..=w.len() {
            if !index.contains_key(&w[..k]) {
                index.insert(w[..k].to_vec(), states.len());
                states.push(w[..k].to_vec());
            }
        }
    }
    let winner: Vec<Option<usize>> = states
        .iter()
        .map(|s| patterns.iter().position(|w| w == s))
        .collect();
    let transient: Vec<usize> = (0..states.len()).filter(|&s| winner[s].is_none()).collect();
    let row_of: HashMap<usize, usize> =
        transient.iter().enumerate().map(|(r, &s)| (s, r)).collect();
    let t = transient.len();
    let mut a = Mat::from_rows(vec![vec![Q::zero(); t]; t])
        .ok_or(Stop::CheckFailed("no transient state"))?;
    let mut into = vec![vec![Q::zero(); t]; patterns.len()];
    for (r, &s) in transient.iter().enumerate() {
        budget.check()?;
        a[(r, r)] += Q::one();
        for (symbol, ps) in p.iter().enumerate() {
            if ps.is_zero() {
                continue;
            }
            let mut next = states[s].clone();
            next.push(symbol);
            let to = (0..=next.len())
                .find_map(|start| index.get(&next[start..]).copied())
                .ok_or(Stop::CheckFailed("the empty prefix is always a state"))?;
            match winner[to] {
                Some(w) => into[w][r] += ps,
                None => a[(r, row_of[&to])] -= ps,
            }
        }
    }
    let start = row_of[&index[&Vec::new()]];
    let mut win = Vec::with_capacity(patterns.len());
    for b in into.iter() {
        match solve(&a, b, budget)? {
            Solution::Unique(h) => win.push(h[start].clone()),
            _ => return Err(Stop::CheckFailed("the race automaton is singular")),
        }
    }
    let Solution::Unique(e) = solve(&a, &vec![Q::one(); t], budget)? else {
        return Err(Stop::CheckFailed("the race automaton is singular"));
    };
    Ok((win, e[start].clone()))
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
        // Penney: THH beats HHT 3 to 1, the race lasting 13/2 flips.
        let r = race(&[vec![0, 0, 1], vec![1, 0, 0]], &p, &budget).unwrap();
        assert_eq!(
            r.win,
            vec![Q::new(1.into(), 4.into()), Q::new(3.into(), 4.into())]
        );
        assert_eq!(r.expected, Q::new(13.into(), 2.into()));
        // A biased coin, P(H) = 1/3: HT waits 1/(1/3 · 2/3) = 9/2.
        let p = [Q::new(1.into(), 3.into()), Q::new(2.into(), 3.into())];
        assert_eq!(
            expected_wait(&[0, 1], &p, &budget).unwrap(),
            Q::new(9.into(), 2.into())
        );
    }
}
