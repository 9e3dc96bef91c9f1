//! Antiderivatives: F with F′ = f, found by a fixed set of methods and
//! checked by differentiating back ([`checked`]). The methods, tried in
//! order on each subproblem:
//!
//! 1. constants and linearity (sums, numeric and x-free factors);
//! 2. rational functions of x over Q: polynomial part, partial fractions
//!    over the irreducible factors of the denominator, logarithms for
//!    linear factors, a logarithm and an arctangent (with the reduction
//!    formula for powers) for irreducible quadratics;
//! 3. a table of elementary functions of a linear argument a·x + b;
//! 4. a polynomial times exp, sin, cos, sinh or cosh of a linear argument
//!    (repeated integration by parts), exp·sin and exp·cos;
//! 5. a polynomial times log or atan of a linear argument (by parts);
//! 6. substitution u = h(x) where f = g(h(x))·h′(x) (derivative divides);
//! 7. expansion, then linearity.
//!
//! An integrand none of them reaches has no answer here (`None`), which is
//! not a claim that no elementary antiderivative exists: the methods are
//! not the Risch algorithm.

use super::diff::derivative;
use super::expand::expand;
use super::limit::Point;
use super::node::{Constant, Expr, Func, Node};
use super::rational::{from_poly, to_poly, together};
use super::zero::{Verdict, is_zero};
use crate::poly::{self, QPoly};
use crate::{Budget, Q, Stop};
use num_traits::{One, Signed, ToPrimitive, Zero};

/// How deep the methods may call each other (substitution inside parts
/// inside linearity …) before giving up on a branch.
const MAX_DEPTH: usize = 8;
/// Largest denominator degree given to partial fractions.
const MAX_RATIONAL_DEGREE: usize = 60;

/// An antiderivative and how F′ = f was checked.
#[derive(Debug, Clone, PartialEq)]
pub struct Antiderivative {
    pub result: Expr,
    pub check: Verdict,
}

/// ∫ f dx by the methods of this module, with the verdict on F′ − f = 0
/// (proven, probable, or unknown: then the caller must not answer with
/// F). A disproof is a defect of ours (`Stop::CheckFailed`). None when no
/// method reaches the integrand.
pub fn checked(f: &Expr, x: &str, budget: &Budget) -> Result<Option<Antiderivative>, Stop> {
    let Some(result) = integrate(f, x, 0, budget)? else {
        return Ok(None);
    };
    match is_zero(&derivative(&result, x).minus(f), budget)? {
        Verdict::Disproven { .. } => Err(Stop::CheckFailed(
            "the antiderivative does not differentiate back to the integrand",
        )),
        check => Ok(Some(Antiderivative { result, check })),
    }
}

/// ∫ₐᵇ f dx, or why it is not answered.
#[derive(Debug, Clone, PartialEq)]
pub enum Definite {
    /// F(b) − F(a) with F checked (F′ = f) and shown continuous on [a, b]
    /// (at an infinite bound, the limit of F there).
    Value {
        value: Expr,
        antiderivative: Antiderivative,
    },
    /// F continuous on the whole (unbounded) interval and F → ±∞ at an
    /// end: ∫ over [a, M] = F(M) − F(a) grows without bound.
    Diverges {
        to_plus: bool,
        antiderivative: Antiderivative,
    },
    Unknown {
        why: String,
    },
}

/// Most pieces [a, b] is cut into to show F continuous on it.
pub(super) const MAX_PIECES: usize = 4096;

