//! Certified numerical values: interval arithmetic whose endpoints are
//! binary floats rounded outward (dashu-float's correctly rounded
//! arithmetic and elementary functions, rounded down for the lower end and
//! up for the upper), so the true value of an expression at a point lies
//! between them. Used to evaluate constants to N digits with a rigorous
//! bound, and to find a point where two expressions differ.
//!
//! Real values only: an expression that leaves the reals (`i`, `log` of
//! a negative interval, `sqrt` of one) is refused, not approximated.

use super::node::{Constant, Expr, Func, Node};
use crate::{BigInt, Budget, Q, Stop};
use dashu_float::round::mode::{Down, Up};
use dashu_float::{Context, FBig, FpResult, Repr};
use dashu_int::ops::{Abs, BitTest};
use dashu_int::{IBig, UBig};
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::collections::BTreeMap;

type Lo = FBig<Down, 2>;
type Hi = FBig<Up, 2>;

/// Why an expression has no certified real value here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EvalError {
    /// Not defined at this point (a division by an interval holding 0, a
    /// logarithm of one that reaches 0, a pole of tan).
    Undefined(String),
    /// The value is not real (or the interval reaches outside the domain
    /// of a real function).
    NotReal(String),
    /// A function this evaluator does not enclose.
    Unsupported(String),
    /// A symbol without a value.
    Free(String),
    /// The working precision could not narrow the interval enough.
    Imprecise,
    Stopped(Stop),
}

impl std::fmt::Display for EvalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EvalError::Undefined(w) => write!(f, "undefined: {w}"),
            EvalError::NotReal(w) => write!(f, "not real: {w}"),
            EvalError::Unsupported(w) => write!(f, "no certified enclosure of {w}"),
            EvalError::Free(x) => write!(f, "the symbol {x} has no value"),
            EvalError::Imprecise => f.write_str("the enclosure stayed too wide"),
            EvalError::Stopped(_) => f.write_str("stopped by the deadline"),
        }
    }
}

/// An interval [lo, hi] of reals, both ends binary floats.
#[derive(Clone, Debug)]
pub struct Interval {
    pub lo: Lo,
    pub hi: Hi,
}

pub fn to_ibig(n: &BigInt) -> IBig {
    IBig::from_le_bytes(&n.to_signed_bytes_le())
}

pub fn to_bigint(n: &IBig) -> BigInt {
    BigInt::from_signed_bytes_le(&n.to_le_bytes())
}

/// The exact rational value of a binary float.
pub fn repr_to_q(r: &Repr<2>) -> Q {
    let m = to_bigint(r.significand());
    let e = r.exponent();
    let two = BigInt::from(2);
    if e >= 0 {
        Q::from_integer(m * num_traits::pow(two, e as usize))
    } else {
        Q::new(m, num_traits::pow(two, e.unsigned_abs()))
    }
}

fn value<T>(r: FpResult<T>) -> Result<T, String> {
    r.map(|a| a.value()).map_err(|e| format!("{e:?}"))
}

impl Interval {
    fn new(lo: Lo, hi: Hi) -> Interval {
        Interval { lo, hi }
    }

    /// The exact rational q, enclosed at `prec` bits.
    pub fn rational(q: &Q, prec: usize) -> Interval {
        let (n, d) = (
            Repr::<2>::new(to_ibig(q.numer()), 0),
            Repr::<2>::new(to_ibig(q.denom()), 0),
        );
        let lo = Context::<Down>::new(prec).div(&n, &d).map(|r| r.value());
        let hi = Context::<Up>::new(prec).div(&n, &d).map(|r| r.value());
        match (lo, hi) {
            (Ok(lo), Ok(hi)) => Interval::new(lo, hi),
            // The denominator of a Q is never 0.
            _ => Interval::new(Lo::ZERO, Hi::ZERO),
        }
    }

    /// The real interval [lo, hi] (lo ≤ hi), its ends rounded outward.
    pub fn between(lo: &Q, hi: &Q, prec: usize) -> Interval {
        Interval::rational(lo, prec).hull(&Interval::rational(hi, prec))
    }

    pub fn lo_q(&self) -> Q {
        repr_to_q(self.lo.repr())
    }

    pub fn hi_q(&self) -> Q {
        repr_to_q(self.hi.repr())
    }

    pub fn contains_zero(&self) -> bool {
        self.lo <= Lo::ZERO && self.hi >= Hi::ZERO
    }

    /// Whether hi − lo < 2^-bits·(|lo| + 1).
    pub fn relative_width_below(&self, bits: isize) -> bool {
        let up = Context::<Up>::new(64);
        let (Ok(w), Ok(a)) = (
            up.sub(self.hi.repr(), self.lo.repr()),
            up.add(self.lo.clone().abs().repr(), &Repr::one()),
        ) else {
            return false;
        };
        (w.value() << bits) < a.value().with_rounding::<Up>()
    }

    /// Whether every point of self lies above every point of o.
    pub fn above(&self, o: &Interval) -> bool {
        self.lo.clone().with_rounding::<Up>() > o.hi
    }

    /// An upper bound on the distance of self's points from o's lower end.
    pub fn distance_from(&self, o: &Interval) -> Hi {
        let up = Context::<Up>::new(64);
        let a = up.sub(self.hi.repr(), o.lo.repr()).map(|v| v.value().abs());
        let b = up.sub(o.lo.repr(), self.lo.repr()).map(|v| v.value().abs());
        match (a, b) {
            (Ok(a), Ok(b)) => std::cmp::max(a, b),
            _ => Hi::INFINITY,
        }
    }

    /// Whether self lies within 2^-bits of o.
    pub fn near(&self, o: &Interval, bits: isize) -> bool {
        let hull = self.hull(o);
        let up = Context::<Up>::new(64);
        up.sub(hull.hi.repr(), hull.lo.repr())
            .is_ok_and(|w| (w.value() << bits) < Hi::ONE)
    }

    pub fn positive(&self) -> bool {
        self.lo > Lo::ZERO
    }

    pub fn negative(&self) -> bool {
        self.hi < Hi::ZERO
    }

    /// hi − lo, as an exact rational.
    pub fn width(&self) -> Q {
        self.hi_q() - self.lo_q()
    }

    fn neg(&self) -> Interval {
        Interval::new(
            (-self.hi.clone()).with_rounding(),
            (-self.lo.clone()).with_rounding(),
        )
    }

