//! Certified real roots of a function of one variable on [a, b], for any
//! expression the interval evaluator encloses (sin, exp, log, …), by
//! branch and bound on subintervals X:
//!
//! - 0 ∉ F(X) (an enclosure of f over X): no root in X;
//! - 0 ∉ F′(X) (forward-mode differentiation on intervals): f is strictly
//!   monotone on X, so it has a root there exactly when its certified signs
//!   at the two ends differ (or an end is an exact zero), and then one;
//! - the mean-value form f(m) + F′(X)·(X − m) excluding 0 also excludes X;
//! - otherwise X is halved, down to a width below which it is reported as
//!   `unknown` with what was seen (2⁻³² of [a, b] where f and f′ both come
//!   near 0: a possible multiple root or a cluster; 2⁻⁶⁰ where f is
//!   undefined or its sign at an end undecided).
//!
//! A root found is narrowed by bisection on certified signs. Nothing is
//! dropped silently: every part of [a, b] is either excluded, holds exactly
//! one root, or is listed as unknown.

use super::diff::{derivative, differentiable};
use super::interval::{EvalError, Interval, eval, on_interval};
use super::node::Expr;
use super::zero::{Verdict, is_zero};
use crate::{Budget, Q, Stop};
use num_traits::{One, Signed, Zero};
use std::collections::BTreeMap;

/// Most subintervals examined.
pub const MAX_STEPS: usize = 200_000;
/// Undecided pieces narrower than the coarse threshold halved before it
/// applies.
const FLAT_PIECES: usize = 2000;
/// Most roots reported.
pub const MAX_ROOTS: usize = 1000;

/// A root enclosed with its uniqueness proven.
#[derive(Debug, Clone)]
pub struct Root {
    pub lower: Q,
    pub upper: Q,
    /// The root is the rational `lower` = `upper` exactly.
    pub exact: bool,
}

/// A part of [a, b] the method could not decide.
#[derive(Debug, Clone)]
pub struct Unknown {
    pub lower: Q,
    pub upper: Q,
    pub why: String,
}

#[derive(Debug, Clone, Default)]
pub struct Found {
    pub roots: Vec<Root>,
    pub unknown: Vec<Unknown>,
    /// Subintervals examined.
    pub steps: usize,
}

/// Why the search stopped early.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Halt {
    Stopped(Stop),
    TooMany,
}

impl From<Stop> for Halt {
    fn from(s: Stop) -> Self {
        Halt::Stopped(s)
    }
}

/// The certified sign of f at the rational point p: Some(−1, 0, 1), None
/// when undecided at every precision tried (0 only for an exact zero, which
/// the enclosure shows as [0, 0]).
fn sign_at(f: &Expr, x: &str, p: &Q, budget: &Budget) -> Result<Option<i32>, Stop> {
    for prec in [128, 512, 2048] {
        let point = BTreeMap::from([(x.to_string(), Interval::rational(p, prec))]);
        match eval(f, &point, prec, budget) {
            Ok(v) if v.positive() => return Ok(Some(1)),
            Ok(v) if v.negative() => return Ok(Some(-1)),
            Ok(v) if v.lo_q().is_zero() && v.hi_q().is_zero() => return Ok(Some(0)),
            Err(EvalError::Stopped(s)) => return Err(s),
            _ => {}
        }
    }
    // Undecided at every precision: an exact zero at a rational point
    // (a decimal root met by a decimal split) is decided exactly.
    let at = f.substitute(&BTreeMap::from([(x.to_string(), Expr::num(p.clone()))]));
    Ok(match is_zero(&at, budget)? {
        Verdict::Proven { .. } => Some(0),
        _ => None,
    })
}

/// A point in the middle half of [l, u] with the fewest decimal places,
/// so that the ends written out stay short.
fn split(l: &Q, u: &Q) -> Q {
    let mid = (l + u) / Q::from_integer(2.into());
    let quarter = (u - l) / Q::from_integer(4.into());
    let mut scale = num_bigint::BigInt::one();
    loop {
        let s = Q::from_integer(scale.clone());
        let m = (&mid * &s).round() / &s;
        if (&m - &mid).abs() < quarter {
            return m;
        }
        scale *= 10;
    }
}

