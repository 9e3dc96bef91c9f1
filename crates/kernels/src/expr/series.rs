//! Truncated power series: f(a + t) = Σ cₖ tᵏ + O(tⁿ) with exact
//! coefficients (constant expressions; other symbols are generic
//! parameters), by series arithmetic on the expression tree: sums,
//! truncated products, and for U without a constant term 1/(1 + U),
//! (1 + U)^p, exp U and sin/cos/sinh/cosh U by the linear recurrences of
//! the differential equations they satisfy ((1 + U)·W′ = −U′·W, …: O(n²)
//! coefficient operations for n terms), moved to the constant term by
//! the addition theorems, log through log(1 + U), tan and the other
//! quotients by division, and atan/asin/acos/asinh/atanh by integrating
//! their derivative's series. Poles give negative exponents (Laurent
//! series); logarithmic terms, fractional exponents and essential
//! singularities are not power series and are refused ([`SeriesError`]).
//!
//! [`check`] verifies a series independently of this arithmetic: exactly,
//! coefficient by coefficient against derivatives at a, when f is
//! analytic there; otherwise by the size of (f(a + h) − S(h))/hⁿ at
//! shrinking h with certified enclosures.

use super::diff::derivative;
use super::expand::{Halt, expand};
use super::interval::{EvalError, eval};
use super::node::{Constant, Expr, Func, Node};
use super::zero::{Verdict, is_zero};
use crate::{BigInt, Budget, Q, Stop};
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::collections::BTreeMap;

/// Σ coeffs[i]·t^(start + i) + O(t^order), with start + len = order.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    pub start: i64,
    pub coeffs: Vec<Expr>,
    pub order: i64,
}

/// Why no power series was computed.
#[derive(Debug, Clone, PartialEq)]
pub enum SeriesError {
    /// The expansion is not a power series in t (a log t term, a
    /// fractional exponent, an essential singularity), or uses a function
    /// without one here.
    NotPower(String),
    /// A coefficient could not be decided zero or not.
    Undecided(String),
    /// Coefficients or orders beyond the work bound.
    TooBig,
    Stopped(Stop),
}

impl From<Stop> for SeriesError {
    fn from(s: Stop) -> Self {
        SeriesError::Stopped(s)
    }
}

impl std::fmt::Display for SeriesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SeriesError::NotPower(w) => write!(f, "not a power series: {w}"),
            SeriesError::Undecided(w) => write!(f, "undecided: {w}"),
            SeriesError::TooBig => f.write_str("the coefficients grew beyond the work bound"),
            SeriesError::Stopped(_) => f.write_str("stopped by the deadline"),
        }
    }
}

type R = Result<Series, SeriesError>;

/// Highest order and lowest exponent handled (orders of inner series grow
/// with poles).
const MAX_ORDER: i64 = 200;
const MIN_START: i64 = -200;
/// How many orders beyond the asked one a base is expanded to find its
/// leading term (a base vanishing to a higher order is taken as 0).
const LOOK_AHEAD: i64 = 16;

impl Series {
    fn zero(order: i64) -> Series {
        Series {
            start: order,
            coeffs: Vec::new(),
            order,
        }
    }

    fn constant(c: Expr, order: i64) -> Series {
        if order <= 0 {
            return Series::zero(order);
        }
        let mut coeffs = vec![Expr::zero(); order as usize];
        coeffs[0] = c;
        Series {
            start: 0,
            coeffs,
            order,
        }
    }

    /// The coefficient of tᵏ (0 outside the stored range below the order).
    pub fn coeff(&self, k: i64) -> Expr {
        if k < self.start || k >= self.order {
            return Expr::zero();
        }
        self.coeffs[(k - self.start) as usize].clone()
    }

    fn with_order(&self, order: i64) -> Series {
        let order = order.min(self.order);
        let start = self.start.min(order);
        Series {
            start,
            coeffs: (start..order).map(|k| self.coeff(k)).collect(),
            order,
        }
    }

    /// The sum Σ cₖ tᵏ as an expression in `t`.
    pub fn polynomial(&self, t: &Expr) -> Expr {
        Expr::add(
            (self.start..self.order)
                .map(|k| self.coeff(k).times(&t.pow_int(k)))
                .collect(),
        )
    }
}

/// The first exponent with a coefficient decided nonzero (the order when
/// every known coefficient is 0).
fn valuation(s: &Series, budget: &Budget) -> Result<i64, SeriesError> {
    for k in s.start..s.order {
        if !decided_zero(&s.coeff(k), budget)? {
            return Ok(k);
        }
    }
    Ok(s.order)
}

