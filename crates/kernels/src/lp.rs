//! Linear programs over Q, answered with a certificate that
//! [`certificate::check`] verifies in exact arithmetic before anything is
//! returned.
//!
//! The problem: minimise c·x subject to rows aᵢ·x ρᵢ bᵢ (ρ one of ≤, ≥, =)
//! and bounds lⱼ ≤ xⱼ ≤ uⱼ (either side may be absent). The identities
//! the certificates rest on (weak duality, Farkas' lemma with a box):
//! - optimal: x feasible, and multipliers y with yᵢ ≤ 0 on ≤ rows and
//!   yᵢ ≥ 0 on ≥ rows whose reduced costs d = c − Aᵀy are ≥ 0 only where
//!   x has a lower bound and ≤ 0 only where it has an upper one; then every
//!   feasible x' has c·x' ≥ b·y + Σ_{d>0} lⱼdⱼ + Σ_{d<0} uⱼdⱼ, and x attains it;
//! - infeasible: multipliers y with the same signs and d = Aᵀy such that
//!   the largest d·x over the box is below b·y (every feasible x has
//!   d·x ≥ b·y);
//! - unbounded: a feasible x and a ray r (Ar on the right side of 0 row by
//!   row, within the bounds' directions) with c·r < 0.
//!
//! How: the problem is brought to standard form (A'z = b', 0 ≤ z ≤ u',
//! integer rows); a floating-point simplex with bounded variables proposes
//! a vertex; the exact revised simplex (Dixon-lifted solves with the
//! basis, Bland's rule, so it ends) starts from that vertex when it is
//! exactly feasible and from the slack and artificial basis otherwise. A
//! float only ever proposes; every verdict is exact.

pub mod certificate;
mod exact;
mod float;
pub mod integer;
pub mod sensitivity;
mod standard;

#[cfg(test)]
mod tests;

use crate::{Budget, Q, Stop};
use num_traits::Zero;

/// The relation of a row to its right-hand side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    Le,
    Ge,
    Eq,
}

/// aᵢ·x ρ bᵢ.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub coefficients: Vec<Q>,
    pub relation: Relation,
    pub rhs: Q,
}

/// Minimise `cost`·x over the rows and bounds (`None`: unbounded side).
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub cost: Vec<Q>,
    pub rows: Vec<Row>,
    pub lower: Vec<Option<Q>>,
    pub upper: Vec<Option<Q>>,
}

impl Problem {
    pub fn variables(&self) -> usize {
        self.cost.len()
    }

    /// Some lⱼ > uⱼ: the box itself is empty.
    pub fn empty_box(&self) -> Option<usize> {
        (0..self.variables()).find(|&j| match (&self.lower[j], &self.upper[j]) {
            (Some(l), Some(u)) => l > u,
            _ => false,
        })
    }
}

/// A solved linear program with its certificate.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// x is optimal; y (one multiplier per row) proves it.
    Optimal { x: Vec<Q>, y: Vec<Q> },
    /// No x satisfies the rows and bounds; y proves it (all zero when the
    /// box is empty by itself).
    Infeasible { y: Vec<Q> },
    /// x is feasible and c·(x + t·ray) → −∞ as t → ∞.
    Unbounded { x: Vec<Q>, ray: Vec<Q> },
}

/// Solves `p`, checking the certificate before returning it.
pub fn solve(p: &Problem, budget: &Budget) -> Result<Answer, Stop> {
    let answer = if p.empty_box().is_some() {
        Answer::Infeasible {
            y: vec![Q::zero(); p.rows.len()],
        }
    } else {
        let s = standard::Standard::new(p);
        let guess = float::guess(&s, budget)?;
        let end = exact::run(&s, guess, budget)?;
        s.answer(p, end)
    };
    certificate::check(p, &answer)
        .map_err(|_| Stop::CheckFailed("a linear program's certificate does not verify"))?;
    Ok(answer)
}

/// u·v.
pub fn dot(u: &[Q], v: &[Q]) -> Q {
    certificate::dot(u, v)
}

/// The objective at x.
pub fn objective(p: &Problem, x: &[Q]) -> Q {
    certificate::dot(&p.cost, x)
}
