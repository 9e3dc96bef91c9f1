//! Finite-domain constraint satisfaction over integers: linear constraints
//! (≤, ≥, =, ≠ between linear expressions) and all-different over linear
//! expressions, solved by backtracking with propagation (bounds reasoning
//! on each linear constraint, value removal for ≠ and all-different once
//! one variable of an expression is left), smallest domain first.
//!
//! The identity behind every answer: a solution gives each variable a value
//! of its domain and makes every constraint true ([`Problem::satisfied`],
//! plain evaluation in i128, the only trusted code). A count is replayed by
//! a second search that branches on the largest domain first and takes
//! values from the top (a different tree) and must agree.

use crate::{Budget, Stop};

/// Σ coefficient·variable + constant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Linear {
    pub terms: Vec<(i64, usize)>,
    pub constant: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relation {
    /// expression ≤ 0
    AtMost,
    /// expression = 0
    Equal,
    /// expression ≠ 0
    Different,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Constraint {
    /// `expression` (relation) 0.
    Linear(Linear, Relation),
    /// The expressions take pairwise different values.
    AllDifferent(Vec<Linear>),
}

#[derive(Debug, Clone)]
pub struct Problem {
    /// Each variable's values, sorted, without repeats.
    pub domains: Vec<Vec<i64>>,
    pub constraints: Vec<Constraint>,
}

impl Linear {
    fn value(&self, x: &[i64]) -> i128 {
        self.terms
            .iter()
            .map(|&(c, v)| i128::from(c) * i128::from(x[v]))
            .sum::<i128>()
            + i128::from(self.constant)
    }

    /// Smallest and largest value over the domains.
    fn range(&self, d: &[Vec<i64>]) -> (i128, i128) {
        let (mut lo, mut hi) = (i128::from(self.constant), i128::from(self.constant));
        for &(c, v) in &self.terms {
            let (a, b) = term_range(c, &d[v]);
            lo += a;
            hi += b;
        }
        (lo, hi)
    }
}

fn term_range(c: i64, d: &[i64]) -> (i128, i128) {
    let (first, last) = (i128::from(d[0]), i128::from(d[d.len() - 1]));
    let c = i128::from(c);
    if c >= 0 {
        (c * first, c * last)
    } else {
        (c * last, c * first)
    }
}

impl Problem {
    /// Whether `x` (a value per variable) is in every domain and meets
    /// every constraint.
    pub fn satisfied(&self, x: &[i64]) -> bool {
        x.len() == self.domains.len()
            && x.iter()
                .zip(&self.domains)
                .all(|(v, d)| d.binary_search(v).is_ok())
            && self.constraints.iter().all(|c| match c {
                Constraint::Linear(e, r) => {
                    let v = e.value(x);
                    match r {
                        Relation::AtMost => v <= 0,
                        Relation::Equal => v == 0,
                        Relation::Different => v != 0,
                    }
                }
                Constraint::AllDifferent(es) => {
                    let mut v: Vec<i128> = es.iter().map(|e| e.value(x)).collect();
                    v.sort_unstable();
                    v.windows(2).all(|w| w[0] != w[1])
                }
            })
    }
}

/// Branching order: the default search takes the smallest domain and its
/// smallest value first; the replay the largest open domain, largest value.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Order {
    Forward,
    Replay,
}

struct Search<'a> {
    problem: &'a Problem,
    budget: &'a Budget,
    order: Order,
    nodes: u64,
    /// Constraints mentioning each variable.
    watching: Vec<Vec<usize>>,
}

/// Removes from `d` the values failing `keep`; false when it empties.
fn filter(d: &mut Vec<i64>, changed: &mut bool, keep: impl Fn(i128) -> bool) -> bool {
    let before = d.len();
    d.retain(|&v| keep(i128::from(v)));
    *changed |= d.len() != before;
    !d.is_empty()
}