/// ∫ₐᵇ f dx = F(b) − F(a) for constants a, b: F from [`checked`] (proven
/// or probable), and F continuous on [a, b], shown by enclosing F over
/// pieces of [a, b] with interval arithmetic (defined over a piece means
/// no pole, no logarithm or root leaving its domain there; floor, ceil
/// and sign, the only discontinuous functions of the grammar, are not
/// accepted). Then F′ = f on [a, b] where f is defined, and the
/// fundamental theorem gives the value.
pub fn definite(
    f: &Expr,
    x: &str,
    a: &Point,
    b: &Point,
    budget: &Budget,
) -> Result<Definite, Stop> {
    use super::interval::{EvalError, eval};
    let unknown = |why: &str| {
        Ok(Definite::Unknown {
            why: why.to_string(),
        })
    };
    let Some(anti) = checked(f, x, budget)? else {
        return unknown(
            "no antiderivative was found by the methods of expression.integral.compute",
        );
    };
    if matches!(anti.check, Verdict::Unknown { .. }) {
        return unknown("an antiderivative was found but F′ − f = 0 could not be checked");
    }
    let big_f = &anti.result;
    if big_f.any(&|s| {
        matches!(
            s.node(),
            Node::Fun(Func::Floor | Func::Ceil | Func::Sign, _)
        )
    }) {
        return unknown("the antiderivative has floor, ceil or sign, whose jumps are not handled");
    }
    let (Point::Finite(a), Point::Finite(b)) = (a, b) else {
        return super::improper::improper(anti, x, a, b, budget);
    };
    let none = std::collections::BTreeMap::new();
    let (ea, eb) = match (eval(a, &none, 128, budget), eval(b, &none, 128, budget)) {
        (Ok(ea), Ok(eb)) => (ea, eb),
        (Err(EvalError::Stopped(s)), _) | (_, Err(EvalError::Stopped(s))) => return Err(s),
        _ => return unknown("a bound has no certified real value"),
    };
    let lo = std::cmp::min(ea.lo_q(), eb.lo_q());
    let hi = std::cmp::max(ea.hi_q(), eb.hi_q());
    if let Err(why) = continuous_on(big_f, x, lo, hi, budget)? {
        return unknown(&why);
    }
    let at = |t: &Expr| {
        big_f.substitute(&std::collections::BTreeMap::from([(
            x.to_string(),
            t.clone(),
        )]))
    };
    let value = super::simplify::simplify(&at(b).minus(&at(a)), budget)?;
    Ok(Definite::Value {
        value,
        antiderivative: anti,
    })
}

/// Whether F is shown continuous on [lo, hi]: enclosed by interval
/// arithmetic over pieces (halved where an enclosure fails), at most
/// [`MAX_PIECES`]; Err says why not.
pub(super) fn continuous_on(
    big_f: &Expr,
    x: &str,
    lo: Q,
    hi: Q,
    budget: &Budget,
) -> Result<Result<(), String>, Stop> {
    use super::interval::{EvalError, Interval, eval};
    let mut pending = vec![(lo, hi)];
    let mut pieces = 0;
    while let Some((l, h)) = pending.pop() {
        pieces += 1;
        if pieces > MAX_PIECES {
            return Ok(Err(
                "F could not be shown continuous on [a, b] (too many pieces)".into(),
            ));
        }
        let env =
            std::collections::BTreeMap::from([(x.to_string(), Interval::between(&l, &h, 64))]);
        match eval(big_f, &env, 64, budget) {
            Ok(_) => {}
            Err(EvalError::Stopped(s)) => return Err(s),
            Err(_) if pieces < MAX_PIECES / 2 => {
                let mid = (&l + &h) / Q::from_integer(2.into());
                pending.push((l, mid.clone()));
                pending.push((mid, h));
            }
            Err(e) => {
                return Ok(Err(format!(
                    "the antiderivative is not continuous on [a, b] as far as could be shown ({e})"
                )));
            }
        }
    }
    Ok(Ok(()))
}

/// The unchecked search: `None` when no method applies.
pub fn integrate(f: &Expr, x: &str, depth: usize, budget: &Budget) -> Result<Option<Expr>, Stop> {
    budget.check()?;
    // Root sums are answers, not integrands: the rules below would look
    // inside their bodies.
    if depth > MAX_DEPTH || f.any(&|s| matches!(s.node(), Node::RootSum(..))) {
        return Ok(None);
    }
    let xe = Expr::sym(x);
    if !f.has_sym(x) {
        return Ok(Some(f.times(&xe)));
    }
    if let Node::Add(ts) = f.node() {
        let mut parts = Vec::with_capacity(ts.len());
        for t in ts {
            match integrate(t, x, depth + 1, budget)? {
                Some(p) => parts.push(p),
                None => return whole_rational_or_expanded(f, x, depth, budget),
            }
        }
        return Ok(Some(Expr::add(parts)));
    }
    // x-free factors out: 3·y·g(x) → 3·y·∫g.
    if let Node::Mul(fs) = f.node() {
        let (free, bound): (Vec<Expr>, Vec<Expr>) = fs.iter().cloned().partition(|g| !g.has_sym(x));
        if !free.is_empty() {
            let inner = Expr::mul(bound);
            return Ok(integrate(&inner, x, depth + 1, budget)?.map(|g| Expr::mul(free).times(&g)));
        }
    }
    if let Some(r) = rational(f, x, budget)? {
        return Ok(Some(r));
    }
    if let Some(r) = table(f, x) {
        return Ok(Some(r));
    }
    if let Some(r) = by_parts(f, x, depth, budget)? {
        return Ok(Some(r));
    }
    if let Some(r) = substitution(f, x, depth, budget)? {
        return Ok(Some(r));
    }
    if let Some(r) = trigonometric_powers(f, x, depth, budget)? {
        return Ok(Some(r));
    }
    if let Some(r) = linear_shift(f, x, depth, budget)? {
        return Ok(Some(r));
    }
    whole_rational_or_expanded(f, x, depth, budget)
}

