//! Ordinary differential equations E(x, y, y′, …, y⁽ⁿ⁾) = 0 in closed
//! form. Every solution is substituted back — E at y(x) (or, for an
//! implicit solution Φ(x, y) = C, at y′ = −Φₓ/Φ_y) must vanish — and every
//! initial condition is evaluated, before it is returned.
//!
//! Methods, in this order:
//! - linear with constant rational coefficients: the roots of the
//!   characteristic polynomial p from its factors over Q (linear and
//!   quadratic factors; real roots give x^j·e^(rx), complex pairs
//!   x^j·e^(αx)·cos/sin(βx)), and for a forcing term P(x)·e^(ax)·cos/sin(bx)
//!   the particular solution Re(e^(λx)·u), λ = a + ib, with
//!   p(D + λ)u = P solved over Q(i) by undetermined coefficients (u gains
//!   a factor x^s when λ is a root of multiplicity s);
//! - first-order linear y′ + p·y = q: y = (∫μq + C)/μ, μ = e^(∫p);
//! - separable y′ = f(x)·g(y) (the factorization proven by
//!   h(x, y)·h(x₀, y₀) = h(x, y₀)·h(x₀, y)): ∫dy/g = ∫f dx + C, inverted
//!   for y where each step is exact;
//! - exact M + N·y′ = 0 with M_y = N_x: Φ = C with Φₓ = M, Φ_y = N.
//!
//! Constants fixed by initial conditions come from exact elimination with
//! pivots of certified sign.

use super::diff::derivative;
use super::expand::{Halt, expand};
use super::integrate::checked;
use super::node::{Constant, Expr, Func, Node};
use super::rational::{from_poly, to_poly, together};
use super::simplify::simplify;
use super::zero::{Sign, Verdict, is_zero, sign};
use crate::poly;
use crate::{Budget, Q, Stop};
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::collections::BTreeMap;

/// Highest order of a linear equation with constant coefficients.
pub const MAX_ORDER: usize = 12;
/// Highest degree of a polynomial in a forcing term.
const MAX_FORCING_DEGREE: usize = 40;

/// An equation E = 0 in `x` and the symbols `names[k]` standing for y⁽ᵏ⁾.
#[derive(Debug, Clone)]
pub struct Ode {
    pub equation: Expr,
    pub x: String,
    pub names: Vec<String>,
}

/// y⁽ᵏ⁾(at) = value.
#[derive(Debug, Clone)]
pub struct Condition {
    pub order: usize,
    pub at: Expr,
    pub value: Expr,
}

/// A solution: y = f(x), or Φ(x, y) = right (right holds the constant).
#[derive(Debug, Clone, PartialEq)]
pub enum Solution {
    Explicit(Expr),
    Implicit { left: Expr, right: Expr },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    ConstantCoefficients,
    FirstOrderLinear,
    Separable,
    Exact,
}

