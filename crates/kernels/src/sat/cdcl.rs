//! Conflict-driven clause learning (MiniSat's design: two watched literals
//! with a blocker, VSIDS on a binary heap, phase saving, first-UIP learning
//! with recursive minimisation, Luby restarts, learnt clauses kept by LBD)
//! that writes the LRAT proof of every clause it learns.
//!
//! Hints come from the analysis itself: a learnt clause C is the resolvent
//! of the conflict clause with the reasons of the literals resolved away
//! (and of those minimisation removed). With C assigned false, those
//! reasons taken in trail order each become unit, and the conflict clause
//! then falsified. Literals fixed at level 0 are dropped from C; each such
//! fact was itself added to the proof as a unit clause, whose id is hinted
//! first.

use super::{Cnf, Step};
use crate::{Budget, Stop};

const NONE: u32 = u32::MAX;
const TRUE: u8 = 1;
const FALSE: u8 = 0;
const OPEN: u8 = 2;

/// Literal 2·(v − 1) + (1 if negative).
type Lit = u32;

fn lit(dimacs: i32) -> Lit {
    (dimacs.unsigned_abs() - 1) * 2 + u32::from(dimacs < 0)
}

fn dimacs(l: Lit) -> i32 {
    let v = (l / 2 + 1) as i32;
    if l & 1 == 1 { -v } else { v }
}

struct Clause {
    lits: Vec<Lit>,
    id: u64,
    learnt: bool,
    lbd: u32,
    activity: f32,
    deleted: bool,
}

#[derive(Clone, Copy)]
struct Watch {
    clause: u32,
    blocker: Lit,
}

/// What solving found.
pub enum Outcome {
    /// Value of variable v at index v − 1.
    Sat(Vec<bool>),
    /// The proof steps after the input clauses; the last adds the empty
    /// clause.
    Unsat(Vec<Step>),
}

/// Counters, for the caller's report.
#[derive(Debug, Default, Clone, Copy)]
pub struct Stats {
    pub decisions: u64,
    pub conflicts: u64,
    pub propagations: u64,
    pub restarts: u64,
    pub learnt: u64,
    pub deleted: u64,
}

/// Bounds besides the budget.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Hints plus literals held by the proof; past it, `Stop::TooLarge`-like
    /// refusal through [`Halt::ProofTooLarge`].
    pub proof_words: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Halt {
    Stopped(Stop),
    ProofTooLarge,
}

impl From<Stop> for Halt {
    fn from(s: Stop) -> Self {
        Halt::Stopped(s)
    }
}

struct Solver<'a> {
    clauses: Vec<Clause>,
    watches: Vec<Vec<Watch>>,
    value: Vec<u8>,
    level: Vec<u32>,
    reason: Vec<u32>,
    position: Vec<u32>,
    /// Proof id of the unit clause fixing a level-0 variable.
    unit: Vec<u64>,
    trail: Vec<Lit>,
    limits: Vec<usize>,
    head: usize,
    activity: Vec<f64>,
    increment: f64,
    clause_increment: f32,
    heap: Heap,
    phase: Vec<bool>,
    seen: Vec<u8>,
    next_id: u64,
    proof: Vec<Step>,
    proof_words: usize,
    max_proof_words: usize,
    stats: Stats,
    budget: &'a Budget,
}

