//! Integrals over unbounded intervals: ∫ₐ^∞ f dx = lim_{x→∞} F(x) − F(a)
//! for a checked antiderivative F continuous on [a, ∞) (and likewise at
//! −∞), the limits by [`super::limit::limit`] (series, else Gruntz).
//!
//! Continuity on an unbounded interval cannot be shown piece by piece, so
//! F must be built so that it can only fail where a rational function of x
//! vanishes or changes sign: every denominator, logarithm argument and
//! non-integer power base in F is a quotient of polynomials over Q (exp,
//! sin, cos, atan, abs and polynomials are continuous everywhere; tan and
//! the other functions with poles or bounded domains are refused). Beyond
//! the Cauchy bound M of those polynomials none of them has a real root,
//! so each keeps its sign there; F is shown continuous on the finite part
//! by pieces (as for finite bounds) and defined at one point beyond M.

use super::integrate::{Antiderivative, Definite, continuous_on};
use super::limit::{Limit, Point, Side, limit};
use super::node::{Expr, Func, Node};
use super::rational::{to_poly, together};
use crate::{Budget, Q, Stop};
use num_traits::{One, Signed, Zero};
use std::collections::BTreeMap;

/// ∫ from a to b with a or b infinite.
pub fn improper(
    anti: Antiderivative,
    x: &str,
    a: &Point,
    b: &Point,
    budget: &Budget,
) -> Result<Definite, Stop> {
    let unknown = |why: String| Ok(Definite::Unknown { why });
    let big_f = &anti.result;
    let mut polys = Vec::new();
    if let Err(why) = sensitive(big_f, x, &mut polys, budget)? {
        return unknown(why);
    }
    // |real roots| < M for every polynomial met.
    let mut m = Q::one();
    for p in &polys {
        m = std::cmp::max(m, cauchy_bound(p));
    }
    let finite = |p: &Point| -> Result<Option<Q>, Stop> {
        let Point::Finite(e) = p else { return Ok(None) };
        let none = BTreeMap::new();
        match super::interval::eval(e, &none, 128, budget) {
            Ok(v) => Ok(Some(v.hi_q().abs() + Q::one())),
            Err(super::interval::EvalError::Stopped(s)) => Err(s),
            Err(_) => Ok(Some(Q::zero())),
        }
    };
    for p in [a, b] {
        if let Some(r) = finite(p)? {
            if r.is_zero() {
                return unknown("a bound has no certified real value".into());
            }
            m = std::cmp::max(m, r);
        }
    }
    let m = m.ceil() + Q::one();
    // The finite part: between the finite bound and ±M, or from −M to M.
    let place = |p: &Point| -> Q {
        match p {
            Point::Finite(e) => super::interval::eval(e, &BTreeMap::new(), 128, budget)
                .map(|v| v.lo_q())
                .unwrap_or_else(|_| Q::zero()),
            Point::PlusInfinity => m.clone(),
            Point::MinusInfinity => -m.clone(),
        }
    };
    let (pa, pb) = (place(a), place(b));
    let (lo, hi) = if pa <= pb { (pa, pb) } else { (pb, pa) };
    if let Err(why) = continuous_on(big_f, x, lo, hi, budget)? {
        return unknown(why);
    }
    // Defined one step beyond ±M: the signs met there hold to infinity.
    for p in [a, b] {
        let beyond = match p {
            Point::Finite(_) => continue,
            Point::PlusInfinity => &m + Q::one(),
            Point::MinusInfinity => -&m - Q::one(),
        };
        let env = BTreeMap::from([(
            x.to_string(),
            super::interval::Interval::rational(&beyond, 64),
        )]);
        match super::interval::eval(big_f, &env, 64, budget) {
            Ok(_) => {}
            Err(super::interval::EvalError::Stopped(s)) => return Err(s),
            Err(e) => return unknown(format!("F is not defined far out ({e})")),
        }
    }
    let mut ends = Vec::with_capacity(2);
    for (p, side) in [(a, Side::Right), (b, Side::Left)] {
        let value = match p {
            Point::Finite(e) => {
                Limit::Value(big_f.substitute(&BTreeMap::from([(x.to_string(), e.clone())])))
            }
            _ => limit(big_f, x, p, side, budget)?.0,
        };
        ends.push(value);
    }
    let (fa, fb) = (&ends[0], &ends[1]);
    match (fa, fb) {
        (Limit::Value(va), Limit::Value(vb)) => Ok(Definite::Value {
            value: super::simplify::simplify(&vb.minus(va), budget)?,
            antiderivative: anti,
        }),
        // F(b) − F(a) with one end infinite and the other finite.
        (Limit::Value(_) | Limit::MinusInfinity, Limit::PlusInfinity)
        | (Limit::MinusInfinity, Limit::Value(_)) => Ok(Definite::Diverges {
            to_plus: true,
            antiderivative: anti,
        }),
        (Limit::Value(_) | Limit::PlusInfinity, Limit::MinusInfinity)
        | (Limit::PlusInfinity, Limit::Value(_)) => Ok(Definite::Diverges {
            to_plus: false,
            antiderivative: anti,
        }),
        _ => unknown(format!(
            "the limits of F at the ends were not both decided finite or infinite ({} and {})",
            described(fa),
            described(fb)
        )),
    }
}

