//! Σ wᵢ·[lᵢ] ≤ K as clauses: the sequential weight counter (Hölldobler,
//! Manthey and Steinke 2012; Sinz's sequential counter when every weight
//! is 1). A fresh variable s(i, j), for 1 ≤ i < n and 1 ≤ j ≤ K, stands for
//! "the first i terms weigh at least j".
//!
//! Two properties make it an encoding, and both are checked, not assumed:
//! - complete ([`Counter::complete`]): every assignment of the terms with
//!   Σ ≤ K extends to a model, namely s(i, j) = [prefixᵢ ≥ j]. The check
//!   evaluates every clause under that extension at each prefix value where
//!   one of its literals changes truth;
//! - sound ([`Counter::sound`]): no model has Σ > K. By induction on i,
//!   every model has s(i, j) true whenever prefixᵢ ≥ j, and prefixᵢ ≤ K;
//!   the check confirms that each clause this induction uses is present.
//!   (Refuting the counter against one for the opposite bound is a
//!   counting argument CDCL needs exponential time for.)

use crate::{Budget, Stop};
use std::collections::HashSet;

/// A literal of the encoding, by meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Lit {
    /// Term i (1-based) holds, or does not.
    Term(usize, bool),
    /// s(i, j), or its negation.
    Sum(usize, u64, bool),
}

/// The clauses of Σ wᵢ·[lᵢ] ≤ K over the caller's literals, with s(i, j)
/// numbered from `first`.
#[derive(Debug, Clone)]
pub struct Counter {
    terms: Vec<(u64, i32)>,
    bound: u64,
    first: u32,
    clauses: Vec<Vec<Lit>>,
}

/// Auxiliary variables the counter would need: (n − 1)·K.
pub fn size(terms: usize, bound: u64) -> u64 {
    (terms.saturating_sub(1) as u64).saturating_mul(bound)
}

impl Counter {
    /// The counter for `terms` (weight ≥ 1, DIMACS literal); the caller
    /// bounds [`size`] first.
    pub fn new(terms: &[(u64, i32)], bound: u64, first: u32) -> Counter {
        let n = terms.len();
        let k = bound;
        let mut clauses = Vec::new();
        let s = |i, j, positive| Lit::Sum(i, j, positive);
        for (at, &(w, _)) in terms.iter().enumerate() {
            let i = at + 1;
            let x = Lit::Term(i, false);
            if w > k {
                clauses.push(vec![x]);
            }
            if i < n {
                for j in 1..=w.min(k) {
                    clauses.push(vec![x, s(i, j, true)]);
                }
                if i >= 2 {
                    for j in 1..=k {
                        clauses.push(vec![s(i - 1, j, false), s(i, j, true)]);
                    }
                    for j in 1..=k.saturating_sub(w) {
                        clauses.push(vec![x, s(i - 1, j, false), s(i, j + w, true)]);
                    }
                }
            }
            if i >= 2 && w <= k {
                clauses.push(vec![x, s(i - 1, k + 1 - w, false)]);
            }
        }
        Counter {
            terms: terms.to_vec(),
            bound,
            first,
            clauses,
        }
    }

    /// Auxiliary variables used: first .. first + this.
    pub fn auxiliary(&self) -> u32 {
        size(self.terms.len(), self.bound) as u32
    }

