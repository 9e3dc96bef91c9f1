//! Limits at +∞ of exp-log expressions by Gruntz's algorithm (D. Gruntz,
//! "On Computing Limits in a Symbolic Manipulation System", 1996), where
//! the series at the point does not exist (x·e^(−x), log(x)/x at ∞,
//! x·log(x) at 0⁺ after x = 1/t).
//!
//! Identity: in the set Ω of most rapidly varying subexpressions of f
//! (comparable e^h, or x itself, which is first moved up by x → eˣ), each
//! e^(hᵢ) is ω^(cᵢ)·e^(hᵢ − cᵢ·g) with ω = e^g → 0 and cᵢ = lim hᵢ/g;
//! the rewritten f has a series in ω whose coefficients vary less rapidly
//! than ω, so f ~ c₀·ω^(e₀): the limit is 0 for e₀ > 0, ±∞ by the sign of
//! c₀ for e₀ < 0, and lim c₀ (recursively) for e₀ = 0. Every limit, sign
//! and comparison inside is decided by the same recursion, or the answer
//! is unknown. The exponents cᵢ must be rational (then ω is taken as
//! e^(g/d), d their common denominator, so the series has integer powers).

use super::node::{Constant, Expr, Func, Node};
use super::series::{SeriesError, series_one_sided};
use super::zero::{Sign, sign};
use crate::{Budget, Q, Stop};
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use std::cell::Cell;
use std::collections::BTreeMap;

/// A limit at +∞.
#[derive(Debug, Clone, PartialEq)]
pub enum Lim {
    Value(Expr),
    PlusInfinity,
    MinusInfinity,
}

/// Why no limit was decided.
#[derive(Debug)]
pub enum Fail {
    Unknown(String),
    Stopped(Stop),
}

impl From<Stop> for Fail {
    fn from(s: Stop) -> Self {
        Fail::Stopped(s)
    }
}

impl From<SeriesError> for Fail {
    fn from(e: SeriesError) -> Self {
        match e {
            SeriesError::Stopped(s) => Fail::Stopped(s),
            e => Fail::Unknown(e.to_string()),
        }
    }
}

type G<T> = Result<T, Fail>;

fn unknown<T>(why: &str) -> G<T> {
    Err(Fail::Unknown(why.to_string()))
}

/// Recursion bounds: nested limits, and calls in all.
const MAX_DEPTH: usize = 24;
const MAX_CALLS: usize = 4000;

/// The series variable ω (a name the grammar cannot produce).
const OMEGA: &str = "omega_";

struct Ctx<'a> {
    x: &'a str,
    budget: &'a Budget,
    depth: Cell<usize>,
    calls: Cell<usize>,
}

/// lim f as x → +∞.
pub fn limit_at_infinity(f: &Expr, x: &str, budget: &Budget) -> Result<Result<Lim, String>, Stop> {
    let ctx = Ctx {
        x,
        budget,
        depth: Cell::new(0),
        calls: Cell::new(0),
    };
    match limitinf(f, &ctx) {
        Ok(l) => Ok(Ok(l)),
        Err(Fail::Unknown(why)) => Ok(Err(why)),
        Err(Fail::Stopped(s)) => Err(s),
    }
}

fn is_exp(e: &Expr) -> Option<&Expr> {
    match e.node() {
        Node::Pow(b, h) if matches!(b.node(), Node::Const(Constant::E)) => Some(h),
        _ => None,
    }
}

