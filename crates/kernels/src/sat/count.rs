//! Exact model counting (#SAT) of a clause set: DPLL with unit
//! propagation, variables no clause mentions counted as factors of 2,
//! independent components (clauses sharing no variable) counted apart and
//! multiplied, each component's count cached by its clauses. The count is
//! replayed by a second search branching on the least frequent variable
//! first (a different tree) and must agree.

use super::Cnf;
use crate::{BigUint, Budget, Stop};
use num_traits::{One, Zero};
use std::collections::HashMap;

/// Most variables counted: the search recurses once per branching level.
pub const MAX_VARS: u32 = 2_000;

struct Counter<'b> {
    cache: HashMap<Vec<Vec<i32>>, BigUint>,
    budget: &'b Budget,
    steps: u64,
    most: bool,
}

impl Counter<'_> {
    /// Models over exactly the variables of `clauses` (sorted, each clause
    /// sorted and non-empty).
    fn count(&mut self, clauses: Vec<Vec<i32>>) -> Result<BigUint, Stop> {
        self.steps += 1;
        if self.steps.is_multiple_of(256) {
            self.budget.check()?;
        }
        if clauses.is_empty() {
            return Ok(BigUint::one());
        }
        if let Some(c) = self.cache.get(&clauses) {
            return Ok(c.clone());
        }
        let mut total = BigUint::one();
        for component in components(&clauses) {
            let c = self.component(component)?;
            if c.is_zero() {
                total = BigUint::zero();
                break;
            }
            total *= c;
        }
        self.cache.insert(clauses, total.clone());
        Ok(total)
    }

    /// One connected component: branch on a variable.
    fn component(&mut self, clauses: Vec<Vec<i32>>) -> Result<BigUint, Stop> {
        if let Some(c) = self.cache.get(&clauses) {
            return Ok(c.clone());
        }
        let vars = variables(&clauses);
        let mut frequency: HashMap<i32, usize> = HashMap::new();
        clauses
            .iter()
            .flatten()
            .for_each(|l| *frequency.entry(l.abs()).or_default() += 1);
        let pick = if self.most {
            vars.iter()
                .max_by_key(|v| (frequency[v], std::cmp::Reverse(**v)))
        } else {
            vars.iter().min_by_key(|v| (frequency[v], **v))
        };
        let Some(&v) = pick else {
            return Ok(BigUint::one());
        };
        let mut sum = BigUint::zero();
        for lit in [v, -v] {
            if let Some((rest, assigned)) = assign(&clauses, &[lit]) {
                // Variables neither assigned nor left are free: factors of 2.
                let freed = vars.len() - assigned - variables(&rest).len();
                sum += self.count(rest)? << freed;
            }
        }
        let key = clauses;
        self.cache.insert(key, sum.clone());
        Ok(sum)
    }
}

/// The clauses under `lits` and everything unit propagation then forces,
/// with the number of variables so assigned; `None` on a conflict. Each
/// remaining clause sorted, the list sorted.
fn assign(clauses: &[Vec<i32>], lits: &[i32]) -> Option<(Vec<Vec<i32>>, usize)> {
    let mut current: Vec<Vec<i32>> = clauses.to_vec();
    let mut pending: Vec<i32> = lits.to_vec();
    let mut assigned: Vec<i32> = Vec::new();
    while let Some(l) = pending.pop() {
        if assigned.contains(&l) {
            continue;
        }
        assigned.push(l);
        let mut next = Vec::with_capacity(current.len());
        for c in current {
            if c.contains(&l) {
                continue;
            }
            let reduced: Vec<i32> = c.into_iter().filter(|&x| x != -l).collect();
            match reduced.len() {
                0 => return None,
                1 => {
                    if pending.contains(&-reduced[0]) {
                        return None;
                    }
                    if !pending.contains(&reduced[0]) {
                        pending.push(reduced[0]);
                    }
                    next.push(reduced);
                }
                _ => next.push(reduced),
            }
        }
        current = next;
    }
    current.sort();
    current.dedup();
    Some((current, assigned.len()))
}

fn variables(clauses: &[Vec<i32>]) -> Vec<i32> {
    let mut v: Vec<i32> = clauses.iter().flatten().map(|l| l.abs()).collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// The clauses split by shared variables (union-find on variables).
fn components(clauses: &[Vec<i32>]) -> Vec<Vec<Vec<i32>>> {
    let vars = variables(clauses);
    let index: HashMap<i32, usize> = vars.iter().enumerate().map(|(k, &v)| (v, k)).collect();
    let mut parent: Vec<usize> = (0..vars.len()).collect();
    fn find(p: &mut [usize], x: usize) -> usize {
        let mut r = x;
        while p[r] != r {
            r = p[r];
        }
        let mut y = x;
        while p[y] != r {
            let n = p[y];
            p[y] = r;
            y = n;
        }
        r
    }
    for c in clauses {
        let first = index[&c[0].abs()];
        for l in &c[1..] {
            let (a, b) = (find(&mut parent, first), find(&mut parent, index[&l.abs()]));
            parent[a] = b;
        }
    }
    let mut groups: HashMap<usize, Vec<Vec<i32>>> = HashMap::new();
    for c in clauses {
        let r = find(&mut parent, index[&c[0].abs()]);
        groups.entry(r).or_default().push(c.clone());
    }
    let mut out: Vec<Vec<Vec<i32>>> = groups.into_values().collect();
    out.sort();
    out
}

fn run(cnf: &Cnf, most: bool, budget: &Budget) -> Result<BigUint, Stop> {
    let mut clauses: Vec<Vec<i32>> = Vec::new();
    for c in &cnf.clauses {
        let mut c = c.clone();
        c.sort_unstable();
        c.dedup();
        // A clause with x and ¬x holds always.
        if c.iter().any(|l| c.contains(&-l)) {
            continue;
        }
        clauses.push(c);
    }
    if clauses.iter().any(Vec::is_empty) {
        return Ok(BigUint::zero());
    }
    // Unit clauses first, then count over the variables left.
    let units: Vec<i32> = clauses
        .iter()
        .filter(|c| c.len() == 1)
        .map(|c| c[0])
        .collect();
    let Some((rest, assigned)) = assign(&clauses, &units) else {
        return Ok(BigUint::zero());
    };
    // Variables in no clause, or freed by the units, are factors of 2.
    let free = cnf.vars as usize - assigned - variables(&rest).len();
    let mut counter = Counter {
        cache: HashMap::new(),
        budget,
        steps: 0,
        most,
    };
    Ok(counter.count(rest)? << free)
}

/// The number of assignments of variables 1..=vars satisfying every clause,
/// confirmed by a second search in another branching order.
pub fn count(cnf: &Cnf, budget: &Budget) -> Result<BigUint, Stop> {
    let first = run(cnf, true, budget)?;
    let second = run(cnf, false, budget)?;
    if first != second {
        return Err(Stop::CheckFailed(
            "two model counts of one clause set disagree",
        ));
    }
    Ok(first)
}
