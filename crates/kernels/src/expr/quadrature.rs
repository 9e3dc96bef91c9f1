//! Certified numerical integration: ∫ₐᵇ f dx enclosed in an interval with
//! rational ends. On a panel [c − h, c + h], Taylor's theorem with the
//! Lagrange remainder gives
//!   ∫ f = 2h·f(c) + (h³/3)·f″(c) + (h⁵/60)·f⁽⁴⁾(ξ) for some ξ in the panel
//! (the odd terms integrate to 0, and t⁴ ≥ 0), so the panel's integral
//! lies in 2h·F(c) + (h³/3)·F″(c) + (h⁵/60)·F⁽⁴⁾([c − h, c + h]) for
//! interval enclosures F. This needs f four times continuously
//! differentiable on the panel, which the successful enclosure of the
//! symbolic f⁽⁴⁾ over it shows for the grammar's functions (abs, sign,
//! floor and ceil, whose derivatives jump, are refused). Panels with the
//! widest enclosures are halved until the sum is narrow enough.

use super::diff::{derivative, differentiable};
use super::interval::{EvalError, Interval, eval};
use super::node::{Expr, Func, Node};
use crate::{Budget, Q, Stop};
use num_traits::{ToPrimitive, Zero};
use std::collections::{BTreeMap, BinaryHeap};

/// Working precision of the enclosures, in bits.
const BITS: usize = 128;
/// Most panels [a, b] is cut into.
pub const MAX_PANELS: usize = 3000;

/// ∫ₐᵇ f dx ∈ [lo, hi], from `panels` panels.
#[derive(Debug, Clone, PartialEq)]
pub struct Enclosure {
    pub lo: Q,
    pub hi: Q,
    pub panels: usize,
}

/// One panel: its centre, half-width and the enclosure of its integral
/// (None when f⁽⁴⁾ could not be enclosed over it: it must be halved).
struct Panel {
    c: Q,
    h: Q,
    sum: Option<(Q, Q)>,
}

impl Panel {
    fn width(&self) -> f64 {
        match &self.sum {
            Some((lo, hi)) => (hi - lo).to_f64().unwrap_or(f64::MAX),
            None => f64::INFINITY,
        }
    }
}

