//! Ramsey colourings: a red/blue colouring of the edges of Kₙ with no red
//! K_s and no blue K_t, or a proof that none exists (n → (s, t), so
//! R(s, t) ≤ n). One variable per edge (true: red), one clause per s-set
//! (not all red) and per t-set (not all blue); a model is a colouring, the
//! clauses evaluated on it; an unsatisfiable answer is an LRAT proof,
//! replayed. When s = t, edge {0, 1} is fixed red (swapping the colours
//! maps colourings onto colourings).

use crate::sat::{Checked, Cnf, Undecided, cdcl, solve_checked};
use crate::{Budget, Stop};

/// What the search found.
#[derive(Debug)]
pub enum Ramsey {
    /// red[i][j] for i < j (symmetric).
    Colouring(Vec<Vec<bool>>),
    /// Every colouring has a red K_s or a blue K_t: the proof's steps.
    None {
        steps: usize,
    },
    Unknown(Undecided),
}

/// Literals of the encoding: C(n, s)·C(s, 2) + C(n, t)·C(t, 2).
pub fn ramsey_size(n: usize, s: usize, t: usize) -> u128 {
    let choose = |n: usize, k: usize| -> u128 {
        (0..k.min(n + 1)).fold(1u128, |c, i| c * (n - i) as u128 / (i as u128 + 1))
    };
    let sets = |k: usize| {
        if k > n {
            0
        } else {
            choose(n, k) * choose(k, 2)
        }
    };
    sets(s) + sets(t)
}

/// The edge variable of {i, j}, i < j < n.
fn var(n: usize, i: usize, j: usize) -> i32 {
    (i * n + j + 1) as i32
}

/// Each k-subset of 0..n in lexicographic order, as `visit(&subset)`.
fn subsets(
    n: usize,
    k: usize,
    budget: &Budget,
    visit: &mut dyn FnMut(&[usize]),
) -> Result<(), Stop> {
    let mut set: Vec<usize> = (0..k).collect();
    if k > n {
        return Ok(());
    }
    loop {
        budget.check()?;
        visit(&set);
        // The rightmost position that can still move right.
        let Some(i) = (0..k).rev().find(|&i| set[i] < n - k + i) else {
            return Ok(());
        };
        set[i] += 1;
        for j in i + 1..k {
            set[j] = set[j - 1] + 1;
        }
    }
}

/// A colouring of Kₙ with no red K_s and no blue K_t (s, t ≥ 2), or the
/// replayed proof that there is none. The caller bounds [`ramsey_size`].
pub fn ramsey_colouring(
    n: usize,
    s: usize,
    t: usize,
    limits: &cdcl::Limits,
    budget: &Budget,
) -> Result<Ramsey, Stop> {
    let mut clauses: Vec<Vec<i32>> = Vec::new();
    for (k, sign) in [(s, -1), (t, 1)] {
        subsets(n, k, budget, &mut |set| {
            let mut clause = Vec::with_capacity(k * (k - 1) / 2);
            for (a, &i) in set.iter().enumerate() {
                clause.extend(set[a + 1..].iter().map(|&j| sign * var(n, i, j)));
            }
            clauses.push(clause);
        })?;
    }
    if s == t && n >= 2 {
        clauses.push(vec![var(n, 0, 1)]);
    }
    let cnf = Cnf {
        vars: (n * n) as u32,
        clauses,
    };
    Ok(match solve_checked(&cnf, limits, budget).0? {
        Checked::Sat(model) => {
            let red: Vec<Vec<bool>> = (0..n)
                .map(|i| {
                    (0..n)
                        .map(|j| i != j && model[var(n, i.min(j), i.max(j)) as usize - 1])
                        .collect()
                })
                .collect();
            // The definition, once more on the matrix itself.
            let mono = |k: usize, colour: bool| -> Result<bool, Stop> {
                let mut found = false;
                subsets(n, k, budget, &mut |set| {
                    found |= set
                        .iter()
                        .enumerate()
                        .all(|(a, &i)| set[a + 1..].iter().all(|&j| red[i][j] == colour));
                })?;
                Ok(found)
            };
            if mono(s, true)? || mono(t, false)? {
                return Err(Stop::CheckFailed(
                    "the colouring has a monochromatic clique",
                ));
            }
            Ramsey::Colouring(red)
        }
        Checked::Unsat(steps) => Ramsey::None { steps: steps.len() },
        Checked::Unknown(why) => Ramsey::Unknown(why),
    })
}