    /// The clauses as DIMACS literals.
    pub fn clauses(&self) -> Vec<Vec<i32>> {
        let k = self.bound;
        self.clauses
            .iter()
            .map(|c| {
                c.iter()
                    .map(|&l| match l {
                        Lit::Term(i, positive) => {
                            let t = self.terms[i - 1].1;
                            if positive { t } else { -t }
                        }
                        Lit::Sum(i, j, positive) => {
                            let v = (u64::from(self.first) + (i as u64 - 1) * k + j - 1) as i32;
                            if positive { v } else { -v }
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// Checks completeness: with s(i, j) = [prefixᵢ ≥ j], every clause holds
    /// for every prefix value 0..=K before its term and either value of the
    /// term that keeps the prefix within K. Each clause may only mention
    /// term i and sums at positions i − 1 and i (i its largest position);
    /// its truth changes only where a sum literal's threshold is crossed,
    /// so those prefix values (either side), 0 and K are the ones tried.
    pub fn complete(&self, budget: &Budget) -> Result<(), Stop> {
        let k = self.bound;
        let refuse = Err(Stop::CheckFailed(
            "a counter clause fails its intended meaning",
        ));
        for (index, clause) in self.clauses.iter().enumerate() {
            if index % 4096 == 0 {
                budget.check()?;
            }
            let position = |l: &Lit| match *l {
                Lit::Term(i, _) | Lit::Sum(i, _, _) => i,
            };
            let Some(i) = clause.iter().map(position).max() else {
                return refuse;
            };
            let w = self.terms[i - 1].0;
            let mut tries = vec![0, k];
            for l in clause {
                match *l {
                    Lit::Term(at, _) if at != i => return refuse,
                    Lit::Sum(at, j, _) => {
                        if at + 1 < i || at == 0 || j == 0 || j > k || at >= self.terms.len() {
                            return refuse;
                        }
                        let shift = if at == i { w } else { 0 };
                        for t in [
                            j.wrapping_sub(1),
                            j,
                            j.wrapping_sub(1 + shift),
                            j.wrapping_sub(shift),
                        ] {
                            if t <= k {
                                tries.push(t);
                            }
                        }
                    }
                    Lit::Term(..) => {}
                }
            }
            let before_max = if i == 1 { 0 } else { k };
            for &p in tries.iter().filter(|&&p| p <= before_max) {
                for x in [false, true] {
                    let after = p + if x { w } else { 0 };
                    if after > k {
                        continue;
                    }
                    let holds = clause.iter().any(|l| match *l {
                        Lit::Term(_, positive) => x == positive,
                        Lit::Sum(at, j, positive) => {
                            let prefix = if at == i { after } else { p };
                            (prefix >= j) == positive
                        }
                    });
                    if !holds {
                        return refuse;
                    }
                }
            }
        }
        Ok(())
    }

    /// Checks soundness by the induction in the module comment. Step i,
    /// for a model: if term i is false, prefixᵢ = prefixᵢ₋₁ and
    /// ¬s(i−1, j) ∨ s(i, j) carries each threshold; if it is true,
    /// prefixᵢ = prefixᵢ₋₁ + wᵢ and ¬lᵢ ∨ s(i, j) (j ≤ wᵢ) or
    /// ¬lᵢ ∨ ¬s(i−1, j − wᵢ) ∨ s(i, j) does, while ¬lᵢ ∨ ¬s(i−1, K + 1 − wᵢ)
    /// (¬lᵢ alone when wᵢ > K, nothing at i = 1 when w₁ ≤ K) keeps the
    /// prefix within K.
    pub fn sound(&self, budget: &Budget) -> Result<(), Stop> {
        let k = self.bound;
        let n = self.terms.len();
        let present: HashSet<Vec<Lit>> = self
            .clauses
            .iter()
            .map(|c| {
                let mut c = c.clone();
                c.sort_unstable();
                c
            })
            .collect();
        let need = |mut c: Vec<Lit>| {
            c.sort_unstable();
            if present.contains(&c) {
                Ok(())
            } else {
                Err(Stop::CheckFailed(
                    "a counter lacks a clause its soundness needs",
                ))
            }
        };
        let s = |i, j, positive| Lit::Sum(i, j, positive);
        for (at, &(w, _)) in self.terms.iter().enumerate() {
            budget.check()?;
            let i = at + 1;
            let x = Lit::Term(i, false);
            if i < n {
                for j in 1..=k {
                    if i >= 2 {
                        need(vec![s(i - 1, j, false), s(i, j, true)])?;
                    }
                    if j <= w {
                        need(vec![x, s(i, j, true)])?;
                    } else if i >= 2 {
                        need(vec![x, s(i - 1, j - w, false), s(i, j, true)])?;
                    }
                }
            }
            if w > k {
                need(vec![x])?;
            } else if i >= 2 {
                need(vec![x, s(i - 1, k + 1 - w, false)])?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether some model of `counter` gives the terms `bits` (bit i for
    /// term i + 1, variables 1..=n): brute force over the auxiliaries.
    fn extends(counter: &Counter, n: usize, bits: u32) -> bool {
        let aux = counter.auxiliary() as usize;
        let clauses = counter.clauses();
        (0u64..1 << aux).any(|a| {
            let value = |v: usize| {
                if v <= n {
                    bits >> (v - 1) & 1 == 1
                } else {
                    a >> (v - n - 1) & 1 == 1
                }
            };
            clauses.iter().all(|c| {
                c.iter()
                    .any(|&l| value(l.unsigned_abs() as usize) == (l > 0))
            })
        })
    }

    /// A counter with one clause dropped or one threshold moved is caught
    /// by whichever check its damage concerns: an overweight model by the
    /// soundness refutation, a missing extension by the completeness check.
    #[test]
    fn damaged_counters_fail_their_checks() {
        let budget = Budget::unlimited();
        let terms: Vec<(u64, i32)> = vec![(1, 1), (2, 2), (1, 3), (2, 4)];
        let good = Counter::new(&terms, 3, 5);
        let mut damaged = Vec::new();
        for at in 0..good.clauses.len() {
            let mut c = good.clone();
            c.clauses.remove(at);
            damaged.push(c);
            let mut c = good.clone();
            for l in &mut c.clauses[at] {
                if let Lit::Sum(_, j, _) = l {
                    *j = if *j == 1 { 2 } else { *j - 1 };
                }
            }
            damaged.push(c);
        }
        let (mut unsound, mut incomplete) = (0, 0);
        for c in &damaged {
            let weight = |bits: u32| {
                (0..4)
                    .filter(|i| bits >> i & 1 == 1)
                    .map(|i| terms[i].0)
                    .sum::<u64>()
            };
            let over = (0..16).any(|b| weight(b) > 3 && extends(c, 4, b));
            let under = (0..16).any(|b| weight(b) <= 3 && !extends(c, 4, b));
            if over {
                unsound += 1;
                assert!(c.sound(&budget).is_err());
            }
            if under {
                incomplete += 1;
                assert!(c.complete(&budget).is_err());
            }
        }
        assert!(
            unsound > 3 && incomplete > 3,
            "{unsound} unsound, {incomplete} incomplete"
        );
    }
}