fn decided_zero(c: &Expr, budget: &Budget) -> Result<bool, SeriesError> {
    if c.is_zero() {
        return Ok(true);
    }
    if c.as_num().is_some() {
        return Ok(false);
    }
    match is_zero(c, budget)? {
        Verdict::Proven { .. } => Ok(true),
        Verdict::Disproven { .. } => Ok(false),
        _ => Err(SeriesError::Undecided(format!(
            "whether the coefficient {} is 0",
            super::print::text(c)
        ))),
    }
}

fn tidy(c: &Expr, budget: &Budget) -> Result<Expr, SeriesError> {
    match expand(c, budget) {
        Ok(e) => Ok(e),
        Err(Halt::Stopped(s)) => Err(s.into()),
        Err(Halt::TooBig) => Err(SeriesError::TooBig),
    }
}

fn add(a: &Series, b: &Series) -> Series {
    let order = a.order.min(b.order);
    let start = a.start.min(b.start).min(order);
    Series {
        start,
        coeffs: (start..order)
            .map(|k| a.coeff(k).plus(&b.coeff(k)))
            .collect(),
        order,
    }
}

fn scale(a: &Series, c: &Expr) -> Series {
    Series {
        start: a.start,
        coeffs: a.coeffs.iter().map(|x| x.times(c)).collect(),
        order: a.order,
    }
}

/// The first exponent whose coefficient is not the canonical 0.
fn lead(s: &Series) -> i64 {
    (s.start..s.order)
        .find(|&k| !s.coeff(k).is_zero())
        .unwrap_or(s.order)
}

/// The product, known to the order both factors allow.
/// (nᵢ, d) with qᵢ = nᵢ/d, d the lcm of the denominators.
fn over_common_denominator(qs: &[&Q]) -> (Vec<BigInt>, BigInt) {
    let d = qs.iter().fold(BigInt::one(), |acc, q| {
        num_integer::Integer::lcm(&acc, q.denom())
    });
    let ns = qs.iter().map(|q| q.numer() * (&d / q.denom())).collect();
    (ns, d)
}

/// The coefficients as numbers, when every one is.
fn numbers(cs: &[Expr]) -> Option<Vec<&Q>> {
    cs.iter().map(Expr::as_num).collect()
}

fn mul(a: &Series, b: &Series, budget: &Budget) -> R {
    let (a, b) = (&a.clone().trimmed(lead(a)), &b.clone().trimmed(lead(b)));
    let order = (a.order + b.start).min(b.order + a.start);
    let start = (a.start + b.start).min(order);
    let mut coeffs = Vec::with_capacity((order - start).max(0) as usize);
    if let (Some(av), Some(bv)) = (numbers(&a.coeffs), numbers(&b.coeffs)) {
        // Over common denominators: integer products, one reduction per
        // coefficient (not one gcd per product).
        let (ai, da) = over_common_denominator(&av);
        let (bi, db) = over_common_denominator(&bv);
        let d = da * db;
        for k in start..order {
            budget.check()?;
            let mut acc = BigInt::zero();
            for (i, x) in ai.iter().enumerate() {
                let j = k - (a.start + i as i64) - b.start;
                if j >= 0 && (j as usize) < bi.len() && !x.is_zero() {
                    acc += x * &bi[j as usize];
                }
            }
            coeffs.push(Expr::num(Q::new(acc, d.clone())));
        }
        return Ok(Series {
            start,
            coeffs,
            order,
        });
    }
    for k in start..order {
        budget.check()?;
        let mut terms = Vec::new();
        for i in a.start..a.order {
            let j = k - i;
            if j < b.start || j >= b.order {
                continue;
            }
            let (x, y) = (a.coeff(i), b.coeff(j));
            if !x.is_zero() && !y.is_zero() {
                terms.push(x.times(&y));
            }
        }
        coeffs.push(tidy(&Expr::add(terms), budget)?);
    }
    Ok(Series {
        start,
        coeffs,
        order,
    })
}

/// Σₖ wₖ·Uᵏ for a series U of valuation ≥ 1, to U's order.
fn compose(weights: &dyn Fn(usize) -> Expr, u: &Series, budget: &Budget) -> R {
    let n = u.order;
    let mut out = Series::constant(weights(0), n);
    let mut power = Series::constant(Expr::one(), n);
    for k in 1..n.max(1) as usize {
        budget.check()?;
        power = mul(&power, u, budget)?.with_order(n);
        let w = weights(k);
        if !w.is_zero() {
            out = add(&out, &scale(&power, &w));
        }
    }
    Ok(out)
}

