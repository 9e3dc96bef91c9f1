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
    if e.is_zero() {
        return Ok(Verdict::Proven {
            how: "the canonical form is 0",
        });
    }
    match expand(e, budget) {
        Ok(x) if x.is_zero() => {
            return Ok(Verdict::Proven {
                how: "it expands to 0",
            });
        }
        Err(Halt::Stopped(s)) => return Err(s),
        _ => {}
    }
    let (n, _) = rational_form(e);
    match expand(&n, budget) {
        Ok(x) if x.is_zero() => {
            return Ok(Verdict::Proven {
                how: "its numerator over a common denominator expands to 0",
            });
        }
        Err(Halt::Stopped(s)) => return Err(s),
        _ => {}
    }
    numerically(e, budget)
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