    fn add(&self, o: &Interval, prec: usize) -> Result<Interval, String> {
        let lo = value(Context::<Down>::new(prec).add(self.lo.repr(), o.lo.repr()))?;
        let hi = value(Context::<Up>::new(prec).add(self.hi.repr(), o.hi.repr()))?;
        Ok(Interval::new(lo, hi))
    }

    fn mul(&self, o: &Interval, prec: usize) -> Result<Interval, String> {
        let ends = [
            (self.lo.repr(), o.lo.repr()),
            (self.lo.repr(), o.hi.repr()),
            (self.hi.repr(), o.lo.repr()),
            (self.hi.repr(), o.hi.repr()),
        ];
        let (down, up) = (Context::<Down>::new(prec), Context::<Up>::new(prec));
        let mut lo: Option<Lo> = None;
        let mut hi: Option<Hi> = None;
        for (a, b) in ends {
            let l = value(down.mul(a, b))?;
            let h = value(up.mul(a, b))?;
            lo = Some(match lo {
                Some(x) if x <= l => x,
                _ => l,
            });
            hi = Some(match hi {
                Some(x) if x >= h => x,
                _ => h,
            });
        }
        match (lo, hi) {
            (Some(lo), Some(hi)) => Ok(Interval::new(lo, hi)),
            _ => Err("empty product".into()),
        }
    }

    fn recip(&self, prec: usize) -> Result<Interval, EvalError> {
        if self.contains_zero() {
            return Err(EvalError::Undefined(
                "a division by a value that may be 0".into(),
            ));
        }
        let one = Repr::<2>::one();
        let lo = value(Context::<Down>::new(prec).div(&one, self.hi.repr()))
            .map_err(EvalError::Undefined)?;
        let hi = value(Context::<Up>::new(prec).div(&one, self.lo.repr()))
            .map_err(EvalError::Undefined)?;
        Ok(Interval::new(lo, hi))
    }

    /// x^k for an integer k.
    fn powi(&self, k: i64, prec: usize) -> Result<Interval, EvalError> {
        if k < 0 {
            return self.powi(-k, prec)?.recip(prec);
        }
        let mut result = Interval::rational(&Q::one(), prec);
        let mut base = self.clone();
        let mut n = k as u64;
        // Even powers of an interval around 0 start at 0.
        let even_around_zero = k % 2 == 0 && self.contains_zero();
        while n > 0 {
            if n & 1 == 1 {
                result = result.mul(&base, prec).map_err(EvalError::Undefined)?;
            }
            n >>= 1;
            if n > 0 {
                base = base.mul(&base, prec).map_err(EvalError::Undefined)?;
            }
        }
        if even_around_zero {
            result.lo = Lo::ZERO;
        }
        Ok(result)
    }

    /// f applied to a monotone increasing function on [lo, hi].
    fn increasing(
        &self,
        prec: usize,
        f_down: impl Fn(&Context<Down>, &Repr<2>) -> FpResult<Lo>,
        f_up: impl Fn(&Context<Up>, &Repr<2>) -> FpResult<Hi>,
    ) -> Result<Interval, String> {
        let lo = value(f_down(&Context::<Down>::new(prec), self.lo.repr()))?;
        let hi = value(f_up(&Context::<Up>::new(prec), self.hi.repr()))?;
        Ok(Interval::new(lo, hi))
    }

    fn decreasing(
        &self,
        prec: usize,
        f_down: impl Fn(&Context<Down>, &Repr<2>) -> FpResult<Lo>,
        f_up: impl Fn(&Context<Up>, &Repr<2>) -> FpResult<Hi>,
    ) -> Result<Interval, String> {
        let lo = value(f_down(&Context::<Down>::new(prec), self.hi.repr()))?;
        let hi = value(f_up(&Context::<Up>::new(prec), self.lo.repr()))?;
        Ok(Interval::new(lo, hi))
    }

    fn hull(&self, o: &Interval) -> Interval {
        Interval::new(
            if self.lo <= o.lo {
                self.lo.clone()
            } else {
                o.lo.clone()
            },
            if self.hi >= o.hi {
                self.hi.clone()
            } else {
                o.hi.clone()
            },
        )
    }

    fn within(&self, lo: &Q, hi: &Q) -> bool {
        &self.lo_q() >= lo && &self.hi_q() <= hi
    }

    /// Whether [lo, hi] surely holds no integer.
    fn no_integer(&self) -> bool {
        let (l, h) = (self.lo_q(), self.hi_q());
        l.floor() == h.floor() && !l.is_integer()
    }
}

/// π rounded down by dashu-float's Chudnovsky series, and that plus two
/// units in its last place (correct rounding puts π below one).
fn pi(prec: usize) -> Interval {
    let lo = Context::<Down>::new(prec).pi::<2>(None).value();
    let r = lo.repr();
    let top = r.significand().bit_len() as isize + r.exponent();
    let two_ulps = Repr::<2>::new(IBig::ONE, top - prec as isize + 1);
    match Context::<Up>::new(prec).add(r, &two_ulps) {
        Ok(hi) => Interval::new(lo, hi.value()),
        // An addition of finite floats does not fail.
        Err(_) => Interval::new(lo, Context::<Up>::new(prec).pi::<2>(None).value()),
    }
}

/// exp on [lo, hi]. From 4,000 bits by the fixed-point series of
/// [`super::fixed`], once at lo: exp(hi) ≤ exp(lo)·(1 + 2(hi − lo)) for
/// hi − lo ≤ 1; below that (or for wide intervals, or |x| ≥ 2^20) by
/// dashu-float's correctly rounded exp at both ends.
fn exp(v: &Interval, prec: usize) -> Result<Interval, EvalError> {
    // Beyond |x| = 2^20 the result has a binary exponent of millions:
    // its exact rational (lo_q, hi_q) would be megabytes, and products of
    // such floats near the range of their exponents.
    let bound = Hi::from_parts(IBig::ONE, 20);
    if v.hi > bound || -v.lo.clone().with_rounding::<Up>() > bound {
        return Err(EvalError::Unsupported(
            "exp of an argument beyond 2^20".into(),
        ));
    }
    if prec >= 4000
        && let Some(out) = fixed_exp(v, prec)
    {
        return Ok(out);
    }
    v.increasing(prec, |c, r| c.exp(r, None), |c, r| c.exp(r, None))
        .map_err(EvalError::Undefined)
}