/// A series in t with coefficients c₀ … c_{n−1} from a recurrence: cₘ
/// from m and the coefficients before it (O(n²) coefficient operations,
/// where composing with Σ wₖ Uᵏ takes O(n³)).
fn recurrence(n: i64, first: Expr, next: &dyn Fn(i64, &[Expr]) -> Expr, budget: &Budget) -> R {
    let mut c = Vec::with_capacity(n.max(0) as usize);
    if n > 0 {
        c.push(first);
    }
    for m in 1..n {
        budget.check()?;
        let v = tidy(&next(m, &c), budget)?;
        c.push(v);
    }
    Ok(Series {
        start: 0,
        coeffs: c,
        order: n.max(0),
    })
}

/// Σⱼ₌₁ᵐ wⱼ·Uⱼ·c_{m−j}, the convolution every recurrence here is made of.
fn convolve(u: &Series, c: &[Expr], m: i64, w: &dyn Fn(i64) -> Q) -> Expr {
    // Rational coefficients (the common case) summed as numbers.
    if let (Some(us), Some(cs)) = (numbers(&u.coeffs), numbers(c)) {
        let mut acc = Q::zero();
        for j in 1..=m {
            let i = j - u.start;
            if i < 0 || i as usize >= us.len() || j >= u.order {
                continue;
            }
            let uj = us[i as usize];
            if !uj.is_zero() {
                acc += w(j) * uj * cs[(m - j) as usize];
            }
        }
        return Expr::num(acc);
    }
    Expr::add(
        (1..=m)
            .filter_map(|j| {
                let uj = u.coeff(j);
                let wj = w(j);
                (!uj.is_zero() && !wj.is_zero())
                    .then(|| Expr::num(wj).times(&uj).times(&c[(m - j) as usize]))
            })
            .collect(),
    )
}

/// 1/(1 + U), U without a constant term: w₀ = 1, wₘ = −Σ Uⱼ·w_{m−j}.
fn reciprocal_one_plus(u: &Series, budget: &Budget) -> R {
    recurrence(
        u.order,
        Expr::one(),
        &|m, c| convolve(u, c, m, &|_| -Q::one()),
        budget,
    )
}

/// (1 + U)^p, U without a constant term, from (1 + U)·P′ = p·U′·P:
/// m·Pₘ = Σⱼ ((p + 1)·j − m)·Uⱼ·P_{m−j}.
fn power_one_plus(u: &Series, p: &Q, budget: &Budget) -> R {
    recurrence(
        u.order,
        Expr::one(),
        &|m, c| {
            let mq = Q::from_integer(m.into());
            convolve(u, c, m, &|j| {
                ((p + Q::one()) * Q::from_integer(j.into()) - &mq) / &mq
            })
        },
        budget,
    )
}

/// exp(R), R without a constant term, from E′ = R′·E: m·Eₘ = Σⱼ j·Rⱼ·E_{m−j}.
fn exp_zero(r: &Series, budget: &Budget) -> R {
    recurrence(
        r.order,
        Expr::one(),
        &|m, c| convolve(r, c, m, &|j| Q::new(j.into(), m.into())),
        budget,
    )
}

/// (sin R, cos R) (or sinh, cosh), R without a constant term, from
/// S′ = R′·C and C′ = ∓R′·S, the two recurrences in step.
fn sin_cos_zero(
    r: &Series,
    hyperbolic: bool,
    budget: &Budget,
) -> Result<(Series, Series), SeriesError> {
    let n = r.order;
    let (mut sv, mut cv) = (
        Vec::with_capacity(n.max(0) as usize),
        Vec::with_capacity(n.max(0) as usize),
    );
    if n > 0 {
        sv.push(Expr::zero());
        cv.push(Expr::one());
    }
    let sign = if hyperbolic { Q::one() } else { -Q::one() };
    for m in 1..n {
        budget.check()?;
        let w = |j: i64| Q::new(j.into(), m.into());
        let s_m = tidy(&convolve(r, &cv, m, &w), budget)?;
        let c_m = tidy(&convolve(r, &sv, m, &|j| &sign * w(j)), budget)?;
        sv.push(s_m);
        cv.push(c_m);
    }
    let series = |coeffs| Series {
        start: 0,
        coeffs,
        order: n.max(0),
    };
    Ok((series(sv), series(cv)))
}

/// s without its constant term, and that term (s must have no negative
/// exponents).
fn split_constant(s: &Series, budget: &Budget, what: &str) -> Result<(Expr, Series), SeriesError> {
    if valuation(s, budget)? < 0 {
        return Err(SeriesError::NotPower(format!(
            "{what} of a series with a pole (an essential singularity)"
        )));
    }
    let c0 = s.coeff(0);
    let mut rest = s.with_order(s.order);
    if rest.start <= 0 && !rest.coeffs.is_empty() {
        rest.coeffs[(0 - rest.start) as usize] = Expr::zero();
    }
    Ok((c0, rest))
}

fn factorial(k: usize) -> Q {
    (1..=k).fold(Q::one(), |acc, i| acc * Q::from_integer((i as i64).into()))
}

