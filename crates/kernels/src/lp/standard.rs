//! The standard form A'z = b', 0 ≤ z ≤ u' of a [`Problem`], with integer
//! rows and b' ≥ 0, stored by columns, and the way back from its solutions
//! and multipliers.
//!
//! Each variable becomes l + z (a lower bound; an upper one becomes
//! z ≤ u − l, kept by the simplex rather than as a row), u − z (only an
//! upper bound) or z⁺ − z⁻ (free); each row gets a slack (+s for ≤, −s for
//! ≥) and is multiplied by an integer that clears its denominators and
//! makes its right-hand side non-negative. Row i of A' is sᵢ times row i of
//! the problem (substituted), so multipliers y' of A' are yᵢ = sᵢ·y'ᵢ on
//! the problem's rows.

use super::exact::End;
use super::{Answer, Problem, Relation};
use crate::rational::ratio;
use crate::{BigInt, Q};
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

/// How a variable of the problem is made of standard columns.
enum Origin {
    /// x = at + z.
    Shift { col: usize, at: Q },
    /// x = at − z.
    Flip { col: usize, at: Q },
    /// x = z⁺ − z⁻.
    Split { pos: usize, neg: usize },
}

/// One column of A': (row, entry) with rows ascending.
pub(super) type Column = Vec<(usize, BigInt)>;

pub(super) struct Standard {
    /// The real columns, then one identity column per row that starts
    /// without a slack of its own (the artificials).
    pub cols: Vec<Column>,
    pub b: Vec<BigInt>,
    /// The upper bound u' of each real column (`None`: z ≥ 0 only).
    upper: Vec<Option<Q>>,
    /// The cost of each real column, times `cost_scale`.
    pub c: Vec<BigInt>,
    cost_scale: BigInt,
    /// sᵢ for the problem's rows.
    scale: Vec<BigInt>,
    origin: Vec<Origin>,
    /// The starting basis: per row, a slack with a positive coefficient
    /// or its artificial column.
    pub start: Vec<usize>,
}

impl Standard {
    pub fn new(p: &Problem) -> Standard {
        let mut origin = Vec::with_capacity(p.variables());
        let mut upper: Vec<Option<Q>> = Vec::with_capacity(p.variables());
        for j in 0..p.variables() {
            let col = upper.len();
            origin.push(match (&p.lower[j], &p.upper[j]) {
                (Some(l), u) => {
                    upper.push(u.as_ref().map(|u| u - l));
                    Origin::Shift { col, at: l.clone() }
                }
                (None, Some(u)) => {
                    upper.push(None);
                    Origin::Flip { col, at: u.clone() }
                }
                (None, None) => {
                    upper.extend([None, None]);
                    Origin::Split {
                        pos: col,
                        neg: col + 1,
                    }
                }
            });
        }
        let structural = upper.len();
        let slacks = p.rows.iter().filter(|r| r.relation != Relation::Eq).count();
        let n = structural + slacks;
        upper.resize(n, None);
        let m = p.rows.len();
        let mut cols: Vec<Column> = vec![Vec::new(); n];
        let mut b = Vec::with_capacity(m);
        let mut scale = Vec::with_capacity(m);
        let mut start = Vec::with_capacity(m);
        let mut slack = structural;
        for (i, row) in p.rows.iter().enumerate() {
            let mut entries: Vec<(usize, Q)> = Vec::new();
            let mut rhs = row.rhs.clone();
            for (aij, o) in row.coefficients.iter().zip(&origin) {
                if aij.is_zero() {
                    continue;
                }
                match o {
                    Origin::Shift { col, at } => {
                        entries.push((*col, aij.clone()));
                        if !at.is_zero() {
                            rhs -= aij * at;
                        }
                    }
                    Origin::Flip { col, at } => {
                        entries.push((*col, -aij));
                        rhs -= aij * at;
                    }
                    Origin::Split { pos, neg } => {
                        entries.push((*pos, aij.clone()));
                        entries.push((*neg, -aij));
                    }
                }
            }
            match row.relation {
                Relation::Le => entries.push((slack, Q::one())),
                Relation::Ge => entries.push((slack, -Q::one())),
                Relation::Eq => {}
            }
            if row.relation != Relation::Eq {
                slack += 1;
            }
            let l = entries
                .iter()
                .map(|(_, q)| q)
                .chain(std::iter::once(&rhs))
                .fold(BigInt::one(), |l, q| l.lcm(q.denom()));
            let s = if rhs.is_negative() { -l } else { l };
            let mut own = None;
            for (col, q) in entries {
                let v = q.numer() * (&s / q.denom());
                // A slack of this row with a positive coefficient starts basic.
                if col >= structural && v.is_positive() {
                    own = Some(col);
                }
                cols[col].push((i, v));
            }
            start.push(own.unwrap_or_else(|| {
                cols.push(vec![(i, BigInt::one())]);
                cols.len() - 1
            }));
            b.push(rhs.numer() * (&s / rhs.denom()));
            scale.push(s);
        }
        let mut cost = vec![Q::zero(); n];
        for (cj, o) in p.cost.iter().zip(&origin) {
            match o {
                Origin::Shift { col, .. } => cost[*col] = cj.clone(),
                Origin::Flip { col, .. } => cost[*col] = -cj,
                Origin::Split { pos, neg } => {
                    cost[*pos] = cj.clone();
                    cost[*neg] = -cj;
                }
            }
        }
        let kappa = cost.iter().fold(BigInt::one(), |l, q| l.lcm(q.denom()));
        let c = cost
            .iter()
            .map(|q| q.numer() * (&kappa / q.denom()))
            .collect();
        Standard {
            cols,
            b,
            upper,
            c,
            cost_scale: kappa,
            scale,
            origin,
            start,
        }
    }