/// The exp-log form: b^u with u depending on x is e^(u·log b), (e^g)^c is
/// e^(g·c), log(e^g) is g, and the hyperbolic functions are written with
/// exponentials.
fn normal(e: &Expr, x: &str) -> Expr {
    if !e.has_sym(x) {
        return e.clone();
    }
    let e = e.map_children(&mut |c| normal(c, x));
    match e.node() {
        Node::Pow(b, u) if u.has_sym(x) && !matches!(b.node(), Node::Const(Constant::E)) => {
            Expr::exp(u.times(&Expr::log(b.clone())))
        }
        Node::Pow(b, c) => match is_exp(b) {
            Some(g) => Expr::exp(g.times(c)),
            None => e.clone(),
        },
        Node::Fun(Func::Log, a) => match is_exp(&a[0]) {
            Some(g) => g.clone(),
            None => e.clone(),
        },
        Node::Fun(f @ (Func::Sinh | Func::Cosh | Func::Tanh), a) => {
            let (p, m) = (Expr::exp(a[0].clone()), Expr::exp(a[0].neg()));
            let half = Expr::ratio(1, 2);
            match f {
                Func::Sinh => p.minus(&m).times(&half),
                Func::Cosh => p.plus(&m).times(&half),
                _ => p.minus(&m).over(&p.plus(&m)),
            }
        }
        _ => e.clone(),
    }
}

fn enter(ctx: &Ctx) -> G<()> {
    ctx.budget.check()?;
    ctx.calls.set(ctx.calls.get() + 1);
    if ctx.depth.get() >= MAX_DEPTH || ctx.calls.get() > MAX_CALLS {
        return unknown("the recursion of Gruntz's algorithm went beyond its bound");
    }
    ctx.depth.set(ctx.depth.get() + 1);
    Ok(())
}

fn limitinf(f: &Expr, ctx: &Ctx) -> G<Lim> {
    enter(ctx)?;
    let out = limitinf_inner(f, ctx);
    ctx.depth.set(ctx.depth.get() - 1);
    out
}

fn limitinf_inner(f: &Expr, ctx: &Ctx) -> G<Lim> {
    if !f.has_sym(ctx.x) {
        return Ok(Lim::Value(f.clone()));
    }
    if f.as_sym() == Some(ctx.x) {
        return Ok(Lim::PlusInfinity);
    }
    let f = normal(f, ctx.x);
    let (c0, e0) = leadterm(&f, ctx)?;
    if e0.is_positive() {
        Ok(Lim::Value(Expr::zero()))
    } else if e0.is_negative() {
        match sign_at_infinity(&c0, ctx)? {
            1 => Ok(Lim::PlusInfinity),
            -1 => Ok(Lim::MinusInfinity),
            _ => unknown("the leading coefficient's sign"),
        }
    } else {
        limitinf(&c0, ctx)
    }
}

/// The sign of f for all large x: 1, −1 or 0.
fn sign_at_infinity(f: &Expr, ctx: &Ctx) -> G<i32> {
    enter(ctx)?;
    let out = sign_inner(f, ctx);
    ctx.depth.set(ctx.depth.get() - 1);
    out
}

fn sign_inner(f: &Expr, ctx: &Ctx) -> G<i32> {
    if !f.has_sym(ctx.x) {
        return match sign(f, ctx.budget)? {
            Ok(Sign::Positive { .. }) => Ok(1),
            Ok(Sign::Negative { .. }) => Ok(-1),
            Ok(Sign::Zero { .. }) => Ok(0),
            _ => unknown("the sign of a constant"),
        };
    }
    if f.as_sym() == Some(ctx.x) || is_exp(f).is_some() {
        return Ok(1);
    }
    match f.node() {
        Node::Mul(fs) => {
            let mut s = 1;
            for g in fs {
                s *= sign_at_infinity(g, ctx)?;
            }
            return Ok(s);
        }
        Node::Pow(b, k) => {
            let sb = sign_at_infinity(b, ctx)?;
            if sb == 1 {
                return Ok(1);
            }
            if let Some(k) = k.as_num().filter(|k| k.is_integer()) {
                return Ok(if k.to_integer().is_even() {
                    sb * sb
                } else {
                    sb
                });
            }
        }
        Node::Fun(Func::Log, a) => return sign_at_infinity(&a[0].minus(&Expr::one()), ctx),
        _ => {}
    }
    let (c0, _) = leadterm(&normal(f, ctx.x), ctx)?;
    sign_at_infinity(&c0, ctx)
}