/// 1/s to order n.
fn inverse(s: &Series, n: i64, budget: &Budget) -> R {
    let v = valuation(s, budget)?;
    if v >= s.order {
        return Err(SeriesError::NotPower(
            "division by a series with no nonzero term known".into(),
        ));
    }
    // s = lead·t^v·(1 + U): U known to s.order − v; 1/s = t^−v/lead·Σ(−U)ᵏ.
    let (lead, u) = normalized(s, v, budget)?;
    let inv_lead = Expr::one().over(&lead);
    let sum = reciprocal_one_plus(&u, budget)?;
    let shifted = Series {
        start: sum.start - v,
        coeffs: sum.coeffs.iter().map(|c| c.times(&inv_lead)).collect(),
        order: sum.order - v,
    };
    Ok(shifted.with_order(n))
}

struct Ctx<'a> {
    x: &'a str,
    a: &'a Expr,
    budget: &'a Budget,
    /// For a one-sided expansion in t > 0 (Gruntz's ω): log t written as
    /// this expression, so log of a series that vanishes or has a pole
    /// is v·log t + log(lead) + log(1 + U); atan of a pole is
    /// ±π/2 − atan(1/s) and |s| is ±s by the sign of the leading term.
    log_t: Option<&'a Expr>,
}

/// The series of f in t at 0⁺ (t > 0), where log t is `log_t` (a
/// parameter of the coefficients): the expansion Gruntz's algorithm takes
/// in its ω.
pub fn series_one_sided(f: &Expr, t: &str, log_t: &Expr, n: i64, budget: &Budget) -> R {
    let zero = Expr::zero();
    let ctx = Ctx {
        x: t,
        a: &zero,
        budget,
        log_t: Some(log_t),
    };
    finish(at(f, n, &ctx)?, n, budget)
}

/// The series of f at x = a with remainder O(tⁿ), t = x − a.
pub fn series(f: &Expr, x: &str, a: &Expr, n: i64, budget: &Budget) -> R {
    let ctx = Ctx {
        x,
        a,
        budget,
        log_t: None,
    };
    finish(at(f, n, &ctx)?, n, budget)
}

/// A Puiseux series of f at x = a for x > a: with d the common
/// denominator of the fractional exponents on powers of x in f, the
/// series of f(a + t^d) in t > 0 to order n·d; its tᵏ is (x − a)^(k/d).
/// Err when d = 1 (no fractional exponent) or a logarithmic term appears.
pub fn puiseux(
    f: &Expr,
    x: &str,
    a: &Expr,
    n: i64,
    budget: &Budget,
) -> Result<(Series, Expr, i64), SeriesError> {
    let d = denominators(f, x)
        .to_i64()
        .filter(|d| (2..=12).contains(d))
        .ok_or_else(|| {
            SeriesError::NotPower("no fractional exponent (or a denominator above 12)".into())
        })?;
    if n.checked_mul(d).is_none_or(|m| m > MAX_ORDER) {
        return Err(SeriesError::TooBig);
    }
    let t = "t_";
    let g = f.substitute(&BTreeMap::from([(
        x.to_string(),
        a.plus(&Expr::sym(t).pow_int(d)),
    )]));
    Ok((series_above(&g, t, n * d, budget)?, g, d))
}

/// The series of f in t at 0 for t > 0 only (atan, abs and sign of a
/// pole or zero allowed), without logarithmic terms: at x = +∞, t = 1/x
/// is positive.
pub fn series_above(f: &Expr, t: &str, n: i64, budget: &Budget) -> R {
    // log t stands for a symbol no coefficient may keep.
    let sentinel = Expr::sym("log_t_");
    let s = series_one_sided(f, t, &sentinel, n, budget)?;
    if s.coeffs.iter().any(|c| c.has_sym("log_t_")) {
        return Err(SeriesError::NotPower("a logarithmic term".into()));
    }
    Ok(s)
}

/// The lcm of the denominators of the constant exponents on powers whose
/// base holds x.
fn denominators(e: &Expr, x: &str) -> BigInt {
    let here = match e.node() {
        Node::Pow(b, k) if b.has_sym(x) => k.as_num().map(|q| q.denom().clone()),
        _ => None,
    }
    .unwrap_or_else(BigInt::one);
    e.children().iter().fold(here, |acc, c| {
        num_integer::Integer::lcm(&acc, &denominators(c, x))
    })
}