impl Method {
    pub fn describe(self) -> &'static str {
        match self {
            Method::ConstantCoefficients => {
                "linear with constant coefficients: roots of the characteristic polynomial, undetermined coefficients for the forcing terms"
            }
            Method::FirstOrderLinear => "first-order linear: integrating factor e^(∫p dx)",
            Method::Separable => "separable: ∫ dy/g(y) = ∫ f(x) dx + C",
            Method::Exact => "exact: a potential Φ with Φₓ = M and Φ_y = N, Φ = C",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Solved {
    pub solution: Solution,
    /// The arbitrary constants left in the solution.
    pub constants: Vec<String>,
    pub method: Method,
    /// Substitution into the equation, and each condition, combined.
    pub check: Verdict,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Solved(Solved),
    Unknown(String),
}

/// Solves `ode` with `conditions` (see the module).
pub fn solve(ode: &Ode, conditions: &[Condition], budget: &Budget) -> Result<Outcome, Stop> {
    let constants = constant_names(ode, conditions);
    if let Some((a, g)) = linear_parts(ode, budget)? {
        let order = a.len().saturating_sub(1);
        if order == 0 {
            return Ok(Outcome::Unknown(
                "the derivatives cancel: this is not a differential equation".into(),
            ));
        }
        let rational: Option<Vec<Q>> = a.iter().map(|c| c.as_num().cloned()).collect();
        if let Some(p) = rational {
            if order > MAX_ORDER {
                return Ok(Outcome::Unknown(format!(
                    "order {order}: constant-coefficient equations are solved up to order {MAX_ORDER}"
                )));
            }
            return match constant_coefficients(&p, &g, &ode.x, &constants[..order], budget)? {
                Ok(general) => finish(
                    ode,
                    conditions,
                    Candidate::explicit(general, &constants[..order]),
                    Method::ConstantCoefficients,
                    budget,
                ),
                Err(why) => Ok(Outcome::Unknown(why)),
            };
        }
        if order == 1 {
            return match first_order_linear(&a, &g, &ode.x, &constants[0], budget)? {
                Some(general) => finish(
                    ode,
                    conditions,
                    Candidate::explicit(general, &constants[..1]),
                    Method::FirstOrderLinear,
                    budget,
                ),
                None => Ok(Outcome::Unknown(
                    "first-order linear, but ∫p dx or ∫μ·q dx has no antiderivative this kernel finds"
                        .into(),
                )),
            };
        }
        return Ok(Outcome::Unknown(format!(
            "linear of order {order} with coefficients that vary with {}: not handled (only constant coefficients above order 1)",
            ode.x
        )));
    }
    if ode.names.len() != 2 {
        return Ok(Outcome::Unknown(
            "nonlinear of order above 1: not handled".into(),
        ));
    }
    let Some((m, n)) = affine_in_slope(ode, budget)? else {
        return Ok(Outcome::Unknown(
            "first order, but not of the form M(x, y) + N(x, y)·y′ = 0".into(),
        ));
    };
    if let Some(c) = separable(ode, &m, &n, &constants[0], budget)? {
        return finish(ode, conditions, c, Method::Separable, budget);
    }
    if let Some(c) = exact(ode, &m, &n, &constants[0], budget)? {
        return finish(ode, conditions, c, Method::Exact, budget);
    }
    Ok(Outcome::Unknown(
        "first order, neither linear, separable nor exact (no integrating factor is searched)"
            .into(),
    ))
}

/// E with y⁽ᵏ⁾ replaced by the k-th derivative of `y`.
pub fn residual(ode: &Ode, y: &Expr) -> Expr {
    let mut map = BTreeMap::new();
    let mut d = y.clone();
    for name in &ode.names {
        map.insert(name.clone(), d.clone());
        d = derivative(&d, &ode.x);
    }
    ode.equation.substitute(&map)
}

/// E with y′ = −Φₓ/Φ_y (first order): zero exactly when every level curve
/// Φ = C solves the equation.
pub fn implicit_residual(ode: &Ode, phi: &Expr) -> Option<Expr> {
    if ode.names.len() != 2 {
        return None;
    }
    let slope = derivative(phi, &ode.x)
        .neg()
        .over(&derivative(phi, &ode.names[0]));
    Some(
        ode.equation
            .substitute(&BTreeMap::from([(ode.names[1].clone(), slope)])),
    )
}

/// The verdict of the weaker of two checks.
pub fn weaker(a: Verdict, b: Verdict) -> Verdict {
    let rank = |v: &Verdict| match v {
        Verdict::Proven { .. } => 0,
        Verdict::Probable { .. } => 1,
        Verdict::Unknown { .. } => 2,
        Verdict::Disproven { .. } => 3,
    };
    if rank(&b) > rank(&a) { b } else { a }
}

/// c1, c2, … (or k1, … when c1 is taken).
fn constant_names(ode: &Ode, conditions: &[Condition]) -> Vec<String> {
    let mut taken = ode.equation.symbols();
    taken.push(ode.x.clone());
    for c in conditions {
        taken.extend(c.at.symbols());
        taken.extend(c.value.symbols());
    }
    let prefix = ["c", "k", "a", "b", "m"]
        .into_iter()
        .find(|p| !taken.iter().any(|t| t.starts_with(p)))
        .unwrap_or("c_");
    (1..=MAX_ORDER.max(ode.names.len()))
        .map(|k| format!("{prefix}{k}"))
        .collect()
}

/// E = Σ aₖ·y⁽ᵏ⁾ − g with every aₖ and g free of y and its derivatives
/// (proven), trailing zero coefficients dropped; None when E is not
/// linear.
fn linear_parts(ode: &Ode, budget: &Budget) -> Result<Option<(Vec<Expr>, Expr)>, Stop> {
    let zero: BTreeMap<String, Expr> = ode
        .names
        .iter()
        .map(|n| (n.clone(), Expr::zero()))
        .collect();
    let g = ode.equation.substitute(&zero).neg();
    if g.has_undefined() {
        return Ok(None);
    }
    let mut a = Vec::new();
    for name in &ode.names {
        let c = simplify(&derivative(&ode.equation, name), budget)?;
        if ode.names.iter().any(|n| c.has_sym(n)) || c.has_undefined() {
            return Ok(None);
        }
        a.push(c);
    }
    let rebuilt = Expr::add(
        a.iter()
            .zip(&ode.names)
            .map(|(c, n)| c.times(&Expr::sym(n)))
            .collect(),
    )
    .minus(&g);
    if !matches!(
        is_zero(&rebuilt.minus(&ode.equation), budget)?,
        Verdict::Proven { .. }
    ) {
        return Ok(None);
    }
    while a.last().is_some_and(Expr::is_zero) {
        a.pop();
    }
    Ok(Some((a, g)))
}

/// E = M(x, y) + N(x, y)·y′ (proven), N not 0.
fn affine_in_slope(ode: &Ode, budget: &Budget) -> Result<Option<(Expr, Expr)>, Stop> {
    let slope = &ode.names[1];
    let n = simplify(&derivative(&ode.equation, slope), budget)?;
    if n.has_sym(slope) || n.is_zero() || n.has_undefined() {
        return Ok(None);
    }
    let m = ode
        .equation
        .substitute(&BTreeMap::from([(slope.clone(), Expr::zero())]));
    if m.has_undefined() {
        return Ok(None);
    }
    let rebuilt = m.plus(&n.times(&Expr::sym(slope)));
    match is_zero(&rebuilt.minus(&ode.equation), budget)? {
        Verdict::Proven { .. } => Ok(Some((m, n))),
        _ => Ok(None),
    }
}

/// A solution found before conditions are applied: an explicit general
/// solution, or an implicit one Φ = C with how to solve Φ = value for y.
struct Candidate {
    general: Solution,
    constants: Vec<String>,
    /// For an implicit or separable solution: Φ(x, y) with Φ = C, and
    /// the explicit y for Φ = v when one was found (v a placeholder).
    potential: Option<Expr>,
    invert: Option<Box<dyn Fn(&Expr) -> Option<Expr>>>,
}

impl Candidate {
    fn explicit(general: Expr, constants: &[String]) -> Candidate {
        Candidate {
            general: Solution::Explicit(general),
            constants: constants.to_vec(),
            potential: None,
            invert: None,
        }
    }
}

/// Applies the conditions and checks the result.
fn finish(
    ode: &Ode,
    conditions: &[Condition],
    c: Candidate,
    method: Method,
    budget: &Budget,
) -> Result<Outcome, Stop> {
    let (solution, constants) = if conditions.is_empty() {
        (c.general.clone(), c.constants.clone())
    } else {
        match &c.general {
            Solution::Explicit(y) => match fix_linear(ode, y, &c.constants, conditions, budget)? {
                Some(Ok((y, free))) => (Solution::Explicit(y), free),
                Some(Err(why)) => return Ok(Outcome::Unknown(why)),
                None => match by_potential(ode, &c, conditions, budget)? {
                    Ok(s) => (s, Vec::new()),
                    Err(why) => return Ok(Outcome::Unknown(why)),
                },
            },
            Solution::Implicit { .. } => match by_potential(ode, &c, conditions, budget)? {
                Ok(s) => (s, Vec::new()),
                Err(why) => return Ok(Outcome::Unknown(why)),
            },
        }
    };
    let mut check = match &solution {
        Solution::Explicit(y) => is_zero(&residual(ode, y), budget)?,
        Solution::Implicit { left, .. } => match implicit_residual(ode, left) {
            Some(r) => is_zero(&r, budget)?,
            None => Verdict::Unknown {
                why: "implicit solution of a higher-order equation".into(),
            },
        },
    };
    for cond in conditions {
        check = weaker(check, condition_holds(ode, &solution, cond, budget)?);
    }
    match check {
        Verdict::Disproven { .. } => Err(Stop::CheckFailed(
            "a solution does not satisfy the equation or its conditions",
        )),
        Verdict::Unknown { why } => Ok(Outcome::Unknown(format!(
            "a candidate solution was found but could not be checked: {why}"
        ))),
        check => Ok(Outcome::Solved(Solved {
            solution,
            constants,
            method,
            check,
        })),
    }
}

/// y⁽ᵏ⁾(at) − value = 0, decided.
fn condition_holds(
    ode: &Ode,
    s: &Solution,
    c: &Condition,
    budget: &Budget,
) -> Result<Verdict, Stop> {
    let at = BTreeMap::from([(ode.x.clone(), c.at.clone())]);
    match s {
        Solution::Explicit(y) => {
            let mut d = y.clone();
            for _ in 0..c.order {
                d = derivative(&d, &ode.x);
            }
            is_zero(&d.substitute(&at).minus(&c.value), budget)
        }
        Solution::Implicit { left, right } if c.order == 0 => {
            let mut at = at;
            at.insert(ode.names[0].clone(), c.value.clone());
            is_zero(&left.substitute(&at).minus(right), budget)
        }
        Solution::Implicit { .. } => Ok(Verdict::Unknown {
            why: "a condition on a derivative of an implicit solution".into(),
        }),
    }
}

/// A solution with some constants fixed, and the constants left free.
type Fixed = (Expr, Vec<String>);

/// Constants fixed by conditions when y is affine in them: the linear
/// system solved by elimination. None when y is not affine in them.
fn fix_linear(
    ode: &Ode,
    y: &Expr,
    constants: &[String],
    conditions: &[Condition],
    budget: &Budget,
) -> Result<Option<Result<Fixed, String>>, Stop> {
    let zero: BTreeMap<String, Expr> = constants
        .iter()
        .map(|c| (c.clone(), Expr::zero()))
        .collect();
    let mut rows: Vec<Vec<Expr>> = Vec::new();
    for cond in conditions {
        let mut d = y.clone();
        for _ in 0..cond.order {
            d = derivative(&d, &ode.x);
        }
        let value = d.substitute(&BTreeMap::from([(ode.x.clone(), cond.at.clone())]));
        let mut row = Vec::new();
        for c in constants {
            let coefficient = simplify(&derivative(&value, c), budget)?;
            if constants.iter().any(|k| coefficient.has_sym(k)) {
                return Ok(None);
            }
            if coefficient.has_undefined() {
                return Ok(Some(Err(format!(
                    "the solution or its derivative is undefined at {}",
                    super::print::text(&cond.at)
                ))));
            }
            row.push(coefficient);
        }
        row.push(simplify(
            &cond.value.minus(&value.substitute(&zero)),
            budget,
        )?);
        rows.push(row);
    }
    let n = constants.len();
    let mut pivots: Vec<(usize, usize)> = Vec::new();
    let mut used = vec![false; rows.len()];
    for col in 0..n {
        budget.check()?;
        let mut pivot = None;
        for (r, row) in rows.iter().enumerate() {
            if used[r] {
                continue;
            }
            match sign(&row[col], budget)? {
                Ok(Sign::Positive { .. } | Sign::Negative { .. }) => {
                    pivot = Some(r);
                    break;
                }
                Ok(Sign::Zero { .. }) => {}
                _ => {
                    return Ok(Some(Err(
                        "a coefficient of the conditions' linear system has no certified sign"
                            .into(),
                    )));
                }
            }
        }
        let Some(p) = pivot else { continue };
        used[p] = true;
        pivots.push((p, col));
        let prow = rows[p].clone();
        for (r, row) in rows.iter_mut().enumerate() {
            if r == p || row[col].is_zero() {
                continue;
            }
            let factor = row[col].over(&prow[col]);
            for j in 0..=n {
                row[j] = simplify(&row[j].minus(&factor.times(&prow[j])), budget)?;
            }
        }
    }
    for (r, row) in rows.iter().enumerate() {
        if used[r] {
            continue;
        }
        match sign(&row[n], budget)? {
            Ok(Sign::Zero { .. }) => {}
            Ok(Sign::Positive { .. } | Sign::Negative { .. }) => {
                return Ok(Some(Err(
                    "the conditions contradict each other: no solution satisfies them all".into(),
                )));
            }
            _ => {
                return Ok(Some(Err(
                    "the conditions could not be shown consistent".into()
                )));
            }
        }
    }
    let mut values = BTreeMap::new();
    for &(r, col) in &pivots {
        let row = &rows[r];
        let mut v = row[n].clone();
        for (j, c) in constants.iter().enumerate() {
            if j != col && !pivots.iter().any(|&(_, pc)| pc == j) {
                v = v.minus(&row[j].times(&Expr::sym(c)));
            }
        }
        values.insert(
            constants[col].clone(),
            simplify(&v.over(&row[col]), budget)?,
        );
    }
    let free = constants
        .iter()
        .filter(|c| !values.contains_key(*c))
        .cloned()
        .collect();
    Ok(Some(Ok((simplify(&y.substitute(&values), budget)?, free))))
}

/// One condition y(x₀) = v on a solution with a potential Φ = C:
/// C = Φ(x₀, v), then y solved from Φ = C when the inversion exists.
fn by_potential(
    ode: &Ode,
    c: &Candidate,
    conditions: &[Condition],
    budget: &Budget,
) -> Result<Result<Solution, String>, Stop> {
    let Some(phi) = &c.potential else {
        return Ok(Err(
            "the constants enter the solution nonlinearly and no potential is known".into(),
        ));
    };
    let [cond] = conditions else {
        return Ok(Err("a first-order equation takes one condition".into()));
    };
    if cond.order != 0 {
        return Ok(Err(
            "a first-order equation takes a condition on y itself, y(x₀) = v".into(),
        ));
    }
    let at = BTreeMap::from([
        (ode.x.clone(), cond.at.clone()),
        (ode.names[0].clone(), cond.value.clone()),
    ]);
    let value = simplify(&phi.substitute(&at), budget)?;
    if value.has_undefined() {
        return Ok(Err("the potential is undefined at the initial point".into()));
    }
    if let Some(invert) = &c.invert
        && let Some(y) = invert(&value)
    {
        let y = simplify(&y, budget)?;
        if !y.has_undefined()
            && matches!(
                is_zero(&residual(ode, &y), budget)?,
                Verdict::Proven { .. } | Verdict::Probable { .. }
            )
        {
            return Ok(Ok(Solution::Explicit(y)));
        }
    }
    Ok(Ok(Solution::Implicit {
        left: phi.clone(),
        right: value,
    }))
}

// ---------------------------------------------------------------------
// Constant coefficients.

/// Gaussian rationals re + i·im.
#[derive(Debug, Clone, PartialEq)]
struct Gq {
    re: Q,
    im: Q,
}

impl Gq {
    fn real(re: Q) -> Gq {
        Gq { re, im: Q::zero() }
    }

    fn is_zero(&self) -> bool {
        self.re.is_zero() && self.im.is_zero()
    }

    fn add(&self, o: &Gq) -> Gq {
        Gq {
            re: &self.re + &o.re,
            im: &self.im + &o.im,
        }
    }

    fn sub(&self, o: &Gq) -> Gq {
        Gq {
            re: &self.re - &o.re,
            im: &self.im - &o.im,
        }
    }

    fn mul(&self, o: &Gq) -> Gq {
        Gq {
            re: &self.re * &o.re - &self.im * &o.im,
            im: &self.re * &o.im + &self.im * &o.re,
        }
    }

    fn scale(&self, q: &Q) -> Gq {
        Gq {
            re: &self.re * q,
            im: &self.im * q,
        }
    }

    /// self / o, o ≠ 0.
    fn div(&self, o: &Gq) -> Gq {
        let norm = &o.re * &o.re + &o.im * &o.im;
        let conj = Gq {
            re: o.re.clone(),
            im: -o.im.clone(),
        };
        self.mul(&conj).scale(&(Q::one() / norm))
    }
}

fn q(n: usize) -> Q {
    Q::from_integer((n as i64).into())
}

/// The general solution Σ cᵢ·yᵢ + y_p of Σ pₖ y⁽ᵏ⁾ = g.
fn constant_coefficients(
    p: &[Q],
    g: &Expr,
    x: &str,
    constants: &[String],
    budget: &Budget,
) -> Result<Result<Expr, String>, Stop> {
    let basis = match homogeneous_basis(p, x, budget)? {
        Ok(b) => b,
        Err(why) => return Ok(Err(why)),
    };
    let particular = if g.is_zero() {
        Expr::zero()
    } else {
        match particular(p, g, x, budget)? {
            Ok(y) => y,
            Err(why) => return Ok(Err(why)),
        }
    };
    let homogeneous = Expr::add(
        basis
            .iter()
            .zip(constants)
            .map(|(b, c)| Expr::sym(c).times(b))
            .collect(),
    );
    Ok(Ok(homogeneous.plus(&particular)))
}

/// n independent solutions of the homogeneous equation, from the
/// irreducible factors of p over Q.
fn homogeneous_basis(p: &[Q], x: &str, budget: &Budget) -> Result<Result<Vec<Expr>, String>, Stop> {
    let (_, primitive) = poly::to_primitive(p);
    let factors = poly::factor::factor(&primitive, budget)?;
    let xs = Expr::sym(x);
    let mut basis = Vec::new();
    for (f, m) in &factors.factors {
        let f = poly::from_z(f);
        let powers = |e: Expr, basis: &mut Vec<Expr>| {
            for j in 0..*m {
                basis.push(xs.pow_int(i64::from(j)).times(&e));
            }
        };
        match f.len() {
            2 => {
                let root = -&f[0] / &f[1];
                powers(Expr::exp(Expr::num(root).times(&xs)), &mut basis);
            }
            3 => {
                let (a, b, c) = (&f[2], &f[1], &f[0]);
                let disc = b * b - q(4) * a * c;
                let alpha = Expr::num(-b / (q(2) * a));
                let half = Expr::num(Q::one() / (q(2) * a).abs());
                let s = Expr::sqrt(Expr::num(disc.abs())).times(&half);
                if disc.is_positive() {
                    for r in [alpha.plus(&s), alpha.minus(&s)] {
                        powers(Expr::exp(r.times(&xs)), &mut basis);
                    }
                } else {
                    let e = Expr::exp(alpha.times(&xs));
                    let bx = s.times(&xs);
                    powers(e.times(&Expr::cos(bx.clone())), &mut basis);
                    powers(e.times(&Expr::sin(bx)), &mut basis);
                }
            }
            d => {
                return Ok(Err(format!(
                    "the characteristic polynomial has an irreducible factor of degree {} over Q; its roots are not written in closed form here",
                    d - 1
                )));
            }
        }
    }
    Ok(Ok(basis))
}

/// One forcing group e^(ax)·(C(x)·cos(bx) + S(x)·sin(bx)), b ≥ 0.
#[derive(Default)]
struct Forcing {
    cos: Vec<Q>,
    sin: Vec<Q>,
}

/// g as Σ groups keyed by (a, b); None when a term is not
/// c·x^k·e^(ax)·cos/sin(bx) with rational c, a, b.
fn forcing_terms(
    g: &Expr,
    x: &str,
    budget: &Budget,
) -> Result<Option<BTreeMap<(Q, Q), Forcing>>, Stop> {
    let expanded = match expand(g, budget) {
        Ok(e) => e,
        Err(Halt::Stopped(s)) => return Err(s),
        Err(Halt::TooBig) => return Ok(None),
    };
    let terms = match expanded.node() {
        Node::Add(ts) => ts.clone(),
        _ => vec![expanded.clone()],
    };
    let mut groups: BTreeMap<(Q, Q), Forcing> = BTreeMap::new();
    for t in terms {
        let (mut c, rest) = t.coefficient_and_rest();
        let factors = match rest.node() {
            Node::Mul(fs) => fs.clone(),
            _ if rest.is_one() => Vec::new(),
            _ => vec![rest.clone()],
        };
        let (mut degree, mut a, mut b, mut trig) = (0usize, Q::zero(), Q::zero(), None);
        for f in factors {
            match f.node() {
                Node::Sym(s) if &**s == x => degree += 1,
                Node::Pow(base, k) if base.as_sym() == Some(x) => {
                    let Some(k) = k.as_num().filter(|k| k.is_integer() && k.is_positive()) else {
                        return Ok(None);
                    };
                    degree += k.to_integer().to_usize().unwrap_or(usize::MAX);
                }
                Node::Pow(base, l) if matches!(base.node(), Node::Const(Constant::E)) => {
                    let Some(r) = rational_multiple(l, x) else {
                        return Ok(None);
                    };
                    a += r;
                }
                Node::Fun(fun @ (Func::Sin | Func::Cos), args) if trig.is_none() => {
                    let Some(r) = rational_multiple(&args[0], x) else {
                        return Ok(None);
                    };
                    let odd = *fun == Func::Sin && r.is_negative();
                    if odd {
                        c = -c;
                    }
                    b = r.abs();
                    trig = Some(*fun);
                }
                _ => return Ok(None),
            }
        }
        if degree > MAX_FORCING_DEGREE {
            return Ok(None);
        }
        let group = groups.entry((a, b)).or_default();
        let target = if trig == Some(Func::Sin) {
            &mut group.sin
        } else {
            &mut group.cos
        };
        if target.len() <= degree {
            target.resize(degree + 1, Q::zero());
        }
        target[degree] += c;
    }
    Ok(Some(groups))
}

/// r with e = r·x, r rational.
fn rational_multiple(e: &Expr, x: &str) -> Option<Q> {
    if e.as_sym() == Some(x) {
        return Some(Q::one());
    }
    let (c, rest) = e.coefficient_and_rest();
    (rest.as_sym() == Some(x)).then_some(c)
}

/// A particular solution for the forcing g.
fn particular(p: &[Q], g: &Expr, x: &str, budget: &Budget) -> Result<Result<Expr, String>, Stop> {
    let Some(groups) = forcing_terms(g, x, budget)? else {
        return Ok(Err(
            "the right-hand side is not a sum of c·x^k·e^(ax)·cos(bx) or sin(bx) terms with rational a, b, c (undetermined coefficients need that form)"
                .into(),
        ));
    };
    let xs = Expr::sym(x);
    let mut parts = Vec::new();
    for ((a, b), f) in groups {
        budget.check()?;
        let lambda = Gq {
            re: a.clone(),
            im: b.clone(),
        };
        let d = f.cos.len().max(f.sin.len());
        let rhs: Vec<Gq> = (0..d)
            .map(|m| Gq {
                re: f.cos.get(m).cloned().unwrap_or_default(),
                im: -f.sin.get(m).cloned().unwrap_or_default(),
            })
            .collect();
        let u = shifted_solve(p, &lambda, &rhs, budget)?;
        let re: Vec<Q> = u.iter().map(|c| c.re.clone()).collect();
        let im: Vec<Q> = u.iter().map(|c| c.im.clone()).collect();
        let bx = Expr::num(b.clone()).times(&xs);
        let trig = if b.is_zero() {
            from_poly(&re, x)
        } else {
            from_poly(&re, x)
                .times(&Expr::cos(bx.clone()))
                .minus(&from_poly(&im, x).times(&Expr::sin(bx)))
        };
        parts.push(Expr::exp(Expr::num(a).times(&xs)).times(&trig));
    }
    Ok(Ok(Expr::add(parts)))
}

/// The polynomial u with p(D + λ)u = P: with cₖ = p⁽ᵏ⁾(λ)/k! and s the
/// first k with cₖ ≠ 0, v = u⁽ˢ⁾ solves Σₖ cₛ₊ₖ v⁽ᵏ⁾ = P (triangular on
/// coefficients, from the top degree down) and u is v integrated s times.
fn shifted_solve(p: &[Q], lambda: &Gq, rhs: &[Gq], budget: &Budget) -> Result<Vec<Gq>, Stop> {
    let n = p.len() - 1;
    let mut powers = vec![Gq::real(Q::one())];
    for _ in 0..n {
        let last = powers[powers.len() - 1].mul(lambda);
        powers.push(last);
    }
    let binomial = |j: usize, k: usize| -> Q {
        let mut c = Q::one();
        for i in 0..k {
            c = c * q(j - i) / q(i + 1);
        }
        c
    };
    let c: Vec<Gq> = (0..=n)
        .map(|k| {
            (k..=n).fold(Gq::real(Q::zero()), |acc, j| {
                acc.add(&powers[j - k].scale(&(&p[j] * binomial(j, k))))
            })
        })
        .collect();
    // c[n] = p[n] ≠ 0, so s ≤ n.
    let s = c.iter().position(|ck| !ck.is_zero()).unwrap_or(n);
    let d = rhs.len();
    let mut v = vec![Gq::real(Q::zero()); d];
    for m in (0..d).rev() {
        budget.check()?;
        let mut acc = rhs[m].clone();
        for j in 1..d - m {
            if s + j > n {
                break;
            }
            // The coefficient of x^m in v^(j) is (m + j)!/m! · v_{m+j}.
            let falling = (1..=j).fold(Q::one(), |f, i| f * q(m + i));
            acc = acc.sub(&c[s + j].mul(&v[m + j]).scale(&falling));
        }
        v[m] = acc.div(&c[s]);
    }
    let mut u = vec![Gq::real(Q::zero()); d + s];
    for (m, vm) in v.into_iter().enumerate() {
        let rising = (1..=s).fold(Q::one(), |f, i| f * q(m + i));
        u[m + s] = vm.scale(&(Q::one() / rising));
    }
    Ok(u)
}

// ---------------------------------------------------------------------
// First order.

/// a₁y′ + a₀y = g: y = (∫μq dx + c)/μ with μ = e^(∫p), p = a₀/a₁,
/// q = g/a₁.
fn first_order_linear(
    a: &[Expr],
    g: &Expr,
    x: &str,
    constant: &str,
    budget: &Budget,
) -> Result<Option<Expr>, Stop> {
    let p = simplify(&a[0].over(&a[1]), budget)?;
    let q = simplify(&g.over(&a[1]), budget)?;
    let Some(big_p) = integral(&p, x, budget)? else {
        return Ok(None);
    };
    let mu = simplify(&Expr::exp(big_p), budget)?;
    let Some(i) = integral(&simplify(&mu.times(&q), budget)?, x, budget)? else {
        return Ok(None);
    };
    let homogeneous = Expr::sym(constant).times(&simplify(&mu.recip(), budget)?);
    Ok(Some(homogeneous.plus(&simplify(&i.over(&mu), budget)?)))
}

/// ∫ f dx when found and its check is not unknown.
fn integral(f: &Expr, x: &str, budget: &Budget) -> Result<Option<Expr>, Stop> {
    if f.is_zero() {
        return Ok(Some(Expr::zero()));
    }
    Ok(checked(f, x, budget)?
        .filter(|a| matches!(a.check, Verdict::Proven { .. } | Verdict::Probable { .. }))
        .map(|a| a.result))
}

/// Sample points for separating variables.
fn samples() -> Vec<Q> {
    [
        (1, 1),
        (2, 1),
        (1, 2),
        (3, 1),
        (-1, 1),
        (1, 3),
        (5, 2),
        (-2, 1),
    ]
    .into_iter()
    .map(|(n, d)| Q::new(n.into(), d.into()))
    .collect()
}

/// y′ = h(x, y) = f(x)·g(y): G(y) = ∫dy/g, F(x) = ∫f dx, G(y) − F(x) = C,
/// and y = G⁻¹(F + C) when each step of the inversion is exact.
fn separable(
    ode: &Ode,
    m: &Expr,
    n: &Expr,
    constant: &str,
    budget: &Budget,
) -> Result<Option<Candidate>, Stop> {
    let (x, y) = (&ode.x, &ode.names[0]);
    let h = simplify(&m.neg().over(n), budget)?;
    let at = |e: &Expr, v: &str, q: &Q| {
        e.substitute(&BTreeMap::from([(v.to_string(), Expr::num(q.clone()))]))
    };
    let mut base = None;
    'search: for x0 in samples() {
        for y0 in samples() {
            let h00 = at(&at(&h, x, &x0), y, &y0);
            if h00.has_undefined() {
                continue;
            }
            if let Ok(Sign::Positive { .. } | Sign::Negative { .. }) = sign(&h00, budget)? {
                base = Some((x0, y0, h00));
                break 'search;
            }
        }
    }
    let Some((x0, y0, h00)) = base else {
        return Ok(None);
    };
    let f = simplify(&at(&h, y, &y0).over(&h00), budget)?;
    let g = simplify(&at(&h, x, &x0), budget)?;
    let split = h.times(&h00).minus(&at(&h, y, &y0).times(&at(&h, x, &x0)));
    if !matches!(is_zero(&split, budget)?, Verdict::Proven { .. }) || f.has_sym(y) || g.has_sym(x) {
        return Ok(None);
    }
    let (Some(big_g), Some(big_f)) = (
        integral(&simplify(&g.recip(), budget)?, y, budget)?,
        integral(&f, x, budget)?,
    ) else {
        return Ok(None);
    };
    let phi = big_g.minus(&big_f);
    let c = Expr::sym(constant);
    let general = match inverted(&big_g, y, Side::Plus(big_f.clone())) {
        Some(side) => {
            let named = BTreeMap::from([("c__".to_string(), c.clone())]);
            let candidate = simplify(&side.finish(&placeholder()).substitute(&named), budget)?;
            let ok = !candidate.has_undefined()
                && matches!(
                    is_zero(&residual(ode, &candidate), budget)?,
                    Verdict::Proven { .. } | Verdict::Probable { .. }
                );
            ok.then_some(Solution::Explicit(candidate))
        }
        None => None,
    }
    .unwrap_or(Solution::Implicit {
        left: phi.clone(),
        right: c,
    });
    let (gg, ff, yy) = (big_g.clone(), big_f.clone(), y.clone());
    Ok(Some(Candidate {
        general,
        constants: vec![constant.to_string()],
        potential: Some(phi),
        invert: Some(Box::new(move |value: &Expr| {
            inverted(&gg, &yy, Side::Fixed(ff.plus(value))).map(|s| s.finish(&Expr::zero()))
        })),
    }))
}

/// The right side of G(y) = F(x) + C as the inversion goes: A + C, K·A
/// (the constant rescaled), or a fixed expression.
enum Side {
    Plus(Expr),
    Times(Expr),
    Fixed(Expr),
}

impl Side {
    fn finish(self, c: &Expr) -> Expr {
        match self {
            Side::Plus(a) => a.plus(c),
            Side::Times(a) => c.times(&a),
            Side::Fixed(v) => v,
        }
    }