/// log on [lo, hi], lo > 0. From 4,000 bits: y ≈ log(lo) by Newton's
/// iteration y ← y + 2(x − eʸ)/(x + eʸ) on [`exp`] at doubling precisions,
/// then certified by exp's enclosures, e^(y_l) ≤ lo and e^(y_h) ≥ hi, so
/// log [lo, hi] ⊂ [y_l, y_h] whatever the iteration's accuracy. Below
/// (or where a certificate fails) dashu-float's ln at both ends, which
/// is correct but takes seconds at 10,000 digits.
fn log(v: &Interval, prec: usize) -> Result<Interval, EvalError> {
    if prec >= 4000
        && let Some(out) = newton_log(v, prec)
    {
        return Ok(out);
    }
    v.increasing(prec, |c, r| c.ln(r, None), |c, r| c.ln(r, None))
        .map_err(EvalError::Undefined)
}

fn newton_log(v: &Interval, prec: usize) -> Option<Interval> {
    if !v.positive() {
        return None;
    }
    let x = v.lo.repr();
    // A start from the top 53 bits: log(f·2^s).
    let (top, power) = leading(x);
    let start = top.ln() + power as f64 * std::f64::consts::LN_2;
    let mut y = Lo::try_from(start).ok()?;
    for p in doubling(prec) {
        let down = Context::<Down>::new(p);
        let e = exp(&Interval::new(y.clone(), y.clone().with_rounding()), p).ok()?;
        let e = e.lo.repr();
        let num = value(down.sub(x, e)).ok()?;
        let den = value(down.add(x, e)).ok()?;
        let step = value(down.div(num.repr(), den.repr())).ok()?;
        y = value(down.add(y.repr(), (step * Lo::from(2u8)).repr())).ok()?;
    }
    // δ = 2^-(prec − 8)·(|y| + 1); log hi − log lo ≤ 2·(hi − lo)/lo.
    let spread = relative_spread(v)?;
    let extra =
        value(Context::<Up>::new(64).mul(spread.repr(), &Repr::new(IBig::from(2u8), 0))).ok()?;
    certified(v, &y, Hi::ONE, extra, prec, |e| exp(&e, prec + 32).ok())
}

/// (hi − lo)/lo, rounded up.
fn relative_spread(v: &Interval) -> Option<Hi> {
    let up = Context::<Up>::new(64);
    value(up.div(
        value(up.sub(v.hi.repr(), v.lo.repr())).ok()?.repr(),
        v.lo.repr(),
    ))
    .ok()
}

/// Newton's doubling precisions up to `prec + 32`, lowest first.
fn doubling(prec: usize) -> Vec<usize> {
    let mut steps = vec![prec + 32];
    while let Some(&p) = steps.last().filter(|&&p| p > 100) {
        steps.push(p / 2);
    }
    steps.reverse();
    steps
}

/// The top 53 bits of x > 0 as (f, s) with x ≈ f·2^s.
fn leading(x: &Repr<2>) -> (f64, isize) {
    let m = x.significand();
    let shift = (m.bit_len() as isize - 53).max(0);
    ((m >> shift as usize).to_f64().value(), shift + x.exponent())
}

/// [y_l, y_h] = [y − δ, y + δ + extra], δ = 2^-(prec − 8)·(|y| + bias),
/// as the image of v under the inverse of the increasing f when
/// f(y_l) ≤ lo and f(y_h) ≥ hi (f enclosed by `f`); None otherwise.
fn certified(
    v: &Interval,
    y: &Lo,
    bias: Hi,
    extra: Hi,
    prec: usize,
    f: impl Fn(Interval) -> Option<Interval>,
) -> Option<Interval> {
    let up = Context::<Up>::new(64);
    let scale = value(up.add(y.clone().abs().with_rounding::<Up>().repr(), bias.repr())).ok()?;
    let delta = scale >> (prec as isize - 8);
    let wide = value(up.add(delta.repr(), extra.repr())).ok()?;
    let y_l = value(Context::<Down>::new(prec + 64).sub(y.repr(), delta.repr())).ok()?;
    let y_h = value(Context::<Up>::new(prec + 64).add(y.repr(), wide.repr())).ok()?;
    let below = f(Interval::new(y_l.clone(), y_l.clone().with_rounding()))?;
    let above = f(Interval::new(y_h.clone().with_rounding(), y_h.clone()))?;
    if below.hi > v.lo.clone().with_rounding::<Up>()
        || above.lo < v.hi.clone().with_rounding::<Down>()
    {
        return None;
    }
    Some(Interval::new(
        y_l.with_precision(prec).value(),
        y_h.with_precision(prec).value(),
    ))
}

fn fixed_exp(v: &Interval, prec: usize) -> Option<Interval> {
    if v.negative() {
        return fixed_exp(&v.neg(), prec)?.recip(prec).ok();
    }
    if !v.positive() {
        return None;
    }
    let width = value(Context::<Up>::new(64).sub(v.hi.repr(), v.lo.repr())).ok()?;
    if width > Hi::ONE {
        return None;
    }
    let r = v.lo.repr();
    let (low, err, w) = super::fixed::exp_enclosure(r.significand(), r.exponent(), prec)?;
    let lo = Lo::from_parts(low.clone(), -(w as isize))
        .with_precision(prec)
        .value();
    let hi = Hi::from_parts(low + err, -(w as isize))
        .with_precision(prec)
        .value();
    // hi·(1 + 2·width) = hi + hi·2·width, each rounded up.
    let up = Context::<Up>::new(64);
    let extra = value(
        up.mul(
            hi.repr(),
            value(up.mul(width.repr(), &Repr::new(IBig::from(2u8), 0)))
                .ok()?
                .repr(),
        ),
    )
    .ok()?;
    let hi = value(Context::<Up>::new(prec).add(hi.repr(), extra.repr())).ok()?;
    Some(Interval::new(lo, hi))
}