/// All roots of f in [a, b] (a < b), each narrowed to width ≤ `width`;
/// subintervals narrower than `give_up` that stay undecided are unknown.
pub fn roots(f: &Expr, x: &str, a: &Q, b: &Q, width: &Q, budget: &Budget) -> Result<Found, Halt> {
    let give_up = (b - a) * Q::new(1.into(), num_bigint::BigInt::one() << 60);
    // Where f and f′ both come near 0 (a multiple root), enclosures of f′
    // lose to dependence, so the region left undecided shrinks only like
    // the square root of the piece width: stop there much sooner.
    let give_up_flat = (b - a) * Q::new(1.into(), num_bigint::BigInt::one() << 32);
    // Past a root of multiplicity ≥ 4 even second-order forms lose to
    // dependence; after this many undecided pieces the threshold coarsens.
    let coarse_flat = (b - a) * Q::new(1.into(), num_bigint::BigInt::one() << 16);
    let mut flat = 0usize;
    let df = differentiable(f, x).then(|| derivative(f, x));
    let mut found = Found::default();
    // Exact zeros at the ends count as roots (the interval is closed).
    let mut signs: BTreeMap<Q, Option<i32>> = BTreeMap::new();
    let mut sign = |p: &Q, budget: &Budget| -> Result<Option<i32>, Stop> {
        if let Some(s) = signs.get(p) {
            return Ok(*s);
        }
        let s = sign_at(f, x, p, budget)?;
        signs.insert(p.clone(), s);
        Ok(s)
    };
    let mut work = vec![(a.clone(), b.clone())];
    while let Some((l, u)) = work.pop() {
        budget.check()?;
        found.steps += 1;
        if found.steps > MAX_STEPS || found.roots.len() > MAX_ROOTS {
            return Err(Halt::TooMany);
        }
        let prec = 128 + (found.steps.ilog2() as usize) * 8;
        let over = on_interval(f, x, &l, &u, prec, budget);
        let (value, slope) = match over {
            Ok(v) => v,
            Err(EvalError::Stopped(s)) => return Err(s.into()),
            Err(e) => {
                if u.clone() - &l <= give_up {
                    found.unknown.push(Unknown {
                        lower: l,
                        upper: u,
                        why: format!("no certified enclosure of f here ({e})"),
                    });
                } else {
                    let m = split(&l, &u);
                    work.push((m.clone(), u));
                    work.push((l, m));
                }
                continue;
            }
        };
        if !value.contains_zero() || centered_excludes_zero(f, x, &slope, &l, &u, prec, budget)? {
            continue;
        }
        let taylor = match &df {
            Some(df) => second_order(f, df, x, &l, &u, prec, budget)?,
            None => None,
        };
        let apart = |(lo, hi): &(Q, Q)| lo.is_positive() || hi.is_negative();
        if taylor.as_ref().is_some_and(|(fx, _)| apart(fx)) {
            continue;
        }
        if !slope.contains_zero() || taylor.as_ref().is_some_and(|(_, dx)| apart(dx)) {
            // Strictly monotone on [l, u].
            let (sl, su) = (sign(&l, budget)?, sign(&u, budget)?);
            match (sl, su) {
                (Some(s), Some(t)) if s * t < 0 => {
                    found.roots.push(narrow(f, x, l, u, s, width, budget)?);
                }
                (Some(0), _) if l == *a => found.roots.push(Root {
                    lower: l.clone(),
                    upper: l,
                    exact: true,
                }),
                (_, Some(0)) => found.roots.push(Root {
                    lower: u.clone(),
                    upper: u,
                    exact: true,
                }),
                (Some(s), Some(t)) if s * t > 0 => {}
                (Some(0), Some(_)) => {}
                _ => {
                    if u.clone() - &l <= give_up {
                        found.unknown.push(Unknown {
                            lower: l,
                            upper: u,
                            why: "the sign of f at an end could not be certified".into(),
                        });
                    } else {
                        let m = split(&l, &u);
                        work.push((m.clone(), u));
                        work.push((l, m));
                    }
                }
            }
            continue;
        }
        if u.clone() - &l <= coarse_flat {
            flat += 1;
        }
        let floor = if flat > FLAT_PIECES {
            &coarse_flat
        } else {
            &give_up_flat
        };
        if u.clone() - &l <= *floor {
            found.unknown.push(Unknown {
                lower: l,
                upper: u,
                why: "f and f′ both come near 0 here: a multiple root, roots closer than the interval, or a near-miss".into(),
            });
            continue;
        }
        let m = split(&l, &u);
        work.push((m.clone(), u));
        work.push((l, m));
    }
    found.roots.sort_by(|p, q| p.lower.cmp(&q.lower));
    found
        .roots
        .dedup_by(|p, q| p.lower == q.lower && p.upper == q.upper);
    found.unknown.sort_by(|p, q| p.lower.cmp(&q.lower));
    merge_unknown(&mut found.unknown);
    Ok(found)
}