impl PartialEq for Panel {
    fn eq(&self, o: &Panel) -> bool {
        self.width() == o.width()
    }
}
impl Eq for Panel {}
impl PartialOrd for Panel {
    fn partial_cmp(&self, o: &Panel) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Panel {
    fn cmp(&self, o: &Panel) -> std::cmp::Ordering {
        self.width().total_cmp(&o.width())
    }
}

/// Encloses ∫ₐᵇ f dx for constant a, b, halving panels until the
/// enclosure is narrower than `tolerance` or [`MAX_PANELS`] are used.
pub fn enclose(
    f: &Expr,
    x: &str,
    a: &Expr,
    b: &Expr,
    tolerance: &Q,
    budget: &Budget,
) -> Result<Result<Enclosure, String>, Stop> {
    if !differentiable(f, x)
        || f.any(&|s| {
            matches!(
                s.node(),
                Node::Fun(Func::Abs | Func::Sign | Func::Floor | Func::Ceil, _)
            )
        })
    {
        return Ok(Err(
            "the integrand has abs, sign, floor, ceil, gamma, factorial or binomial: not smooth for the certified quadrature".into(),
        ));
    }
    let f2 = derivative(&derivative(f, x), x);
    let f4 = derivative(&derivative(&f2, x), x);
    let none = BTreeMap::new();
    let (ea, eb) = match (eval(a, &none, BITS, budget), eval(b, &none, BITS, budget)) {
        (Ok(ea), Ok(eb)) => (ea, eb),
        (Err(EvalError::Stopped(s)), _) | (_, Err(EvalError::Stopped(s))) => return Err(s),
        _ => return Ok(Err("a bound has no certified real value".into())),
    };
    // ∫ₐᵇ = −∫ᵇₐ: integrate from the smaller bound.
    let flip = ea.lo_q() > eb.hi_q();
    let (ea, eb) = if flip { (eb, ea) } else { (ea, eb) };
    if ea.hi_q() >= eb.lo_q() {
        let same = ea.lo_q() == ea.hi_q() && ea.lo_q() == eb.lo_q() && eb.lo_q() == eb.hi_q();
        return Ok(if same {
            Ok(Enclosure {
                lo: Q::zero(),
                hi: Q::zero(),
                panels: 0,
            })
        } else {
            Err("the bounds could not be separated by their enclosures".into())
        });
    }
    let on = |e: &Expr, lo: &Q, hi: &Q| {
        let env = BTreeMap::from([(x.to_string(), Interval::between(lo, hi, BITS))]);
        eval(e, &env, BITS, budget).map(|v| (v.lo_q(), v.hi_q()))
    };
    // The ends of an irrational bound: ∫ over [a_lo, a_hi] lies in
    // (a_hi − a_lo)·hull(F([a_lo, a_hi]), 0), beside the rational panels.
    let mut total = (Q::zero(), Q::zero());
    for end in [&ea, &eb] {
        let (l, h) = (end.lo_q(), end.hi_q());
        if l == h {
            continue;
        }
        match on(f, &l, &h) {
            Ok((lo, hi)) => {
                let w = &h - &l;
                total.0 += &w * std::cmp::min(lo, Q::zero());
                total.1 += &w * std::cmp::max(hi, Q::zero());
            }
            Err(EvalError::Stopped(s)) => return Err(s),
            Err(e) => return Ok(Err(format!("f has no enclosure at a bound ({e})"))),
        }
    }
    let (start, stop) = (ea.hi_q(), eb.lo_q());
    let panel = |c: Q, h: Q| -> Result<Result<Panel, EvalError>, Stop> {
        let failed = |c: Q, h: Q| Panel { c, h, sum: None };
        let at_c = |e: &Expr| on(e, &c, &c);
        let parts = (at_c(f), at_c(&f2), on(&f4, &(&c - &h), &(&c + &h)));
        let ((f0, f1), (g0, g1), (r0, r1)) = match parts {
            (Ok(a), Ok(b), Ok(c)) => (a, b, c),
            (Err(EvalError::Stopped(s)), _, _)
            | (_, Err(EvalError::Stopped(s)), _)
            | (_, _, Err(EvalError::Stopped(s))) => {
                return Err(s);
            }
            // f itself undefined at the centre: a pole or a domain edge.
            (Err(e), _, _) | (_, Err(e), _) => return Ok(Err(e)),
            (_, _, Err(_)) => return Ok(Ok(failed(c, h))),
        };
        let two_h = Q::from_integer(2.into()) * &h;
        let h3 = &h * &h * &h / Q::from_integer(3.into());
        let h5 = &h * &h * &h * &h * &h / Q::from_integer(60.into());
        Ok(Ok(Panel {
            sum: Some((
                &two_h * f0 + &h3 * g0 + &h5 * r0,
                &two_h * f1 + &h3 * g1 + &h5 * r1,
            )),
            c,
            h,
        }))
    };
    let mut heap = BinaryHeap::new();
    let pieces = 8;
    let step = (&stop - &start) / Q::from_integer(pieces.into());
    let half = &step / Q::from_integer(2.into());
    let mut pending: Vec<(Q, Q)> = (0..pieces)
        .map(|i| {
            (
                &start + &step * Q::from_integer(i.into()) + &half,
                half.clone(),
            )
        })
        .collect();
    // The running sum of the panels' enclosures, and how many panels
    // have none yet.
    let (mut lo, mut hi) = total;
    let mut failed = 0usize;
    let mut count = 0usize;
    loop {
        budget.check()?;
        for (c, h) in pending.drain(..) {
            count += 1;
            let p = match panel(c, h)? {
                Ok(p) => p,
                Err(e) => {
                    return Ok(Err(format!(
                        "f has no enclosure at a point of [a, b] ({e})"
                    )));
                }
            };
            match &p.sum {
                Some((l, u)) => {
                    lo += l;
                    hi += u;
                }
                None => failed += 1,
            }
            heap.push(p);
        }
        if failed == 0 && (&hi - &lo <= *tolerance || count >= MAX_PANELS) {
            let (lo, hi) = if flip { (-hi, -lo) } else { (lo, hi) };
            return Ok(Ok(Enclosure {
                lo,
                hi,
                panels: heap.len(),
            }));
        }
        if count >= MAX_PANELS {
            return Ok(Err("the fourth derivative of f could not be enclosed on every piece of [a, b] (a singularity inside or near it?)".into()));
        }
        let Some(widest) = heap.pop() else {
            return Ok(Err("no panel".into()));
        };
        match &widest.sum {
            Some((l, u)) => {
                lo -= l;
                hi -= u;
            }
            None => failed -= 1,
        }
        let q = &widest.h / Q::from_integer(2.into());
        pending.push((&widest.c - &q, q.clone()));
        pending.push((&widest.c + &q, q));
    }
}