/// e enclosed at `prec` bits by binary splitting: Σₖ₌₀ᴺ 1/k! = 1 + P/Q
/// with Q = N!, and the tail Σₖ>ᴺ 1/k! < 1/(N!·N), so
/// e ∈ [(Q + P)/Q, ((Q + P)·N + 1)/(Q·N)].
fn euler_e(prec: usize) -> Interval {
    // The smallest N ≥ 2 with log₂ N! > prec + 8.
    let (mut n, mut bits) = (2u64, 1.0f64);
    while bits <= (prec + 8) as f64 {
        n += 1;
        bits += (n as f64).log2();
    }
    let (p, q) = split(0, n);
    let total = &q + &p;
    let nn = IBig::from(n);
    let lo = Context::<Down>::new(prec).div(
        &Repr::<2>::new(total.clone(), 0),
        &Repr::<2>::new(q.clone(), 0),
    );
    let hi = Context::<Up>::new(prec).div(
        &Repr::<2>::new(total * &nn + IBig::ONE, 0),
        &Repr::<2>::new(q * nn, 0),
    );
    match (lo, hi) {
        (Ok(lo), Ok(hi)) => Interval::new(lo.value(), hi.value()),
        // Q = N! is never 0.
        _ => Interval::new(Lo::ZERO, Hi::ZERO),
    }
}

/// γ from the bounds of [`super::fixed::brent_mcmillan`]:
/// γ ∈ [A_lo/B_hi − log n − 2^(2 − 5n), A_hi/B_lo − log n].
fn euler_gamma(prec: usize, budget: &Budget) -> Result<Interval, EvalError> {
    let (a_lo, a_hi, b_lo, b_hi, n) =
        super::fixed::brent_mcmillan(prec + 16, budget).map_err(EvalError::Stopped)?;
    let p = prec + 32;
    let quotient = |a: UBig, b: UBig| {
        (
            Repr::<2>::new(IBig::from(a), 0),
            Repr::<2>::new(IBig::from(b), 0),
        )
    };
    let (na, db) = quotient(a_lo, b_hi);
    let lo = value(Context::<Down>::new(p).div(&na, &db)).map_err(EvalError::Undefined)?;
    let (na, db) = quotient(a_hi, b_lo);
    let hi = value(Context::<Up>::new(p).div(&na, &db)).map_err(EvalError::Undefined)?;
    let ratio = Interval::new(lo, hi);
    let log_n = log(&Interval::rational(&Q::from_integer(n.into()), p), p)?;
    let k0 = Interval::new(Lo::ZERO, Hi::from_parts(IBig::ONE, 2 - 5 * n as isize));
    ratio
        .add(&log_n.neg(), prec)
        .and_then(|g| g.add(&k0.neg(), prec))
        .map_err(EvalError::Undefined)
}

/// (P, Q) with Q = (a + 1)⋯b and P/Q = Σₖ₌ₐ₊₁ᵇ 1/((a + 1)⋯k).
fn split(a: u64, b: u64) -> (IBig, IBig) {
    if b - a == 1 {
        return (IBig::ONE, IBig::from(b));
    }
    let m = (a + b) / 2;
    let (p1, q1) = split(a, m);
    let (p2, q2) = split(m, b);
    (p1 * &q2 + p2, q1 * q2)
}

/// sin over an interval: the ends, and ±1 where a crest or trough may
/// lie inside (found by enclosing (x ∓ π/2)/(2π)).
fn sin(x: &Interval, prec: usize) -> Result<Interval, EvalError> {
    let err = EvalError::Undefined;
    if x.width() > Q::from_integer(7.into()) {
        return Ok(Interval::rational(&Q::from_integer((-1).into()), prec)
            .hull(&Interval::rational(&Q::one(), prec)));
    }
    let a = x
        .increasing(prec, |c, r| c.sin(r, None), |c, r| c.sin(r, None))
        .map_err(err)?;
    let b = x
        .decreasing(prec, |c, r| c.sin(r, None), |c, r| c.sin(r, None))
        .map_err(err)?;
    let mut out = a.hull(&b);
    let p = pi(prec);
    let half_pi = p
        .mul(&Interval::rational(&Q::new(1.into(), 2.into()), prec), prec)
        .map_err(err)?;
    let two_pi_inv = p
        .mul(&Interval::rational(&Q::from_integer(2.into()), prec), prec)
        .map_err(err)?
        .recip(prec)?;
    let crest = x
        .add(&half_pi.neg(), prec)
        .map_err(err)?
        .mul(&two_pi_inv, prec)
        .map_err(err)?;
    let trough = x
        .add(&half_pi, prec)
        .map_err(err)?
        .mul(&two_pi_inv, prec)
        .map_err(err)?;
    if !crest.no_integer() {
        out.hi = Hi::ONE;
    }
    if !trough.no_integer() {
        out.lo = Lo::NEG_ONE;
    }
    Ok(out)
}

/// The enclosure of `e` with `env` giving its symbols, at `prec` bits.
pub fn eval(
    e: &Expr,
    env: &BTreeMap<String, Interval>,
    prec: usize,
    budget: &Budget,
) -> Result<Interval, EvalError> {
    budget.check().map_err(EvalError::Stopped)?;
    let undefined = EvalError::Undefined;
    match e.node() {
        Node::Num(q) => Ok(Interval::rational(q, prec)),
        Node::Sym(s) => env
            .get(&**s)
            .cloned()
            .ok_or_else(|| EvalError::Free(s.to_string())),
        Node::Const(Constant::Pi) => Ok(pi(prec)),
        Node::Const(Constant::E) => Ok(euler_e(prec)),
        Node::Const(Constant::EulerGamma) => euler_gamma(prec, budget),
        Node::Const(Constant::I) => Err(EvalError::NotReal("the imaginary unit".into())),
        Node::Undefined => Err(EvalError::Undefined("undefined".into())),
        Node::RootSum(..) => Err(EvalError::Unsupported(
            "a root sum (its roots are complex; no complex enclosure here)".into(),
        )),
        Node::Add(ts) => {
            let mut acc = eval(&ts[0], env, prec, budget)?;
            for t in &ts[1..] {
                acc = acc
                    .add(&eval(t, env, prec, budget)?, prec)
                    .map_err(undefined)?;
            }
            Ok(acc)
        }
        Node::Mul(fs) => {
            let mut acc = eval(&fs[0], env, prec, budget)?;
            for f in &fs[1..] {
                acc = acc
                    .mul(&eval(f, env, prec, budget)?, prec)
                    .map_err(undefined)?;
            }
            Ok(acc)
        }
        Node::Pow(b, x) => power(b, x, env, prec, budget),
        Node::Fun(f, args) => {
            let x = eval(&args[0], env, prec, budget)?;
            function(*f, &x, args, env, prec, budget)
        }
    }
}

