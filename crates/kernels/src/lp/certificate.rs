//! The exact check of an [`Answer`](super::Answer) against its problem:
//! the only code a verdict rests on (the solvers only propose).
//!
//! Vectors are brought over one denominator and rows to integers first,
//! so every sum below is in integers (a rational addition takes a gcd of
//! numbers as long as det B, hundreds of digits at 200 rows).

use super::{Answer, Problem, Relation};
use crate::rational::ratio;
use crate::{BigInt, Q};
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;

/// Why a certificate does not prove its claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// A vector has the wrong number of entries.
    Length(&'static str),
    /// x breaks row i.
    Row(usize),
    /// x is below its lower bound, or above its upper one.
    Bound(usize),
    /// yᵢ has the sign a row of this relation forbids.
    MultiplierSign(usize),
    /// The reduced cost of xⱼ leans on a bound that xⱼ does not have.
    ReducedCost(usize),
    /// c·x differs from the dual bound the multipliers give.
    Gap,
    /// The combination of rows does not exclude the box.
    NotSeparating,
    /// The ray leaves row i's side of 0.
    RayRow(usize),
    /// The ray moves xⱼ across a bound.
    RayBound(usize),
    /// c·ray is not negative.
    RayNotImproving,
}

/// A vector num/den over one positive denominator.
pub(crate) struct Common {
    pub num: Vec<BigInt>,
    pub den: BigInt,
}

impl Common {
    pub fn of(v: &[Q]) -> Common {
        let den = v.iter().fold(BigInt::one(), |l, q| {
            let d = q.denom();
            if d.is_one() || &l == d {
                l
            } else {
                let g = crate::integer::gcd(&l, d);
                l / g * d
            }
        });
        let num = v
            .iter()
            .map(|q| {
                if q.denom() == &den {
                    q.numer().clone()
                } else {
                    q.numer() * (&den / q.denom())
                }
            })
            .collect();
        Common { num, den }
    }

    /// Each entry in lowest terms.
    pub fn to_q(&self) -> Vec<Q> {
        self.num
            .iter()
            .map(|v| ratio(v.clone(), self.den.clone()))
            .collect()
    }

    /// Σ aⱼ·numⱼ for integers a.
    fn dot(&self, a: &[BigInt]) -> BigInt {
        a.iter()
            .zip(&self.num)
            .filter(|(u, v)| !u.is_zero() && !v.is_zero())
            .fold(BigInt::zero(), |acc, (u, v)| acc + u * v)
    }
}

/// u·v in lowest terms.
pub(crate) fn dot(u: &[Q], v: &[Q]) -> Q {
    let (u, v) = (Common::of(u), Common::of(v));
    ratio(u.dot(&v.num), u.den * v.den)
}

/// A row times a positive integer L: integer coefficients and rhs.
struct IntRow {
    a: Vec<BigInt>,
    b: BigInt,
    scale: BigInt,
}

fn integer_rows(p: &Problem) -> Vec<IntRow> {
    p.rows
        .iter()
        .map(|r| {
            let mut all = r.coefficients.clone();
            all.push(r.rhs.clone());
            let Common { mut num, den } = Common::of(&all);
            let b = num.pop().unwrap_or_default();
            IntRow {
                a: num,
                b,
                scale: den,
            }
        })
        .collect()
}

/// Checks `answer` as a proof about `p`.
pub fn check(p: &Problem, answer: &Answer) -> Result<(), Failure> {
    let rows = integer_rows(p);
    match answer {
        Answer::Optimal { x, y } => {
            feasible_rows(p, &rows, x)?;
            let bound = dual_bound_rows(p, &rows, y)?;
            if dot(&p.cost, x) != bound {
                return Err(Failure::Gap);
            }
            Ok(())
        }
        Answer::Infeasible { y } => {
            if p.empty_box().is_some() {
                return Ok(());
            }
            farkas(p, &rows, y)
        }
        Answer::Unbounded { x, ray } => {
            feasible_rows(p, &rows, x)?;
            improving_ray(p, &rows, ray)
        }
    }
}

/// Every row and bound holds at x.
pub fn feasible(p: &Problem, x: &[Q]) -> Result<(), Failure> {
    feasible_rows(p, &integer_rows(p), x)
}

fn feasible_rows(p: &Problem, rows: &[IntRow], x: &[Q]) -> Result<(), Failure> {
    if x.len() != p.variables() {
        return Err(Failure::Length("the point has one entry per variable"));
    }
    let xs = Common::of(x);
    for (i, (row, r)) in p.rows.iter().zip(rows).enumerate() {
        // row·x − rhs has the sign of Σ Aⱼ·Xⱼ − B·den.
        let side = xs.dot(&r.a).cmp(&(&r.b * &xs.den));
        let holds = match row.relation {
            Relation::Le => side != Ordering::Greater,
            Relation::Ge => side != Ordering::Less,
            Relation::Eq => side == Ordering::Equal,
        };
        if !holds {
            return Err(Failure::Row(i));
        }
    }
    for (j, xj) in x.iter().enumerate() {
        let below = p.lower[j].as_ref().is_some_and(|l| xj < l);
        let above = p.upper[j].as_ref().is_some_and(|u| xj > u);
        if below || above {
            return Err(Failure::Bound(j));
        }
    }
    Ok(())
}