/// Order n exactly, coefficients simplified, leading zeros dropped.
fn finish(s: Series, n: i64, budget: &Budget) -> R {
    if s.order < n {
        return Err(SeriesError::Stopped(Stop::CheckFailed(
            "a series came back with fewer terms than asked",
        )));
    }
    let mut s = s.with_order(n);
    for c in &mut s.coeffs {
        *c = super::simplify::simplify(c, budget)?;
    }
    // Leading zeros dropped.
    let v = valuation(&s, budget)?;
    Ok(s.with_order(n).trimmed(v))
}

impl Series {
    fn trimmed(self, v: i64) -> Series {
        if v <= self.start {
            return self;
        }
        let start = v.min(self.order);
        Series {
            start,
            coeffs: (start..self.order).map(|k| self.coeff(k)).collect(),
            order: self.order,
        }
    }
}

/// A series of `e` known at least to order n (tried at higher orders when
/// poles inside ask for it).
fn at(e: &Expr, n: i64, ctx: &Ctx) -> R {
    ctx.budget.check()?;
    if !(MIN_START..=MAX_ORDER).contains(&n) {
        return Err(SeriesError::TooBig);
    }
    if !e.has_sym(ctx.x) {
        return Ok(Series::constant(e.clone(), n));
    }
    match e.node() {
        // x = a + t, exactly (zeros to any order).
        Node::Sym(_) => {
            let mut s = Series::constant(ctx.a.clone(), n);
            if n > 1 {
                s.coeffs[1] = Expr::one();
            }
            Ok(s)
        }
        Node::Add(ts) => {
            let mut acc = Series::zero(n);
            for t in ts {
                acc = add(&acc, &at(t, n, ctx)?);
            }
            Ok(acc.with_order(n))
        }
        Node::Mul(fs) => product(fs, n, ctx),
        Node::Pow(b, k) => power(b, k, n, ctx),
        Node::Fun(f, args) if args.len() == 1 => function(*f, &args[0], n, ctx),
        _ => Err(SeriesError::NotPower(format!(
            "{} has no series here",
            super::print::text(e)
        ))),
    }
}

/// A product to order n: each factor at the order the others' valuations
/// ask for.
fn product(fs: &[Expr], n: i64, ctx: &Ctx) -> R {
    let mut parts: Vec<Series> = Vec::with_capacity(fs.len());
    let mut vals = Vec::with_capacity(fs.len());
    for f in fs {
        let s = at(f, n, ctx)?;
        vals.push(valuation(&s, ctx.budget)?.min(n));
        parts.push(s);
    }
    let total: i64 = vals.iter().sum();
    for (i, f) in fs.iter().enumerate() {
        let need = n - (total - vals[i]);
        if parts[i].order < need {
            parts[i] = at(f, need, ctx)?;
        }
    }
    let mut acc = parts[0].clone();
    for p in &parts[1..] {
        acc = mul(&acc, p, ctx.budget)?;
    }
    Ok(acc.with_order(n))
}

fn power(b: &Expr, k: &Expr, n: i64, ctx: &Ctx) -> R {
    // c^u = exp(u·log c) for a constant base.
    if !b.has_sym(ctx.x) {
        let exponent = if matches!(b.node(), Node::Const(Constant::E)) {
            k.clone()
        } else {
            k.times(&Expr::log(b.clone()))
        };
        return exponential(&at(&exponent, n, ctx)?, ctx.budget);
    }
    let Some(p) = k.as_num() else {
        // b^u = exp(u·log b).
        return at(&Expr::exp(k.times(&Expr::log(b.clone()))), n, ctx);
    };
    // The base's leading term, looked for a few orders beyond n.
    let (mut s, mut m) = (at(b, n, ctx)?, n);
    let mut v = valuation(&s, ctx.budget)?;
    while v >= s.order && m < n.max(1) + LOOK_AHEAD {
        m += 4;
        s = at(b, m, ctx)?;
        v = valuation(&s, ctx.budget)?;
    }
    if v >= s.order {
        return if p.is_positive() {
            Ok(Series::zero(n))
        } else {
            Err(SeriesError::NotPower("a negative power of 0".into()))
        };
    }
    // s = lead·t^v·(1 + U): s^p = lead^p·t^(v·p)·(1 + U)^p; U needs
    // n − v·p terms, so s is wanted to order n − v·p + v.
    let vp = Q::from_integer(v.into()) * p;
    if !vp.is_integer() {
        return Err(SeriesError::NotPower(
            "a fractional power of t (a Puiseux series)".into(),
        ));
    }
    let vp = vp.to_integer().to_i64().ok_or(SeriesError::TooBig)?;
    // (lead·tᵛ)^p with an even root is |t|^(v·p) for t < 0 too: an odd
    // v·p is no power series on both sides (√(t²) = |t|), only for t > 0.
    if ctx.log_t.is_none() && p.denom().is_even() && vp % 2 != 0 {
        return Err(SeriesError::NotPower(
            "an even root of a series vanishing to even order, |t| to an odd power (a Puiseux series for t > 0)".into(),
        ));
    }
    let need = n - vp + v;
    let s = if s.order < need { at(b, need, ctx)? } else { s };
    let (lead, u) = normalized(&s, v, ctx.budget)?;
    let sum = power_one_plus(&u, p, ctx.budget)?;
    let front = Expr::pow(lead, Expr::num(p.clone()));
    Ok(Series {
        start: sum.start + vp,
        coeffs: sum.coeffs.iter().map(|c| c.times(&front)).collect(),
        order: sum.order + vp,
    }
    .with_order(n))
}