/// The most rapidly varying subexpressions of f: x, or e^h with h → ±∞.
fn mrv(f: &Expr, ctx: &Ctx) -> G<Vec<Expr>> {
    ctx.budget.check()?;
    if !f.has_sym(ctx.x) {
        return Ok(Vec::new());
    }
    if f.as_sym() == Some(ctx.x) {
        return Ok(vec![f.clone()]);
    }
    if let Some(h) = is_exp(f) {
        let inner = mrv(h, ctx)?;
        return match limitinf(h, ctx)? {
            Lim::PlusInfinity | Lim::MinusInfinity => max(vec![f.clone()], inner, ctx),
            Lim::Value(_) => Ok(inner),
        };
    }
    match f.node() {
        Node::Pow(b, k) if !k.has_sym(ctx.x) => mrv(b, ctx),
        Node::Pow(..) => unknown("a power not in exp-log form"),
        Node::Add(_) | Node::Mul(_) | Node::Fun(..) => {
            let mut acc = Vec::new();
            for c in f.children() {
                let m = mrv(&c, ctx)?;
                acc = max(acc, m, ctx)?;
            }
            Ok(acc)
        }
        _ => Ok(Vec::new()),
    }
}

/// The more rapidly varying of two sets (their union when comparable).
fn max(a: Vec<Expr>, b: Vec<Expr>, ctx: &Ctx) -> G<Vec<Expr>> {
    if a.is_empty() {
        return Ok(b);
    }
    if b.is_empty() {
        return Ok(a);
    }
    Ok(match compare(&a[0], &b[0], ctx)? {
        std::cmp::Ordering::Greater => a,
        std::cmp::Ordering::Less => b,
        std::cmp::Ordering::Equal => {
            let mut u = a;
            for e in b {
                if !u.contains(&e) {
                    u.push(e);
                }
            }
            u
        }
    })
}

/// Compares growth: lim log(a)/log(b) is ±∞ (a faster), 0 (slower) or
/// finite and nonzero (comparable).
fn compare(a: &Expr, b: &Expr, ctx: &Ctx) -> G<std::cmp::Ordering> {
    // e^h against x: h ~ c·xᵏ (k ≥ 1, a pole of h(1/t) at t = 0) makes
    // e^h the faster at once; the general ratio h/log(x) would move up to
    // eˣ/x and ask the same question again.
    for (e, other, faster) in [
        (a, b, std::cmp::Ordering::Greater),
        (b, a, std::cmp::Ordering::Less),
    ] {
        if other.as_sym() == Some(ctx.x)
            && let Some(h) = is_exp(e)
        {
            let t = "t_";
            let inv = Expr::one().over(&Expr::sym(t));
            let at_zero = h.substitute(&BTreeMap::from([(ctx.x.to_string(), inv)]));
            match super::series::series(&at_zero, t, &Expr::zero(), 1, ctx.budget) {
                Ok(s) if s.start < 0 => return Ok(faster),
                Err(SeriesError::Stopped(s)) => return Err(Fail::Stopped(s)),
                _ => {}
            }
        }
    }
    let log_of = |e: &Expr| is_exp(e).cloned().unwrap_or_else(|| Expr::log(e.clone()));
    let q = log_of(a).over(&log_of(b));
    Ok(match limitinf(&q, ctx)? {
        Lim::PlusInfinity | Lim::MinusInfinity => std::cmp::Ordering::Greater,
        Lim::Value(v) if v.is_zero() => std::cmp::Ordering::Less,
        Lim::Value(_) => std::cmp::Ordering::Equal,
    })
}