/// Method 6b: powers and products of sines and cosines: odd powers split
/// by sin²v = 1 − cos²v or cos²v = 1 − sin²v (for a substitution), else
/// the whole product turned into a sum of sines and cosines of multiple
/// angles ([`linearised`]).
fn trigonometric_powers(
    f: &Expr,
    x: &str,
    depth: usize,
    budget: &Budget,
) -> Result<Option<Expr>, Stop> {
    let has_power = f.any(&|s| match s.node() {
        Node::Pow(b, k) => {
            matches!(b.node(), Node::Fun(Func::Sin | Func::Cos, _))
                && k.as_num().is_some_and(|q| q.is_integer() && *q > Q::one())
        }
        _ => false,
    });
    if !has_power {
        return Ok(None);
    }
    let rewritings = [
        super::simplify::pythagorean(f, false),
        super::simplify::pythagorean(f, true),
    ];
    for rewritten in rewritings {
        budget.check()?;
        match expand(&rewritten, budget) {
            Ok(e) if e != *f => {
                if let Some(r) = integrate(&e, x, depth + 1, budget)? {
                    return Ok(Some(r));
                }
            }
            Ok(_) | Err(super::expand::Halt::TooBig) => {}
            Err(super::expand::Halt::Stopped(s)) => return Err(s),
        }
    }
    match linearised(f, budget)? {
        Some(e) if e != *f => integrate(&e, x, depth + 1, budget),
        _ => Ok(None),
    }
}

/// Most rounds of [`linearised`] (each halves a product's trig degree
/// at least by one).
const MAX_LINEARISE_ROUNDS: usize = 64;

/// A product of sines and cosines as a sum of single sines and cosines,
/// by sin a·sin b = (cos(a − b) − cos(a + b))/2,
/// cos a·cos b = (cos(a − b) + cos(a + b))/2 and
/// sin a·cos b = (sin(a + b) + sin(a − b))/2, applied until no product is
/// left. None when the expansion grows too large.
fn linearised(e: &Expr, budget: &Budget) -> Result<Option<Expr>, Stop> {
    let mut current = e.clone();
    for _ in 0..MAX_LINEARISE_ROUNDS {
        let expanded = match expand(&current, budget) {
            Ok(x) => x,
            Err(super::expand::Halt::TooBig) => return Ok(None),
            Err(super::expand::Halt::Stopped(s)) => return Err(s),
        };
        let terms = match expanded.node() {
            Node::Add(ts) => ts.clone(),
            _ => vec![expanded.clone()],
        };
        let mut changed = false;
        let next: Vec<Expr> = terms
            .iter()
            .map(|t| match split_two_trig(t) {
                Some((a, b, rest)) => {
                    changed = true;
                    rest.times(&product_to_sum(&a, &b))
                }
                None => t.clone(),
            })
            .collect();
        if !changed {
            return Ok(Some(expanded));
        }
        current = Expr::add(next);
    }
    Ok(None)
}

/// Two sine or cosine factors of a product term and the rest of it.
fn split_two_trig(t: &Expr) -> Option<(Expr, Expr, Expr)> {
    let factors = match t.node() {
        Node::Mul(fs) => fs.clone(),
        _ => vec![t.clone()],
    };
    let mut trig = Vec::new();
    let mut rest = Vec::new();
    for f in factors {
        let (b, k) = f.base_and_exponent();
        let n = k
            .as_num()
            .filter(|q| q.is_integer() && q.is_positive())
            .and_then(|q| q.to_integer().to_usize());
        match (b.node(), n) {
            (Node::Fun(Func::Sin | Func::Cos, _), Some(n)) if n <= 64 => {
                trig.extend(std::iter::repeat_n(b.clone(), n));
            }
            _ => rest.push(f),
        }
    }
    if trig.len() < 2 {
        return None;
    }
    rest.extend(trig.drain(2..));
    Some((trig[0].clone(), trig[1].clone(), Expr::mul(rest)))
}

/// The product of two sines/cosines as a sum (see [`linearised`]).
fn product_to_sum(f: &Expr, g: &Expr) -> Expr {
    let (Node::Fun(fa, a), Node::Fun(fb, b)) = (f.node(), g.node()) else {
        return f.times(g);
    };
    let (a, b) = (&a[0], &b[0]);
    let (minus, plus) = (a.minus(b), a.plus(b));
    let half = |e: Expr| e.over(&Expr::int(2));
    match (fa, fb) {
        (Func::Sin, Func::Sin) => half(Expr::cos(minus).minus(&Expr::cos(plus))),
        (Func::Cos, Func::Cos) => half(Expr::cos(minus).plus(&Expr::cos(plus))),
        (Func::Sin, Func::Cos) => half(Expr::sin(plus).plus(&Expr::sin(minus))),
        (Func::Cos, Func::Sin) => half(Expr::sin(plus).minus(&Expr::sin(minus))),
        _ => f.times(g),
    }
}

