//! Regular expressions to automata, two independent ways: Thompson's
//! NFA followed by the subset construction, and Brzozowski's derivatives
//! (one state per dissimilar derivative: alternatives kept as a sorted
//! set, so associativity, commutativity and idempotence are built in).
//!
//! Identity: a word w is in L(r) iff the derivative of r by w is nullable,
//! iff some Thompson run on w reaches the accepting state; the two DFAs
//! accept the same language, which the caller confirms on their product.

use crate::automaton::Dfa;
use crate::{Budget, Stop};
use std::collections::{BTreeSet, HashMap};

/// A regular expression over symbols 0..alphabet.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Regex {
    /// The empty language.
    Nothing,
    /// The empty word.
    Empty,
    Symbol(usize),
    /// In order; at least two, none of them a concatenation, empty or nothing.
    Concat(Vec<Regex>),
    /// Sorted, without repeats, at least two.
    Or(Vec<Regex>),
    Star(Box<Regex>),
}

/// Where the text stopped making sense (a character offset) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Malformed {
    pub at: usize,
    pub message: &'static str,
}

/// Most repetitions `{m,n}` may ask for.
pub const MAX_REPEAT: usize = 100;
/// Most nodes an expression may expand to (nested repetitions multiply).
pub const MAX_NODES: usize = 1_000_000;
/// The refusal past [`MAX_NODES`]: a bound, not a malformed expression.
pub const TOO_LARGE: &str = "nested repetitions expand past 1,000,000 nodes";

/// The concatenation of `parts`, flat: a long literal is one node with
/// many children, never a deep chain (which recursion could not walk).
fn concat_all(parts: Vec<Regex>) -> Regex {
    let mut out = Vec::with_capacity(parts.len());
    for p in parts {
        match p {
            Regex::Nothing => return Regex::Nothing,
            Regex::Empty => {}
            Regex::Concat(inner) => out.extend(inner),
            p => out.push(p),
        }
    }
    match out.len() {
        0 => Regex::Empty,
        1 => out.pop().unwrap_or(Regex::Empty),
        _ => Regex::Concat(out),
    }
}

fn concat(a: Regex, b: Regex) -> Regex {
    concat_all(vec![a, b])
}

fn or(parts: Vec<Regex>) -> Regex {
    let mut set = BTreeSet::new();
    for p in parts {
        match p {
            Regex::Nothing => {}
            Regex::Or(inner) => set.extend(inner),
            p => {
                set.insert(p);
            }
        }
    }
    let mut v: Vec<Regex> = set.into_iter().collect();
    match v.len() {
        0 => Regex::Nothing,
        1 => v.pop().unwrap_or(Regex::Nothing),
        _ => Regex::Or(v),
    }
}

fn star(r: Regex) -> Regex {
    match r {
        Regex::Nothing | Regex::Empty => Regex::Empty,
        s @ Regex::Star(_) => s,
        r => Regex::Star(Box::new(r)),
    }
}

impl Regex {
    /// Nodes of the tree.
    pub fn size(&self) -> usize {
        1 + match self {
            Regex::Nothing | Regex::Empty | Regex::Symbol(_) => 0,
            Regex::Concat(v) => v.iter().map(Regex::size).sum(),
            Regex::Or(v) => v.iter().map(Regex::size).sum(),
            Regex::Star(r) => r.size(),
        }
    }

    pub fn nullable(&self) -> bool {
        match self {
            Regex::Nothing | Regex::Symbol(_) => false,
            Regex::Empty | Regex::Star(_) => true,
            Regex::Concat(v) => v.iter().all(Regex::nullable),
            Regex::Or(v) => v.iter().any(Regex::nullable),
        }
    }