/// Whether the mean-value form f(m) + F′(X)·(X − m), which holds f(X) and
/// stays tight on narrow X where the plain enclosure suffers from
/// dependence (x³ − 3x² + 3x − 1 near 1), excludes 0; m is X's midpoint.
fn centered_excludes_zero(
    f: &Expr,
    x: &str,
    slope: &Interval,
    l: &Q,
    u: &Q,
    prec: usize,
    budget: &Budget,
) -> Result<bool, Halt> {
    let m = (l + u) / Q::from_integer(2.into());
    let point = BTreeMap::from([(x.to_string(), Interval::rational(&m, prec))]);
    let fm = match eval(f, &point, prec, budget) {
        Ok(v) => v,
        Err(EvalError::Stopped(s)) => return Err(s.into()),
        Err(_) => return Ok(false),
    };
    let (d1, d2) = (slope.lo_q(), slope.hi_q());
    let (t1, t2) = (l - &m, u - &m);
    let products = [&d1 * &t1, &d1 * &t2, &d2 * &t1, &d2 * &t2];
    let low = products.iter().min().cloned().unwrap_or_default();
    let high = products.iter().max().cloned().unwrap_or_default();
    Ok(fm.lo_q() + low > Q::zero() || fm.hi_q() + high < Q::zero())
}

/// Second-order Taylor forms over X = m ± h, from f(m), f′(m) and an
/// enclosure of f″ over X: f(X) ⊆ f(m) + f′(m)·[−h, h] + f″(X)·[0, h²]/2
/// and f′(X) ⊆ f′(m) + f″(X)·[−h, h]. Near a multiple root they leave an
/// undecided region as narrow as the piece, where first-order forms leave
/// its square root. None when f′ or f″ has no enclosure there.
fn second_order(
    f: &Expr,
    df: &Expr,
    x: &str,
    l: &Q,
    u: &Q,
    prec: usize,
    budget: &Budget,
) -> Result<Option<((Q, Q), (Q, Q))>, Halt> {
    let m = (l + u) / Q::from_integer(2.into());
    let h = (u - l) / Q::from_integer(2.into());
    let point = BTreeMap::from([(x.to_string(), Interval::rational(&m, prec))]);
    let at = |e: &Expr| match eval(e, &point, prec, budget) {
        Ok(v) => Ok(Some((v.lo_q(), v.hi_q()))),
        Err(EvalError::Stopped(s)) => Err(Halt::Stopped(s)),
        Err(_) => Ok(None),
    };
    let (Some(fm), Some(dfm)) = (at(f)?, at(df)?) else {
        return Ok(None);
    };
    let curvature = match on_interval(df, x, l, u, prec, budget) {
        Ok((_, c)) => (c.lo_q(), c.hi_q()),
        Err(EvalError::Stopped(s)) => return Err(Halt::Stopped(s)),
        Err(_) => return Ok(None),
    };
    let slope_max = dfm.0.abs().max(dfm.1.abs());
    let curve_max = curvature.0.abs().max(curvature.1.abs());
    let half_square = &h * &h / Q::from_integer(2.into());
    let zero = Q::zero();
    let fx = (
        &fm.0 - &slope_max * &h + curvature.0.clone().min(zero.clone()) * &half_square,
        &fm.1 + &slope_max * &h + curvature.1.clone().max(zero) * &half_square,
    );
    let dx = (&dfm.0 - &curve_max * &h, &dfm.1 + &curve_max * &h);
    Ok(Some((fx, dx)))
}

/// Adjacent unknown pieces with the same reason become one.
fn merge_unknown(list: &mut Vec<Unknown>) {
    let mut out: Vec<Unknown> = Vec::new();
    for u in list.drain(..) {
        if let Some(last) = out.last_mut()
            && last.upper == u.lower
            && last.why == u.why
        {
            last.upper = u.upper;
            continue;
        }
        out.push(u);
    }
    *list = out;
}

/// [l, u] with sign(f(l)) = s ≠ sign(f(u)) narrowed by bisection to width
/// ≤ `width` (an exact zero met on the way is returned as such).
fn narrow(
    f: &Expr,
    x: &str,
    mut l: Q,
    mut u: Q,
    s: i32,
    width: &Q,
    budget: &Budget,
) -> Result<Root, Halt> {
    while &(u.clone() - &l) > width {
        budget.check()?;
        let mut m = split(&l, &u);
        let mut t = sign_at(f, x, &m, budget)?;
        if t.is_none() {
            // Undecided at the midpoint: try points beside it.
            for k in 1..8 {
                m = &l + (&u - &l) * Q::new((k * 8 + 1).into(), 66.into());
                t = sign_at(f, x, &m, budget)?;
                if t.is_some() {
                    break;
                }
            }
        }
        match t {
            Some(0) => {
                return Ok(Root {
                    lower: m.clone(),
                    upper: m,
                    exact: true,
                });
            }
            Some(t) if t == s => l = m,
            Some(_) => u = m,
            None => break,
        }
    }
    Ok(Root {
        lower: l,
        upper: u,
        exact: false,
    })
}