fn power(
    b: &Expr,
    x: &Expr,
    env: &BTreeMap<String, Interval>,
    prec: usize,
    budget: &Budget,
) -> Result<Interval, EvalError> {
    let undefined = EvalError::Undefined;
    // e^x.
    if matches!(b.node(), Node::Const(Constant::E)) {
        return exp(&eval(x, env, prec, budget)?, prec);
    }
    if let Some(k) = x
        .as_num()
        .filter(|q| q.is_integer())
        .and_then(|q| q.to_integer().to_i64())
    {
        return eval(b, env, prec, budget)?.powi(k, prec);
    }
    let base = eval(b, env, prec, budget)?;
    // x^(p/q) with odd q is real for negative x too: sign(x)·|x|^(p/q).
    if x.as_num() == Some(&Q::new(1.into(), 2.into())) {
        if base.lo < Lo::ZERO {
            return Err(EvalError::NotReal(
                "the square root of a value that may be negative".into(),
            ));
        }
        return base
            .increasing(prec, |c, r| c.sqrt(r), |c, r| c.sqrt(r))
            .map_err(undefined);
    }
    // b^p for a constant p > 0 on 0 ≤ b rises from 0^p = 0: [0, hi^p].
    if base.lo >= Lo::ZERO
        && !base.positive()
        && let Some(p) = x.as_num().filter(|p| p.is_positive())
    {
        let hi = base.hi_q();
        if hi.is_zero() {
            return Ok(Interval::rational(&hi, prec));
        }
        let top = positive_power(
            &Interval::rational(&hi, prec),
            &Interval::rational(p, prec),
            prec,
        )?;
        return Ok(Interval::new(Lo::ZERO, top.hi));
    }
    if !base.positive() {
        return Err(EvalError::NotReal(
            "a non-integer power of a value that may be 0 or negative".into(),
        ));
    }
    if prec >= 4000
        && let Some(q) = x.as_num()
        && let Some(d) = q.denom().to_u32().filter(|d| *d <= 64)
        && let Some(k) = q.numer().to_i64()
        && let Some(r) = newton_root(&base, d, prec)
    {
        return r.powi(k, prec);
    }
    positive_power(&base, &eval(x, env, prec, budget)?, prec)
}

/// b^(1/d) for b > 0 from 4,000 bits: Newton's iteration
/// y ← ((d − 1)·y + b/y^(d−1))/d at doubling precisions, certified by
/// y_l^d ≤ lo and y_h^d ≥ hi (interval powers), so the root of [lo, hi]
/// lies in [y_l, y_h]; None when a certificate fails.
fn newton_root(v: &Interval, d: u32, prec: usize) -> Option<Interval> {
    if !v.positive() || d < 2 {
        return None;
    }
    let x = v.lo.repr();
    let (top, power) = leading(x);
    // log₂ of the root, split so that f64 cannot overflow.
    let log2 = (top.log2() + power as f64) / f64::from(d);
    let (whole, frac) = (log2.floor(), log2 - log2.floor());
    let mut y = Lo::try_from(frac.exp2()).ok()? << (whole as isize);
    let dd = Lo::from(d);
    for p in doubling(prec) {
        let down = Context::<Down>::new(p);
        let point = Interval::new(y.clone(), y.clone().with_rounding());
        let power = point.powi(i64::from(d) - 1, p).ok()?.lo;
        let quotient = value(down.div(x, power.repr())).ok()?;
        let scaled = value(down.mul(y.repr(), (dd.clone() - Lo::ONE).repr())).ok()?;
        let sum = value(down.add(scaled.repr(), quotient.repr())).ok()?;
        y = value(down.div(sum.repr(), dd.repr())).ok()?;
    }
    // δ = 2^-(prec − 8)·|y|; (hi/lo)^(1/d) ≤ 1 + (hi − lo)/lo.
    let spread = relative_spread(v)?;
    let extra = value(
        Context::<Up>::new(64).mul(spread.repr(), y.clone().abs().with_rounding::<Up>().repr()),
    )
    .ok()?;
    let k = i64::from(d);
    certified(v, &y, Hi::ZERO, extra, prec, |e| e.powi(k, prec + 32).ok())
}

/// b^x = exp(x·log b) for b > 0.
fn positive_power(base: &Interval, ex: &Interval, prec: usize) -> Result<Interval, EvalError> {
    let undefined = EvalError::Undefined;
    let logb = log(base, prec)?;
    exp(&ex.mul(&logb, prec).map_err(undefined)?, prec)
}