fn described(l: &Limit) -> String {
    match l {
        Limit::Value(v) => super::print::text(v),
        Limit::PlusInfinity => "inf".into(),
        Limit::MinusInfinity => "-inf".into(),
        Limit::Differ { .. } => "one-sided limits differ".into(),
        Limit::Unknown(why) => format!("unknown: {why}"),
    }
}

/// Collects the numerators and denominators of every denominator, log
/// argument and fractional power base of e, each a rational function of
/// x; Err names what is not.
fn sensitive(
    e: &Expr,
    x: &str,
    polys: &mut Vec<Vec<Q>>,
    budget: &Budget,
) -> Result<Result<(), String>, Stop> {
    if !e.has_sym(x) {
        return Ok(Ok(()));
    }
    let watched = match e.node() {
        Node::Pow(b, k) => {
            let integer = k.as_num().is_some_and(|k| k.is_integer());
            let positive = k.as_num().is_some_and(|k| k.is_positive());
            if !k.has_sym(x) && integer && positive {
                None
            } else if k.has_sym(x) && !b.has_sym(x) {
                // c^u with c > 0 (e^u): continuous.
                None
            } else if !k.has_sym(x) {
                Some(b.clone())
            } else {
                return Ok(Err("a power with the variable in base and exponent".into()));
            }
        }
        Node::Fun(Func::Log, args) => Some(args[0].clone()),
        Node::Fun(
            Func::Sin
            | Func::Cos
            | Func::Atan
            | Func::Abs
            | Func::Sinh
            | Func::Cosh
            | Func::Tanh
            | Func::Asinh,
            _,
        ) => None,
        Node::Fun(f, _) => {
            return Ok(Err(format!(
                "{} in the antiderivative (poles or a bounded domain) on an unbounded interval",
                f.name()
            )));
        }
        Node::RootSum(..) => {
            return Ok(Err(
                "a root sum in the antiderivative (its limits are not taken here)".into(),
            ));
        }
        _ => None,
    };
    if let Some(w) = watched {
        let Some((n, d)) = together(&w, budget)? else {
            return Ok(Err(
                "a denominator or log argument that is not rational".into()
            ));
        };
        for part in [n, d] {
            match to_poly(&part, x) {
                Some(p) => polys.push(p),
                None => {
                    return Ok(Err(format!(
                        "{} is not a rational function of {x}",
                        super::print::text(&w)
                    )));
                }
            }
        }
    }
    for c in e.children() {
        if let Err(why) = sensitive(&c, x, polys, budget)? {
            return Ok(Err(why));
        }
    }
    Ok(Ok(()))
}

/// 1 + max |cᵢ/cₙ|: every real root has smaller absolute value.
fn cauchy_bound(p: &[Q]) -> Q {
    let Some(lead) = p.iter().rev().find(|c| !c.is_zero()) else {
        return Q::one();
    };
    p.iter()
        .map(|c| (c / lead).abs())
        .fold(Q::zero(), std::cmp::max)
        + Q::one()
}