    /// Brzozowski's derivative: the words w with a·w in the language.
    pub fn derivative(&self, a: usize) -> Regex {
        match self {
            Regex::Nothing | Regex::Empty => Regex::Nothing,
            Regex::Symbol(b) => {
                if *b == a {
                    Regex::Empty
                } else {
                    Regex::Nothing
                }
            }
            Regex::Concat(v) => {
                // d(r₁r₂…) = d(r₁)r₂… ∪ (r₁ nullable) d(r₂…), unrolled.
                let mut parts = Vec::new();
                for i in 0..v.len() {
                    let mut seq = vec![v[i].derivative(a)];
                    seq.extend(v[i + 1..].iter().cloned());
                    parts.push(concat_all(seq));
                    if !v[i].nullable() {
                        break;
                    }
                }
                or(parts)
            }
            Regex::Or(v) => or(v.iter().map(|r| r.derivative(a)).collect()),
            Regex::Star(r) => concat(r.derivative(a), self.clone()),
        }
    }
}

/// Parses `text` (`|`, juxtaposition, `*`, `+`, `?`, `{m}`, `{m,}`,
/// `{m,n}`, parentheses, `()` for the empty word, `.` for any symbol,
/// classes `[abc]`, `[a-z]`, `[^…]`, `\\` before a character to take it
/// literally) over `alphabet` (distinct characters), or, when none is
/// given, over the characters the expression names (sorted).
pub fn parse(text: &str, alphabet: Option<&[char]>) -> Result<(Regex, Vec<char>), Malformed> {
    let chars: Vec<char> = text.chars().collect();
    let alphabet = match alphabet {
        Some(a) => a.to_vec(),
        None => {
            let mut p = Parser::new(&chars, Vec::new(), true);
            p.whole()?;
            let mut a = p.alphabet;
            a.sort_unstable();
            a
        }
    };
    let mut p = Parser::new(&chars, alphabet, false);
    let r = p.whole()?;
    Ok((r, p.alphabet))
}

/// Most symbols a range may add when the alphabet is not given.
const MAX_RANGE: u32 = 1_000;

struct Parser<'a> {
    chars: &'a [char],
    at: usize,
    alphabet: Vec<char>,
    /// Characters not yet in the alphabet join it (the first pass).
    grow: bool,
    depth: usize,
}

impl<'a> Parser<'a> {
    fn new(chars: &'a [char], alphabet: Vec<char>, grow: bool) -> Self {
        Parser {
            chars,
            at: 0,
            alphabet,
            grow,
            depth: 0,
        }
    }

    fn whole(&mut self) -> Result<Regex, Malformed> {
        let r = self.alternation()?;
        if self.at < self.chars.len() {
            return Err(self.bad(if self.chars[self.at] == ')' {
                "a ) without its ("
            } else {
                "unexpected character"
            }));
        }
        Ok(r)
    }