fn function(
    f: Func,
    x: &Interval,
    args: &[Expr],
    env: &BTreeMap<String, Interval>,
    prec: usize,
    budget: &Budget,
) -> Result<Interval, EvalError> {
    use Func::*;
    let undefined = EvalError::Undefined;
    let one = Q::one;
    let domain = |lo: Q, hi: Q, what: &str| -> Result<(), EvalError> {
        if x.within(&lo, &hi) {
            Ok(())
        } else {
            Err(EvalError::NotReal(format!(
                "{what} outside its real domain"
            )))
        }
    };
    let cos = |x: &Interval| -> Result<Interval, EvalError> {
        let half_pi = pi(prec)
            .mul(&Interval::rational(&Q::new(1.into(), 2.into()), prec), prec)
            .map_err(undefined)?;
        sin(&x.add(&half_pi, prec).map_err(undefined)?, prec)
    };
    match f {
        Sin => sin(x, prec),
        Cos => cos(x),
        Tan | Cot | Sec | Csc => {
            let (s, c) = (sin(x, prec)?, cos(x)?);
            match f {
                Tan => s.mul(&c.recip(prec)?, prec).map_err(undefined),
                Cot => c.mul(&s.recip(prec)?, prec).map_err(undefined),
                Sec => c.recip(prec),
                _ => s.recip(prec),
            }
        }
        Log => {
            if !x.positive() {
                return Err(EvalError::NotReal(
                    "the logarithm of a value that may be 0 or negative".into(),
                ));
            }
            log(x, prec)
        }
        Atan => x
            .increasing(prec, |c, r| c.atan(r, None), |c, r| c.atan(r, None))
            .map_err(undefined),
        Asin => {
            domain(-one(), one(), "asin")?;
            x.increasing(prec, |c, r| c.asin(r, None), |c, r| c.asin(r, None))
                .map_err(undefined)
        }
        Acos => {
            domain(-one(), one(), "acos")?;
            x.decreasing(prec, |c, r| c.acos(r, None), |c, r| c.acos(r, None))
                .map_err(undefined)
        }
        Acot => {
            // acot(x) = atan(1/x) for x > 0, π + atan(1/x) for x < 0; acot(0) = π/2.
            let inv = x.recip(prec)?;
            let a = inv
                .increasing(prec, |c, r| c.atan(r, None), |c, r| c.atan(r, None))
                .map_err(undefined)?;
            if x.positive() {
                Ok(a)
            } else {
                a.add(&pi(prec), prec).map_err(undefined)
            }
        }
        Asec | Acsc => {
            let inv = x.recip(prec)?;
            function(
                if f == Asec { Acos } else { Asin },
                &inv,
                args,
                env,
                prec,
                budget,
            )
        }
        Sinh => x
            .increasing(prec, |c, r| c.sinh(r, None), |c, r| c.sinh(r, None))
            .map_err(undefined),
        Tanh => x
            .increasing(prec, |c, r| c.tanh(r, None), |c, r| c.tanh(r, None))
            .map_err(undefined),
        Cosh | Sech => {
            let a = x.increasing(prec, |c, r| c.cosh(r, None), |c, r| c.cosh(r, None));
            let b = x.decreasing(prec, |c, r| c.cosh(r, None), |c, r| c.cosh(r, None));
            let mut h = a.map_err(undefined)?.hull(&b.map_err(undefined)?);
            if x.contains_zero() {
                h.lo = Lo::ONE;
            }
            if f == Cosh { Ok(h) } else { h.recip(prec) }
        }
        Coth | Csch => {
            let s = x
                .increasing(prec, |c, r| c.sinh(r, None), |c, r| c.sinh(r, None))
                .map_err(undefined)?;
            if f == Csch {
                return s.recip(prec);
            }
            let t = x
                .increasing(prec, |c, r| c.tanh(r, None), |c, r| c.tanh(r, None))
                .map_err(undefined)?;
            t.recip(prec)
        }
        Asinh => x
            .increasing(prec, |c, r| c.asinh(r, None), |c, r| c.asinh(r, None))
            .map_err(undefined),
        Acosh => {
            if x.lo < Lo::ONE {
                return Err(EvalError::NotReal("acosh below 1".into()));
            }
            x.increasing(prec, |c, r| c.acosh(r, None), |c, r| c.acosh(r, None))
                .map_err(undefined)
        }
        Atanh => {
            if !(x.lo > Lo::NEG_ONE && x.hi < Hi::ONE) {
                return Err(EvalError::NotReal("atanh outside (−1, 1)".into()));
            }
            x.increasing(prec, |c, r| c.atanh(r, None), |c, r| c.atanh(r, None))
                .map_err(undefined)
        }
        Abs => {
            if x.lo >= Lo::ZERO {
                Ok(x.clone())
            } else if x.hi <= Hi::ZERO {
                Ok(x.neg())
            } else {
                let m = x.neg().hull(x);
                Ok(Interval::new(Lo::ZERO, m.hi))
            }
        }
        Sign => {
            if x.lo == Lo::ZERO && x.hi == Hi::ZERO {
                Ok(x.clone())
            } else if x.positive() {
                Ok(Interval::rational(&one(), prec))
            } else if x.negative() {
                Ok(Interval::rational(&-one(), prec))
            } else {
                Err(EvalError::Imprecise)
            }
        }
        Floor | Ceil => {
            let (l, h) = (x.lo_q(), x.hi_q());
            let (a, b) = if f == Floor {
                (l.floor(), h.floor())
            } else {
                (l.ceil(), h.ceil())
            };
            if a == b {
                Ok(Interval::rational(&a, prec))
            } else {
                Err(EvalError::Imprecise)
            }
        }
        Factorial | Gamma | Binomial => {
            let _ = (args, env, budget);
            Err(EvalError::Unsupported(f.name().to_string()))
        }
    }
}

/// A constant expression to `digits` significant digits: the decimal to
/// which every point of the enclosure rounds (so it is the correctly
/// rounded value, within half a unit in its last digit), the working
/// precision doubled until the enclosure is narrow enough. A value on a
/// rounding boundary (a rational such as 1/40 to one digit) never
/// separates; then the midpoint, with the radius added to the bound.
pub fn numeric(e: &Expr, digits: usize, budget: &Budget) -> Result<(String, String), EvalError> {
    let env = BTreeMap::new();
    let mut prec = digits * 34 / 10 + 40;
    for attempt in 0..6 {
        let v = eval(e, &env, prec, budget)?;
        if v.lo.repr().significand() == &IBig::ZERO && v.hi.repr().significand() == &IBig::ZERO {
            return Ok(("0".into(), "0".into()));
        }
        if let Some((text, k)) = correctly_rounded(&v, digits) {
            return Ok((text, format!("5e{}", k - digits as i64)));
        }
        if attempt >= 2 {
            let (lo, hi) = (v.lo_q(), v.hi_q());
            let two = Q::from_integer(2.into());
            let (mid, radius) = ((&lo + &hi) / &two, (&hi - &lo) / &two);
            if let (Some(text), Some(k)) = (decimal(&mid, digits), magnitude(&mid)) {
                let ulp = pow10(k - digits as i64 + 1);
                if &radius * &two < ulp {
                    return Ok((text, scientific(&(radius + ulp / two))));
                }
            }
        }
        prec *= 2;
    }
    Err(EvalError::Imprecise)
}

/// The `digits`-digit decimal to which both ends of `v` round (half up),
/// and its exponent k (the value is d.ddd…·10^k), by integer arithmetic
/// on the binary ends; None when they round differently or straddle 0.
fn correctly_rounded(v: &Interval, digits: usize) -> Option<(String, i64)> {
    let (negative, lo, hi) = if v.positive() {
        (false, v.lo.repr().clone(), v.hi.repr().clone())
    } else if v.negative() {
        (
            true,
            (-v.hi.clone()).repr().clone(),
            (-v.lo.clone()).repr().clone(),
        )
    } else {
        return None;
    };
    // ⌊log₁₀ lo⌋ estimated from the bits, then corrected below.
    let bits = lo.significand().bit_len() as i64 + lo.exponent() as i64;
    let mut k = ((bits - 1) as f64 * std::f64::consts::LOG10_2).floor() as i64;
    let ten = IBig::from(10u8);
    let (floor, ceil) = (ten.pow(digits - 1), ten.pow(digits));
    for _ in 0..4 {
        let scale = digits as i64 - 1 - k;
        let a = round_scaled(&lo, scale);
        if a >= ceil {
            k += 1;
        } else if a < floor {
            k -= 1;
        } else {
            if a != round_scaled(&hi, scale) {
                return None;
            }
            return Some((layout(negative, &a.to_string(), k), k));
        }
    }
    None
}

