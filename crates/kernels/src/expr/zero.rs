//! Zero-equivalence: is an expression identically 0? Proven when its
//! canonical form, its expansion, or the numerator of its rational form
//! (as a polynomial in its symbols and its non-rational subexpressions,
//! taken as independent) is 0; disproven by a point where a certified
//! enclosure of its value excludes 0; otherwise probable, saying at how
//! many points and at what precision it vanished.

use super::expand::{Halt, expand};
use super::interval::{EvalError, at_point};
use super::node::{Expr, Node};
use crate::{Budget, Q, Stop};
use num_traits::{Signed, ToPrimitive};
use std::collections::BTreeMap;

/// How the question was settled.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// Identically zero; `how` says by which exact argument.
    Proven { how: &'static str },
    /// Not zero: at `point` the value is enclosed in `[lo, hi]`, an
    /// interval without 0.
    Disproven {
        point: BTreeMap<String, Q>,
        lo: Q,
        hi: Q,
    },
    /// Zero at every one of `points` test points within 2^−`bits`, with
    /// no exact proof.
    Probable { points: usize, bits: usize },
    /// Neither: the value could not be enclosed at enough points.
    Unknown { why: String },
}

/// The rational form N/D of e: sums over a common denominator, products
/// and integer powers distributed over numerator and denominator; every
/// other subexpression (a function, a non-integer power) is an atom.
pub fn rational_form(e: &Expr) -> (Expr, Expr) {
    match e.node() {
        Node::Num(q) => (
            Expr::integer(q.numer().clone()),
            Expr::integer(q.denom().clone()),
        ),
        Node::Add(ts) => {
            let (mut n, mut d) = rational_form(&ts[0]);
            for t in &ts[1..] {
                let (tn, td) = rational_form(t);
                if td == d {
                    n = n.plus(&tn);
                } else {
                    n = n.times(&td).plus(&tn.times(&d));
                    d = d.times(&td);
                }
            }
            (n, d)
        }
        Node::Mul(fs) => {
            let (mut n, mut d) = (Expr::one(), Expr::one());
            for f in fs {
                let (fnum, fden) = rational_form(f);
                n = n.times(&fnum);
                d = d.times(&fden);
            }
            (n, d)
        }
        Node::Pow(b, x) => {
            match x
                .as_num()
                .filter(|q| q.is_integer())
                .and_then(|q| q.to_integer().to_i64())
            {
                Some(k) => {
                    let (bn, bd) = rational_form(b);
                    if k >= 0 {
                        (bn.pow_int(k), bd.pow_int(k))
                    } else {
                        (bd.pow_int(-k), bn.pow_int(-k))
                    }
                }
                None => (e.clone(), Expr::one()),
            }
        }
        _ => (e.clone(), Expr::one()),
    }
}

/// Test points: small rationals, mostly positive (so logarithms and roots
/// of symbols are real), never 0 or ±1.
pub fn test_point(symbols: &[String], k: usize) -> BTreeMap<String, Q> {
    const VALUES: [(i64, i64); 16] = [
        (3, 7),
        (5, 3),
        (13, 17),
        (29, 11),
        (7, 19),
        (-5, 11),
        (17, 5),
        (2, 9),
        (-7, 3),
        (31, 13),
        (11, 23),
        (-13, 29),
        (19, 7),
        (41, 37),
        (5, 31),
        (-3, 8),
    ];
    symbols
        .iter()
        .enumerate()
        .map(|(j, s)| {
            let (n, d) = VALUES[(k * 7 + j * 3) % VALUES.len()];
            (s.clone(), Q::new(n.into(), d.into()))
        })
        .collect()
}

/// Points at which a probable verdict must hold.
pub const POINTS: usize = 8;
/// Bits of working precision for the numerical test.
pub const BITS: usize = 192;

/// Decides whether `e` is identically 0 (symbols real).
pub fn is_zero(e: &Expr, budget: &Budget) -> Result<Verdict, Stop> {
    let e = &super::root_sum::resolve(e, budget)?;
    if e.is_zero() {
        return Ok(Verdict::Proven {
            how: "has the canonical form 0",
        });
    }
    match expand(e, budget) {
        Ok(x) if x.is_zero() => {
            return Ok(Verdict::Proven {
                how: "expands to 0",
            });
        }
        Err(Halt::Stopped(s)) => return Err(s),
        _ => {}
    }
    let (n, _) = rational_form(e);
    match expand(&n, budget) {
        Ok(x) if x.is_zero() => {
            return Ok(Verdict::Proven {
                how: "has a numerator that expands to 0 over a common denominator",
            });
        }
        Err(Halt::Stopped(s)) => return Err(s),
        _ => {}
    }
    // b^(u + c) = b^c·b^u for an integer c (2^(k + 1) − 2·2^k).
    let split = split_powers(e);
    if split != *e {
        let (n, _) = rational_form(&split);
        match expand(&n, budget) {
            Ok(x) if x.is_zero() => {
                return Ok(Verdict::Proven {
                    how: "expands to 0 over a common denominator after b^(u + c) = b^c·b^u",
                });
            }
            Err(Halt::Stopped(s)) => return Err(s),
            _ => {}
        }
    }
    let trig = e.any(&|s| {
        matches!(
            s.node(),
            Node::Fun(
                super::node::Func::Sin | super::node::Func::Cos | super::node::Func::Cosh,
                _
            )
        )
    });
    if trig {
        let rewritten = super::simplify::pythagorean(e, false);
        let (n, _) = rational_form(&rewritten);
        match expand(&n, budget) {
            Ok(x) if x.is_zero() => {
                return Ok(Verdict::Proven {
                    how: "expands to 0 over a common denominator after sin² = 1 − cos² and cosh² = 1 + sinh²",
                });
            }
            Err(Halt::Stopped(s)) => return Err(s),
            _ => {}
        }
    }
    numerically(e, budget)
}

