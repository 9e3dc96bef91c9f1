//! Limits by series: lim f as x → a is read off the series of f at a
//! (order 1): 0 when every term through t⁰ vanishes, the constant term
//! when the series starts there, ±∞ by the sign of the leading
//! coefficient and the side when it starts below. At ±∞, x = ±1/t and
//! t → 0⁺. What has no power series there (x·log x at 0, x·e^(−x) at ∞)
//! goes to Gruntz's algorithm ([`super::gruntz`]) at +∞, one-sided limits
//! at a finite a as x = a ± 1/y, y → +∞; its answer must agree with the
//! trend of certified values of f far out, where they can be computed.
//! What neither decides is `Unknown`, never a guess.

use super::gruntz::{Lim, limit_at_infinity};
use super::interval::{Interval, eval};
use super::node::Expr;
use super::series::{SeriesCheck, SeriesError, check, series};
use super::zero::{Sign, sign};
use crate::{Budget, Q, Stop};
use std::collections::BTreeMap;

/// Where x goes.
#[derive(Debug, Clone, PartialEq)]
pub enum Point {
    Finite(Expr),
    PlusInfinity,
    MinusInfinity,
}

/// From which side a finite point is approached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Both,
    Right,
    Left,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Limit {
    Value(Expr),
    PlusInfinity,
    MinusInfinity,
    /// The one-sided limits differ (two-sided only).
    Differ {
        left: Box<Limit>,
        right: Box<Limit>,
    },
    Unknown(String),
}

/// How a limit was found and checked.
#[derive(Debug, Clone, PartialEq)]
pub enum Method {
    /// Read off the series at the point, checked so.
    Series(SeriesCheck),
    /// Gruntz's algorithm; `far` names the certified values of f far out
    /// whose trend agrees (None when none could be computed there).
    Gruntz { far: Option<String> },
}

/// The limit and how it was found: by the series at the point, else by
/// Gruntz's algorithm.
pub fn limit(
    f: &Expr,
    x: &str,
    point: &Point,
    side: Side,
    budget: &Budget,
) -> Result<(Limit, Option<Method>), Stop> {
    let (found, check) = by_series(f, x, point, side, budget)?;
    let Limit::Unknown(why) = found else {
        return Ok((found, check.map(Method::Series)));
    };
    // One side at a time, each as a limit at +∞ in y.
    let y = "y_";
    let ye = Expr::sym(y);
    let sides: Vec<(Side, Expr)> = match point {
        Point::PlusInfinity => vec![(Side::Right, ye.clone())],
        Point::MinusInfinity => vec![(Side::Right, ye.neg())],
        Point::Finite(a) => {
            let right = (Side::Right, a.plus(&Expr::one().over(&ye)));
            let left = (Side::Left, a.minus(&Expr::one().over(&ye)));
            match side {
                Side::Right => vec![right],
                Side::Left => vec![left],
                Side::Both => vec![left, right],
            }
        }
    };
    let mut found = Vec::new();
    let mut far = Vec::new();
    for (s, at) in sides {
        let g = f.substitute(&BTreeMap::from([(x.to_string(), at)]));
        let l = match limit_at_infinity(&g, y, budget)? {
            Ok(l) => l,
            Err(w) => {
                return Ok((
                    Limit::Unknown(format!("{why}; Gruntz's algorithm: {w}")),
                    None,
                ));
            }
        };
        let at = |k: u32| {
            let a = |p: &Expr| super::print::text(p);
            match (point, s) {
                (Point::PlusInfinity, _) => format!("x = 2^{k}"),
                (Point::MinusInfinity, _) => format!("x = -2^{k}"),
                (Point::Finite(p), Side::Left) if p.is_zero() => format!("x = -2^-{k}"),
                (Point::Finite(p), Side::Left) => format!("x = {} - 2^-{k}", a(p)),
                (Point::Finite(p), _) if p.is_zero() => format!("x = 2^-{k}"),
                (Point::Finite(p), _) => format!("x = {} + 2^-{k}", a(p)),
            }
        };
        match trend(&g, y, &l, budget)? {
            Trend::Agrees(j, k) => far.push(format!("certified values at {} and {}", at(j), at(k))),
            Trend::Unavailable => {}
            Trend::Disagrees(j, k) => {
                return Ok((
                    Limit::Unknown(format!(
                        "Gruntz's answer was not confirmed: certified values at {} and {} do not move toward it",
                        at(j),
                        at(k)
                    )),
                    None,
                ));
            }
        }
        let l = match l {
            Lim::Value(v) => Limit::Value(super::simplify::simplify(&v, budget)?),
            Lim::PlusInfinity => Limit::PlusInfinity,
            Lim::MinusInfinity => Limit::MinusInfinity,
        };
        found.push((s, l));
    }
    let answer = match found.as_slice() {
        [(_, l)] => l.clone(),
        [(_, left), (_, right)] => {
            let same = match (left, right) {
                (Limit::Value(a), Limit::Value(b)) => matches!(
                    super::zero::is_zero(&a.minus(b), budget)?,
                    super::zero::Verdict::Proven { .. }
                ),
                (a, b) => a == b,
            };
            if same {
                right.clone()
            } else {
                Limit::Differ {
                    left: Box::new(left.clone()),
                    right: Box::new(right.clone()),
                }
            }
        }
        _ => Limit::Unknown(why),
    };
    let far = (!far.is_empty()).then(|| far.join(" and "));
    Ok((answer, Some(Method::Gruntz { far })))
}