/// Method 7: a sum whose terms fail alone, or a product of sums, tried
/// once more after expansion.
fn whole_rational_or_expanded(
    f: &Expr,
    x: &str,
    depth: usize,
    budget: &Budget,
) -> Result<Option<Expr>, Stop> {
    if let Some(r) = rational(f, x, budget)? {
        return Ok(Some(r));
    }
    match expand(f, budget) {
        Ok(e) if e != *f && matches!(e.node(), Node::Add(_)) => integrate(&e, x, depth + 1, budget),
        Ok(_) | Err(super::expand::Halt::TooBig) => Ok(None),
        Err(super::expand::Halt::Stopped(s)) => Err(s),
    }
}

/// a·x + b as (a, b) when e is linear in x with rational a ≠ 0 and b
/// free of x.
fn linear(e: &Expr, x: &str) -> Option<(Q, Expr)> {
    let terms = match e.node() {
        Node::Add(ts) => ts.clone(),
        _ => vec![e.clone()],
    };
    let (mut a, mut b) = (Q::zero(), Vec::new());
    for t in terms {
        if !t.has_sym(x) {
            b.push(t);
            continue;
        }
        let (c, rest) = t.coefficient_and_rest();
        if rest.as_sym() != Some(x) {
            return None;
        }
        a += c;
    }
    (!a.is_zero()).then(|| (a, Expr::add(b)))
}

/// Method 3: ∫ g(a·x + b) dx = G(a·x + b)/a for g in the table.
fn table(f: &Expr, x: &str) -> Option<Expr> {
    let xe = Expr::sym(x);
    let scaled = |g: Expr, a: &Q| Expr::num(Q::one() / a).times(&g);
    match f.node() {
        Node::Sym(_) => Some(xe.pow_int(2).over(&Expr::int(2))),
        Node::Pow(base, k) => {
            // e^(a·x + b) and c^(a·x + b) for a constant base c.
            if !base.has_sym(x) {
                let (a, _) = linear(k, x)?;
                let log_base = if matches!(base.node(), Node::Const(Constant::E)) {
                    Expr::one()
                } else {
                    Expr::log(base.clone())
                };
                return Some(scaled(f.over(&log_base), &a));
            }
            if k.has_sym(x) {
                return None;
            }
            if let Some(r) = special_power(base, k, x) {
                return Some(r);
            }
            let (a, _) = linear(base, x)?;
            // (a·x + b)^k: k = −1 is a logarithm.
            if k.as_num().is_some_and(|q| *q == -Q::one()) {
                return Some(scaled(Expr::log(base.clone()), &a));
            }
            let k1 = k.plus(&Expr::one());
            Some(scaled(Expr::pow(base.clone(), k1.clone()).over(&k1), &a))
        }
        Node::Fun(g, args) if args.len() == 1 => {
            let u = &args[0];
            let (a, _) = linear(u, x)?;
            let u2 = || u.pow_int(2);
            let big = match g {
                Func::Sin => Expr::cos(u.clone()).neg(),
                Func::Cos => Expr::sin(u.clone()),
                Func::Tan => Expr::log(Expr::cos(u.clone())).neg(),
                Func::Cot => Expr::log(Expr::sin(u.clone())),
                Func::Sinh => Expr::fun(Func::Cosh, vec![u.clone()]),
                Func::Cosh => Expr::fun(Func::Sinh, vec![u.clone()]),
                Func::Tanh => Expr::log(Expr::fun(Func::Cosh, vec![u.clone()])),
                Func::Log => u.times(&Expr::log(u.clone())).minus(u),
                Func::Atan => u
                    .times(&Expr::fun(Func::Atan, vec![u.clone()]))
                    .minus(&Expr::log(Expr::one().plus(&u2())).over(&Expr::int(2))),
                Func::Asin => u
                    .times(&Expr::fun(Func::Asin, vec![u.clone()]))
                    .plus(&Expr::sqrt(Expr::one().minus(&u2()))),
                Func::Acos => u
                    .times(&Expr::fun(Func::Acos, vec![u.clone()]))
                    .minus(&Expr::sqrt(Expr::one().minus(&u2()))),
                Func::Acot => u
                    .times(&Expr::fun(Func::Acot, vec![u.clone()]))
                    .plus(&Expr::log(Expr::one().plus(&u2())).over(&Expr::int(2))),
                Func::Atanh => u
                    .times(&Expr::fun(Func::Atanh, vec![u.clone()]))
                    .plus(&Expr::log(Expr::one().minus(&u2())).over(&Expr::int(2))),
                Func::Acosh => u
                    .times(&Expr::fun(Func::Acosh, vec![u.clone()]))
                    .minus(&Expr::sqrt(u2().minus(&Expr::one()))),
                Func::Asinh => u
                    .times(&Expr::fun(Func::Asinh, vec![u.clone()]))
                    .minus(&Expr::sqrt(u2().plus(&Expr::one()))),
                _ => return None,
            };
            Some(scaled(big, &a))
        }
        _ => None,
    }
}