/// Powers whose exponent is a sum with an integer term c, written
/// b^c·b^(rest).
fn split_powers(e: &Expr) -> Expr {
    let e = e.map_children(&mut split_powers);
    if let Node::Pow(b, x) = e.node()
        && let Node::Add(ts) = x.node()
        && let Some(c) = ts[0].as_num().filter(|c| c.is_integer())
    {
        let rest = Expr::add(ts[1..].to_vec());
        return Expr::pow(b.clone(), Expr::num(c.clone())).times(&Expr::pow(b.clone(), rest));
    }
    e
}

/// Checks a computed `result` against the `input` it must equal: a
/// disproof is a defect of ours (`Stop::CheckFailed`); otherwise the
/// verdict says how firmly the equality stands.
pub fn ensure_equal(result: &Expr, input: &Expr, budget: &Budget) -> Result<Verdict, Stop> {
    match is_zero(&result.minus(input), budget)? {
        Verdict::Disproven { .. } => Err(Stop::CheckFailed(
            "the result differs from its input at a test point",
        )),
        v => Ok(v),
    }
}

/// Checks `result` against `input` by value only, at test points (for a
/// result the exact arguments would prove by the very computation that
/// made it, such as an expansion): a disproof is a defect of ours.
pub fn ensure_agree(result: &Expr, input: &Expr, budget: &Budget) -> Result<Verdict, Stop> {
    match numerically(&result.minus(input), budget)? {
        Verdict::Disproven { .. } => Err(Stop::CheckFailed(
            "the result differs from its input at a test point",
        )),
        v => Ok(v),
    }
}

/// The numerical part of [`is_zero`]: a point where the value surely is
/// not 0, or agreement at [`POINTS`] points.
pub fn numerically(e: &Expr, budget: &Budget) -> Result<Verdict, Stop> {
    let symbols = e.symbols();
    let mut vanished = 0;
    let mut failures = Vec::new();
    let tries = if symbols.is_empty() { 1 } else { 4 * POINTS };
    for k in 0..tries {
        let point = test_point(&symbols, k);
        let mut bits = BITS;
        loop {
            match at_point(e, &point, bits, budget) {
                Ok(v) if !v.contains_zero() => {
                    return Ok(Verdict::Disproven {
                        point,
                        lo: v.lo_q(),
                        hi: v.hi_q(),
                    });
                }
                Ok(v) => {
                    // Narrow enough to call it 0 here, or refine once more.
                    let tiny = Q::new(1.into(), num_traits::pow(crate::BigInt::from(2), bits / 2));
                    if v.width().abs() < tiny || bits >= 4 * BITS {
                        if v.width().abs() < tiny {
                            vanished += 1;
                        } else {
                            failures.push("an enclosure stayed wide".to_string());
                        }
                        break;
                    }
                    bits *= 2;
                }
                Err(EvalError::Stopped(s)) => return Err(s),
                Err(err) => {
                    failures.push(err.to_string());
                    break;
                }
            }
        }
        if vanished == POINTS || (symbols.is_empty() && vanished == 1) {
            return Ok(Verdict::Probable {
                points: vanished,
                bits: BITS,
            });
        }
    }
    Ok(Verdict::Unknown {
        why: failures
            .first()
            .cloned()
            .unwrap_or_else(|| "too few points could be evaluated".into()),
    })
}

/// The sign of a real constant.
#[derive(Debug, Clone, PartialEq)]
pub enum Sign {
    /// Proven 0 by the exact argument `how`.
    Zero {
        how: &'static str,
    },
    /// An enclosure at `bits` bits lies on one side of 0.
    Positive {
        bits: usize,
    },
    Negative {
        bits: usize,
    },
    /// Every enclosure up to [`MAX_SIGN_BITS`] held 0, with no proof of 0.
    Unknown,
}

/// The precision at which [`sign`] stops doubling.
pub const MAX_SIGN_BITS: usize = 32_768;

/// The sign of a constant `c`: exactly 0 by [`is_zero`]'s exact
/// arguments, else from an enclosure that excludes 0, doubling the
/// precision from 64 bits. Err when `c` has no real value.
pub fn sign(c: &Expr, budget: &Budget) -> Result<Result<Sign, EvalError>, Stop> {
    if let Verdict::Proven { how } = is_zero(c, budget)? {
        return Ok(Ok(Sign::Zero { how }));
    }
    let mut bits = 64;
    while bits <= MAX_SIGN_BITS {
        match super::interval::eval(c, &BTreeMap::new(), bits, budget) {
            Ok(v) if !v.contains_zero() => {
                return Ok(Ok(if v.positive() {
                    Sign::Positive { bits }
                } else {
                    Sign::Negative { bits }
                }));
            }
            Ok(_) => bits *= 2,
            Err(EvalError::Stopped(s)) => return Err(s),
            Err(e) => return Ok(Err(e)),
        }
    }
    Ok(Ok(Sign::Unknown))
}