    fn bad(&self, message: &'static str) -> Malformed {
        Malformed {
            at: self.at,
            message,
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn symbol(&mut self, c: char) -> Result<usize, Malformed> {
        if self.grow && !self.alphabet.contains(&c) {
            self.alphabet.push(c);
        }
        self.alphabet
            .iter()
            .position(|&a| a == c)
            .ok_or_else(|| self.bad("a character outside the alphabet"))
    }

    fn alternation(&mut self) -> Result<Regex, Malformed> {
        self.depth += 1;
        if self.depth > 200 {
            return Err(self.bad("nested more than 200 deep"));
        }
        let mut parts = vec![self.sequence()?];
        while self.peek() == Some('|') {
            self.at += 1;
            parts.push(self.sequence()?);
        }
        self.depth -= 1;
        Ok(or(parts))
    }

    fn sequence(&mut self) -> Result<Regex, Malformed> {
        let mut parts = Vec::new();
        while let Some(c) = self.peek() {
            if c == '|' || c == ')' {
                break;
            }
            let atom = self.atom()?;
            parts.push(self.postfix(atom)?);
        }
        Ok(concat_all(parts))
    }

    fn atom(&mut self) -> Result<Regex, Malformed> {
        let Some(c) = self.peek() else {
            return Err(self.bad("the expression ends early"));
        };
        self.at += 1;
        match c {
            '(' => {
                let r = self.alternation()?;
                if self.peek() != Some(')') {
                    return Err(self.bad("a ( without its )"));
                }
                self.at += 1;
                Ok(r)
            }
            '.' => Ok(or((0..self.alphabet.len()).map(Regex::Symbol).collect())),
            '[' => self.class(),
            '*' | '+' | '?' | '{' => {
                self.at -= 1;
                Err(self.bad("a repetition with nothing before it"))
            }
            '\\' => {
                let Some(e) = self.peek() else {
                    return Err(self.bad("\\ at the end"));
                };
                let s = self.symbol(e)?;
                self.at += 1;
                Ok(Regex::Symbol(s))
            }
            c => {
                self.at -= 1;
                let s = self.symbol(c)?;
                self.at += 1;
                Ok(Regex::Symbol(s))
            }
        }
    }

    fn class(&mut self) -> Result<Regex, Malformed> {
        let negated = self.peek() == Some('^');
        if negated {
            self.at += 1;
        }
        let mut members = vec![false; self.alphabet.len()];
        let mut first = true;
        loop {
            let Some(c) = self.peek() else {
                return Err(self.bad("a [ without its ]"));
            };
            if c == ']' && !first {
                self.at += 1;
                break;
            }
            first = false;
            self.at += 1;
            let c = if c == '\\' {
                let e = self.peek().ok_or_else(|| self.bad("\\ at the end"))?;
                self.at += 1;
                e
            } else {
                c
            };
            if self.peek() == Some('-') && self.chars.get(self.at + 1).is_some_and(|&e| e != ']') {
                let hi = self.chars[self.at + 1];
                if hi < c {
                    return Err(self.bad("a range whose end comes before its start"));
                }
                if self.grow {
                    if u32::from(hi) - u32::from(c) >= MAX_RANGE {
                        return Err(
                            self.bad("a range of more than 1,000 characters (give the alphabet)")
                        );
                    }
                    for x in c..=hi {
                        self.symbol(x)?;
                    }
                }
                self.at += 2;
                members.resize(self.alphabet.len(), false);
                // Symbols of the alphabet inside the range; none is not an error.
                for (i, &a) in self.alphabet.iter().enumerate() {
                    if (c..=hi).contains(&a) {
                        members[i] = true;
                    }
                }
            } else {
                self.at -= 1;
                let s = self.symbol(c)?;
                self.at += 1;
                members.resize(self.alphabet.len(), false);
                members[s] = true;
            }
        }
        Ok(or((0..members.len())
            .filter(|&i| members[i] != negated)
            .map(Regex::Symbol)
            .collect()))
    }

    fn number(&mut self) -> Option<usize> {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
        }
        let s: String = self.chars[start..self.at].iter().collect();
        s.parse().ok()
    }

    fn postfix(&mut self, mut r: Regex) -> Result<Regex, Malformed> {
        while let Some(c) = self.peek() {
            r = match c {
                '*' => star(r),
                '+' => concat(r.clone(), star(r)),
                '?' => or(vec![Regex::Empty, r]),
                '{' => {
                    self.at += 1;
                    let lo = self
                        .number()
                        .ok_or_else(|| self.bad("expected a count after {"))?;
                    let hi = match self.peek() {
                        Some(',') => {
                            self.at += 1;
                            if self.peek() == Some('}') {
                                None
                            } else {
                                Some(
                                    self.number()
                                        .ok_or_else(|| self.bad("expected a count after ,"))?,
                                )
                            }
                        }
                        _ => Some(lo),
                    };
                    if self.peek() != Some('}') {
                        return Err(self.bad("expected } to end the repetition"));
                    }
                    if lo > MAX_REPEAT || hi.is_some_and(|h| h > MAX_REPEAT || h < lo) {
                        return Err(self.bad("a repetition {m,n} needs m ≤ n ≤ 100"));
                    }
                    if r.size() * (hi.unwrap_or(lo) + 1) > MAX_NODES {
                        return Err(self.bad(TOO_LARGE));
                    }
                    // r{m,n} = r…r (m times) then r? (n − m times): flat.
                    let mut parts = vec![r.clone(); lo];
                    match hi {
                        None => parts.push(star(r.clone())),
                        Some(h) => parts.extend((lo..h).map(|_| or(vec![Regex::Empty, r.clone()]))),
                    }
                    concat_all(parts)
                }
                _ => break,
            };
            self.at += 1;
        }
        Ok(r)
    }
}

/// The DFA of Brzozowski's derivatives, at most `max_states` states.
pub fn derivatives(
    r: &Regex,
    alphabet: usize,
    max_states: usize,
    budget: &Budget,
) -> Result<Option<Dfa>, Stop> {
    explore(
        r.clone(),
        alphabet,
        max_states,
        budget,
        |d, a| d.derivative(a),
        Regex::nullable,
    )
}

/// The DFA whose states are the values reachable from `start` by `step`
/// (numbered breadth-first), accepting where `accepts` holds; None past
/// `max_states`.
fn explore<S: Clone + Eq + std::hash::Hash>(
    start: S,
    alphabet: usize,
    max_states: usize,
    budget: &Budget,
    step: impl Fn(&S, usize) -> S,
    accepts: impl Fn(&S) -> bool,
) -> Result<Option<Dfa>, Stop> {
    let mut index: HashMap<S, usize> = HashMap::new();
    index.insert(start.clone(), 0);
    let mut states = vec![start];
    let mut delta = Vec::new();
    let mut q = 0;
    while q < states.len() {
        budget.check()?;
        let mut row = Vec::with_capacity(alphabet);
        for a in 0..alphabet {
            let d = step(&states[q], a);
            let next = match index.get(&d) {
                Some(&i) => i,
                None => {
                    if states.len() == max_states {
                        return Ok(None);
                    }
                    index.insert(d.clone(), states.len());
                    states.push(d);
                    states.len() - 1
                }
            };
            row.push(Some(next));
        }
        delta.push(row);
        q += 1;
    }
    Ok(Some(Dfa {
        alphabet,
        delta,
        start: 0,
        accepting: states.iter().map(accepts).collect(),
    }))
}

/// Thompson's NFA: moves on symbols and ε-moves; state 1 accepts.
struct Nfa {
    symbol: Vec<Vec<(usize, usize)>>,
    epsilon: Vec<Vec<usize>>,
}

impl Nfa {
    fn state(&mut self) -> usize {
        self.symbol.push(Vec::new());
        self.epsilon.push(Vec::new());
        self.symbol.len() - 1
    }