/// sec²(a·x + b), csc²(a·x + b) and 1/√(c₀ + c₂x²).
fn special_power(base: &Expr, k: &Expr, x: &str) -> Option<Expr> {
    let k = k.as_num()?;
    if let Node::Fun(g @ (Func::Sec | Func::Csc), args) = base.node()
        && *k == Q::from_integer(2.into())
    {
        let (a, _) = linear(&args[0], x)?;
        let big = match g {
            Func::Sec => Expr::fun(Func::Tan, args.clone()),
            _ => Expr::fun(Func::Cot, args.clone()).neg(),
        };
        return Some(Expr::num(Q::one() / a).times(&big));
    }
    // 1/cos² = sec², 1/sin² = csc².
    if let Node::Fun(g @ (Func::Sin | Func::Cos), args) = base.node()
        && *k == Q::from_integer((-2).into())
    {
        let (a, _) = linear(&args[0], x)?;
        let big = match g {
            Func::Cos => Expr::fun(Func::Tan, args.clone()),
            _ => Expr::fun(Func::Cot, args.clone()).neg(),
        };
        return Some(Expr::num(Q::one() / a).times(&big));
    }
    let half = Q::new(1.into(), 2.into());
    if *k == half {
        // ∫√(c₀ + c₂x²) = x·√(c₀ + c₂x²)/2 + c₀/2·∫1/√(c₀ + c₂x²).
        let p = to_poly(base, x).filter(|p| p.len() == 3 && p[1].is_zero())?;
        let rest = special_power(base, &Expr::num(-half.clone()), x)?;
        let first = Expr::sym(x)
            .times(&Expr::sqrt(base.clone()))
            .over(&Expr::int(2));
        return Some(first.plus(&Expr::num(&p[0] * &half).times(&rest)));
    }
    if *k != -half {
        return None;
    }
    let p = to_poly(base, x).filter(|p| p.len() == 3 && p[1].is_zero())?;
    let (c0, c2) = (&p[0], &p[2]);
    let xe = Expr::sym(x);
    if c0.is_positive() && c2.is_negative() {
        // asin(x·√(−c₂/c₀))/√(−c₂)
        let inner = xe.times(&Expr::sqrt(Expr::num(-c2 / c0)));
        Some(Expr::fun(Func::Asin, vec![inner]).over(&Expr::sqrt(Expr::num(-c2.clone()))))
    } else if c0.is_positive() && c2.is_positive() {
        let inner = xe.times(&Expr::sqrt(Expr::num(c2 / c0)));
        Some(Expr::fun(Func::Asinh, vec![inner]).over(&Expr::sqrt(Expr::num(c2.clone()))))
    } else if c0.is_negative() && c2.is_positive() {
        // log(x·√c₂ + √(c₀ + c₂x²))/√c₂ (for x·√c₂ > √(−c₀)).
        let root = Expr::sqrt(Expr::num(c2.clone()));
        let inner = xe.times(&root).plus(&Expr::sqrt(base.clone()));
        Some(Expr::log(inner).over(&root))
    } else {
        None
    }
}

/// Whether `g` is a rational function of x alone (no function, no
/// constant like π, integer exponents): the algebraic side of a product.
fn is_rational_in(g: &Expr, x: &str) -> bool {
    !g.any(&|s| match s.node() {
        Node::Fun(..) | Node::Const(_) => true,
        Node::Sym(v) => **v != *x,
        Node::Pow(_, k) => !k.as_num().is_some_and(Q::is_integer),
        _ => false,
    })
}

