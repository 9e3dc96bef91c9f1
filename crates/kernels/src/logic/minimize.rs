//! Two-level minimisation: Quine–McCluskey's prime implicants, then a
//! cover of the true rows with the fewest implicants (fewest literals among
//! those) by branch and bound (Petrick's problem), for up to 16 variables.
//!
//! An implicant is (bits, mask): the rows r with r & !mask == bits. The
//! answer is checked by evaluating it on every row.

use crate::{Budget, Stop};

/// A product term: the rows it covers are those agreeing with `bits`
/// outside `mask`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Term {
    pub bits: u32,
    pub mask: u32,
}

impl Term {
    pub fn covers(&self, row: u32) -> bool {
        row & !self.mask == self.bits
    }

    /// Literals in the product over n variables.
    pub fn literals(&self, n: usize) -> u32 {
        n as u32 - self.mask.count_ones()
    }
}

/// The prime implicants of the set of true rows (each row's bit i is the
/// value of variable i).
pub fn primes(rows: &[u32], budget: &Budget) -> Result<Vec<Term>, Stop> {
    let mut current: Vec<Term> = rows.iter().map(|&r| Term { bits: r, mask: 0 }).collect();
    current.sort_unstable();
    current.dedup();
    let mut primes = Vec::new();
    while !current.is_empty() {
        budget.check()?;
        let mut used = vec![false; current.len()];
        let mut next = Vec::new();
        let index: std::collections::HashMap<Term, usize> =
            current.iter().enumerate().map(|(k, t)| (*t, k)).collect();
        // t combines with the term equal to it but for one more bit set
        // outside the mask; each pair is met once, from its lower side.
        for (k, t) in current.iter().enumerate() {
            let mut free = !t.mask & !t.bits;
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free &= free - 1;
                let partner = Term {
                    bits: t.bits | bit,
                    mask: t.mask,
                };
                if let Some(&j) = index.get(&partner) {
                    used[k] = true;
                    used[j] = true;
                    next.push(Term {
                        bits: t.bits,
                        mask: t.mask | bit,
                    });
                }
            }
        }
        for (k, t) in current.iter().enumerate() {
            if !used[k] {
                primes.push(*t);
            }
        }
        next.sort_unstable();
        next.dedup();
        current = next;
    }
    primes.sort_unstable();
    Ok(primes)
}

/// A cover of `rows` by `primes` with the fewest terms, then the fewest
/// literals; `exact` is false when the budget stopped the search (the best
/// cover found is returned with a lower bound on the number of terms).
pub struct Cover {
    pub terms: Vec<Term>,
    pub exact: bool,
    pub lower_bound: usize,
}

/// Stops (Err) only when the budget ends before a first cover exists.
pub fn minimum_cover(
    rows: &[u32],
    primes: &[Term],
    n: usize,
    budget: &Budget,
) -> Result<Cover, Stop> {
    let rows: Vec<u32> = {
        let mut r = rows.to_vec();
        r.sort_unstable();
        r.dedup();
        r
    };
    let mut covering: Vec<Vec<usize>> = Vec::with_capacity(rows.len());
    for &r in &rows {
        budget.check()?;
        covering.push((0..primes.len()).filter(|&p| primes[p].covers(r)).collect());
    }
    let mut search = Search {
        rows: &rows,
        primes,
        covering: &covering,
        n,
        best: None,
        chosen: Vec::new(),
        budget,
        stopped: false,
        steps: 0,
    };
    // A greedy cover first: an upper bound from the start.
    search.best = Some(greedy(&rows, primes, &covering, n, budget)?);
    let root_bound = search.lower_bound(&vec![false; rows.len()]);
    let mut covered = vec![false; rows.len()];
    search.branch(&mut covered);
    let (terms, _) = search.best.take().unwrap_or_default();
    let exact = !search.stopped;
    Ok(Cover {
        lower_bound: if exact { terms.len() } else { root_bound },
        terms,
        exact,
    })
}

type Scored = (Vec<Term>, (usize, u32));

fn cost(terms: &[Term], n: usize) -> (usize, u32) {
    (terms.len(), terms.iter().map(|t| t.literals(n)).sum())
}

fn greedy(
    rows: &[u32],
    primes: &[Term],
    covering: &[Vec<usize>],
    n: usize,
    budget: &Budget,
) -> Result<Scored, Stop> {
    let mut covered = vec![false; rows.len()];
    let mut terms = Vec::new();
    while let Some(r) = covered.iter().position(|c| !c) {
        budget.check()?;
        let best = covering[r]
            .iter()
            .copied()
            .max_by_key(|&p| {
                let gain = (0..rows.len())
                    .filter(|&k| !covered[k] && primes[p].covers(rows[k]))
                    .count();
                (gain, std::cmp::Reverse(primes[p].literals(n)))
            })
            .unwrap_or(0);
        terms.push(primes[best]);
        for k in 0..rows.len() {
            if primes[best].covers(rows[k]) {
                covered[k] = true;
            }
        }
    }
    let c = cost(&terms, n);
    Ok((terms, c))
}

struct Search<'a> {
    rows: &'a [u32],
    primes: &'a [Term],
    covering: &'a [Vec<usize>],
    n: usize,
    best: Option<Scored>,
    chosen: Vec<usize>,
    budget: &'a Budget,
    stopped: bool,
    steps: u64,
}

impl Search<'_> {
    /// Uncovered rows no two of which share a prime need a term each.
    fn lower_bound(&self, covered: &[bool]) -> usize {
        let mut blocked = vec![false; self.primes.len()];
        let mut count = 0;
        for k in 0..self.rows.len() {
            if covered[k] || self.covering[k].iter().any(|&p| blocked[p]) {
                continue;
            }
            count += 1;
            for &p in &self.covering[k] {
                blocked[p] = true;
            }
        }
        count
    }

    fn branch(&mut self, covered: &mut Vec<bool>) {
        if self.stopped {
            return;
        }
        self.steps += 1;
        if self.steps.is_multiple_of(1024) && self.budget.check().is_err() {
            self.stopped = true;
            return;
        }
        let best_terms = self.best.as_ref().map_or(usize::MAX, |b| b.1.0);
        // The uncovered row with the fewest primes decides the branching.
        let Some(row) = (0..self.rows.len())
            .filter(|&k| !covered[k])
            .min_by_key(|&k| self.covering[k].len())
        else {
            let terms: Vec<Term> = self.chosen.iter().map(|&p| self.primes[p]).collect();
            let c = cost(&terms, self.n);
            if self.best.as_ref().is_none_or(|b| c < b.1) {
                self.best = Some((terms, c));
            }
            return;
        };
        if self.chosen.len() + self.lower_bound(covered) > best_terms {
            return;
        }
        let mut options = self.covering[row].clone();
        options.sort_by_key(|&p| {
            let gain = (0..self.rows.len())
                .filter(|&k| !covered[k] && self.primes[p].covers(self.rows[k]))
                .count();
            (std::cmp::Reverse(gain), self.primes[p].literals(self.n))
        });
        for p in options {
            let newly: Vec<usize> = (0..self.rows.len())
                .filter(|&k| !covered[k] && self.primes[p].covers(self.rows[k]))
                .collect();
            for &k in &newly {
                covered[k] = true;
            }
            self.chosen.push(p);
            self.branch(covered);
            self.chosen.pop();
            for &k in &newly {
                covered[k] = false;
            }
            if self.stopped {
                return;
            }
        }
    }
}