/// ⌊x·10^s + 1/2⌋ for x = m·2^e ≥ 0, as N/D with integers.
fn round_scaled(x: &Repr<2>, s: i64) -> IBig {
    let ten = IBig::from(10u8);
    let e = x.exponent();
    let mut n = x.significand().clone();
    let mut d = IBig::ONE;
    if s >= 0 {
        n *= ten.pow(s as usize);
    } else {
        d = ten.pow(s.unsigned_abs() as usize);
    }
    if e >= 0 {
        n <<= e as usize;
    } else {
        d <<= e.unsigned_abs();
    }
    ((n << 1) + &d) / (d << 1)
}

/// The midpoint of [lo, hi] to as many significant digits (at most `max`)
/// as the enclosure certifies, and a bound on its distance from any
/// point of [lo, hi]; None when not even one digit is certain.
pub fn enclosure_decimal(lo: &Q, hi: &Q, max: usize) -> Option<(String, String)> {
    let two = Q::from_integer(2.into());
    let mid = (lo + hi) / &two;
    let radius = (hi - lo) / &two;
    let k = magnitude(&mid)?;
    (1..=max).rev().find_map(|digits| {
        let ulp = pow10(k - digits as i64 + 1);
        (&radius * &two < ulp).then(|| {
            let text = decimal(&mid, digits)?;
            Some((text, scientific(&(&radius + ulp / &two))))
        })?
    })
}

/// 10^k as a rational.
fn pow10(k: i64) -> Q {
    let p = num_traits::pow(BigInt::from(10), k.unsigned_abs() as usize);
    if k >= 0 {
        Q::from_integer(p)
    } else {
        Q::new(BigInt::one(), p)
    }
}

/// ⌊log₁₀|q|⌋, None for 0.
fn magnitude(q: &Q) -> Option<i64> {
    if q.is_zero() {
        return None;
    }
    let a = q.abs();
    // An estimate from the bits, then corrected.
    let bits = a.numer().bits() as i64 - a.denom().bits() as i64;
    let mut k = (bits as f64 * std::f64::consts::LOG10_2).floor() as i64;
    while pow10(k) > a {
        k -= 1;
    }
    while pow10(k + 1) <= a {
        k += 1;
    }
    Some(k)
}

/// q rounded to `digits` significant digits, as a decimal string (plain
/// notation for moderate exponents, `…e±k` beyond).
fn decimal(q: &Q, digits: usize) -> Option<String> {
    let k = magnitude(q)?;
    let scaled = q * pow10(digits as i64 - 1 - k);
    let n = scaled.round().to_integer();
    let negative = n.is_negative();
    let mut s = n.abs().to_string();
    // Rounding up may add a digit (9.99… → 10.0…).
    let mut k = k;
    if s.len() > digits {
        s.truncate(digits);
        k += 1;
    }
    Some(layout(negative, &s, k))
}

/// The significant digits `s` of a value d.ddd…·10^k, written in plain
/// notation for moderate exponents and as `…e±k` beyond.
fn layout(negative: bool, s: &str, k: i64) -> String {
    let digits = s.len();
    let sign = if negative { "-" } else { "" };
    let text = if (0..digits as i64).contains(&k) {
        let (a, b) = s.split_at(k as usize + 1);
        if b.is_empty() {
            a.to_string()
        } else {
            format!("{a}.{b}")
        }
    } else if (-6..0).contains(&k) {
        format!("0.{}{}", "0".repeat((-k - 1) as usize), s)
    } else {
        let (a, b) = s.split_at(1);
        if b.is_empty() {
            format!("{a}e{k}")
        } else {
            format!("{a}.{b}e{k}")
        }
    };
    format!("{sign}{text}")
}

/// An upper bound written as `d e−k` (one digit, rounded up).
fn scientific(q: &Q) -> String {
    match magnitude(q) {
        None => "0".into(),
        Some(k) => {
            let lead = (q / pow10(k)).ceil().to_integer();
            if lead >= BigInt::from(10) {
                format!("1e{}", k + 1)
            } else {
                format!("{lead}e{k}")
            }
        }
    }
}

/// The value of `e` at a rational point (each symbol a rational), enclosed
/// at `prec` bits.
pub fn at_point(
    e: &Expr,
    point: &BTreeMap<String, Q>,
    prec: usize,
    budget: &Budget,
) -> Result<Interval, EvalError> {
    let env = point
        .iter()
        .map(|(k, v)| (k.clone(), Interval::rational(v, prec)))
        .collect();
    eval(e, &env, prec, budget)
}

/// The value and the derivative with respect to `x` of `e` at a rational
/// point, by forward-mode automatic differentiation on intervals: an
/// enclosure of e′ computed without the symbolic derivative, so the two can
/// check each other.
pub fn derivative_at(
    e: &Expr,
    x: &str,
    point: &BTreeMap<String, Q>,
    prec: usize,
    budget: &Budget,
) -> Result<(Interval, Interval), EvalError> {
    let env: BTreeMap<String, Interval> = point
        .iter()
        .map(|(k, v)| (k.clone(), Interval::rational(v, prec)))
        .collect();
    dual(e, x, &env, prec, budget)
}

