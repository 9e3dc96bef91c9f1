//! The standard form A'z = b', z ≥ 0 of a [`Problem`], with integer rows
//! and b' ≥ 0, and the way back from its solutions and multipliers.
//!
//! Each variable becomes l + z (a lower bound; an upper one adds the row
//! z + s = u − l), u − z (only an upper bound) or z⁺ − z⁻ (free); each row
//! gets a slack (+s for ≤, −s for ≥), is multiplied by an integer that
//! clears its denominators and makes its right-hand side non-negative.
//! Row i of A' is sᵢ times row i of the problem (substituted), so
//! multipliers y' of A' are yᵢ = sᵢ·y'ᵢ on the problem's rows.

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

pub(super) struct Standard {
    /// Rows × real columns, row-major.
    pub a: Vec<Vec<BigInt>>,
    pub b: Vec<BigInt>,
    /// The cost of each real column, times `cost_scale`.
    pub c: Vec<BigInt>,
    cost_scale: BigInt,
    /// sᵢ for the problem's rows (the bound rows follow them in `a`).
    scale: Vec<BigInt>,
    origin: Vec<Origin>,
    /// The starting basis: per row, a slack with a positive coefficient
    /// or an artificial column (index ≥ the real columns).
    pub start: Vec<usize>,
}

impl Standard {
    pub fn new(p: &Problem) -> Standard {
        let mut origin = Vec::with_capacity(p.variables());
        let mut columns = 0usize;
        // (variable's column, u − l) for each doubly bounded variable.
        let mut bound_rows: Vec<(usize, Q)> = Vec::new();
        for j in 0..p.variables() {
            let o = match (&p.lower[j], &p.upper[j]) {
                (Some(l), u) => {
                    if let Some(u) = u {
                        bound_rows.push((columns, u - l));
                    }
                    Origin::Shift {
                        col: columns,
                        at: l.clone(),
                    }
                }
                (None, Some(u)) => Origin::Flip {
                    col: columns,
                    at: u.clone(),
                },
                (None, None) => {
                    columns += 1;
                    Origin::Split {
                        pos: columns - 1,
                        neg: columns,
                    }
                }
            };
            columns += 1;
            origin.push(o);
        }
        let slacks =
            p.rows.iter().filter(|r| r.relation != Relation::Eq).count() + bound_rows.len();
        let n = columns + slacks;
        let mut rows: Vec<(Vec<Q>, Q)> = Vec::new();
        let mut slack = columns;
        for row in &p.rows {
            let mut r = vec![Q::zero(); n];
            let mut rhs = row.rhs.clone();
            for (aij, o) in row.coefficients.iter().zip(&origin) {
                if aij.is_zero() {
                    continue;
                }
                match o {
                    Origin::Shift { col, at } => {
                        r[*col] += aij;
                        rhs -= aij * at;
                    }
                    Origin::Flip { col, at } => {
                        r[*col] -= aij;
                        rhs -= aij * at;
                    }
                    Origin::Split { pos, neg } => {
                        r[*pos] += aij;
                        r[*neg] -= aij;
                    }
                }
            }
            match row.relation {
                Relation::Le => r[slack] = Q::one(),
                Relation::Ge => r[slack] = -Q::one(),
                Relation::Eq => {}
            }
            if row.relation != Relation::Eq {
                slack += 1;
            }
            rows.push((r, rhs));
        }
        for (col, width) in bound_rows {
            let mut r = vec![Q::zero(); n];
            r[col] = Q::one();
            r[slack] = Q::one();
            slack += 1;
            rows.push((r, width));
        }
        let mut a = Vec::with_capacity(rows.len());
        let mut b = Vec::with_capacity(rows.len());
        let mut scale = Vec::with_capacity(p.rows.len());
        let mut start = Vec::with_capacity(rows.len());
        let mut artificials = 0;
        for (i, (r, rhs)) in rows.into_iter().enumerate() {
            let l = r
                .iter()
                .chain(std::iter::once(&rhs))
                .fold(BigInt::one(), |l, q| l.lcm(q.denom()));
            let s = if rhs.is_negative() { -l } else { l };
            let ints: Vec<BigInt> = r.iter().map(|q| q.numer() * (&s / q.denom())).collect();
            let rhs = rhs.numer() * (&s / rhs.denom());
            // A slack of this row with a positive coefficient starts basic.
            let own = ints[columns..]
                .iter()
                .position(|v| v.is_positive())
                .map(|k| columns + k);
            start.push(own.unwrap_or_else(|| {
                artificials += 1;
                n + artificials - 1
            }));
            if i < p.rows.len() {
                scale.push(s);
            }
            a.push(ints);
            b.push(rhs);
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
            a,
            b,
            c,
            cost_scale: kappa,
            scale,
            origin,
            start,
        }
    }

    /// Rows of A'.
    pub fn rows(&self) -> usize {
        self.a.len()
    }

    /// Real columns of A' (artificials are numbered after them).
    pub fn columns(&self) -> usize {
        self.c.len()
    }

    /// Row r's artificial column, if it has one: artificial k is the
    /// identity column of the k-th row that starts with one.
    pub fn artificial_row(&self, col: usize) -> Option<usize> {
        if col < self.columns() {
            return None;
        }
        self.start.iter().position(|&s| s == col)
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
