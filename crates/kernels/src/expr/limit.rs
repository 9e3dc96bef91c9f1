//! Limits by series: lim f as x → a is read off the series of f at a
//! (order 1): 0 when every term through t⁰ vanishes, the constant term
//! when the series starts there, ±∞ by the sign of the leading
//! coefficient and the side when it starts below. At ±∞, x = ±1/t and
//! t → 0⁺. What has no power series there (x·log x at 0, eˣ at ∞, which
//! need the Gruntz algorithm) is `Unknown`, never a guess.

use super::node::Expr;
use super::series::{SeriesCheck, SeriesError, check, series};
use super::zero::{Sign, sign};
use crate::{Budget, Stop};
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

/// The limit and how the series behind it was checked.
pub fn limit(
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
