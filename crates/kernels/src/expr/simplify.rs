//! Simplification: the smallest of a few rewritings, each equal to its
//! input by an identity: expansion, one reduced fraction N/D, and the
//! Pythagorean identities sin²u = 1 − cos²u and cosh²u = 1 + sinh²u before
//! either. "Smallest" is the node count ([`Expr::size`]); ties keep the
//! earlier candidate, so an expression already simplest comes back as it is.

use super::expand::{Halt, expand};
use super::node::{Expr, Func, Node};
use super::rational::{quotient, together};
use crate::{Budget, Stop};
use num_traits::ToPrimitive;

/// Rewrites even powers with the Pythagorean identities: sinⁿu as
/// sin^(n mod 2)u·(1 − cos²u)^⌊n/2⌋ (or cosⁿ through sin when `to_sin`),
/// and coshⁿu through 1 + sinh²u.
pub fn pythagorean(e: &Expr, to_sin: bool) -> Expr {
    let e = e.map_children(&mut |c| pythagorean(c, to_sin));
    let Node::Pow(base, exponent) = e.node() else {
        return e;
    };
    let Some(n) = exponent
        .as_num()
        .filter(|q| q.is_integer())
        .and_then(|q| q.numer().to_i64())
        .filter(|n| *n >= 2)
    else {
        return e;
    };
    let Node::Fun(f, args) = base.node() else {
        return e;
    };
    let u = &args[0];
    let (square, odd_factor) = match (f, to_sin) {
        (Func::Sin, false) => (Expr::one().minus(&Expr::cos(u.clone()).pow_int(2)), base),
        (Func::Cos, true) => (Expr::one().minus(&Expr::sin(u.clone()).pow_int(2)), base),
        (Func::Cosh, _) => (
            Expr::one().plus(&Expr::fun(Func::Sinh, vec![u.clone()]).pow_int(2)),
            base,
        ),
        _ => return e,
    };
    let odd = if n % 2 == 1 {
        odd_factor.clone()
    } else {
        Expr::one()
    };
    odd.times(&square.pow_int(n / 2))
}

/// e with tan, cot, sec and csc written through sin and cos.
pub fn sines_and_cosines(e: &Expr) -> Expr {
    let e = e.map_children(&mut sines_and_cosines);
    let Node::Fun(f, args) = e.node() else {
        return e;
    };
    let (s, c) = (Expr::sin(args[0].clone()), Expr::cos(args[0].clone()));
    match f {
        Func::Tan => s.over(&c),
        Func::Cot => c.over(&s),
        Func::Sec => Expr::one().over(&c),
        Func::Csc => Expr::one().over(&s),
        _ => e,
    }
}

/// The smallest equal form of `e` among the rewritings (see the module).
pub fn simplify(e: &Expr, budget: &Budget) -> Result<Expr, Stop> {
    let mut best = e.clone();
    let consider = |c: Expr, best: &mut Expr| {
        if !c.has_undefined() && c.size() < best.size() {
            *best = c;
        }
    };
    let trig = e.any(&|s| matches!(s.node(), Node::Fun(Func::Sin | Func::Cos | Func::Cosh, _)));
    let mut starts = vec![e.clone()];
    let resolved = super::root_sum::resolve(e, budget)?;
    if resolved != *e {
        starts.push(resolved);
    }
    if trig {
        starts.push(pythagorean(e, false));
        starts.push(pythagorean(e, true));
    }
    for s in starts {
        budget.check()?;
        match expand(&s, budget) {
            Ok(x) => consider(x, &mut best),
            Err(Halt::Stopped(stop)) => return Err(stop),
            Err(Halt::TooBig) => {}
        }
        if let Some((n, d)) = together(&s, budget)? {
            consider(quotient(&n, &d), &mut best);
        }
    }
    Ok(best)
}
