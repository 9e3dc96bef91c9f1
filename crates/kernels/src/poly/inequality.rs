//! The real solution set of a system of polynomial and rational
//! inequalities in one variable, as a union of intervals with exact
//! algebraic endpoints.
//!
//! Each inequality is N_k/D_k ρ_k 0 with N_k, D_k coprime over Z. The
//! critical points are the real roots of P = squarefree(Π N_k·D_k), located
//! by [`super::solve`] (disjoint enclosures, so ascending order is
//! certain). Between two critical points no N_k or D_k changes sign: each
//! inequality is decided there by the exact sign at one rational point of
//! the gap. At a critical point, an inequality whose D_k vanishes there is
//! undefined (the point is excluded), one whose N_k vanishes there has
//! value 0, and any other has the sign of its neighbouring gaps.

use super::solve::{self, FactorRoots, Located};
use super::{roots, zx};
use crate::{Budget, Q, Stop};
use num_bigint::BigInt;
use num_traits::{One, Zero};
use std::cmp::Ordering;

/// The relation of an inequality f ρ 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relation {
    Less,
    LessEqual,
    Greater,
    GreaterEqual,
    NotEqual,
}

impl Relation {
    fn holds(self, sign: Ordering) -> bool {
        match self {
            Relation::Less => sign == Ordering::Less,
            Relation::LessEqual => sign != Ordering::Greater,
            Relation::Greater => sign == Ordering::Greater,
            Relation::GreaterEqual => sign != Ordering::Less,
            Relation::NotEqual => sign != Ordering::Equal,
        }
    }
}

/// N/D ρ 0 with N, D over Z, coprime, D ≠ 0.
#[derive(Debug, Clone)]
pub struct Inequality {
    pub numerator: zx::Poly,
    pub denominator: zx::Poly,
    pub relation: Relation,
}

/// A critical point: a real root of one irreducible factor.
#[derive(Debug, Clone)]
pub struct Point {
    pub factor: zx::Poly,
    pub root: Located,
}

/// One interval of the solution set; None for an infinite end.
#[derive(Debug, Clone)]
pub struct Piece {
    pub lower: Option<Point>,
    pub lower_closed: bool,
    pub upper: Option<Point>,
    pub upper_closed: bool,
}

