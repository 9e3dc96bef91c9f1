//! Sums Σₖ₌ₐᵇ f(k) from an antidifference F, F(k + 1) − F(k) = f(k):
//! the sum is F(b + 1) − F(a) (and F(∞) a limit). Antidifferences are
//! found for sums of c^k·p(k), c free of k (1 for a plain polynomial),
//! p a polynomial in k with coefficients free of k: F = k·q(k) for c = 1
//! (q of degree d by undetermined coefficients, solved from the top
//! degree down) and F = c^k·q(k) with c·q(k + 1) − q(k) = p(k) otherwise;
//! for telescoping rational functions; and for hypergeometric terms by
//! Gosper's algorithm ([`super::gosper`]). Every antidifference is
//! checked, F(k + 1) − F(k) − f(k) = 0 (for Gosper's, as the rational
//! identity behind it), before it is used.

use super::expand::{Halt, expand};
use super::limit::{Limit, Point, Side, limit};
use super::node::{Expr, Node};
use super::zero::{Sign, Verdict, is_zero, sign};
use crate::poly;
use crate::{Budget, Q, Stop};
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::collections::BTreeMap;

/// Largest degree in k handled.
const MAX_DEGREE: usize = 200;

/// A sum found and how its antidifference was checked.
#[derive(Debug, Clone, PartialEq)]
pub struct Found {
    pub value: Expr,
    pub antidifference: Expr,
    pub check: Verdict,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Sum {
    Value(Found),
    /// An infinite sum whose partial sums grow without bound (±∞).
    Diverges {
        to_plus: bool,
        antidifference: Expr,
    },
    Unknown(String),
}

/// Where the sum ends.
#[derive(Debug, Clone, PartialEq)]
pub enum Upper {
    At(Expr),
    Infinity,
}

/// Σₖ₌ₐᵇ f(k).
pub fn sum(f: &Expr, k: &str, a: &Expr, b: &Upper, budget: &Budget) -> Result<Sum, Stop> {
    let f = &falling_binomials(f, k);
    let (parts, check) = match antidifference_parts(f, k, budget)? {
        Some(parts) => {
            let big_f = Expr::add(parts.iter().map(|(_, p)| p.clone()).collect());
            let next = big_f.substitute(&BTreeMap::from([(
                k.to_string(),
                Expr::sym(k).plus(&Expr::one()),
            )]));
            let check = is_zero(&next.minus(&big_f).minus(f), budget)?;
            (parts, check)
        }
        None => match super::gosper::antidifference(f, k, budget)? {
            Some(t) => (
                vec![(Expr::one(), t)],
                Verdict::Proven {
                    how: "is 0: F = y·f with y(k + 1)·f(k + 1)/f(k) − y(k) = 1 an identity of rational functions (Gosper's algorithm; f(k + 1)/f(k) confirmed at integer points)",
                },
            ),
            None => {
                return Ok(Sum::Unknown(
                    "no antidifference found: the summand is not a sum of c^k times a polynomial in k, a telescoping rational function, or a hypergeometric term that Gosper's algorithm sums"
                        .into(),
                ));
            }
        },
    };
    let big_f = Expr::add(parts.iter().map(|(_, p)| p.clone()).collect());
    let at = |t: &Expr| big_f.substitute(&BTreeMap::from([(k.to_string(), t.clone())]));
    match check {
        Verdict::Disproven { .. } => {
            return Err(Stop::CheckFailed(
                "the antidifference does not difference back to the summand",
            ));
        }
        Verdict::Unknown { why } => {
            return Ok(Sum::Unknown(format!(
                "an antidifference was found but F(k + 1) − F(k) = f(k) could not be checked ({why})"
            )));
        }
        _ => {}
    }
    let lower = at(a);
    if lower.has_undefined() {
        return Ok(Sum::Unknown(
            "the antidifference is not defined at the lower bound".into(),
        ));
    }
    let value = match b {
        Upper::At(b) => at(&b.plus(&Expr::one())).minus(&lower),
        Upper::Infinity => {
            let n = "n_";
            // c^n·q(n) → 0 for a constant |c| < 1; |c| ≥ 1 is not summed.
            let mut rest = Vec::new();
            for (ratio, part) in &parts {
                if ratio.is_one() {
                    rest.push(part.clone());
                    continue;
                }
                let inside = ratio.symbols().is_empty()
                    && matches!(
                        sign(&Expr::one().minus(ratio), budget)?,
                        Ok(Sign::Positive { .. })
                    )
                    && matches!(
                        sign(&Expr::one().plus(ratio), budget)?,
                        Ok(Sign::Positive { .. })
                    );
                if !inside {
                    return Ok(Sum::Unknown(format!(
                        "a geometric part with ratio {} not shown to lie in (−1, 1)",
                        super::print::text(ratio)
                    )));
                }
            }
            let partial =
                Expr::add(rest).substitute(&BTreeMap::from([(k.to_string(), Expr::sym(n))]));
            match limit(&partial, n, &Point::PlusInfinity, Side::Both, budget)?.0 {
                Limit::Value(v) => v.minus(&lower),
                infinite @ (Limit::PlusInfinity | Limit::MinusInfinity) => {
                    return Ok(Sum::Diverges {
                        to_plus: infinite == Limit::PlusInfinity,
                        antidifference: big_f,
                    });
                }
                Limit::Differ { .. } => {
                    return Ok(Sum::Unknown("the partial sums do not converge".into()));
                }
                Limit::Unknown(why) => {
                    return Ok(Sum::Unknown(format!(
                        "the limit of the partial sums is undecided ({why})"
                    )));
                }
            }
        }
    };
    let mut value = super::simplify::simplify(&value, budget)?;
    if let Some(f) = super::rational::factor_rational(&value, budget)? {
        let product = f.product();
        if product.size() <= value.size() {
            value = product;
        }
    }
    Ok(Sum::Value(Found {
        value,
        antidifference: big_f,
        check,
    }))
}

/// binomial(u, m) for a constant integer m ≥ 0 and u holding k written
/// as the polynomial u(u − 1)…(u − m + 1)/m!, which the polynomial method
/// sums.
fn falling_binomials(e: &Expr, k: &str) -> Expr {
    let e = e.map_children(&mut |c| falling_binomials(c, k));
    if let Node::Fun(super::node::Func::Binomial, args) = e.node()
        && args[0].has_sym(k)
        && let Some(m) = args[1]
            .as_num()
            .filter(|m| m.is_integer() && !m.is_negative())
            .and_then(|m| m.to_integer().to_i64())
            .filter(|m| *m <= 50)
    {
        let mut p = Expr::one();
        for i in 0..m {
            p = p.times(&args[0].minus(&Expr::int(i)));
        }
        let fact = (1..=m).fold(Q::one(), |acc, i| acc * Q::from_integer(i.into()));
        return p.over(&Expr::num(fact));
    }
    e
}

/// An antidifference of f in k, or None when f is not a sum of
/// c^k·p(k) or a telescoping rational function.
pub fn antidifference(f: &Expr, k: &str, budget: &Budget) -> Result<Option<Expr>, Stop> {
    Ok(antidifference_parts(f, k, budget)?
        .map(|parts| Expr::add(parts.into_iter().map(|(_, p)| p).collect())))
}

/// The antidifference as parts c^k·q(k), each with its ratio c (1 for the
/// rational part).
fn antidifference_parts(
    f: &Expr,
    k: &str,
    budget: &Budget,
) -> Result<Option<Vec<(Expr, Expr)>>, Stop> {
    let expanded = match expand(f, budget) {
        Ok(e) => e,
        Err(Halt::Stopped(s)) => return Err(s),
        Err(Halt::TooBig) => return Ok(None),
    };
    if let Some(f) = rational_antidifference(f, k, budget)? {
        return Ok(Some(vec![(Expr::one(), f)]));
    }
    let terms = match expanded.node() {
        Node::Add(ts) => ts.clone(),
        _ => vec![expanded.clone()],
    };
    // ratio c → coefficients of p by degree.
    let mut groups: Vec<(Expr, BTreeMap<usize, Vec<Expr>>)> = Vec::new();
    for t in terms {
        budget.check()?;
        let Some((ratio, degree, coefficient)) = split_term(&t, k) else {
            return Ok(None);
        };
        let slot = match groups.iter().position(|(r, _)| *r == ratio) {
            Some(i) => i,
            None => {
                groups.push((ratio, BTreeMap::new()));
                groups.len() - 1
            }
        };
        groups[slot].1.entry(degree).or_default().push(coefficient);
    }
    let mut parts = Vec::new();
    let kk = Expr::sym(k);
    for (ratio, by_degree) in groups {
        let d = by_degree.keys().max().copied().unwrap_or(0);
        let p: Vec<Expr> = (0..=d)
            .map(|j| Expr::add(by_degree.get(&j).cloned().unwrap_or_default()))
            .collect();
        let q = if ratio.is_one() {
            polynomial_antidifference(&p, budget)?
        } else {
            geometric_antidifference(&ratio, &p, budget)?
        };
        let poly = Expr::add(
            q.iter()
                .enumerate()
                .map(|(j, c)| c.times(&kk.pow_int(j as i64)))
                .collect(),
        );
        let part = if ratio.is_one() {
            poly
        } else {
            Expr::pow(ratio.clone(), kk.clone()).times(&poly)
        };
        parts.push((ratio, part));
    }
    Ok(Some(parts))
}

/// Most consecutive terms a telescoping class may span.
const MAX_SHIFT: i64 = 1000;

/// A rational function of k over Q whose denominator splits into linear
/// factors and whose partial fractions telescope: the terms c/(k + r)ʲ
/// whose r differ by integers have coefficients summing to 0 for each j,
/// so Σ cᵢ/(k + s + mᵢ)ʲ has the antidifference
/// Σ cᵢ Σₜ₌₀^(mᵢ−1) 1/(k + s + t)ʲ (s the smallest r of the class). None
/// for a polynomial (the c^k method takes it), a factor of degree ≥ 2, or
/// a sum that needs harmonic numbers.
fn rational_antidifference(f: &Expr, k: &str, budget: &Budget) -> Result<Option<Expr>, Stop> {
    use super::rational::{from_poly, to_poly, together};
    if f.symbols() != [k] || f.any(&|s| matches!(s.node(), Node::Fun(..) | Node::Const(_))) {
        return Ok(None);
    }
    let Some((n, d)) = together(f, budget)? else {
        return Ok(None);
    };
    let (Some(n), Some(d)) = (to_poly(&n, k), to_poly(&d, k)) else {
        return Ok(None);
    };
    if d.len() <= 1 || d.len() > MAX_DEGREE {
        return Ok(None);
    }
    let (q, r) = poly::divrem(&n, &d);
    let (_, dz) = poly::to_primitive(&d);
    let factorization = poly::factor::factor(&dz, budget)?;
    // Roots −ρ of d with multiplicities; d = lead·∏(k + ρ)^e.
    let mut roots = Vec::new();
    for (p, e) in &factorization.factors {
        if p.len() != 2 {
            return Ok(None);
        }
        roots.push((Q::new(p[0].clone(), p[1].clone()), *e as usize));
    }
    // c[(ρ, j)] for c/(k + ρ)ʲ.
    let mut terms: Vec<(Q, usize, Q)> = Vec::new();
    for (rho, e) in &roots {
        budget.check()?;
        // Around k = −ρ + u: r/d = r(−ρ + u)/(d(−ρ + u)) with d = u^e·g(u).
        let shift = [-rho.clone(), Q::one()];
        let rs = poly::compose(&r, &shift, budget)?;
        let ds = poly::compose(&d, &shift, budget)?;
        let g: Vec<Q> = ds.iter().skip(*e).cloned().collect();
        let Some(g0) = g.first().cloned().filter(|g0| !g0.is_zero()) else {
            return Ok(None);
        };
        // Series of rs/g to u^(e−1): coefficient of u^m is c for j = e − m.
        let mut series: Vec<Q> = Vec::with_capacity(*e);
        for m in 0..*e {
            let mut acc = rs.get(m).cloned().unwrap_or_else(Q::zero);
            for t in 0..m {
                acc -= &series[t] * g.get(m - t).cloned().unwrap_or_else(Q::zero);
            }
            series.push(acc / &g0);
        }
        for (m, c) in series.into_iter().enumerate() {
            if !c.is_zero() {
                terms.push((rho.clone(), e - m, c));
            }
        }
    }
    // Classes: same j and ρ modulo the integers.
    let mut parts = vec![from_poly(&polynomial_q(&q), k)];
    let kk = Expr::sym(k);
    let mut done = vec![false; terms.len()];
    for i in 0..terms.len() {
        if done[i] {
            continue;
        }
        let (rho, j, _) = &terms[i];
        let class: Vec<usize> = (i..terms.len())
            .filter(|&t| !done[t] && terms[t].1 == *j && (&terms[t].0 - rho).is_integer())
            .collect();
        let total: Q = class.iter().map(|&t| terms[t].2.clone()).sum();
        if !total.is_zero() {
            return Ok(None);
        }
        let s0 = class
            .iter()
            .map(|&t| terms[t].0.clone())
            .min()
            .unwrap_or_else(Q::zero);
        for &t in &class {
            done[t] = true;
            let (rho, _, c) = &terms[t];
            let m = (rho - &s0).to_integer().to_i64().unwrap_or(i64::MAX);
            if m > MAX_SHIFT {
                return Ok(None);
            }
            for step in 0..m {
                let base = kk.plus(&Expr::num(&s0 + Q::from_integer(step.into())));
                parts.push(Expr::num(c.clone()).times(&base.pow_int(-(*j as i64))));
            }
        }
    }
    Ok(Some(Expr::add(parts)))
}

/// The antidifference of a polynomial over Q, as coefficients over Q.
fn polynomial_q(q: &[Q]) -> Vec<Q> {
    if q.is_empty() {
        return Vec::new();
    }
    let d = q.len() - 1;
    let mut c = vec![Q::zero(); d + 2];
    for m in (0..=d).rev() {
        let mut rest = q[m].clone();
        for (j, cj) in c.iter().enumerate().skip(m + 2) {
            rest -= binomial(j, m) * cj;
        }
        c[m + 1] = rest / Q::from_integer((m as i64 + 1).into());
    }
    c
}

/// A term as c^k·coefficient·k^degree with c and the coefficient free of k.
fn split_term(t: &Expr, k: &str) -> Option<(Expr, usize, Expr)> {
    let factors = match t.node() {
        Node::Mul(fs) => fs.clone(),
        _ => vec![t.clone()],
    };
    let (mut ratio, mut degree, mut coefficient) = (Expr::one(), 0usize, Vec::new());
    for f in factors {
        if !f.has_sym(k) {
            coefficient.push(f);
            continue;
        }
        if f.as_sym() == Some(k) {
            degree += 1;
            continue;
        }
        let Node::Pow(base, exponent) = f.node() else {
            return None;
        };
        if base.as_sym() == Some(k) {
            let n = exponent
                .as_num()
                .filter(|q| q.is_integer())?
                .to_integer()
                .to_usize()?;
            degree += n;
            continue;
        }
        if base.has_sym(k) {
            return None;
        }
        // base^(α·k + β) = (base^α)^k·base^β.
        let (alpha, beta) = linear_in(exponent, k)?;
        ratio = ratio.times(&Expr::pow(base.clone(), alpha));
        coefficient.push(Expr::pow(base.clone(), beta));
    }
    (degree <= MAX_DEGREE).then(|| (ratio, degree, Expr::mul(coefficient)))
}

/// e = α·k + β with α, β free of k.
pub fn linear_in(e: &Expr, k: &str) -> Option<(Expr, Expr)> {
    let terms = match e.node() {
        Node::Add(ts) => ts.clone(),
        _ => vec![e.clone()],
    };
    let (mut alpha, mut beta) = (Vec::new(), Vec::new());
    for t in terms {
        if !t.has_sym(k) {
            beta.push(t);
            continue;
        }
        let factors = match t.node() {
            Node::Mul(fs) => fs.clone(),
            _ => vec![t.clone()],
        };
        let (ks, rest): (Vec<Expr>, Vec<Expr>) = factors.into_iter().partition(|f| f.has_sym(k));
        if ks.len() != 1 || ks[0].as_sym() != Some(k) {
            return None;
        }
        alpha.push(Expr::mul(rest));
    }
    Some((Expr::add(alpha), Expr::add(beta)))
}

fn binomial(n: usize, m: usize) -> Q {
    let mut c = Q::one();
    for i in 0..m {
        c = c * Q::from_integer(((n - i) as i64).into()) / Q::from_integer(((i + 1) as i64).into());
    }
    c
}

/// F = Σⱼ cⱼ kʲ (j = 1..d + 1) with F(k + 1) − F(k) = p(k): the
/// coefficient of kᵐ gives c₍ₘ₊₁₎ from the higher ones.
fn polynomial_antidifference(p: &[Expr], budget: &Budget) -> Result<Vec<Expr>, Stop> {
    let d = p.len() - 1;
    let mut c = vec![Expr::zero(); d + 2];
    for m in (0..=d).rev() {
        budget.check()?;
        let mut rest = p[m].clone();
        for (j, cj) in c.iter().enumerate().skip(m + 2) {
            rest = rest.minus(&Expr::num(binomial(j, m)).times(cj));
        }
        c[m + 1] = tidy(&rest.over(&Expr::int(m as i64 + 1)), budget)?;
    }
    Ok(c)
}

/// q with r·q(k + 1) − q(k) = p(k), deg q = deg p (r ≠ 1):
/// qₘ(r − 1) + r·Σⱼ₍>ₘ₎ qⱼ C(j, m) = pₘ.
fn geometric_antidifference(r: &Expr, p: &[Expr], budget: &Budget) -> Result<Vec<Expr>, Stop> {
    let d = p.len() - 1;
    let mut q = vec![Expr::zero(); d + 1];
    let r_minus_one = r.minus(&Expr::one());
    for m in (0..=d).rev() {
        budget.check()?;
        let mut rest = p[m].clone();
        for (j, qj) in q.iter().enumerate().skip(m + 1) {
            rest = rest.minus(&r.times(&Expr::num(binomial(j, m))).times(qj));
        }
        q[m] = tidy(&rest.over(&r_minus_one), budget)?;
    }
    Ok(q)
}

fn tidy(e: &Expr, budget: &Budget) -> Result<Expr, Stop> {
    match super::rational::together(e, budget)? {
        Some((n, d)) => Ok(super::rational::quotient(&n, &d)),
        None => Ok(e.clone()),
    }
}