/// Methods 4 and 5: R(x)·g for a rational R (a polynomial for the cyclic
/// functions) and one transcendental g.
fn by_parts(f: &Expr, x: &str, depth: usize, budget: &Budget) -> Result<Option<Expr>, Stop> {
    let factors = match f.node() {
        Node::Mul(fs) => fs.clone(),
        _ => vec![f.clone()],
    };
    let (algebraic, others): (Vec<Expr>, Vec<Expr>) =
        factors.into_iter().partition(|g| is_rational_in(g, x));
    if others.len() == 2 {
        return Ok(exp_times_trig(&others[0], &others[1], x).filter(|_| algebraic.is_empty()));
    }
    let [g] = &others[..] else {
        return Ok(None);
    };
    let r = Expr::mul(algebraic);
    // Exp, sin, cos, sinh, cosh: ∫P·g = Σₖ (−1)ᵏ P⁽ᵏ⁾ G₍ₖ₊₁₎, G₍ⱼ₎ the j-th
    // antiderivative (each again by the table).
    let cyclic = match g.node() {
        Node::Pow(b, _) => !b.has_sym(x),
        Node::Fun(Func::Sin | Func::Cos | Func::Sinh | Func::Cosh, _) => true,
        _ => false,
    };
    if cyclic {
        let Some(p) = to_poly(&r, x).filter(|p| p.len() <= 50 && !r.is_one()) else {
            return Ok(None);
        };
        let mut terms = Vec::new();
        let (mut dp, mut gk, mut sign) = (p, g.clone(), Q::one());
        while !dp.is_empty() {
            budget.check()?;
            let Some(next) = table_times_constants(&gk, x) else {
                return Ok(None);
            };
            gk = next;
            terms.push(Expr::num(sign.clone()).times(&from_poly(&dp, x)).times(&gk));
            dp = poly::derivative(&dp);
            sign = -sign;
        }
        return Ok(Some(Expr::add(terms)));
    }
    // log(h)ⁿ, atan, asin, acot, atanh of a polynomial h: ∫R·g = Q·g − ∫Q·g′
    // with Q = ∫R rational (without logarithms of its own).
    let inner = match g.node() {
        Node::Pow(b, k)
            if k.as_num()
                .is_some_and(|k| k.is_integer() && k.is_positive()) =>
        {
            b
        }
        _ => g,
    };
    let Node::Fun(Func::Log | Func::Atan | Func::Asin | Func::Acot | Func::Atanh, args) =
        inner.node()
    else {
        return Ok(None);
    };
    if to_poly(&args[0], x).is_none() {
        return Ok(None);
    }
    let Some(q) = rational(&r, x, budget)?.or_else(|| r.is_one().then(|| Expr::sym(x))) else {
        return Ok(None);
    };
    if !is_rational_in(&q, x) {
        return Ok(None);
    }
    let rest = q.times(&derivative(g, x));
    Ok(integrate(&rest, x, depth + 1, budget)?.map(|i| q.times(g).minus(&i)))
}

/// The table's antiderivative of c·g(x) for an x-free factor c.
fn table_times_constants(e: &Expr, x: &str) -> Option<Expr> {
    let factors = match e.node() {
        Node::Mul(fs) => fs.clone(),
        _ => vec![e.clone()],
    };
    let (free, bound): (Vec<Expr>, Vec<Expr>) = factors.into_iter().partition(|g| !g.has_sym(x));
    Some(Expr::mul(free).times(&table(&Expr::mul(bound), x)?))
}

/// ∫ e^(a·x)·sin(b·x + c) and ∫ e^(a·x)·cos(b·x + c) (any linear
/// exponent): e^u·(a·sin v − b·cos v)/(a² + b²) and
/// e^u·(a·cos v + b·sin v)/(a² + b²).
fn exp_times_trig(g: &Expr, h: &Expr, x: &str) -> Option<Expr> {
    let (e, t) = if matches!(g.node(), Node::Pow(..)) {
        (g, h)
    } else {
        (h, g)
    };
    let Node::Pow(base, u) = e.node() else {
        return None;
    };
    if !matches!(base.node(), Node::Const(Constant::E)) {
        return None;
    }
    let (a, _) = linear(u, x)?;
    let Node::Fun(trig @ (Func::Sin | Func::Cos), args) = t.node() else {
        return None;
    };
    let v = &args[0];
    let (b, _) = linear(v, x)?;
    let (s, c) = (Expr::sin(v.clone()), Expr::cos(v.clone()));
    let (ae, be) = (Expr::num(a.clone()), Expr::num(b.clone()));
    let inner = match trig {
        Func::Sin => ae.times(&s).minus(&be.times(&c)),
        _ => ae.times(&c).plus(&be.times(&s)),
    };
    Some(e.times(&inner).over(&Expr::num(&a * &a + &b * &b)))
}