    /// Rows of A'.
    pub fn rows(&self) -> usize {
        self.b.len()
    }

    /// Real columns of A' (artificials are numbered after them).
    pub fn columns(&self) -> usize {
        self.c.len()
    }

    /// Real and artificial columns.
    pub fn total(&self) -> usize {
        self.cols.len()
    }

    /// u'ⱼ (artificials have none).
    pub fn upper(&self, j: usize) -> Option<&Q> {
        self.upper.get(j).and_then(Option::as_ref)
    }

    /// Column j with zeros filled in.
    pub fn dense(&self, j: usize) -> Vec<BigInt> {
        let mut v = vec![BigInt::zero(); self.rows()];
        for (i, a) in &self.cols[j] {
            v[*i] = a.clone();
        }
        v
    }

    /// The problem's answer from the standard form's.
    pub fn answer(&self, p: &Problem, end: End) -> Answer {
        let rows = p.rows.len();
        match end {
            End::Optimal { z, y } => Answer::Optimal {
                x: self.point(&z, true),
                y: (0..rows)
                    .map(|i| {
                        ratio(
                            y[i].numer() * &self.scale[i],
                            y[i].denom() * &self.cost_scale,
                        )
                    })
                    .collect(),
            },
            End::Infeasible { y } => Answer::Infeasible {
                y: (0..rows)
                    .map(|i| ratio(y[i].numer() * &self.scale[i], y[i].denom().clone()))
                    .collect(),
            },
            End::Unbounded { z, ray } => Answer::Unbounded {
                x: self.point(&z, true),
                ray: self.point(&ray, false),
            },
        }
    }

    /// x from z (`shifted`: with the bounds' offsets; a ray has none).
    fn point(&self, z: &[Q], shifted: bool) -> Vec<Q> {
        self.origin
            .iter()
            .map(|o| match o {
                Origin::Shift { col, at } if shifted => sum(at, &z[*col]),
                Origin::Shift { col, .. } => z[*col].clone(),
                Origin::Flip { col, at } if shifted => sum(at, &-&z[*col]),
                Origin::Flip { col, .. } => -&z[*col],
                Origin::Split { pos, neg } => &z[*pos] - &z[*neg],
            })
            .collect()
    }
}

/// a + b without num-rational's gcd against a denominator of 1.
fn sum(a: &Q, b: &Q) -> Q {
    if a.is_zero() {
        b.clone()
    } else {
        ratio(
            a.numer() * b.denom() + b.numer() * a.denom(),
            a.denom() * b.denom(),
        )
    }
}