/// Aᵀy and b·y over one denominator, after checking y's length and signs.
fn combination(p: &Problem, rows: &[IntRow], y: &[Q]) -> Result<(Common, BigInt), Failure> {
    if y.len() != p.rows.len() {
        return Err(Failure::Length("the multipliers have one entry per row"));
    }
    for (i, (row, yi)) in p.rows.iter().zip(y).enumerate() {
        let wrong = match row.relation {
            Relation::Le => yi.is_positive(),
            Relation::Ge => yi.is_negative(),
            Relation::Eq => false,
        };
        if wrong {
            return Err(Failure::MultiplierSign(i));
        }
    }
    // yᵢ·rowᵢ = (yᵢ/Lᵢ)·(Lᵢ·rowᵢ): w = y/L over one denominator.
    let w: Vec<Q> = y
        .iter()
        .zip(rows)
        .map(|(yi, r)| ratio(yi.numer().clone(), yi.denom() * &r.scale))
        .collect();
    let w = Common::of(&w);
    let mut d = vec![BigInt::zero(); p.variables()];
    let mut by = BigInt::zero();
    for (wi, r) in w.num.iter().zip(rows) {
        if wi.is_zero() {
            continue;
        }
        for (dj, aij) in d.iter_mut().zip(&r.a) {
            if !aij.is_zero() {
                *dj += wi * aij;
            }
        }
        by += wi * &r.b;
    }
    Ok((
        Common {
            num: d,
            den: w.den.clone(),
        },
        by,
    ))
}

/// Aᵀy (public for the explanation of an infeasible program).
pub fn combined(p: &Problem, y: &[Q]) -> Result<(Vec<Q>, Q), Failure> {
    let (d, by) = combination(p, &integer_rows(p), y)?;
    Ok((
        d.num
            .iter()
            .map(|v| ratio(v.clone(), d.den.clone()))
            .collect(),
        ratio(by, d.den),
    ))
}

/// The lower bound on c·x over the feasible set that y proves:
/// b·y + Σ_{d>0} lⱼdⱼ + Σ_{d<0} uⱼdⱼ with d = c − Aᵀy.
pub fn dual_bound(p: &Problem, y: &[Q]) -> Result<Q, Failure> {
    dual_bound_rows(p, &integer_rows(p), y)
}

fn dual_bound_rows(p: &Problem, rows: &[IntRow], y: &[Q]) -> Result<Q, Failure> {
    let (ay, by) = combination(p, rows, y)?;
    let c = Common::of(&p.cost);
    // dⱼ = Rⱼ/E with Rⱼ = Cⱼ·den(Aᵀy) − (Aᵀy)ⱼ·den(c), E = den(c)·den(Aᵀy).
    let r: Vec<BigInt> = c
        .num
        .iter()
        .zip(&ay.num)
        .map(|(cj, aj)| cj * &ay.den - aj * &c.den)
        .collect();
    let (least, den) = over_box(p, &r, false).map_err(Failure::ReducedCost)?;
    let e = &c.den * &ay.den;
    Ok(ratio(by, ay.den) + ratio(least, den * e))
}

/// max over the box of (Aᵀy)·x < b·y.
fn farkas(p: &Problem, rows: &[IntRow], y: &[Q]) -> Result<(), Failure> {
    let (d, by) = combination(p, rows, y)?;
    // (Σ vⱼ·dⱼ)/den < by/den, with the box's extreme point v = V/Vd.
    let (most, den) = over_box(p, &d.num, true).map_err(|_| Failure::NotSeparating)?;
    if most < by * den {
        Ok(())
    } else {
        Err(Failure::NotSeparating)
    }
}

/// The largest (or least) w·x over the box, as numerator and denominator:
/// each xⱼ at the bound the sign of wⱼ points to. `Err(j)` when that bound
/// does not exist.
fn over_box(p: &Problem, w: &[BigInt], largest: bool) -> Result<(BigInt, BigInt), usize> {
    let mut used: Vec<Q> = Vec::new();
    let mut weights: Vec<BigInt> = Vec::new();
    for (j, wj) in w.iter().enumerate() {
        if wj.is_zero() {
            continue;
        }
        let side = if wj.is_positive() == largest {
            &p.upper[j]
        } else {
            &p.lower[j]
        };
        used.push(side.clone().ok_or(j)?);
        weights.push(wj.clone());
    }
    let v = Common::of(&used);
    Ok((v.dot(&weights), v.den))
}

fn improving_ray(p: &Problem, rows: &[IntRow], ray: &[Q]) -> Result<(), Failure> {
    if ray.len() != p.variables() {
        return Err(Failure::Length("the ray has one entry per variable"));
    }
    let r = Common::of(ray);
    for (i, (row, ir)) in p.rows.iter().zip(rows).enumerate() {
        let ar = r.dot(&ir.a);
        let holds = match row.relation {
            Relation::Le => !ar.is_positive(),
            Relation::Ge => !ar.is_negative(),
            Relation::Eq => ar.is_zero(),
        };
        if !holds {
            return Err(Failure::RayRow(i));
        }
    }
    for (j, rj) in ray.iter().enumerate() {
        if (rj.is_negative() && p.lower[j].is_some()) || (rj.is_positive() && p.upper[j].is_some())
        {
            return Err(Failure::RayBound(j));
        }
    }
    let c = Common::of(&p.cost);
    if c.dot(&r.num).is_negative() {
        Ok(())
    } else {
        Err(Failure::RayNotImproving)
    }
}