fn exponential(s: &Series, budget: &Budget) -> R {
    let (c0, r) = split_constant(s, budget, "exp")?;
    let sum = exp_zero(&r, budget)?;
    Ok(scale(&sum, &Expr::exp(c0)))
}

/// sin and cos of c₀ + R: (sin, cos) series.
fn sin_cos(s: &Series, hyperbolic: bool, budget: &Budget) -> Result<(Series, Series), SeriesError> {
    let (c0, r) = split_constant(s, budget, "a trigonometric function")?;
    let (odd, even) = sin_cos_zero(&r, hyperbolic, budget)?;
    let (sf, cf) = if hyperbolic {
        (Func::Sinh, Func::Cosh)
    } else {
        (Func::Sin, Func::Cos)
    };
    let (s0, k0) = (Expr::fun(sf, vec![c0.clone()]), Expr::fun(cf, vec![c0]));
    // sin(c + r) = sin c·cos r + cos c·sin r; cos(c + r) = cos c·cos r ∓ sin c·sin r.
    let sin = add(&scale(&even, &s0), &scale(&odd, &k0));
    let minus = if hyperbolic { s0 } else { s0.neg() };
    let cos = add(&scale(&even, &k0), &scale(&odd, &minus));
    Ok((sin, cos))
}

/// ∫ s dt termwise from 0 (no t⁻¹ term allowed).
fn integral(s: &Series, budget: &Budget) -> R {
    if s.start < 0 && (s.start..0.min(s.order)).any(|k| k == -1 && !s.coeff(k).is_zero()) {
        return Err(SeriesError::NotPower("a logarithmic term".into()));
    }
    let start = s.start.max(0) + 1;
    let order = s.order + 1;
    let mut coeffs = Vec::new();
    for k in start..order {
        budget.check()?;
        coeffs.push(s.coeff(k - 1).over(&Expr::int(k)));
    }
    Ok(Series {
        start,
        coeffs,
        order,
    })
}

fn derivative_series(s: &Series) -> Series {
    let start = s.start - 1;
    Series {
        start,
        coeffs: (start..s.order - 1)
            .map(|k| s.coeff(k + 1).times(&Expr::int(k + 1)))
            .collect(),
        order: s.order - 1,
    }
}

