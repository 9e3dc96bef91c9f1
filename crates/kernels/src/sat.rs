//! Propositional satisfiability: clauses over variables 1..=n in DIMACS
//! form, a CDCL solver ([`cdcl`]) that writes an LRAT proof of every clause
//! it learns, and the LRAT checker ([`lrat`]) that replays such a proof.
//!
//! The identity behind every answer: a model satisfies every clause
//! (checked clause by clause), and an unsatisfiability proof derives the
//! empty clause from the input by reverse unit propagation, each step along
//! the hints it names (replayed by [`lrat::check`], the only trusted code).

pub mod cdcl;
pub mod count;
pub mod counter;
pub mod dimacs;
pub mod lrat;
pub mod pseudo_boolean;

use crate::{Budget, Stop};

/// A clause set: literals are ±v for variables v in 1..=vars.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cnf {
    pub vars: u32,
    pub clauses: Vec<Vec<i32>>,
}

/// One line of an LRAT proof. Input clauses carry ids 1..=m in order;
/// added clauses continue from m + 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// `lits` follows by unit propagation from the clauses `hints`, in
    /// that order, after assigning every literal of `lits` false.
    Add {
        id: u64,
        lits: Vec<i32>,
        hints: Vec<u64>,
    },
    /// These clauses are no longer used.
    Delete(Vec<u64>),
}

/// Whether `model` (value of variable v at index v − 1) satisfies every
/// clause; the first clause it falsifies otherwise.
pub fn falsified(cnf: &Cnf, model: &[bool]) -> Option<usize> {
    cnf.clauses.iter().position(|c| {
        !c.iter().any(|&l| {
            let v = l.unsigned_abs() as usize;
            v >= 1 && v <= model.len() && model[v - 1] == (l > 0)
        })
    })
}

/// The proof in LRAT text: `id lits 0 hints 0` for an addition,
/// `id d ids 0` for a deletion (id = the last clause added before it).
pub fn lrat_text(steps: &[Step], inputs: u64) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let mut last = inputs;
    for s in steps {
        match s {
            Step::Add { id, lits, hints } => {
                last = *id;
                let _ = write!(out, "{id}");
                for l in lits {
                    let _ = write!(out, " {l}");
                }
                out.push_str(" 0");
                for h in hints {
                    let _ = write!(out, " {h}");
                }
                out.push_str(" 0\n");
            }
            Step::Delete(ids) => {
                let _ = write!(out, "{last} d");
                for i in ids {
                    let _ = write!(out, " {i}");
                }
                out.push_str(" 0\n");
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;

/// A solver's answer after its replay: the model evaluated on every clause,
/// the proof by [`lrat::check`].
#[derive(Debug)]
pub enum Checked {
    Sat(Vec<bool>),
    /// The replayed proof's steps (the last adds the empty clause).
    Unsat(Vec<Step>),
    /// No verdict, and why.
    Unknown(Undecided),
}

/// Why [`solve_checked`] has no verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Undecided {
    /// The deadline stopped the search.
    Deadline,
    /// The proof outgrew [`cdcl::Limits::proof_words`].
    ProofTooLarge,
    /// The search ended unsatisfiable but the replay of its proof (this many
    /// steps) did not finish before the deadline.
    Replay(usize),
}

/// Solves `cnf` with [`cdcl::solve`] and replays what it found; a replay
/// that fails is `Stop::CheckFailed`. The search's counters come back
/// whatever the outcome.
pub fn solve_checked(
    cnf: &Cnf,
    limits: &cdcl::Limits,
    budget: &Budget,
) -> (Result<Checked, Stop>, cdcl::Stats) {
    use cdcl::{Halt, Outcome};
    let (outcome, stats) = cdcl::solve(cnf, limits, budget);
    let checked = match outcome {
        Err(Halt::Stopped(Stop::Deadline)) => Ok(Checked::Unknown(Undecided::Deadline)),
        Err(Halt::Stopped(stop)) => Err(stop),
        Err(Halt::ProofTooLarge) => Ok(Checked::Unknown(Undecided::ProofTooLarge)),
        Ok(Outcome::Sat(model)) => match falsified(cnf, &model) {
            Some(_) => Err(Stop::CheckFailed("the model falsifies a clause")),
            None => Ok(Checked::Sat(model)),
        },
        Ok(Outcome::Unsat(steps)) => match lrat::check(cnf, &steps, budget) {
            Err(Stop::Deadline) => Ok(Checked::Unknown(Undecided::Replay(steps.len()))),
            Err(stop) => Err(stop),
            Ok(Err(_)) => Err(Stop::CheckFailed(
                "the LRAT checker rejected the solver's proof",
            )),
            Ok(Ok(())) => Ok(Checked::Unsat(steps)),
        },
    };
    (checked, stats)
}