/// Whether values at y = 2^j and 2^k (the first and last enclosed) agree.
enum Trend {
    Agrees(u32, u32),
    Unavailable,
    Disagrees(u32, u32),
}

/// Whether certified values of g at y = 2^4, 2^8, …, 2^1024 (those that
/// can be enclosed to 1 part in 2^20) move toward the limit: the last such
/// value nearer to a finite limit than the first (or within 2^-20), or beyond it toward
/// ±∞. A guard against a wrong step, not a proof: the proof is the
/// algorithm's exact steps.
fn trend(g: &Expr, y: &str, l: &Lim, budget: &Budget) -> Result<Trend, Stop> {
    // Floats, not rationals: a value like e^(−2^20) has a binary exponent
    // in the millions.
    let mut usable: Vec<(u32, Interval)> = Vec::new();
    for j in 2..=10u32 {
        let point = Q::from_integer(num_bigint::BigInt::from(2).pow(1u32 << j));
        let env = BTreeMap::from([(y.to_string(), Interval::rational(&point, 256))]);
        match eval(g, &env, 256, budget) {
            Ok(v) if v.relative_width_below(20) => usable.push((1 << j, v)),
            Ok(_) => {}
            Err(super::interval::EvalError::Stopped(s)) => return Err(s),
            Err(_) => {}
        }
    }
    let (Some((a, first)), Some((b, last))) = (usable.first(), usable.last()) else {
        return Ok(Trend::Unavailable);
    };
    if a == b {
        return Ok(Trend::Unavailable);
    }
    let agrees = match l {
        Lim::PlusInfinity => last.above(first) && last.positive(),
        Lim::MinusInfinity => first.above(last) && last.negative(),
        Lim::Value(v) => {
            let Ok(c) = eval(v, &BTreeMap::new(), 256, budget) else {
                return Ok(Trend::Unavailable);
            };
            last.distance_from(&c) <= first.distance_from(&c) || last.near(&c, 20)
        }
    };
    Ok(if agrees {
        Trend::Agrees(*a, *b)
    } else {
        Trend::Disagrees(*a, *b)
    })
}

/// The limit read off the series at the point.
fn by_series(
    f: &Expr,
    x: &str,
    point: &Point,
    side: Side,
    budget: &Budget,
) -> Result<(Limit, Option<SeriesCheck>), Stop> {
    let t = "t_";
    let (g, var, center, side) = match point {
        Point::Finite(a) => (f.clone(), x, a.clone(), side),
        Point::PlusInfinity | Point::MinusInfinity => {
            let sign = if *point == Point::PlusInfinity { 1 } else { -1 };
            let inv = Expr::int(sign).over(&Expr::sym(t));
            (
                f.substitute(&BTreeMap::from([(x.to_string(), inv)])),
                t,
                Expr::zero(),
                Side::Right,
            )
        }
    };
    let s = match series(&g, var, &center, 1, budget) {
        Ok(s) => s,
        Err(SeriesError::Stopped(s)) => return Err(s),
        Err(e) => return Ok((Limit::Unknown(e.to_string()), None)),
    };
    let checked = check(&g, var, &center, &s, budget)?;
    if s.start >= 1 {
        return Ok((Limit::Value(Expr::zero()), Some(checked)));
    }
    if s.start == 0 {
        return Ok((Limit::Value(s.coeff(0)), Some(checked)));
    }
    let lead = s.coeff(s.start);
    let positive = match sign(&lead, budget)? {
        Ok(Sign::Positive { .. }) => true,
        Ok(Sign::Negative { .. }) => false,
        _ => {
            return Ok((
                Limit::Unknown("the sign of the leading coefficient of a pole is undecided".into()),
                Some(checked),
            ));
        }
    };
    let infinity = |up: bool| {
        if up {
            Limit::PlusInfinity
        } else {
            Limit::MinusInfinity
        }
    };
    let right = infinity(positive);
    let left = infinity(positive == (s.start % 2 == 0));
    let answer = match side {
        Side::Right => right,
        Side::Left => left,
        Side::Both if left == right => right,
        Side::Both => Limit::Differ {
            left: Box::new(left),
            right: Box::new(right),
        },
    };
    Ok((answer, Some(checked)))
}