    fn map(self, c: &Expr, f: impl Fn(Expr) -> Expr) -> Side {
        Side::Fixed(f(self.finish(c)))
    }
}

/// The placeholder constant inside an inversion.
fn placeholder() -> Expr {
    Expr::sym("c__")
}

/// Solves g(y) = side for y, one exact step at a time; the constant
/// stays a placeholder until [`Side::finish`].
fn inverted(g: &Expr, y: &str, side: Side) -> Option<Side> {
    let c = placeholder();
    if g.as_sym() == Some(y) {
        return Some(side);
    }
    match g.node() {
        Node::Add(ts) => {
            let (with, without): (Vec<Expr>, Vec<Expr>) =
                ts.iter().cloned().partition(|t| t.has_sym(y));
            let b = Expr::add(without);
            if with.len() == 1 {
                let side = match side {
                    Side::Plus(a) => Side::Plus(a.minus(&b)),
                    other => other.map(&c, |v| v.minus(&b)),
                };
                return inverted(&with[0], y, side);
            }
            logs_combined(&with, y, side, &b)
        }
        Node::Mul(_) => {
            let (k, rest) = g.coefficient_and_rest();
            if !k.is_one() && rest.has_sym(y) {
                let k = Expr::num(k);
                let side = match side {
                    Side::Plus(a) => Side::Plus(a.over(&k)),
                    Side::Times(a) => Side::Times(a.over(&k)),
                    Side::Fixed(v) => Side::Fixed(v.over(&k)),
                };
                return inverted(&rest, y, side);
            }
            mobius(g, y, side)
        }
        Node::Pow(base, k) if matches!(base.node(), Node::Const(Constant::E)) => {
            let side = match side {
                Side::Times(a) => Side::Plus(Expr::log(a)),
                other => other.map(&c, Expr::log),
            };
            inverted(k, y, side)
        }
        Node::Pow(base, k) if !k.has_sym(y) => {
            let inverse = k.recip();
            let side = match side {
                Side::Times(a) => Side::Times(Expr::pow(a, inverse)),
                other => other.map(&c, |v| Expr::pow(v, inverse.clone())),
            };
            inverted(base, y, side)
        }
        Node::Fun(Func::Log, args) => {
            let side = match side {
                Side::Plus(a) => Side::Times(Expr::exp(a)),
                other => other.map(&c, Expr::exp),
            };
            inverted(&args[0], y, side)
        }
        Node::Fun(f, args) => {
            let inverse = match f {
                Func::Atan => Func::Tan,
                Func::Tan => Func::Atan,
                Func::Asin => Func::Sin,
                Func::Asinh => Func::Sinh,
                Func::Sinh => Func::Asinh,
                Func::Atanh => Func::Tanh,
                Func::Tanh => Func::Atanh,
                _ => return None,
            };
            inverted(&args[0], y, side.map(&c, |v| Expr::fun(inverse, vec![v])))
        }
        _ => mobius(g, y, side),
    }
}

/// Σ cᵢ·log(uᵢ) = side − b with every cᵢ = ±c: log(∏ uᵢ^(±1)) = (side − b)/c,
/// then the product solved as a Möbius function of y.
fn logs_combined(terms: &[Expr], y: &str, side: Side, b: &Expr) -> Option<Side> {
    let c0 = terms.first()?.coefficient_and_rest().0;
    let mut product = Vec::new();
    for t in terms {
        let (k, rest) = t.coefficient_and_rest();
        let Node::Fun(Func::Log, args) = rest.node() else {
            return None;
        };
        if k == c0 {
            product.push(args[0].clone());
        } else if k == -c0.clone() {
            product.push(args[0].recip());
        } else {
            return None;
        }
    }
    let c = placeholder();
    let k = Expr::num(c0);
    let side = match side {
        Side::Plus(a) => Side::Plus(a.minus(b).over(&k)),
        other => other.map(&c, |v| v.minus(b).over(&k)),
    };
    let side = match side {
        Side::Plus(a) => Side::Times(Expr::exp(a)),
        other => other.map(&c, Expr::exp),
    };
    mobius(&Expr::mul(product), y, side)
}

/// (αy + β)/(γy + δ) = side (rational α … δ): y = (β − δ·s)/(γ·s − α).
fn mobius(g: &Expr, y: &str, side: Side) -> Option<Side> {
    let budget = Budget::unlimited();
    let (n, d) = together(g, &budget).ok()??;
    let (n, d) = (to_poly(&n, y)?, to_poly(&d, y)?);
    if n.len() > 2 || d.len() > 2 {
        return None;
    }
    let coefficient = |p: &[Q], k: usize| Expr::num(p.get(k).cloned().unwrap_or_default());
    let (alpha, beta, gamma, delta) = (
        coefficient(&n, 1),
        coefficient(&n, 0),
        coefficient(&d, 1),
        coefficient(&d, 0),
    );
    let solve = |s: Expr| {
        beta.minus(&delta.times(&s))
            .over(&gamma.times(&s).minus(&alpha))
    };
    Some(match side {
        // y = K·A only when the map is y ↦ y/δ·… linear through 0.
        Side::Times(a) if beta.is_zero() && gamma.is_zero() => {
            Side::Times(a.times(&delta).over(&alpha))
        }
        other => other.map(&placeholder(), solve),
    })
}

/// M + N·y′ = 0 with M_y = N_x: Φ = ∫M dx + ∫(N − ∂_y∫M dx) dy.
fn exact(
    ode: &Ode,
    m: &Expr,
    n: &Expr,
    constant: &str,
    budget: &Budget,
) -> Result<Option<Candidate>, Stop> {
    let (x, y) = (&ode.x, &ode.names[0]);
    let closed = derivative(m, y).minus(&derivative(n, x));
    if !matches!(is_zero(&closed, budget)?, Verdict::Proven { .. }) {
        return Ok(None);
    }
    let Some(along_x) = integral(m, x, budget)? else {
        return Ok(None);
    };
    let rest = simplify(&n.minus(&derivative(&along_x, y)), budget)?;
    if rest.has_sym(x) {
        return Ok(None);
    }
    let Some(along_y) = integral(&rest, y, budget)? else {
        return Ok(None);
    };
    let phi = simplify(&along_x.plus(&along_y), budget)?;
    Ok(Some(Candidate {
        general: Solution::Implicit {
            left: phi.clone(),
            right: Expr::sym(constant),
        },
        constants: vec![constant.to_string()],
        potential: Some(phi),
        invert: None,
    }))
}