/// Method 6: f = g(h)·h′ for a subexpression h of f: ∫f = G(h).
fn substitution(f: &Expr, x: &str, depth: usize, budget: &Budget) -> Result<Option<Expr>, Stop> {
    let u = "u_";
    if f.has_sym(u) {
        return Ok(None);
    }
    let mut candidates = Vec::new();
    collect_inner(f, x, &mut candidates);
    for h in candidates {
        budget.check()?;
        let dh = derivative(&h, x);
        if dh.is_zero() {
            continue;
        }
        let q = f.over(&dh);
        let replaced = replace(&q, &h, &Expr::sym(u));
        if replaced.has_sym(x) {
            continue;
        }
        if let Some(g) = integrate(&replaced, u, depth + 1, budget)? {
            let back = std::collections::BTreeMap::from([(u.to_string(), h.clone())]);
            return Ok(Some(g.substitute(&back)));
        }
    }
    Ok(None)
}

/// Method 6c: a root of a linear u = a·x + b (x·√(x + 1)): x = (u − b)/a
/// makes the integrand a sum of powers of u after expansion.
fn linear_shift(f: &Expr, x: &str, depth: usize, budget: &Budget) -> Result<Option<Expr>, Stop> {
    let u = "u_";
    let mut bases = Vec::new();
    collect_inner(f, x, &mut bases);
    for h in bases {
        let Some((a, b)) = linear(&h, x) else {
            continue;
        };
        if !f.any(&|s| matches!(s.node(), Node::Pow(base, k) if *base == h && !k.as_num().is_some_and(Q::is_integer))) {
            continue;
        }
        budget.check()?;
        let back = Expr::sym(u).minus(&b).over(&Expr::num(a.clone()));
        let g = f.substitute(&std::collections::BTreeMap::from([(x.to_string(), back)]));
        let g = match expand(&g, budget) {
            Ok(g) => g.over(&Expr::num(a)),
            Err(super::expand::Halt::TooBig) => continue,
            Err(super::expand::Halt::Stopped(s)) => return Err(s),
        };
        if let Some(r) = integrate(&g, u, depth + 1, budget)? {
            let to_x = std::collections::BTreeMap::from([(u.to_string(), h.clone())]);
            return Ok(Some(r.substitute(&to_x)));
        }
    }
    Ok(None)
}

/// Subexpressions that depend on x and are not x itself, arguments of
/// functions and bases and exponents of powers first: the candidates h.
fn collect_inner(e: &Expr, x: &str, out: &mut Vec<Expr>) {
    for c in e.children() {
        collect_inner(&c, x, out);
    }
    let inner: Vec<Expr> = match e.node() {
        Node::Fun(_, args) => args.clone(),
        Node::Pow(b, k) => vec![b.clone(), k.clone()],
        _ => Vec::new(),
    };
    // x^4 offers x^2 as well (x/(x^4 + 1) = g(x²)·x).
    let mut lower = Vec::new();
    if let Node::Pow(b, k) = e.node()
        && b.as_sym() == Some(x)
        && let Some(n) = k.as_num().and_then(|q| q.to_integer().to_i64())
    {
        lower.extend((2..n).filter(|d| n % d == 0).map(|d| b.pow_int(d)));
    }
    // Functions and powers themselves: sin(x), e^x, √(x + 1).
    let whole = matches!(e.node(), Node::Fun(..) | Node::Pow(..)).then(|| e.clone());
    for h in inner.into_iter().chain(lower).chain(whole) {
        if h.has_sym(x) && h.as_sym().is_none() && !out.contains(&h) && out.len() < 40 {
            out.push(h);
        }
    }
}

/// e with every occurrence of the subtree `h` replaced by `by`.
fn replace(e: &Expr, h: &Expr, by: &Expr) -> Expr {
    if e == h {
        return by.clone();
    }
    // x^4 with h = x^2, e^(−x) with h = e^x: a power of h.
    if let (Node::Pow(b, k), Node::Pow(hb, hk)) = (e.node(), h.node())
        && b == hb
        && let Some(r) = k
            .over(hk)
            .as_num()
            .filter(|r| r.is_integer() && !r.is_zero())
    {
        return Expr::pow(by.clone(), Expr::num(r.clone()));
    }
    e.map_children(&mut |c| replace(c, h, by))
}

fn poly_integral(p: &[Q]) -> QPoly {
    let mut out = vec![Q::zero()];
    out.extend(
        p.iter()
            .enumerate()
            .map(|(k, c)| c / Q::from_integer((k as i64 + 1).into())),
    );
    poly::trim(out)
}