/// f's leading term c₀·ω^(e₀) in its most rapidly varying ω.
fn leadterm(f: &Expr, ctx: &Ctx) -> G<(Expr, Q)> {
    let omega = mrv(f, ctx)?;
    if omega.is_empty() {
        return Ok((f.clone(), Q::zero()));
    }
    if omega.iter().any(|w| w.as_sym() == Some(ctx.x)) {
        // Move up: x → eˣ (the limit at ∞ is the same).
        let up = f.substitute(&BTreeMap::from([(
            ctx.x.to_string(),
            Expr::exp(Expr::sym(ctx.x)),
        )]));
        return leadterm(&normal(&up, ctx.x), ctx);
    }
    // The smallest element gives ω = e^g with g → −∞.
    let mut sorted = omega.clone();
    sorted.sort_by_key(Expr::size);
    let Some(h0) = is_exp(&sorted[0]).cloned() else {
        return unknown("an element of the mrv set is not an exponential");
    };
    let g = match limitinf(&h0, ctx)? {
        Lim::MinusInfinity => h0,
        Lim::PlusInfinity => h0.neg(),
        Lim::Value(_) => return unknown("an mrv exponent with a finite limit"),
    };
    // cᵢ = lim hᵢ/g, rational.
    let mut cs = Vec::with_capacity(sorted.len());
    for w in &sorted {
        let Some(h) = is_exp(w) else {
            return unknown("an element of the mrv set is not an exponential");
        };
        let c = match limitinf(&h.over(&g), ctx)? {
            Lim::Value(c) => match c.as_num() {
                Some(q) => q.clone(),
                None => return unknown("an mrv exponent ratio that is not rational"),
            },
            _ => return unknown("mrv elements that are not comparable"),
        };
        cs.push(c);
    }
    let d = cs
        .iter()
        .fold(num_bigint::BigInt::one(), |acc, c| acc.lcm(c.denom()));
    let d = Q::from_integer(d);
    // e^(hᵢ) = W^(cᵢ·d)·e^(hᵢ − cᵢ·g), W = e^(g/d); largest first, so the
    // smaller ones are then replaced inside the new exponents too.
    let w = Expr::sym(OMEGA);
    let mut rewritten = f.clone();
    for (el, c) in sorted.iter().zip(&cs).rev() {
        let Some(h) = is_exp(el) else { continue };
        let k = Expr::num(c * &d);
        let rest = Expr::exp(h.minus(&g.times(&Expr::num(c.clone()))));
        let by = Expr::pow(w.clone(), k).times(&rest);
        rewritten = replace(&rewritten, el, &by);
    }
    if rewritten.any(&|e| e.as_sym().is_none() && *e == sorted[0]) {
        return unknown("an mrv element survived the rewriting");
    }
    let log_w = g.over(&Expr::num(d.clone()));
    for n in [1i64, 2, 4, 8] {
        let s = series_one_sided(&rewritten, OMEGA, &log_w, n, ctx.budget)?;
        if s.start < s.order {
            let c0 = s.coeff(s.start);
            if c0.has_sym(OMEGA) {
                return unknown("ω left in a leading coefficient");
            }
            return Ok((c0, Q::from_integer(s.start.into())));
        }
    }
    unknown("no nonzero term in the series in ω up to order 8")
}

/// e with every occurrence of the subexpression `target` replaced.
fn replace(e: &Expr, target: &Expr, by: &Expr) -> Expr {
    if e == target {
        return by.clone();
    }
    if e.size() < target.size() {
        return e.clone();
    }
    e.map_children(&mut |c| replace(c, target, by))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::parse;

    fn lim(s: &str) -> Result<Lim, String> {
        limit_at_infinity(&parse(s).unwrap(), "x", &Budget::unlimited()).unwrap()
    }

    #[test]
    fn classic_limits_at_infinity() {
        let zero = Ok(Lim::Value(Expr::zero()));
        assert_eq!(lim("x^10*exp(-x)"), zero);
        assert_eq!(lim("log(x)^5/x"), zero);
        assert_eq!(lim("x*exp(-sqrt(x))"), zero);
        assert_eq!(lim("exp(x)/x^100"), Ok(Lim::PlusInfinity));
        assert_eq!(lim("x^2 - exp(x)"), Ok(Lim::MinusInfinity));
        assert_eq!(lim("x^(1/x)"), Ok(Lim::Value(Expr::one())));
        assert_eq!(lim("log(x + exp(3*x))/x"), Ok(Lim::Value(Expr::int(3))));
        assert_eq!(lim("x*(atan(x) - pi/2)"), Ok(Lim::Value(Expr::int(-1))));
        assert_eq!(
            lim("exp(x)*(exp(1/x + exp(-x)) - exp(1/x))"),
            Ok(Lim::Value(Expr::one()))
        );
        assert!(lim("sin(x)").is_err());
    }
}
