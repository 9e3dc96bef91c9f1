//! Deterministic finite automata: completion, minimisation by partition
//! refinement (Moore) and equivalence by a breadth-first search of the
//! product automaton, which also yields a shortest word telling two
//! automata apart.
//!
//! Identities: two complete DFAs accept the same language iff no pair of
//! states reachable together from their starts differs in acceptance; the
//! minimal DFA of a language is the one whose states are all reachable and
//! pairwise distinguishable (Myhill–Nerode), unique up to renaming.

use crate::{Budget, Stop};
use std::collections::{HashMap, VecDeque};

/// A DFA over symbols 0..alphabet; `delta[q][a]` is `None` where the
/// automaton has no move (the word is then rejected).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dfa {
    pub alphabet: usize,
    pub delta: Vec<Vec<Option<usize>>>,
    pub start: usize,
    pub accepting: Vec<bool>,
}

impl Dfa {
    pub fn states(&self) -> usize {
        self.delta.len()
    }

    /// The same language with a move for every symbol (a rejecting sink
    /// added when some move is missing).
    pub fn complete(&self) -> Dfa {
        let n = self.states();
        let missing = self.delta.iter().flatten().any(Option::is_none);
        let mut d = self.clone();
        if missing {
            for row in d.delta.iter_mut() {
                for m in row.iter_mut() {
                    m.get_or_insert(n);
                }
            }
            d.delta.push(vec![Some(n); self.alphabet]);
            d.accepting.push(false);
        }
        d
    }

    /// Whether the automaton accepts `word`.
    pub fn accepts(&self, word: &[usize]) -> bool {
        let mut q = self.start;
        for &a in word {
            match self.delta[q][a] {
                Some(r) => q = r,
                None => return false,
            }
        }
        self.accepting[q]
    }
}

/// The states reachable from the start, in breadth-first order.
fn reachable(d: &Dfa) -> Vec<usize> {
    let mut seen = vec![false; d.states()];
    let mut order = vec![d.start];
    seen[d.start] = true;
    let mut k = 0;
    while k < order.len() {
        let q = order[k];
        k += 1;
        for r in d.delta[q].iter().flatten() {
            if !std::mem::replace(&mut seen[*r], true) {
                order.push(*r);
            }
        }
    }
    order
}

/// The classes of Moore's refinement on a complete DFA: states end in
/// one class iff no word tells them apart.
fn classes(d: &Dfa, budget: &Budget) -> Result<Vec<usize>, Stop> {
    let mut class: Vec<usize> = d.accepting.iter().map(|&a| usize::from(a)).collect();
    let mut count = class.iter().collect::<std::collections::HashSet<_>>().len();
    loop {
        budget.check()?;
        let mut ids: HashMap<Vec<usize>, usize> = HashMap::new();
        let next: Vec<usize> = (0..d.states())
            .map(|q| {
                let mut key = vec![class[q]];
                key.extend(
                    d.delta[q]
                        .iter()
                        .map(|r| r.map_or(usize::MAX, |r| class[r])),
                );
                let fresh = ids.len();
                *ids.entry(key).or_insert(fresh)
            })
            .collect();
        if ids.len() == count {
            return Ok(next);
        }
        count = ids.len();
        class = next;
    }
}

/// The minimal complete DFA of the same language (states renumbered in
/// breadth-first order from the start).
pub fn minimize(d: &Dfa, budget: &Budget) -> Result<Dfa, Stop> {
    let c = d.complete();
    // Keep the reachable part, then merge indistinguishable states.
    let keep = reachable(&c);
    let mut index = vec![usize::MAX; c.states()];
    for (k, &q) in keep.iter().enumerate() {
        index[q] = k;
    }
    let trimmed = Dfa {
        alphabet: c.alphabet,
        delta: keep
            .iter()
            .map(|&q| c.delta[q].iter().map(|r| r.map(|r| index[r])).collect())
            .collect(),
        start: 0,
        accepting: keep.iter().map(|&q| c.accepting[q]).collect(),
    };
    let class = classes(&trimmed, budget)?;
    let blocks = class.iter().max().map_or(0, |m| m + 1);
    let mut delta = vec![vec![None; c.alphabet]; blocks];
    let mut accepting = vec![false; blocks];
    for q in 0..trimmed.states() {
        delta[class[q]] = trimmed.delta[q]
            .iter()
            .map(|r| r.map(|r| class[r]))
            .collect();
        accepting[class[q]] = trimmed.accepting[q];
    }
    let merged = Dfa {
        alphabet: c.alphabet,
        delta,
        start: class[0],
        accepting,
    };
    // Renumber breadth-first so equal languages give equal automata.
    let order = reachable(&merged);
    let mut rename = vec![0; merged.states()];
    for (k, &q) in order.iter().enumerate() {
        rename[q] = k;
    }
    Ok(Dfa {
        alphabet: merged.alphabet,
        delta: order
            .iter()
            .map(|&q| {
                merged.delta[q]
                    .iter()
                    .map(|r| r.map(|r| rename[r]))
                    .collect()
            })
            .collect(),
        start: 0,
        accepting: order.iter().map(|&q| merged.accepting[q]).collect(),
    })
}

/// Whether every state of `d` is reachable and no two are equivalent.
pub fn is_minimal(d: &Dfa, budget: &Budget) -> Result<bool, Stop> {
    let c = d.complete();
    if c.states() != d.states() || reachable(&c).len() != c.states() {
        return Ok(false);
    }
    let class = classes(&c, budget)?;
    let mut seen = vec![false; c.states()];
    Ok(class
        .iter()
        .all(|&k| !std::mem::replace(&mut seen[k], true)))
}

/// `None` when `a` and `b` (same alphabet) accept the same words, else a
/// shortest word accepted by exactly one of them.
pub fn difference(a: &Dfa, b: &Dfa, budget: &Budget) -> Result<Option<Vec<usize>>, Stop> {
    let (a, b) = (a.complete(), b.complete());
    let mut parent: HashMap<(usize, usize), Option<((usize, usize), usize)>> = HashMap::new();
    let mut queue = VecDeque::new();
    parent.insert((a.start, b.start), None);
    queue.push_back((a.start, b.start));
    while let Some((p, q)) = queue.pop_front() {
        if parent.len().is_multiple_of(4096) {
            budget.check()?;
        }
        if a.accepting[p] != b.accepting[q] {
            let mut word = Vec::new();
            let mut at = (p, q);
            while let Some(Some((from, symbol))) = parent.get(&at) {
                word.push(*symbol);
                at = *from;
            }
            word.reverse();
            return Ok(Some(word));
        }
        for s in 0..a.alphabet {
            let (Some(p2), Some(q2)) = (a.delta[p][s], b.delta[q][s]) else {
                continue;
            };
            if let std::collections::hash_map::Entry::Vacant(e) = parent.entry((p2, q2)) {
                e.insert(Some(((p, q), s)));
                queue.push_back((p2, q2));
            }
        }
    }
    Ok(None)
}