/// Solves `cnf`: a model, or an LRAT proof of unsatisfiability (neither is
/// checked here; the caller replays both), with the search's counters
/// (also when it halted).
pub fn solve(cnf: &Cnf, limits: &Limits, budget: &Budget) -> (Result<Outcome, Halt>, Stats) {
    if cnf
        .clauses
        .iter()
        .flatten()
        .any(|&l| l == 0 || l == i32::MIN)
    {
        let bad = Halt::Stopped(Stop::CheckFailed("a clause holds the literal 0"));
        return (Err(bad), Stats::default());
    }
    // Variables beyond the declared count are still variables.
    let widest = cnf.clauses.iter().flatten().map(|l| l.unsigned_abs()).max();
    let n = cnf.vars.max(widest.unwrap_or(0)) as usize;
    let mut s = Solver {
        clauses: Vec::with_capacity(cnf.clauses.len()),
        watches: vec![Vec::new(); 2 * n],
        value: vec![OPEN; n],
        level: vec![0; n],
        reason: vec![NONE; n],
        position: vec![0; n],
        unit: vec![0; n],
        trail: Vec::with_capacity(n),
        limits: Vec::new(),
        head: 0,
        activity: vec![0.0; n],
        increment: 1.0,
        clause_increment: 1.0,
        heap: Heap::new(n),
        phase: vec![false; n],
        seen: vec![0; n],
        next_id: cnf.clauses.len() as u64 + 1,
        proof: Vec::new(),
        proof_words: 0,
        max_proof_words: limits.proof_words,
        stats: Stats::default(),
        budget,
    };
    let outcome = s.run(cnf);
    (outcome, s.stats)
}

fn luby(mut i: u64) -> u64 {
    // The i-th term (from 0) of 1 1 2 1 1 2 4 1 1 2 …
    let (mut size, mut seq) = (1u64, 0u32);
    while size < i + 1 {
        seq += 1;
        size = 2 * size + 1;
    }
    while size - 1 != i {
        size = (size - 1) / 2;
        seq -= 1;
        i %= size;
    }
    1 << seq
}