/// The solution set, ascending and with no two pieces touching; None
/// when the critical points could not be separated.
pub fn solve_system(system: &[Inequality], budget: &Budget) -> Result<Option<Vec<Piece>>, Stop> {
    let mut product: zx::Poly = vec![BigInt::one()];
    for s in system {
        product = zx::mul(&product, &zx::mul(&s.numerator, &s.denominator));
    }
    let mut points: Vec<Point> = Vec::new();
    if product.len() > 1 {
        let square_free = roots::square_free_part(&product, budget)?;
        let radius = Q::new(BigInt::one(), BigInt::from(10).pow(30));
        let Some(factors) = solve::solve(&square_free, &radius, budget)? else {
            return Ok(None);
        };
        for FactorRoots { factor, roots, .. } in factors {
            for root in roots.into_iter().filter(|r| r.real) {
                points.push(Point {
                    factor: factor.clone(),
                    root,
                });
            }
        }
    }
    points.sort_by(|a, b| a.root.disk.center.re.cmp(&b.root.disk.center.re));
    let low = |p: &Point| &p.root.disk.center.re - &p.root.disk.radius;
    let high = |p: &Point| &p.root.disk.center.re + &p.root.disk.radius;
    for w in points.windows(2) {
        if high(&w[0]) >= low(&w[1]) {
            return Err(Stop::CheckFailed("two critical points are not separated"));
        }
    }
    // Gaps: (−∞, p₀), (p₀, p₁), …, (p_last, ∞), each with a rational sample.
    let one = Q::one();
    let samples: Vec<Q> = if points.is_empty() {
        vec![Q::zero()]
    } else {
        let mut v = vec![low(&points[0]) - &one];
        for w in points.windows(2) {
            v.push((high(&w[0]) + low(&w[1])) / Q::from_integer(2.into()));
        }
        v.push(high(&points[points.len() - 1]) + &one);
        v
    };
    let mut gap_holds = Vec::with_capacity(samples.len());
    let mut gap_signs: Vec<Vec<Ordering>> = Vec::with_capacity(samples.len());
    for x in &samples {
        budget.check()?;
        let signs: Vec<Ordering> = system
            .iter()
            .map(|s| {
                let d = roots::evaluate(&s.denominator, x);
                let n = roots::evaluate(&s.numerator, x);
                if d.is_zero() {
                    return Err(Stop::CheckFailed("a sample point is a pole"));
                }
                Ok((n / d).cmp(&Q::zero()))
            })
            .collect::<Result<_, _>>()?;
        gap_holds.push(system.iter().zip(&signs).all(|(s, &g)| s.relation.holds(g)));
        gap_signs.push(signs);
    }
    // A point: undefined where a denominator vanishes, 0 where a numerator
    // does, else the sign of the gap before it (no sign change there).
    let divides = |f: &zx::Poly, g: &zx::Poly| g.len() > 1 && zx::divide_exact(g, f).is_some();
    let point_holds: Vec<bool> = points
        .iter()
        .enumerate()
        .map(|(k, p)| {
            system.iter().zip(&gap_signs[k]).all(|(s, &before)| {
                if divides(&p.factor, &s.denominator) {
                    false
                } else if divides(&p.factor, &s.numerator) {
                    s.relation.holds(Ordering::Equal)
                } else {
                    s.relation.holds(before)
                }
            })
        })
        .collect();
    // Cells gap 0, point 0, gap 1, …, gap n; each maximal run of cells
    // that hold is one piece.
    let cells = 2 * points.len() + 1;
    let holds = |c: usize| {
        if c.is_multiple_of(2) {
            gap_holds[c / 2]
        } else {
            point_holds[c / 2]
        }
    };
    let mut pieces = Vec::new();
    let mut c = 0;
    while c < cells {
        if !holds(c) {
            c += 1;
            continue;
        }
        let start = c;
        while c + 1 < cells && holds(c + 1) {
            c += 1;
        }
        // A run from a gap starts after its left point (open), from a
        // point at it (closed); likewise at the right end.
        let (lower, lower_closed) = match start {
            0 => (None, false),
            s if s.is_multiple_of(2) => (Some(points[s / 2 - 1].clone()), false),
            s => (Some(points[s / 2].clone()), true),
        };
        let (upper, upper_closed) = match c {
            e if e == cells - 1 => (None, false),
            e if e.is_multiple_of(2) => (Some(points[e / 2].clone()), false),
            e => (Some(points[e / 2].clone()), true),
        };
        pieces.push(Piece {
            lower,
            lower_closed,
            upper,
            upper_closed,
        });
        c += 1;
    }
    Ok(Some(pieces))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn z(v: &[i64]) -> zx::Poly {
        v.iter().map(|&c| BigInt::from(c)).collect()
    }

    fn shape(pieces: &[Piece]) -> Vec<(Option<String>, bool, Option<String>, bool)> {
        let at = |p: &Option<Point>| {
            p.as_ref()
                .map(|p| p.root.exact.as_ref().map_or("?".into(), |e| e.to_string()))
        };
        pieces
            .iter()
            .map(|p| (at(&p.lower), p.lower_closed, at(&p.upper), p.upper_closed))
            .collect()
    }

    #[test]
    fn quadratic_and_rational_inequalities() {
        let b = Budget::unlimited();
        // x² − 2 > 0: (−∞, −√2) ∪ (√2, ∞).
        let s = solve_system(
            &[Inequality {
                numerator: z(&[-2, 0, 1]),
                denominator: z(&[1]),
                relation: Relation::Greater,
            }],
            &b,
        )
        .unwrap()
        .unwrap();
        assert_eq!(
            shape(&s),
            [
                (None, false, Some("-sqrt(2)".into()), false),
                (Some("sqrt(2)".into()), false, None, false)
            ]
        );
        // (x − 1)/(x + 2) ≤ 0: (−2, 1].
        let s = solve_system(
            &[Inequality {
                numerator: z(&[-1, 1]),
                denominator: z(&[2, 1]),
                relation: Relation::LessEqual,
            }],
            &b,
        )
        .unwrap()
        .unwrap();
        assert_eq!(
            shape(&s),
            [(Some("-2".into()), false, Some("1".into()), true)]
        );
        // x²(x − 1) ≥ 0: {0} ∪ [1, ∞).
        let s = solve_system(
            &[Inequality {
                numerator: z(&[0, 0, -1, 1]),
                denominator: z(&[1]),
                relation: Relation::GreaterEqual,
            }],
            &b,
        )
        .unwrap()
        .unwrap();
        assert_eq!(
            shape(&s),
            [
                (Some("0".into()), true, Some("0".into()), true),
                (Some("1".into()), true, None, false)
            ]
        );
    }
}
