//! Critical points of f(x): the real zeros of f′ = P(x)·e^(u(x))/D(x)
//! for polynomials P, D over Q (rational functions times exponentials).
//! The real roots of P·D are isolated in disjoint intervals with rational
//! ends; a root of P (not of D) is critical, written exactly when its
//! irreducible factor has degree ≤ 2 and as that factor's only root in an
//! interval otherwise. Each is classified by the first-derivative test:
//! the certified signs of f′ at rational points on either side, with no
//! other root of P·D between them. Exact points are checked by f′(c) = 0;
//! the others by the sign change of their factor across the interval.

use super::diff::derivative;
use super::expand::{Halt, expand};
use super::node::{Constant, Expr, Node};
use super::rational::{from_poly, to_poly, together};
use super::zero::{Sign, Verdict, is_zero, sign};
use crate::poly::{self, roots, zx};
use crate::{BigInt, Budget, Q, Stop};
use num_traits::{One, Signed, Zero};
use std::collections::BTreeMap;

/// Isolating intervals are narrowed to 2^-24.
/// Highest degree of P·D handled.
const MAX_DEGREE: usize = 200;

/// A critical point c.
#[derive(Debug, Clone, PartialEq)]
pub struct Critical {
    /// c exactly, when its factor has degree ≤ 2.
    pub exact: Option<Expr>,
    /// The irreducible factor of P that c is a root of, as a polynomial
    /// in x, and an interval (lower, upper) holding c and no other root
    /// of P·D (lower = upper when c is that rational).
    pub factor: Expr,
    pub lower: Q,
    pub upper: Q,
    pub kind: Kind,
    /// f′(c) = 0, decided (exact points), or Proven by the factor's sign
    /// change (others).
    pub check: Verdict,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// f′ changes from − to +.
    Minimum,
    /// f′ changes from + to −.
    Maximum,
    /// f′ keeps its sign (a stationary inflection point).
    Neither,
    /// A sign of f′ beside c could not be certified.
    Unknown,
}

/// The critical points of f in x, ascending, or why they are not found.
pub fn critical_points(
    f: &Expr,
    x: &str,
    budget: &Budget,
) -> Result<Result<Vec<Critical>, String>, Stop> {
    let df = derivative(f, x);
    let Some((n, d)) = together(&df, budget)? else {
        return Ok(Err("f′ grew beyond the work bound".into()));
    };
    let Some(n) = without_exponentials(&n, budget)? else {
        return Ok(Err(
            "f′ is not a rational function times exponentials".into()
        ));
    };
    let (Some(p), Some(dp)) = (to_poly(&n, x), to_poly(&d, x)) else {
        return Ok(Err(format!(
            "f′ is not a polynomial in {x} over Q times exponentials, divided by one (other functions or symbols)"
        )));
    };
    if p.is_empty() {
        return Ok(Err("f′ is identically 0: every point is critical".into()));
    }
    if p.len() + dp.len() > MAX_DEGREE {
        return Ok(Err(format!("f′ has degree above {MAX_DEGREE}")));
    }
    let (_, pz) = poly::to_primitive(&p);
    let (_, dz) = poly::to_primitive(&dp);
    let all = roots::isolate(&zx::mul(&pz, &dz), budget)?;
    let p_free = roots::square_free_part(&pz, budget)?;
    let factors = poly::factor::factor(&pz, budget)?.factors;
    let mut out = Vec::new();
    for (i, r) in all.iter().enumerate() {
        budget.check()?;
        let root_of_p = if r.lower == r.upper {
            roots::evaluate(&p_free, &r.lower).is_zero()
        } else {
            changes_sign(&p_free, &r.lower, &r.upper)
        };
        if !root_of_p {
            continue;
        }
        let Some(q) = factors.iter().map(|(q, _)| q).find(|q| {
            if r.lower == r.upper {
                roots::evaluate(q, &r.lower).is_zero()
            } else {
                changes_sign(q, &r.lower, &r.upper)
            }
        }) else {
            continue;
        };
        let r = separated(q, r, budget)?;
        let r = roots::refine(q, &r, &Q::new(BigInt::one(), BigInt::one() << 24), budget)?;
        let exact = exact_root(q, &r.lower, &r.upper);
        let two = Q::from_integer(BigInt::from(2));
        let left = if r.lower < r.upper {
            r.lower.clone()
        } else {
            match i.checked_sub(1).map(|j| &all[j]) {
                Some(prev) => (&prev.upper + &r.lower) / &two,
                None => &r.lower - Q::one(),
            }
        };
        let right = if r.lower < r.upper {
            r.upper.clone()
        } else {
            match all.get(i + 1) {
                Some(next) => (&next.lower + &r.upper) / &two,
                None => &r.upper + Q::one(),
            }
        };
        let at = |t: &Q| df.substitute(&BTreeMap::from([(x.to_string(), Expr::num(t.clone()))]));
        let kind = match (sign(&at(&left), budget)?, sign(&at(&right), budget)?) {
            (Ok(Sign::Negative { .. }), Ok(Sign::Positive { .. })) => Kind::Minimum,
            (Ok(Sign::Positive { .. }), Ok(Sign::Negative { .. })) => Kind::Maximum,
            (Ok(Sign::Positive { .. }), Ok(Sign::Positive { .. }))
            | (Ok(Sign::Negative { .. }), Ok(Sign::Negative { .. })) => Kind::Neither,
            _ => Kind::Unknown,
        };
        let check = match &exact {
            Some(c) => {
                let v = df.substitute(&BTreeMap::from([(x.to_string(), c.clone())]));
                match is_zero(&v, budget)? {
                    Verdict::Disproven { .. } => {
                        return Err(Stop::CheckFailed("f′ does not vanish at a critical point"));
                    }
                    v => v,
                }
            }
            None => Verdict::Proven {
                how: "changes sign across the isolating interval",
            },
        };
        out.push(Critical {
            exact,
            factor: from_poly(&poly::from_z(q), x),
            lower: r.lower.clone(),
            upper: r.upper.clone(),
            kind,
            check,
        });
    }
    Ok(Ok(out))
}