fn dual(
    e: &Expr,
    x: &str,
    env: &BTreeMap<String, Interval>,
    prec: usize,
    budget: &Budget,
) -> Result<(Interval, Interval), EvalError> {
    budget.check().map_err(EvalError::Stopped)?;
    let undefined = EvalError::Undefined;
    let zero = || Interval::rational(&Q::zero(), prec);
    if !e.has_sym(x) {
        return Ok((eval(e, env, prec, budget)?, zero()));
    }
    match e.node() {
        Node::Sym(_) => Ok((
            eval(e, env, prec, budget)?,
            Interval::rational(&Q::one(), prec),
        )),
        Node::Add(ts) => {
            let (mut v, mut d) = dual(&ts[0], x, env, prec, budget)?;
            for t in &ts[1..] {
                let (tv, td) = dual(t, x, env, prec, budget)?;
                v = v.add(&tv, prec).map_err(undefined)?;
                d = d.add(&td, prec).map_err(undefined)?;
            }
            Ok((v, d))
        }
        Node::Mul(fs) => {
            let (mut v, mut d) = dual(&fs[0], x, env, prec, budget)?;
            for f in &fs[1..] {
                let (fv, fd) = dual(f, x, env, prec, budget)?;
                // (uv)′ = u′v + uv′
                d = d
                    .mul(&fv, prec)
                    .and_then(|a| v.mul(&fd, prec).and_then(|b| a.add(&b, prec)))
                    .map_err(undefined)?;
                v = v.mul(&fv, prec).map_err(undefined)?;
            }
            Ok((v, d))
        }
        Node::Pow(b, p) => {
            let value = eval(e, env, prec, budget)?;
            if !p.has_sym(x) {
                // (u^k)′ = k·u^(k−1)·u′, through the value: k·(u^k/u)·u′
                // when u ≠ 0, else by evaluating u^(k−1).
                let (_, du) = dual(b, x, env, prec, budget)?;
                let k = eval(p, env, prec, budget)?;
                let lower = eval(
                    &Expr::pow(b.clone(), p.minus(&Expr::one())),
                    env,
                    prec,
                    budget,
                )?;
                let d = k
                    .mul(&lower, prec)
                    .and_then(|a| a.mul(&du, prec))
                    .map_err(undefined)?;
                return Ok((value, d));
            }
            // (u^v)′ = u^v·(v′·log u + v·u′/u), u > 0 (or u = e).
            let (u, du) = dual(b, x, env, prec, budget)?;
            let (v, dv) = dual(p, x, env, prec, budget)?;
            let log_u = function(Func::Log, &u, std::slice::from_ref(b), env, prec, budget)?;
            let inner = dv
                .mul(&log_u, prec)
                .and_then(|a| {
                    v.mul(&du, prec)
                        .and_then(|t| t.mul(&u.recip(prec).map_err(|e| e.to_string())?, prec))
                        .and_then(|t| a.add(&t, prec))
                })
                .map_err(undefined)?;
            let d = value.mul(&inner, prec).map_err(undefined)?;
            Ok((value, d))
        }
        Node::Fun(f, args) => {
            let (u, du) = dual(&args[0], x, env, prec, budget)?;
            let value = function(*f, &u, args, env, prec, budget)?;
            let slope = outer_slope(*f, &u, &value, prec)?;
            Ok((value, slope.mul(&du, prec).map_err(undefined)?))
        }
        _ => Ok((eval(e, env, prec, budget)?, zero())),
    }
}

/// f′(u) as an interval, from f's own value where that is simplest.
fn outer_slope(f: Func, u: &Interval, fu: &Interval, prec: usize) -> Result<Interval, EvalError> {
    use Func::*;
    let undefined = EvalError::Undefined;
    let q = |n: i64| Interval::rational(&Q::from_integer(n.into()), prec);
    let sq = |a: &Interval| a.powi(2, prec);
    let empty = [];
    let env = BTreeMap::new();
    let budget = Budget::unlimited();
    let at = |g: Func, a: &Interval| function(g, a, &empty, &env, prec, &budget);
    match f {
        Sin => at(Cos, u),
        Cos => Ok(at(Sin, u)?.neg()),
        // tan′ = 1 + tan², tanh′ = 1 − tanh², cot′ = −(1 + cot²), coth′ = 1 − coth².
        Tan => q(1).add(&sq(fu)?, prec).map_err(undefined),
        Cot => Ok(q(1).add(&sq(fu)?, prec).map_err(undefined)?.neg()),
        Tanh | Coth => q(1).add(&sq(fu)?.neg(), prec).map_err(undefined),
        Sec => fu.mul(&at(Tan, u)?, prec).map_err(undefined),
        Csc => Ok(fu.mul(&at(Cot, u)?, prec).map_err(undefined)?.neg()),
        Sinh => at(Cosh, u),
        Cosh => at(Sinh, u),
        Sech => Ok(fu.mul(&at(Tanh, u)?, prec).map_err(undefined)?.neg()),
        Csch => Ok(fu.mul(&at(Coth, u)?, prec).map_err(undefined)?.neg()),
        Log => u.recip(prec),
        Atan => q(1).add(&sq(u)?, prec).map_err(undefined)?.recip(prec),
        Acot => Ok(q(1)
            .add(&sq(u)?, prec)
            .map_err(undefined)?
            .recip(prec)?
            .neg()),
        Asin | Acos => {
            let r = q(1).add(&sq(u)?.neg(), prec).map_err(undefined)?;
            let s = r
                .increasing(prec, |c, r| c.sqrt(r), |c, r| c.sqrt(r))
                .map_err(undefined)?
                .recip(prec)?;
            Ok(if f == Asin { s } else { s.neg() })
        }
        Asinh | Acosh => {
            let sign = if f == Asinh { 1 } else { -1 };
            let r = sq(u)?.add(&q(sign), prec).map_err(undefined)?;
            if !r.positive() {
                return Err(EvalError::NotReal(
                    "a square root of a negative value".into(),
                ));
            }
            r.increasing(prec, |c, r| c.sqrt(r), |c, r| c.sqrt(r))
                .map_err(undefined)?
                .recip(prec)
        }
        Atanh => q(1)
            .add(&sq(u)?.neg(), prec)
            .map_err(undefined)?
            .recip(prec),
        Abs | Sign => {
            if u.positive() {
                Ok(q(if f == Abs { 1 } else { 0 }))
            } else if u.negative() {
                Ok(q(if f == Abs { -1 } else { 0 }))
            } else {
                Err(EvalError::Undefined(
                    "at a point of non-differentiability".into(),
                ))
            }
        }
        Floor | Ceil => Ok(q(0)),
        Asec | Acsc | Factorial | Gamma | Binomial => {
            Err(EvalError::Unsupported(f.name().to_string()))
        }
    }
}

/// Enclosures of e and of its derivative in x over the whole interval
/// [lo, hi] (forward-mode differentiation on intervals).
pub fn on_interval(
    e: &Expr,
    x: &str,
    lo: &Q,
    hi: &Q,
    prec: usize,
    budget: &Budget,
) -> Result<(Interval, Interval), EvalError> {
    let env = BTreeMap::from([(x.to_string(), Interval::between(lo, hi, prec))]);
    dual(e, x, &env, prec, budget)
}