    /// Wires `r` from state `from` to state `to`.
    fn build(&mut self, r: &Regex, from: usize, to: usize) {
        match r {
            Regex::Nothing => {}
            Regex::Empty => self.epsilon[from].push(to),
            Regex::Symbol(a) => self.symbol[from].push((*a, to)),
            Regex::Concat(v) => {
                let mut at = from;
                for (i, x) in v.iter().enumerate() {
                    let next = if i + 1 == v.len() { to } else { self.state() };
                    self.build(x, at, next);
                    at = next;
                }
            }
            Regex::Or(v) => {
                for x in v {
                    let (a, b) = (self.state(), self.state());
                    self.epsilon[from].push(a);
                    self.build(x, a, b);
                    self.epsilon[b].push(to);
                }
            }
            Regex::Star(x) => {
                let (a, b) = (self.state(), self.state());
                self.epsilon[from].push(a);
                self.epsilon[from].push(to);
                self.build(x, a, b);
                self.epsilon[b].push(a);
                self.epsilon[b].push(to);
            }
        }
    }

    fn closure(&self, mut set: Vec<usize>) -> Vec<usize> {
        let mut seen = vec![false; self.epsilon.len()];
        let mut stack = set.clone();
        for &s in &set {
            seen[s] = true;
        }
        while let Some(s) = stack.pop() {
            for &t in &self.epsilon[s] {
                if !seen[t] {
                    seen[t] = true;
                    set.push(t);
                    stack.push(t);
                }
            }
        }
        set.sort_unstable();
        set
    }
}

/// The DFA of Thompson's NFA by the subset construction, at most
/// `max_states` states.
pub fn subsets(
    r: &Regex,
    alphabet: usize,
    max_states: usize,
    budget: &Budget,
) -> Result<Option<Dfa>, Stop> {
    let mut nfa = Nfa {
        symbol: Vec::new(),
        epsilon: Vec::new(),
    };
    let (start, accept) = (nfa.state(), nfa.state());
    nfa.build(r, start, accept);
    let first = nfa.closure(vec![start]);
    let step = |set: &Vec<usize>, a: usize| {
        let moved = set
            .iter()
            .flat_map(|&s| nfa.symbol[s].iter().filter(|m| m.0 == a).map(|m| m.1))
            .collect();
        nfa.closure(moved)
    };
    explore(first, alphabet, max_states, budget, step, |s| {
        s.binary_search(&accept).is_ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::automaton;

    /// Words over the alphabet up to length `n`.
    fn words(k: usize, n: usize) -> Vec<Vec<usize>> {
        let mut all = vec![vec![]];
        let mut layer = vec![vec![]];
        for _ in 0..n {
            layer = layer
                .iter()
                .flat_map(|w: &Vec<usize>| (0..k).map(move |a| [w.clone(), vec![a]].concat()))
                .collect();
            all.extend(layer.clone());
        }
        all
    }

    /// A backtracking matcher straight from the definition of the operators.
    fn matches(r: &Regex, w: &[usize]) -> bool {
        match r {
            Regex::Nothing => false,
            Regex::Empty => w.is_empty(),
            Regex::Symbol(a) => w == [*a],
            Regex::Concat(v) => match v.split_first() {
                None => w.is_empty(),
                Some((x, rest)) => (0..=w.len()).any(|i| {
                    let tail = concat_all(rest.to_vec());
                    matches(x, &w[..i]) && matches(&tail, &w[i..])
                }),
            },
            Regex::Or(v) => v.iter().any(|x| matches(x, w)),
            Regex::Star(x) => {
                w.is_empty() || (1..=w.len()).any(|i| matches(x, &w[..i]) && matches(r, &w[i..]))
            }
        }
    }

    #[test]
    fn both_constructions_accept_what_the_definition_matches() {
        let alphabet = ['a', 'b', 'c'];
        let b = Budget::unlimited();
        for text in [
            "a*b",
            "(a|b)*abb",
            "a?b+c{2}",
            "(ab|ba){1,3}",
            "[a-b]*c",
            "[^a]+",
            ".*a.",
            "()",
            "a{2,}",
            "(a*)*",
            "(a|())b",
            "((a|b)(a|c))*",
            "a(b|c)*a|c",
            "\\.",
            "[ab]{0,2}c?",
        ] {
            let alphabet: &[char] = if text == "\\." {
                &['.', 'a']
            } else {
                &alphabet
            };
            let (r, _) = parse(text, Some(alphabet)).unwrap_or_else(|e| panic!("{text}: {e:?}"));
            let d = derivatives(&r, alphabet.len(), 1000, &b).unwrap().unwrap();
            let s = subsets(&r, alphabet.len(), 1000, &b).unwrap().unwrap();
            assert_eq!(automaton::difference(&d, &s, &b).unwrap(), None, "{text}");
            for w in words(alphabet.len(), 6) {
                assert_eq!(d.accepts(&w), matches(&r, &w), "{text} on {w:?}");
            }
        }
    }

    #[test]
    fn malformed_expressions_say_where() {
        let alphabet = ['a', 'b'];
        for (text, at) in [
            ("(a", 2),
            ("a)", 1),
            ("*a", 0),
            ("a{3,1}", 5),
            ("x", 0),
            ("[a", 2),
        ] {
            let e = parse(text, Some(&alphabet)).unwrap_err();
            assert_eq!(e.at, at, "{text}: {e:?}");
        }
        assert_eq!(
            parse("x[0-3]|\\*", None).unwrap().1,
            ['*', '0', '1', '2', '3', 'x']
        );
    }
}