/// Method 2: a rational function of x with rational coefficients.
fn rational(f: &Expr, x: &str, budget: &Budget) -> Result<Option<Expr>, Stop> {
    if f.symbols() != [x] || f.any(&|s| matches!(s.node(), Node::Fun(..) | Node::Const(_))) {
        return Ok(None);
    }
    let Some((n, d)) = together(f, budget)? else {
        return Ok(None);
    };
    let (Some(n), Some(d)) = (to_poly(&n, x), to_poly(&d, x)) else {
        return Ok(None);
    };
    if d.len() > MAX_RATIONAL_DEGREE + 1 {
        return Ok(None);
    }
    let parts = super::apart::decompose(&n, &d, budget)?;
    let mut terms = vec![from_poly(&poly_integral(&parts.polynomial), x)];
    // The terms of one factor are consecutive.
    for group in parts.terms.chunk_by(|s, t| s.0 == t.0) {
        let p = &group[0].0;
        // Linear factors and quadratics with complex roots by the table;
        // a quadratic irreducible over Q with real roots (x² − 2) and
        // everything of higher degree by Hermite and Trager.
        let simple: Option<Vec<Expr>> = group
            .iter()
            .map(|(p, j, a)| simple_fraction(a, p, *j, x))
            .collect();
        if let Some(simple) = simple {
            terms.extend(simple);
            continue;
        }
        let numerators: Vec<(u32, QPoly)> = group.iter().map(|(_, j, a)| (*j, a.clone())).collect();
        match super::trager::integral(&numerators, p, x, budget)? {
            Some(t) => terms.push(t),
            None => return Ok(None),
        }
    }
    Ok(Some(Expr::add(terms)))
}

/// ∫ A/p^j dx for deg A < deg p, p irreducible of degree 1 or 2 (primitive
/// integer coefficients). None beyond degree 2 (see [`super::trager`]).
fn simple_fraction(a: &[Q], p: &[Q], j: u32, x: &str) -> Option<Expr> {
    let xe = Expr::sym(x);
    let pe = from_poly(p, x);
    match p.len() {
        2 => {
            // p = α·x + β: ∫ c/p^j = c/α · (log p or p^(1−j)/(1−j)).
            let c = Expr::num(a[0].clone() / &p[1]);
            Some(if j == 1 {
                c.times(&Expr::log(pe))
            } else {
                let e = 1 - i64::from(j);
                c.times(&pe.pow_int(e)).over(&Expr::int(e))
            })
        }
        3 => {
            // Monic x² + b·x + c with Δ = 4c − b² > 0, A = B·x + C over the
            // leading coefficient's power.
            let lead = p[2].clone();
            let (b, c) = (&p[1] / &lead, &p[0] / &lead);
            let delta = Q::from_integer(4.into()) * &c - &b * &b;
            if !delta.is_positive() {
                return None;
            }
            let scale = Q::one() / lead.pow(j as i32);
            let big_b = a.get(1).cloned().unwrap_or_else(Q::zero) * &scale;
            let big_c = a[0].clone() * &scale;
            let monic = xe
                .pow_int(2)
                .plus(&Expr::num(b.clone()).times(&xe))
                .plus(&Expr::num(c));
            let two = Q::from_integer(2.into());
            // B·x + C = B/2·(2x + b) + (C − B·b/2).
            let half_b = &big_b / &two;
            let rest = big_c - &half_b * &b;
            let log_part = if j == 1 {
                Expr::num(half_b).times(&Expr::log(monic.clone()))
            } else {
                let e = 1 - i64::from(j);
                Expr::num(half_b)
                    .times(&monic.pow_int(e))
                    .over(&Expr::int(e))
            };
            Some(log_part.plus(&Expr::num(rest).times(&reciprocal_power(&monic, &b, &delta, j, x))))
        }
        _ => None,
    }
}

/// I_j = ∫ dx/(x² + b·x + c)^j with Δ = 4c − b² > 0:
/// I₁ = 2/√Δ·atan((2x + b)/√Δ), and
/// I_j = (2x + b)/((j − 1)·Δ·m^(j−1)) + 2(2j − 3)/((j − 1)·Δ)·I_(j−1).
fn reciprocal_power(m: &Expr, b: &Q, delta: &Q, j: u32, x: &str) -> Expr {
    let two_x_b = Expr::int(2)
        .times(&Expr::sym(x))
        .plus(&Expr::num(b.clone()));
    if j == 1 {
        let root = Expr::sqrt(Expr::num(delta.clone()));
        return Expr::int(2)
            .over(&root)
            .times(&Expr::fun(Func::Atan, vec![two_x_b.over(&root)]));
    }
    let jm1 = Q::from_integer((i64::from(j) - 1).into());
    let first = two_x_b.over(&Expr::num(&jm1 * delta).times(&m.pow_int(i64::from(j) - 1)));
    let factor = Q::from_integer((2 * (2 * i64::from(j) - 3)).into()) / (jm1 * delta);
    first.plus(&Expr::num(factor).times(&reciprocal_power(m, b, delta, j - 1, x)))
}