impl Solver<'_> {
    fn lit_value(&self, l: Lit) -> u8 {
        let v = self.value[(l / 2) as usize];
        if v == OPEN { OPEN } else { v ^ (l & 1) as u8 }
    }

    fn level_now(&self) -> u32 {
        self.limits.len() as u32
    }

    fn assign(&mut self, l: Lit, reason: u32) {
        let v = (l / 2) as usize;
        self.value[v] = 1 ^ (l & 1) as u8;
        self.level[v] = self.level_now();
        self.reason[v] = reason;
        self.position[v] = self.trail.len() as u32;
        self.trail.push(l);
    }

    fn add_step(&mut self, lits: Vec<i32>, hints: Vec<u64>) -> Result<u64, Halt> {
        let id = self.next_id;
        self.next_id += 1;
        self.proof_words += lits.len() + hints.len() + 2;
        if self.proof_words > self.max_proof_words {
            return Err(Halt::ProofTooLarge);
        }
        self.proof.push(Step::Add { id, lits, hints });
        Ok(id)
    }

    /// Fixes l at level 0 because of `clause` (every other literal false
    /// at level 0): the unit clause [l] goes into the proof.
    fn fix(&mut self, l: Lit, clause: u32) -> Result<(), Halt> {
        let c = &self.clauses[clause as usize];
        let mut hints: Vec<u64> = c
            .lits
            .iter()
            .filter(|&&x| x != l)
            .map(|&x| self.unit[(x / 2) as usize])
            .collect();
        hints.push(c.id);
        let id = if c.lits.len() == 1 {
            c.id
        } else {
            self.add_step(vec![dimacs(l)], hints)?
        };
        self.unit[(l / 2) as usize] = id;
        Ok(())
    }

    fn attach(&mut self, lits: Vec<Lit>, id: u64, learnt: bool, lbd: u32) -> u32 {
        let k = self.clauses.len() as u32;
        if lits.len() >= 2 {
            self.watches[lits[0] as usize].push(Watch {
                clause: k,
                blocker: lits[1],
            });
            self.watches[lits[1] as usize].push(Watch {
                clause: k,
                blocker: lits[0],
            });
        }
        self.clauses.push(Clause {
            lits,
            id,
            learnt,
            lbd,
            activity: 0.0,
            deleted: false,
        });
        k
    }

    /// The proof's last step: the empty clause, from the conflict clause
    /// and the units of its (level-0, false) literals.
    fn refute(&mut self, conflict: u32) -> Result<Outcome, Halt> {
        let c = &self.clauses[conflict as usize];
        let mut hints: Vec<u64> = c
            .lits
            .iter()
            .map(|&x| self.unit[(x / 2) as usize])
            .collect();
        hints.push(c.id);
        self.add_step(Vec::new(), hints)?;
        Ok(Outcome::Unsat(std::mem::take(&mut self.proof)))
    }

    fn run(&mut self, cnf: &Cnf) -> Result<Outcome, Halt> {
        // Input clauses: duplicates dropped, tautologies left out (always
        // satisfied), units and the empty clause acted on at once.
        let mut pending: Vec<u32> = Vec::new();
        for (k, c) in cnf.clauses.iter().enumerate() {
            if k.is_multiple_of(1 << 14) {
                self.budget.check()?;
            }
            let id = k as u64 + 1;
            let mut lits: Vec<Lit> = c.iter().map(|&x| lit(x)).collect();
            lits.sort_unstable();
            lits.dedup();
            if lits.windows(2).any(|w| w[0] ^ 1 == w[1]) {
                continue;
            }
            if lits.is_empty() {
                self.add_step(Vec::new(), vec![id])?;
                return Ok(Outcome::Unsat(std::mem::take(&mut self.proof)));
            }
            let unit = lits.len() == 1;
            let k = self.attach(lits, id, false, 0);
            if unit {
                pending.push(k);
            }
        }
        for k in pending {
            let l = self.clauses[k as usize].lits[0];
            match self.lit_value(l) {
                TRUE => {}
                FALSE => {
                    // [l] and [¬l]: the empty clause from both units.
                    let other = self.unit[(l / 2) as usize];
                    let id = self.clauses[k as usize].id;
                    self.add_step(Vec::new(), vec![other, id])?;
                    return Ok(Outcome::Unsat(std::mem::take(&mut self.proof)));
                }
                _ => {
                    self.assign(l, k);
                    self.unit[(l / 2) as usize] = self.clauses[k as usize].id;
                }
            }
        }
        for v in 0..self.value.len() {
            self.heap.insert(v, &self.activity);
        }
        let mut restarts = 0u64;
        let mut until_restart = 100 * luby(0);
        let mut until_reduce = 2000u64;
        let mut reductions = 0u64;
        loop {
            if let Some(conflict) = self.propagate()? {
                self.stats.conflicts += 1;
                if self.stats.conflicts.is_multiple_of(256) {
                    self.budget.check()?;
                }
                if self.level_now() == 0 {
                    return self.refute(conflict);
                }
                let (learnt, hints, back, lbd) = self.analyze(conflict);
                let id = self.add_step(learnt.iter().map(|&l| dimacs(l)).collect(), hints)?;
                self.backtrack(back);
                let asserting = learnt[0];
                if learnt.len() == 1 {
                    self.assign(asserting, NONE);
                    self.unit[(asserting / 2) as usize] = id;
                } else {
                    let k = self.attach(learnt, id, true, lbd);
                    self.bump_clause(k);
                    self.assign(asserting, k);
                    if self.level_now() == 0 {
                        self.fix(asserting, k)?;
                    }
                }
                self.stats.learnt += 1;
                self.increment /= 0.95;
                self.clause_increment /= 0.999;
                until_restart = until_restart.saturating_sub(1);
                until_reduce = until_reduce.saturating_sub(1);
            } else {
                if until_restart == 0 {
                    restarts += 1;
                    self.stats.restarts += 1;
                    until_restart = 100 * luby(restarts);
                    self.backtrack(0);
                }
                if until_reduce == 0 {
                    reductions += 1;
                    until_reduce = 2000 + 300 * reductions;
                    self.reduce();
                }
                let Some(v) = self.pick() else {
                    let model = self.value.iter().map(|&x| x == TRUE).collect();
                    return Ok(Outcome::Sat(model));
                };
                self.stats.decisions += 1;
                if self.stats.decisions.is_multiple_of(1 << 14) {
                    self.budget.check()?;
                }
                self.limits.push(self.trail.len());
                let l = 2 * v as u32 + u32::from(!self.phase[v]);
                self.assign(l, NONE);
            }
        }
    }

    fn pick(&mut self) -> Option<usize> {
        while let Some(v) = self.heap.pop(&self.activity) {
            if self.value[v] == OPEN {
                return Some(v);
            }
        }
        None
    }

    /// Unit propagation from the trail's head; a falsified clause stops it.
    fn propagate(&mut self) -> Result<Option<u32>, Halt> {
        while self.head < self.trail.len() {
            let p = self.trail[self.head];
            self.head += 1;
            self.stats.propagations += 1;
            if self.stats.propagations.is_multiple_of(1 << 12) {
                self.budget.check()?;
            }
            let false_lit = p ^ 1;
            let mut ws = std::mem::take(&mut self.watches[false_lit as usize]);
            let (mut i, mut j) = (0, 0);
            let mut conflict = None;
            while i < ws.len() {
                let w = ws[i];
                i += 1;
                if self.lit_value(w.blocker) == TRUE {
                    ws[j] = w;
                    j += 1;
                    continue;
                }
                let k = w.clause as usize;
                if self.clauses[k].deleted {
                    continue;
                }
                {
                    let lits = &mut self.clauses[k].lits;
                    if lits[0] == false_lit {
                        lits.swap(0, 1);
                    }
                }
                let first = self.clauses[k].lits[0];
                if first != w.blocker && self.lit_value(first) == TRUE {
                    ws[j] = Watch {
                        clause: w.clause,
                        blocker: first,
                    };
                    j += 1;
                    continue;
                }
                let len = self.clauses[k].lits.len();
                let mut moved = false;
                for m in 2..len {
                    let x = self.clauses[k].lits[m];
                    if self.lit_value(x) != FALSE {
                        self.clauses[k].lits.swap(1, m);
                        self.watches[x as usize].push(Watch {
                            clause: w.clause,
                            blocker: first,
                        });
                        moved = true;
                        break;
                    }
                }
                if moved {
                    continue;
                }
                ws[j] = w;
                j += 1;
                if self.lit_value(first) == FALSE {
                    conflict = Some(w.clause);
                    while i < ws.len() {
                        ws[j] = ws[i];
                        j += 1;
                        i += 1;
                    }
                } else {
                    self.assign(first, w.clause);
                    if self.level_now() == 0 {
                        self.fix(first, w.clause)?;
                    }
                }
            }
            ws.truncate(j);
            self.watches[false_lit as usize] = ws;
            if conflict.is_some() {
                self.head = self.trail.len();
                return Ok(conflict);
            }
        }
        Ok(None)
    }

    fn bump_var(&mut self, v: usize) {
        self.activity[v] += self.increment;
        if self.activity[v] > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.increment *= 1e-100;
        }
        self.heap.increased(v, &self.activity);
    }

    fn bump_clause(&mut self, k: u32) {
        let c = &mut self.clauses[k as usize];
        c.activity += self.clause_increment;
        if c.activity > 1e20 {
            for c in self.clauses.iter_mut().filter(|c| c.learnt) {
                c.activity *= 1e-20;
            }
            self.clause_increment *= 1e-20;
        }
    }

    /// First-UIP learning: the learnt clause (asserting literal first, a
    /// literal of the backjump level second), its LRAT hints, the backjump
    /// level and the clause's LBD.
    fn analyze(&mut self, conflict: u32) -> (Vec<Lit>, Vec<u64>, u32, u32) {
        let now = self.level_now();
        let mut learnt: Vec<Lit> = vec![0];
        // (trail position of the literal a clause implied, clause id); the
        // conflict clause sorts last.
        let mut chain: Vec<(u32, u64)> = Vec::new();
        let mut units: Vec<u64> = Vec::new();
        let mut fixed_seen: Vec<usize> = Vec::new();
        let mut path = 0;
        let mut at = self.trail.len();
        let mut clause = conflict;
        let mut implied: Option<Lit> = None;
        loop {
            if self.clauses[clause as usize].learnt {
                self.bump_clause(clause);
            }
            let pos = implied.map_or(u32::MAX, |l| self.position[(l / 2) as usize]);
            chain.push((pos, self.clauses[clause as usize].id));
            let start = usize::from(implied.is_some());
            for m in start..self.clauses[clause as usize].lits.len() {
                let q = self.clauses[clause as usize].lits[m];
                let v = (q / 2) as usize;
                if self.seen[v] != 0 {
                    continue;
                }
                if self.level[v] == 0 {
                    self.seen[v] = 2;
                    fixed_seen.push(v);
                    units.push(self.unit[v]);
                    continue;
                }
                self.seen[v] = 1;
                self.bump_var(v);
                if self.level[v] >= now {
                    path += 1;
                } else {
                    learnt.push(q);
                }
            }
            loop {
                at -= 1;
                if self.seen[(self.trail[at] / 2) as usize] == 1 {
                    break;
                }
            }
            let p = self.trail[at];
            let v = (p / 2) as usize;
            self.seen[v] = 0;
            path -= 1;
            if path == 0 {
                learnt[0] = p ^ 1;
                break;
            }
            implied = Some(p);
            clause = self.reason[v];
        }
        // Recursive minimisation: a literal whose reason's other literals are
        // all in the clause, fixed, or themselves removable goes.
        let levels: u64 = learnt[1..]
            .iter()
            .fold(0, |acc, &l| acc | 1 << (self.level[(l / 2) as usize] % 64));
        let mut keep = vec![learnt[0]];
        let mut cleared: Vec<usize> = Vec::new();
        for &l in &learnt[1..] {
            let v = (l / 2) as usize;
            if self.reason[v] == NONE
                || !self.removable(
                    l,
                    levels,
                    &mut chain,
                    &mut units,
                    &mut cleared,
                    &mut fixed_seen,
                )
            {
                keep.push(l);
            }
        }
        for &l in &learnt {
            self.seen[(l / 2) as usize] = 0;
        }
        for v in cleared {
            self.seen[v] = 0;
        }
        for v in fixed_seen {
            self.seen[v] = 0;
        }
        let mut learnt = keep;
        // Backjump to the highest level below now, its literal second.
        let mut back = 0;
        if learnt.len() > 1 {
            let mut best = 1;
            for m in 2..learnt.len() {
                if self.level[(learnt[m] / 2) as usize] > self.level[(learnt[best] / 2) as usize] {
                    best = m;
                }
            }
            learnt.swap(1, best);
            back = self.level[(learnt[1] / 2) as usize];
        }
        let mut lbd_levels: Vec<u32> = learnt
            .iter()
            .map(|&l| self.level[(l / 2) as usize])
            .collect();
        lbd_levels.sort_unstable();
        lbd_levels.dedup();
        chain.sort_unstable();
        chain.dedup();
        let mut hints = units;
        hints.extend(chain.into_iter().map(|(_, id)| id));
        (learnt, hints, back, lbd_levels.len() as u32)
    }

    /// Whether l (in the learnt clause) is implied by the clause's other
    /// literals and level-0 facts; the reasons used join `chain` and
    /// `units` only when it is.
    fn removable(
        &mut self,
        l: Lit,
        levels: u64,
        chain: &mut Vec<(u32, u64)>,
        units: &mut Vec<u64>,
        cleared: &mut Vec<usize>,
        fixed_seen: &mut Vec<usize>,
    ) -> bool {
        let mut stack = vec![l];
        let mut marked: Vec<usize> = Vec::new();
        let mut used: Vec<(u32, u64)> = Vec::new();
        let mut new_units: Vec<usize> = Vec::new();
        while let Some(p) = stack.pop() {
            let r = self.reason[(p / 2) as usize] as usize;
            used.push((self.position[(p / 2) as usize], self.clauses[r].id));
            for m in 1..self.clauses[r].lits.len() {
                let q = self.clauses[r].lits[m];
                let v = (q / 2) as usize;
                if self.seen[v] != 0 {
                    continue;
                }
                if self.level[v] == 0 {
                    self.seen[v] = 2;
                    new_units.push(v);
                    continue;
                }
                if self.reason[v] != NONE && levels >> (self.level[v] % 64) & 1 == 1 {
                    self.seen[v] = 1;
                    marked.push(v);
                    stack.push(q);
                } else {
                    for v in marked.into_iter().chain(new_units) {
                        self.seen[v] = 0;
                    }
                    return false;
                }
            }
        }
        chain.extend(used);
        for v in new_units {
            units.push(self.unit[v]);
            fixed_seen.push(v);
        }
        cleared.extend(marked);
        true
    }

    fn backtrack(&mut self, level: u32) {
        if self.level_now() <= level {
            return;
        }
        let start = self.limits[level as usize];
        for k in (start..self.trail.len()).rev() {
            let v = (self.trail[k] / 2) as usize;
            self.phase[v] = self.value[v] == TRUE;
            self.value[v] = OPEN;
            self.reason[v] = NONE;
            self.heap.insert(v, &self.activity);
        }
        self.trail.truncate(start);
        self.limits.truncate(level as usize);
        self.head = start;
    }

    /// Deletes the less useful half of the learnt clauses with LBD > 2
    /// that are no reason now.
    fn reduce(&mut self) {
        let locked = |s: &Self, k: usize| {
            let c = &s.clauses[k];
            let v = (c.lits[0] / 2) as usize;
            s.value[v] != OPEN && s.reason[v] == k as u32 && s.lit_value(c.lits[0]) == TRUE
        };
        let mut candidates: Vec<usize> = (0..self.clauses.len())
            .filter(|&k| {
                let c = &self.clauses[k];
                c.learnt && !c.deleted && c.lbd > 2 && !locked(self, k)
            })
            .collect();
        candidates.sort_by(|&a, &b| {
            let (x, y) = (&self.clauses[a], &self.clauses[b]);
            y.lbd.cmp(&x.lbd).then(
                x.activity
                    .partial_cmp(&y.activity)
                    .unwrap_or(std::cmp::Ordering::Equal),
            )
        });
        let mut gone = Vec::new();
        for &k in &candidates[..candidates.len() / 2] {
            let c = &mut self.clauses[k];
            c.deleted = true;
            c.lits = Vec::new();
            gone.push(c.id);
        }
        self.stats.deleted += gone.len() as u64;
        if !gone.is_empty() {
            self.proof.push(Step::Delete(gone));
        }
        let clauses = &self.clauses;
        for ws in &mut self.watches {
            ws.retain(|w| !clauses[w.clause as usize].deleted);
        }
    }
}