fn function(f: Func, u: &Expr, n: i64, ctx: &Ctx) -> R {
    let b = ctx.budget;
    // Quotients of sin/cos need a guard for a pole of order ≤ the order.
    let s = at(u, n, ctx)?;
    match f {
        Func::Sin | Func::Cos | Func::Sinh | Func::Cosh => {
            let (sin, cos) = sin_cos(&s, matches!(f, Func::Sinh | Func::Cosh), b)?;
            Ok(if matches!(f, Func::Sin | Func::Sinh) {
                sin
            } else {
                cos
            })
        }
        Func::Tan
        | Func::Cot
        | Func::Sec
        | Func::Csc
        | Func::Tanh
        | Func::Coth
        | Func::Sech
        | Func::Csch => {
            let hyperbolic = matches!(f, Func::Tanh | Func::Coth | Func::Sech | Func::Csch);
            // One guard term per possible pole order.
            let s = at(u, n + 2, ctx)?;
            let (sin, cos) = sin_cos(&s, hyperbolic, b)?;
            let (top, bottom) = match f {
                Func::Tan | Func::Tanh => (Some(sin), cos),
                Func::Cot | Func::Coth => (Some(cos), sin),
                Func::Sec | Func::Sech => (None, cos),
                _ => (None, sin),
            };
            let inv = inverse(&bottom, n + 1, b)?;
            Ok(match top {
                Some(t) => mul(&t, &inv, b)?,
                None => inv,
            }
            .with_order(n))
        }
        Func::Log if ctx.log_t.is_some() => {
            let v = valuation(&s, b)?;
            let s = if v > 0 { at(u, n + v, ctx)? } else { s };
            let (lead, unit) = normalized(&s, v, b)?;
            let log_t = ctx.log_t.map_or_else(Expr::zero, Clone::clone);
            let front = Expr::int(v).times(&log_t).plus(&Expr::log(lead));
            Ok(add(&Series::constant(front, n), &log_one_plus(&unit, b)?).with_order(n))
        }
        Func::Atan if ctx.log_t.is_some() && valuation(&s, b)? < 0 => {
            // atan(s) = ±π/2 − atan(1/s) for t > 0, by the sign of s.
            let lead = s.coeff(valuation(&s, b)?);
            let half_pi = Expr::pi().times(&Expr::ratio(1, 2));
            let front = match super::zero::sign(&lead, b)? {
                Ok(super::zero::Sign::Positive { .. }) => half_pi,
                Ok(super::zero::Sign::Negative { .. }) => half_pi.neg(),
                _ => return Err(SeriesError::Undecided("the sign of a pole of atan".into())),
            };
            let tail = inverse_function(Func::Atan, &inverse(&s, n + 1, b)?, n, b)?;
            Ok(add(&Series::constant(front, n), &scale(&tail, &Expr::int(-1))).with_order(n))
        }
        Func::Abs | Func::Sign if ctx.log_t.is_some() => {
            let v = valuation(&s, b)?;
            if v >= s.order {
                return Err(SeriesError::Undecided(
                    "the sign of a series with no nonzero term".into(),
                ));
            }
            let sign = match super::zero::sign(&s.coeff(v), b)? {
                Ok(super::zero::Sign::Positive { .. }) => 1,
                Ok(super::zero::Sign::Negative { .. }) => -1,
                _ => return Err(SeriesError::Undecided("the sign of a leading term".into())),
            };
            Ok(if f == Func::Abs {
                scale(&s, &Expr::int(sign))
            } else {
                Series::constant(Expr::int(sign), n)
            })
        }
        Func::Log => {
            let v = valuation(&s, b)?;
            if v != 0 {
                return Err(SeriesError::NotPower(if v > 0 {
                    "log of a series that vanishes at the point (a log t term)".into()
                } else {
                    "log of a series with a pole (a log t term)".into()
                }));
            }
            let (c0, r) = split_constant(&s, b, "log")?;
            let u = scale(&r, &Expr::one().over(&c0));
            Ok(add(
                &Series::constant(Expr::log(c0), n),
                &log_one_plus(&u, b)?,
            ))
        }
        Func::Atan | Func::Asin | Func::Acos | Func::Asinh | Func::Atanh | Func::Acot => {
            inverse_function(f, &at(u, n + 1, ctx)?, n, b)
        }
        Func::Abs
        | Func::Acosh
        | Func::Sign
        | Func::Floor
        | Func::Ceil
        | Func::Factorial
        | Func::Gamma
        | Func::Asec
        | Func::Acsc
        | Func::Binomial => Err(SeriesError::NotPower(format!(
            "no series of {} here",
            f.name()
        ))),
    }
}

/// log(1 + U) = Σ (−1)^(k+1) Uᵏ/k for U without a constant term.
fn log_one_plus(u: &Series, b: &Budget) -> R {
    compose(
        &|k| {
            if k == 0 {
                Expr::zero()
            } else {
                Expr::ratio(if k % 2 == 1 { 1 } else { -1 }, k as i64)
            }
        },
        u,
        b,
    )
}

/// s = lead·t^v·(1 + U): (lead, U).
fn normalized(s: &Series, v: i64, b: &Budget) -> Result<(Expr, Series), SeriesError> {
    if v >= s.order {
        return Err(SeriesError::Undecided(
            "a series with no nonzero term".into(),
        ));
    }
    let lead = s.coeff(v);
    let inv_lead = Expr::one().over(&lead);
    let unit = Series {
        start: 0,
        coeffs: (v..s.order).map(|k| s.coeff(k).times(&inv_lead)).collect(),
        order: s.order - v,
    };
    let (_, u) = split_constant(&unit, b, "a leading term")?;
    Ok((lead, u))
}

/// atan, asin, acos, asinh, atanh, acot of a series s (to order n + 1)
/// without a pole: g(s) = g(s₀) + ∫ g′(s)·s′ dt.
fn inverse_function(f: Func, s: &Series, n: i64, b: &Budget) -> R {
    let (c0, _) = split_constant(s, b, "an inverse function")?;
    let one = Series::constant(Expr::one(), n + 1);
    let sq = mul(s, s, b)?;
    let g_prime = match f {
        Func::Atan => inverse(&add(&one, &sq), n, b)?,
        Func::Acot => scale(&inverse(&add(&one, &sq), n, b)?, &Expr::int(-1)),
        Func::Atanh => inverse(&add(&one, &scale(&sq, &Expr::int(-1))), n, b)?,
        Func::Asinh => root_inverse(&add(&one, &sq), n, b)?,
        Func::Asin => root_inverse(&add(&one, &scale(&sq, &Expr::int(-1))), n, b)?,
        _ => scale(
            &root_inverse(&add(&one, &scale(&sq, &Expr::int(-1))), n, b)?,
            &Expr::int(-1),
        ),
    };
    let integrand = mul(&g_prime, &derivative_series(s), b)?;
    let tail = integral(&integrand, b)?;
    Ok(add(&Series::constant(Expr::fun(f, vec![c0]), n), &tail).with_order(n))
}

