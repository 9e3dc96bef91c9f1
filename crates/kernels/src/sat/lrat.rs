//! The LRAT checker: the trusted base of every unsatisfiability answer.
//!
//! A step `id lits 0 hints 0` is accepted when, with every literal of
//! `lits` assigned false, the hint clauses taken in order each have all
//! literals false but one (which is then assigned true), until one has all
//! literals false: a conflict, so `lits` follows from the hints by unit
//! resolution (reverse unit propagation). A hint that is satisfied or has
//! two open literals rejects the proof. The formula is unsatisfiable when
//! an accepted step adds the empty clause.

use super::{Cnf, Step};
use crate::{Budget, Stop};

/// Why a proof was rejected (the step, counted from 0, and the reason).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejected {
    pub step: usize,
    pub reason: &'static str,
}

/// Replays `steps` against `cnf`: Ok(Ok(())) when they derive the empty
/// clause, Ok(Err(_)) at the first step that fails or when none is empty.
pub fn check(cnf: &Cnf, steps: &[Step], budget: &Budget) -> Result<Result<(), Rejected>, Stop> {
    let n = cnf.vars as usize;
    // clauses[id]: the literals of live clause id.
    let mut clauses: Vec<Option<Vec<i32>>> = Vec::with_capacity(cnf.clauses.len() + 1);
    clauses.push(None);
    for c in &cnf.clauses {
        if c.iter().any(|&l| l == 0 || l.unsigned_abs() as usize > n) {
            return Ok(Err(Rejected {
                step: 0,
                reason: "an input clause has a literal outside 1..=vars",
            }));
        }
        // A clause is a set: [1, 1] is the unit [1].
        let mut c = c.clone();
        c.sort_unstable();
        c.dedup();
        clauses.push(Some(c));
    }
    // value[v]: 0 open, 1 true, -1 false.
    let mut value = vec![0i8; n + 1];
    let mut set: Vec<usize> = Vec::new();
    let truth = |value: &[i8], l: i32| -> i8 {
        let v = value[l.unsigned_abs() as usize];
        if l > 0 { v } else { -v }
    };
    for (k, step) in steps.iter().enumerate() {
        if k % 1024 == 0 {
            budget.check()?;
        }
        let reject = |reason| Ok(Err(Rejected { step: k, reason }));
        match step {
            Step::Delete(ids) => {
                for &id in ids {
                    match clauses.get_mut(id as usize) {
                        Some(c @ Some(_)) => *c = None,
                        _ => return reject("a deletion names no live clause"),
                    }
                }
            }
            Step::Add { id, lits, hints } => {
                if *id as usize != clauses.len() {
                    return reject("clause ids must continue from the last one");
                }
                if lits
                    .iter()
                    .any(|&l| l == 0 || l.unsigned_abs() as usize > n)
                {
                    return reject("a literal outside 1..=vars");
                }
                let mut outcome = Err("the hints end without a conflict");
                let mut tautology = false;
                for &l in lits {
                    match truth(&value, l) {
                        0 => {
                            value[l.unsigned_abs() as usize] = if l > 0 { -1 } else { 1 };
                            set.push(l.unsigned_abs() as usize);
                        }
                        1 => tautology = true,
                        _ => {}
                    }
                }
                if tautology {
                    outcome = Ok(());
                } else {
                    for &h in hints {
                        let Some(Some(c)) = clauses.get(h as usize) else {
                            outcome = Err("a hint names no live clause");
                            break;
                        };
                        let mut open = None;
                        let mut count = 0;
                        let mut satisfied = false;
                        for &l in c {
                            match truth(&value, l) {
                                1 => satisfied = true,
                                0 => {
                                    count += 1;
                                    open = Some(l);
                                }
                                _ => {}
                            }
                        }
                        if satisfied || count > 1 {
                            outcome = Err("a hint is neither unit nor falsified");
                            break;
                        }
                        match open {
                            None => {
                                outcome = Ok(());
                                break;
                            }
                            Some(l) => {
                                value[l.unsigned_abs() as usize] = if l > 0 { 1 } else { -1 };
                                set.push(l.unsigned_abs() as usize);
                            }
                        }
                    }
                }
                for v in set.drain(..) {
                    value[v] = 0;
                }
                if let Err(reason) = outcome {
                    return reject(reason);
                }
                if lits.is_empty() {
                    return Ok(Ok(()));
                }
                let mut c = lits.clone();
                c.sort_unstable();
                c.dedup();
                clauses.push(Some(c));
            }
        }
    }
    Ok(Err(Rejected {
        step: steps.len(),
        reason: "no step adds the empty clause",
    }))
}