/// The interval of a root of an irreducible quadratic q narrowed until
/// it lies on one side of −b/2a, the midpoint of q's two roots.
fn separated(
    q: &[BigInt],
    r: &roots::RootInterval,
    budget: &Budget,
) -> Result<roots::RootInterval, Stop> {
    let mut r = r.clone();
    if q.len() != 3 {
        return Ok(r);
    }
    let mid = Q::new(-q[1].clone(), BigInt::from(2) * &q[2]);
    while r.lower < mid && mid < r.upper {
        let width = (&r.upper - &r.lower) / Q::from_integer(BigInt::from(2));
        r = roots::refine(q, &r, &width, budget)?;
    }
    Ok(r)
}

/// The sign of q differs at lower and upper.
fn changes_sign(q: &[BigInt], lower: &Q, upper: &Q) -> bool {
    let (a, b) = (roots::evaluate(q, lower), roots::evaluate(q, upper));
    (a.is_positive() && b.is_negative()) || (a.is_negative() && b.is_positive())
}

/// The root of q (degree 1 or 2, irreducible) in [lower, upper].
fn exact_root(q: &[BigInt], lower: &Q, upper: &Q) -> Option<Expr> {
    let q = poly::from_z(q);
    match q.len() {
        2 => Some(Expr::num(-&q[0] / &q[1])),
        3 => {
            let (a, b, c) = (&q[2], &q[1], &q[0]);
            let disc = b * b - Q::from_integer(BigInt::from(4)) * a * c;
            let two_a = Q::from_integer(BigInt::from(2)) * a;
            let s = Expr::sqrt(Expr::num(disc)).over(&Expr::num(two_a.clone()));
            let base = Expr::num(-b / &two_a);
            // The larger root is −b/2a + √disc/|2a|; pick by the interval's
            // side of −b/2a (the roots lie on either side of it).
            let mid = -b / &two_a;
            let plus = if two_a.is_positive() {
                base.plus(&s)
            } else {
                base.minus(&s)
            };
            let minus = if two_a.is_positive() {
                base.minus(&s)
            } else {
                base.plus(&s)
            };
            if *lower >= mid {
                Some(plus)
            } else if *upper <= mid {
                Some(minus)
            } else {
                None
            }
        }
        _ => None,
    }
}

/// n with its exponential factors e^u (never 0) divided out, expanded.
fn without_exponentials(n: &Expr, budget: &Budget) -> Result<Option<Expr>, Stop> {
    let first = match n.node() {
        Node::Add(ts) => ts[0].clone(),
        _ => n.clone(),
    };
    let factors = match first.node() {
        Node::Mul(fs) => fs.clone(),
        _ => vec![first.clone()],
    };
    let mut out = n.clone();
    for f in factors {
        if let Node::Pow(b, u) = f.node()
            && matches!(b.node(), Node::Const(Constant::E))
        {
            out = match expand(&out.times(&Expr::exp(u.neg())), budget) {
                Ok(e) => e,
                Err(Halt::Stopped(s)) => return Err(s),
                Err(Halt::TooBig) => return Ok(None),
            };
        }
    }
    Ok(Some(out))
}