impl Search<'_> {
    /// Narrows the domains until no constraint removes a value; false when
    /// some domain empties.
    fn propagate(&mut self, d: &mut [Vec<i64>], mut queue: Vec<usize>) -> Result<bool, Stop> {
        let mut queued = vec![false; self.problem.constraints.len()];
        for &c in &queue {
            queued[c] = true;
        }
        while let Some(c) = queue.pop() {
            queued[c] = false;
            self.nodes += 1;
            if self.nodes.is_multiple_of(1024) {
                self.budget.check()?;
            }
            let mut touched = Vec::new();
            if !self.revise(&self.problem.constraints[c], d, &mut touched) {
                return Ok(false);
            }
            for v in touched {
                for &o in &self.watching[v] {
                    if !queued[o] {
                        queued[o] = true;
                        queue.push(o);
                    }
                }
            }
        }
        Ok(true)
    }

    /// One constraint's removals; the variables it narrowed go to `touched`.
    fn revise(&self, c: &Constraint, d: &mut [Vec<i64>], touched: &mut Vec<usize>) -> bool {
        match c {
            Constraint::Linear(e, r) => {
                let (lo, hi) = e.range(d);
                match r {
                    Relation::AtMost | Relation::Equal => {
                        if lo > 0 || (*r == Relation::Equal && hi < 0) {
                            return false;
                        }
                        for &(k, v) in &e.terms {
                            let (tlo, thi) = term_range(k, &d[v]);
                            // k·x ≤ −(lo − tlo) and, for =, k·x ≥ −(hi − thi).
                            let (most, least) = (tlo - lo, thi - hi);
                            let equal = *r == Relation::Equal;
                            let mut changed = false;
                            let k = i128::from(k);
                            if !filter(&mut d[v], &mut changed, |x| {
                                k * x <= most && (!equal || k * x >= least)
                            }) {
                                return false;
                            }
                            if changed {
                                touched.push(v);
                            }
                        }
                        true
                    }
                    Relation::Different => {
                        let open: Vec<(i64, usize)> = e
                            .terms
                            .iter()
                            .copied()
                            .filter(|t| d[t.1].len() > 1)
                            .collect();
                        match open.as_slice() {
                            [] => lo != 0,
                            [(k, v)] => {
                                let (k, v) = (*k, *v);
                                let rest = lo - term_range(k, &d[v]).0;
                                let mut changed = false;
                                let k = i128::from(k);
                                let ok = filter(&mut d[v], &mut changed, |x| k * x + rest != 0);
                                if changed {
                                    touched.push(v);
                                }
                                ok
                            }
                            _ => true,
                        }
                    }
                }
            }
            Constraint::AllDifferent(es) => {
                let fixed: Vec<i128> = es
                    .iter()
                    .filter(|e| e.terms.iter().all(|t| d[t.1].len() == 1))
                    .map(|e| e.range(d).0)
                    .collect();
                let mut sorted = fixed.clone();
                sorted.sort_unstable();
                if sorted.windows(2).any(|w| w[0] == w[1]) {
                    return false;
                }
                for e in es {
                    let open: Vec<(i64, usize)> = e
                        .terms
                        .iter()
                        .copied()
                        .filter(|t| d[t.1].len() > 1)
                        .collect();
                    if let [(k, v)] = open.as_slice() {
                        let (k, v) = (*k, *v);
                        let rest = e.range(d).0 - term_range(k, &d[v]).0;
                        let mut changed = false;
                        let k = i128::from(k);
                        if !filter(&mut d[v], &mut changed, |x| {
                            sorted.binary_search(&(k * x + rest)).is_err()
                        }) {
                            return false;
                        }
                        if changed {
                            touched.push(v);
                        }
                    }
                }
                true
            }
        }
    }

    /// The variable to branch on, None when all are fixed.
    fn pick(&self, d: &[Vec<i64>]) -> Option<usize> {
        let open = (0..d.len()).filter(|&v| d[v].len() > 1);
        match self.order {
            Order::Forward => {
                open.min_by_key(|&v| (d[v].len(), std::cmp::Reverse(self.watching[v].len())))
            }
            Order::Replay => open.max_by_key(|&v| (d[v].len(), v)),
        }
    }

    /// Visits every solution below `d` (domains already propagated) until
    /// `visit` returns false; returns false when it did.
    fn walk(
        &mut self,
        d: Vec<Vec<i64>>,
        visit: &mut dyn FnMut(&[i64]) -> Result<bool, Stop>,
    ) -> Result<bool, Stop> {
        let Some(v) = self.pick(&d) else {
            let x: Vec<i64> = d.iter().map(|vals| vals[0]).collect();
            return visit(&x);
        };
        let mut values = d[v].clone();
        if self.order == Order::Replay {
            values.reverse();
        }
        for value in values {
            let mut next = d.clone();
            next[v] = vec![value];
            if self.propagate(&mut next, self.watching[v].clone())? && !self.walk(next, visit)? {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

/// Runs the search in `order`, calling `visit` on each solution (checked
/// against every constraint first) until it returns false.
fn search(
    p: &Problem,
    order: Order,
    budget: &Budget,
    visit: &mut dyn FnMut(&[i64]) -> Result<bool, Stop>,
) -> Result<u64, Stop> {
    let mut watching = vec![Vec::new(); p.domains.len()];
    for (i, c) in p.constraints.iter().enumerate() {
        let mut vars: Vec<usize> = match c {
            Constraint::Linear(e, _) => e.terms.iter().map(|t| t.1).collect(),
            Constraint::AllDifferent(es) => es
                .iter()
                .flat_map(|e| e.terms.iter().map(|t| t.1))
                .collect(),
        };
        vars.sort_unstable();
        vars.dedup();
        for v in vars {
            watching[v].push(i);
        }
    }
    let mut s = Search {
        problem: p,
        budget,
        order,
        nodes: 0,
        watching,
    };
    if p.domains.iter().any(|d| d.is_empty()) {
        return Ok(0);
    }
    let mut d = p.domains.clone();
    let all: Vec<usize> = (0..p.constraints.len()).collect();
    if s.propagate(&mut d, all)? {
        s.walk(d, &mut |x| {
            if !p.satisfied(x) {
                return Err(Stop::CheckFailed("a CSP solution breaks a constraint"));
            }
            visit(x)
        })?;
    }
    Ok(s.nodes)
}

/// Why a listing ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// Every solution was listed.
    Exhausted,
    /// The limit was reached with more solutions left.
    Limit,
    /// The deadline stopped the search.
    Deadline,
}

/// Up to `limit` solutions (each checked) and why the listing ended;
/// `limit` = 1 is solving.
pub fn solutions(p: &Problem, limit: usize, budget: &Budget) -> Result<(Vec<Vec<i64>>, End), Stop> {
    let mut found = Vec::new();
    let mut end = End::Exhausted;
    let run = search(p, Order::Forward, budget, &mut |x| {
        if found.len() == limit {
            end = End::Limit;
            return Ok(false);
        }
        found.push(x.to_vec());
        Ok(true)
    });
    match run {
        Err(Stop::Deadline) => Ok((found, End::Deadline)),
        Err(stop) => Err(stop),
        Ok(_) => Ok((found, end)),
    }
}

/// A count, or what the deadline left of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    /// Counted and replayed.
    Exact(u64),
    /// The first search was stopped after this many solutions.
    AtLeast(u64),
    /// The first search finished with this count; its replay did not.
    Unreplayed(u64),
}

/// The number of solutions, counted twice in different branching orders.
pub fn count(p: &Problem, budget: &Budget) -> Result<Count, Stop> {
    let mut counts = [0u64; 2];
    for (i, order) in [Order::Forward, Order::Replay].into_iter().enumerate() {
        let run = search(p, order, budget, &mut |_| {
            counts[i] += 1;
            Ok(true)
        });
        match run {
            Err(Stop::Deadline) if i == 0 => return Ok(Count::AtLeast(counts[0])),
            Err(Stop::Deadline) => return Ok(Count::Unreplayed(counts[0])),
            Err(stop) => return Err(stop),
            Ok(_) => {}
        }
    }
    if counts[0] != counts[1] {
        return Err(Stop::CheckFailed("the two CSP counts disagree"));
    }
    Ok(Count::Exact(counts[0]))
}

/// Where constraint text stopped making sense (a byte offset) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Malformed {
    pub at: usize,
    pub message: String,
}