/// A max-heap of variables by activity.
struct Heap {
    items: Vec<usize>,
    /// Index in `items`, or usize::MAX when absent.
    at: Vec<usize>,
}

impl Heap {
    fn new(n: usize) -> Heap {
        Heap {
            items: Vec::with_capacity(n),
            at: vec![usize::MAX; n],
        }
    }

    fn insert(&mut self, v: usize, act: &[f64]) {
        if self.at[v] != usize::MAX {
            return;
        }
        self.at[v] = self.items.len();
        self.items.push(v);
        self.up(self.items.len() - 1, act);
    }

    fn increased(&mut self, v: usize, act: &[f64]) {
        if self.at[v] != usize::MAX {
            self.up(self.at[v], act);
        }
    }

    fn pop(&mut self, act: &[f64]) -> Option<usize> {
        let top = *self.items.first()?;
        let last = self.items.pop()?;
        self.at[top] = usize::MAX;
        if !self.items.is_empty() {
            self.items[0] = last;
            self.at[last] = 0;
            self.down(0, act);
        }
        Some(top)
    }

    fn up(&mut self, mut i: usize, act: &[f64]) {
        let v = self.items[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            if act[self.items[parent]] >= act[v] {
                break;
            }
            self.items[i] = self.items[parent];
            self.at[self.items[i]] = i;
            i = parent;
        }
        self.items[i] = v;
        self.at[v] = i;
    }

    fn down(&mut self, mut i: usize, act: &[f64]) {
        let v = self.items[i];
        let n = self.items.len();
        loop {
            let mut child = 2 * i + 1;
            if child >= n {
                break;
            }
            if child + 1 < n && act[self.items[child + 1]] > act[self.items[child]] {
                child += 1;
            }
            if act[self.items[child]] <= act[v] {
                break;
            }
            self.items[i] = self.items[child];
            self.at[self.items[i]] = i;
            i = child;
        }
        self.items[i] = v;
        self.at[v] = i;
    }
}