/// 1/√s for a series with a nonzero constant term.
fn root_inverse(s: &Series, n: i64, budget: &Budget) -> R {
    let (c0, r) = split_constant(s, budget, "a root")?;
    if decided_zero(&c0, budget)? {
        return Err(SeriesError::NotPower(
            "a root of a series vanishing at the point".into(),
        ));
    }
    let u = scale(&r, &Expr::one().over(&c0));
    let p = Q::new((-1).into(), 2.into());
    let sum = power_one_plus(&u, &p, budget)?;
    Ok(scale(&sum, &Expr::pow(c0, Expr::num(p))).with_order(n))
}

/// How a series was checked.
#[derive(Debug, Clone, PartialEq)]
pub enum SeriesCheck {
    /// Every coefficient equals f⁽ᵏ⁾(a)/k!, proven.
    Proven,
    /// (f(a + h) − S(h))/hⁿ stayed bounded at shrinking h.
    Probable,
    Unchecked(String),
}

/// Checks S against f: by derivatives when f is analytic at a (start ≥ 0
/// and every derivative defined there), else numerically.
pub fn check(
    f: &Expr,
    x: &str,
    a: &Expr,
    s: &Series,
    budget: &Budget,
) -> Result<SeriesCheck, Stop> {
    if s.start >= 0 && s.order <= 12 && a.symbols().is_empty() {
        let mut d = f.clone();
        let mut all = true;
        for k in 0..s.order {
            budget.check()?;
            let at_a = d.substitute(&BTreeMap::from([(x.to_string(), a.clone())]));
            if at_a.has_undefined() {
                all = false;
                break;
            }
            let want = at_a.over(&Expr::num(factorial(k as usize)));
            match is_zero(&want.minus(&s.coeff(k)), budget)? {
                Verdict::Proven { .. } => {}
                Verdict::Disproven { .. } => {
                    return Err(Stop::CheckFailed(
                        "a series coefficient differs from f⁽ᵏ⁾(a)/k!",
                    ));
                }
                _ => {
                    all = false;
                    break;
                }
            }
            d = derivative(&d, x);
        }
        if all {
            return Ok(SeriesCheck::Proven);
        }
    }
    numerically(f, x, a, s, budget)
}

/// r(h) = (f(a + h) − S(h))/hⁿ at h = 2⁻⁸, 2⁻¹², 2⁻¹⁶ must not grow by
/// more than the slack: a wrong coefficient of tᵏ (k < n) makes it grow
/// 16ⁿ⁻ᵏ-fold per step.
fn numerically(
    f: &Expr,
    x: &str,
    a: &Expr,
    s: &Series,
    budget: &Budget,
) -> Result<SeriesCheck, Stop> {
    if !f.symbols().iter().all(|v| v == x) || !a.symbols().is_empty() {
        return Ok(SeriesCheck::Unchecked(
            "the expression has other symbols".into(),
        ));
    }
    let t = Expr::sym("t_");
    let poly = s.polynomial(&t);
    let mut rs: Vec<Q> = Vec::new();
    for j in 0..3 {
        let h = Expr::num(Q::new(1.into(), num_bigint::BigInt::from(2).pow(8 + 4 * j)));
        let fx = f.substitute(&BTreeMap::from([(x.to_string(), a.plus(&h))]));
        let sx = poly.substitute(&BTreeMap::from([("t_".to_string(), h.clone())]));
        let r = fx.minus(&sx).over(&h.pow_int(s.order));
        let bits = 64 + (s.order.unsigned_abs() as usize + 2) * (8 + 4 * j as usize) * 2;
        match eval(&r, &BTreeMap::new(), bits, budget) {
            Ok(v) => rs.push(v.lo_q().abs().max(v.hi_q().abs())),
            Err(EvalError::Stopped(st)) => return Err(st),
            Err(e) => return Ok(SeriesCheck::Unchecked(e.to_string())),
        }
    }
    let four = Q::from_integer(4.into());
    let bounded = |big: &Q, small: &Q| *big <= &four * small + &four;
    if bounded(&rs[1], &rs[0]) && bounded(&rs[2], &rs[1]) {
        Ok(SeriesCheck::Probable)
    } else {
        Err(Stop::CheckFailed(
            "the series remainder grows where it must shrink",
        ))
    }
}