/// Parses a constraint: `lhs REL rhs` with REL one of <=, >=, =, ==, !=,
/// <, > between linear expressions (`2x + 3*y - z + 4`), or
/// `all_different(e1, e2, …)`; variables are looked up in `names`.
pub fn parse(text: &str, names: &[String]) -> Result<Constraint, Malformed> {
    let b = text.as_bytes();
    let mut at = 0;
    let blanks = |at: &mut usize| {
        while b.get(*at).is_some_and(|c| c.is_ascii_whitespace()) {
            *at += 1;
        }
    };
    let word = |at: &mut usize| -> &str {
        blanks(at);
        let start = *at;
        while b
            .get(*at)
            .is_some_and(|&c| c.is_ascii_alphanumeric() || c == b'_')
            && !(*at == start && b[*at].is_ascii_digit())
        {
            *at += 1;
        }
        &text[start..*at]
    };
    let bad = |at: usize, m: &str| Malformed {
        at,
        message: m.to_string(),
    };
    let expression = |at: &mut usize| -> Result<Linear, Malformed> {
        let mut e = Linear {
            terms: Vec::new(),
            constant: 0,
        };
        let mut first = true;
        loop {
            blanks(at);
            let sign: i64 = match b.get(*at) {
                Some(b'+') => {
                    *at += 1;
                    1
                }
                Some(b'-') => {
                    *at += 1;
                    -1
                }
                _ if first => 1,
                _ => return Ok(e),
            };
            first = false;
            blanks(at);
            // "y + -3": a sign may follow the operator.
            let sign = if b.get(*at) == Some(&b'-') {
                *at += 1;
                blanks(at);
                -sign
            } else {
                sign
            };
            let start = *at;
            while b.get(*at).is_some_and(u8::is_ascii_digit) {
                *at += 1;
            }
            let number = if *at > start {
                Some(
                    text[start..*at]
                        .parse::<i64>()
                        .ok()
                        .filter(|n| *n <= 1_000_000_000)
                        .ok_or_else(|| bad(start, "a number above 10^9"))?,
                )
            } else {
                None
            };
            blanks(at);
            if b.get(*at) == Some(&b'*') {
                *at += 1;
            }
            let name_at = *at;
            let name = word(at);
            if name.is_empty() {
                let Some(n) = number else {
                    return Err(bad(name_at, "expected a number or a variable"));
                };
                e.constant = e
                    .constant
                    .checked_add(sign * n)
                    .filter(|c| c.abs() <= 1_000_000_000_000)
                    .ok_or_else(|| bad(start, "the constant is too large"))?;
                continue;
            }
            let Some(v) = names.iter().position(|n| n == name) else {
                return Err(bad(
                    name_at,
                    &format!("'{name}' is not one of the variables given domains"),
                ));
            };
            let c = sign * number.unwrap_or(1);
            match e.terms.iter_mut().find(|t| t.1 == v) {
                Some(t) => t.0 += c,
                None => e.terms.push((c, v)),
            }
        }
    };
    let save = at;
    let w = word(&mut at);
    if matches!(w, "all_different" | "alldifferent" | "alldiff" | "distinct") {
        blanks(&mut at);
        if b.get(at) != Some(&b'(') {
            return Err(bad(at, "expected ( after all_different"));
        }
        at += 1;
        let mut es = Vec::new();
        loop {
            es.push(expression(&mut at)?);
            blanks(&mut at);
            match b.get(at) {
                Some(b',') => at += 1,
                Some(b')') => {
                    at += 1;
                    break;
                }
                _ => return Err(bad(at, "expected , or ) in all_different")),
            }
        }
        blanks(&mut at);
        if at < b.len() {
            return Err(bad(at, "unexpected text after all_different(…)"));
        }
        return Ok(Constraint::AllDifferent(es));
    }
    at = save;
    let left = expression(&mut at)?;
    blanks(&mut at);
    let rel_at = at;
    let (relation, width) = match (b.get(at), b.get(at + 1)) {
        (Some(b'<'), Some(b'=')) => ("<=", 2),
        (Some(b'>'), Some(b'=')) => (">=", 2),
        (Some(b'='), Some(b'=')) => ("=", 2),
        (Some(b'!'), Some(b'=')) => ("!=", 2),
        (Some(b'<'), _) => ("<", 1),
        (Some(b'>'), _) => (">", 1),
        (Some(b'='), _) => ("=", 1),
        _ => {
            return Err(bad(
                at,
                "expected a relation (<=, >=, =, !=, <, >) or an operator",
            ));
        }
    };
    at += width;
    let right = expression(&mut at)?;
    blanks(&mut at);
    if at < b.len() {
        return Err(bad(at, "unexpected text after the right-hand side"));
    }
    // left − right, or right − left for ≥ and >.
    let flip = matches!(relation, ">=" | ">");
    let (plus, minus) = if flip { (right, left) } else { (left, right) };
    let mut e = plus;
    for (c, v) in minus.terms {
        match e.terms.iter_mut().find(|t| t.1 == v) {
            Some(t) => t.0 -= c,
            None => e.terms.push((-c, v)),
        }
    }
    e.constant -= minus.constant;
    e.terms.retain(|t| t.0 != 0);
    if e.terms.iter().any(|t| t.0.abs() > 2_000_000_000) {
        return Err(bad(rel_at, "a coefficient above 10^9"));
    }
    let relation = match relation {
        "<=" | ">=" => Relation::AtMost,
        "<" | ">" => {
            e.constant += 1;
            Relation::AtMost
        }
        "=" => Relation::Equal,
        _ => Relation::Different,
    };
    Ok(Constraint::Linear(e, relation))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(domains: &[(&str, Vec<i64>)], constraints: &[&str]) -> Problem {
        let names: Vec<String> = domains.iter().map(|d| d.0.to_string()).collect();
        Problem {
            domains: domains.iter().map(|d| d.1.clone()).collect(),
            constraints: constraints
                .iter()
                .map(|c| parse(c, &names).unwrap())
                .collect(),
        }
    }

    /// Every assignment of the domains, tried.
    fn brute_force(p: &Problem) -> u64 {
        let mut x = vec![0i64; p.domains.len()];
        fn go(p: &Problem, i: usize, x: &mut Vec<i64>) -> u64 {
            if i == x.len() {
                return u64::from(p.satisfied(x));
            }
            p.domains[i]
                .clone()
                .into_iter()
                .map(|v| {
                    x[i] = v;
                    go(p, i + 1, x)
                })
                .sum()
        }
        go(p, 0, &mut x)
    }

    #[test]
    fn counts_agree_with_brute_force_on_random_problems() {
        let mut state = 7u64;
        let mut next = |k: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % k
        };
        let names = ["a", "b", "c", "d", "e"];
        let (mut none, mut some) = (0, 0);
        for round in 0..400 {
            let n = next(4) as usize + 2;
            let domains: Vec<(&str, Vec<i64>)> = (0..n)
                .map(|i| {
                    let lo = next(5) as i64 - 2;
                    (names[i], (lo..lo + next(5) as i64 + 1).collect())
                })
                .collect();
            let mut texts = Vec::new();
            for _ in 0..next(4) + 1 {
                let x = names[next(n as u64) as usize];
                let y = names[next(n as u64) as usize];
                let z = names[next(n as u64) as usize];
                let k = next(7) as i64 - 3;
                texts.push(match next(6) {
                    0 => format!("{x} + 2*{y} - {z} <= {k}"),
                    1 => format!("3{x} - {y} >= {k}"),
                    2 => format!("{x} + {y} = {z} + {k}"),
                    3 => format!("{x} != {y} + {k}"),
                    4 => format!("all_different({x}, {y} + 1, {z} - {k})"),
                    _ => format!("{x} < {y}"),
                });
            }
            let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
            let p = problem(&domains, &refs);
            let expected = brute_force(&p);
            let b = Budget::unlimited();
            assert_eq!(
                count(&p, &b).unwrap(),
                Count::Exact(expected),
                "round {round}: {domains:?} {texts:?}"
            );
            let (found, end) = solutions(&p, 3, &b).unwrap();
            assert_eq!(found.len() as u64, expected.min(3));
            assert_eq!(end == End::Limit, expected > 3);
            if expected == 0 { none += 1 } else { some += 1 }
        }
        assert!(
            none > 50 && some > 50,
            "{none} without, {some} with solutions"
        );
    }

    #[test]
    fn queens_and_send_more_money() {
        let b = Budget::unlimited();
        let names: Vec<String> = (0..8).map(|i| format!("q{i}")).collect();
        let all = |shift: i64| {
            let parts: Vec<String> = (0..8).map(|i| format!("q{i} + {}", shift * i)).collect();
            format!("all_different({})", parts.join(", ").replace("+ -", "- "))
        };
        let p = Problem {
            domains: vec![(1..=8).collect(); 8],
            constraints: [all(0), all(1), all(-1)]
                .iter()
                .map(|c| parse(c, &names).unwrap())
                .collect(),
        };
        assert_eq!(count(&p, &b).unwrap(), Count::Exact(92));
        let letters = ["s", "e", "n", "d", "m", "o", "r", "y"];
        let p = problem(
            &letters.map(|l| (l, (0..=9).collect())),
            &[
                "all_different(s, e, n, d, m, o, r, y)",
                "1000 s + 100 e + 10 n + d + 1000 m + 100 o + 10 r + e = 10000 m + 1000 o + 100 n + 10 e + y",
                "s >= 1",
                "m >= 1",
            ],
        );
        let (found, end) = solutions(&p, 5, &b).unwrap();
        assert_eq!(found, vec![vec![9, 5, 6, 7, 1, 0, 8, 2]]);
        assert_eq!(end, End::Exhausted);
    }
}
