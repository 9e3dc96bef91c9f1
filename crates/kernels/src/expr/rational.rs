//! Expressions as rational functions: conversion to and from dense
//! polynomials in one symbol, the reduced form N/D over a common
//! denominator (common factors cancelled by the exact polynomial gcd when
//! N and D are polynomials in one symbol), and factorization over Q.

use super::expand::{Halt, expand};
use super::node::{Expr, Node};
use super::zero::rational_form;
use crate::poly::{self, QPoly, zx};
use crate::{Budget, Q, Stop};
use num_traits::{One, Signed, ToPrimitive, Zero};

/// The polynomial in `x` an (already expanded) expression is, when it is
/// one with rational coefficients.
pub fn to_poly(e: &Expr, x: &str) -> Option<QPoly> {
    let terms = match e.node() {
        Node::Add(ts) => ts.clone(),
        _ => vec![e.clone()],
    };
    let mut out: QPoly = Vec::new();
    for t in terms {
        let (c, rest) = t.coefficient_and_rest();
        let k = if rest.is_one() {
            0
        } else if rest.as_sym() == Some(x) {
            1
        } else {
            match rest.node() {
                Node::Pow(b, k) if b.as_sym() == Some(x) => {
                    let k = k.as_num().filter(|q| q.is_integer())?;
                    k.to_integer().to_usize()?
                }
                _ => return None,
            }
        };
        if k > 100_000 {
            return None;
        }
        if out.len() <= k {
            out.resize(k + 1, Q::zero());
        }
        out[k] += c;
    }
    Some(poly::trim(out))
}

/// The polynomial over `vars` an expression is, read without expanding
/// it into an Expr (sums, products, numbers, the symbols, non-negative
/// integer powers); None when it is not one or a symbol is not in `vars`.
pub fn to_sparse(
    e: &Expr,
    vars: &[String],
    work: &mut crate::poly::sparse::Work,
) -> Option<crate::poly::sparse::Sparse> {
    use crate::poly::sparse::Sparse;
    Some(match e.node() {
        Node::Num(q) => Sparse::constant(vars, q.clone()),
        Node::Sym(x) => Sparse::variable(vars, vars.iter().position(|v| v.as_str() == &**x)?),
        Node::Add(ts) => {
            let mut acc = Sparse::zero(vars);
            for t in ts {
                acc = acc.add(&to_sparse(t, vars, work)?);
            }
            acc
        }
        Node::Mul(fs) => {
            let mut acc = Sparse::constant(vars, Q::one());
            for f in fs {
                acc = acc.mul(&to_sparse(f, vars, work)?, work).ok()?;
            }
            acc
        }
        Node::Pow(b, k) => {
            let k = k.as_num().filter(|q| q.is_integer() && !q.is_negative())?;
            let k = k.to_integer().to_u32()?;
            to_sparse(b, vars, work)?.pow(k, work).ok()?
        }
        _ => return None,
    })
}

/// The expression of a polynomial in `x`.
pub fn from_poly(p: &[Q], x: &str) -> Expr {
    let x = Expr::sym(x);
    Expr::add(
        p.iter()
            .enumerate()
            .filter(|(_, c)| !c.is_zero())
            .map(|(k, c)| Expr::num(c.clone()).times(&x.pow_int(k as i64)))
            .collect(),
    )
}

/// The only symbol of `e`, when it has exactly one and no other atom
/// (no function or non-integer power).
fn sole_symbol(e: &Expr) -> Option<String> {
    let syms = e.symbols();
    if syms.len() != 1 {
        return None;
    }
    let atomic = !e.any(&|s| match s.node() {
        Node::Fun(..) | Node::Const(_) => true,
        Node::Pow(_, k) => !k.as_num().is_some_and(Q::is_integer),
        _ => false,
    });
    atomic.then(|| syms[0].clone())
}

fn halt(h: Halt) -> Result<Option<(Expr, Expr)>, Stop> {
    match h {
        Halt::Stopped(s) => Err(s),
        Halt::TooBig => Ok(None),
    }
}

/// e as N/D over a common denominator, both expanded, D with a positive
/// leading coefficient and the common factors cancelled when both are
/// polynomials in one symbol. None when the expansion is too large.
pub fn together(e: &Expr, budget: &Budget) -> Result<Option<(Expr, Expr)>, Stop> {
    let (n, d) = rational_form(e);
    let n = match expand(&n, budget) {
        Ok(n) => n,
        Err(h) => return halt(h),
    };
    let d = match expand(&d, budget) {
        Ok(d) => d,
        Err(h) => return halt(h),
    };
    if n.is_zero() {
        return Ok(Some((Expr::zero(), Expr::one())));
    }
    let whole = n.over(&d);
    if let Some(x) = sole_symbol(&whole)
        && let (Some(pn), Some(pd)) = (to_poly(&n, &x), to_poly(&d, &x))
    {
        let (cn, fnum) = poly::to_primitive(&pn);
        let (cd, fden) = poly::to_primitive(&pd);
        let g = zx::gcd(&fnum, &fden, budget)?;
        let (fnum, fden) = if g.len() > 1 {
            match (zx::divide_exact(&fnum, &g), zx::divide_exact(&fden, &g)) {
                (Some(a), Some(b)) => (a, b),
                _ => (fnum, fden),
            }
        } else {
            (fnum, fden)
        };
        // N/D = (p/q)·fn/fd = (p·fn)/(q·fd), fd's leading coefficient
        // positive, integer coefficients throughout.
        let c = cn / cd;
        let (p, q) = (
            Q::from_integer(c.numer().clone()),
            Q::from_integer(c.denom().clone()),
        );
        let num: Vec<Q> = poly::from_z(&fnum).into_iter().map(|k| k * &p).collect();
        let den: Vec<Q> = poly::from_z(&fden).into_iter().map(|k| k * &q).collect();
        return Ok(Some((from_poly(&num, &x), from_poly(&den, &x))));
    }
    // Integer coefficients throughout: both sides times the lcm of every
    // coefficient's denominator, over the content of the denominator.
    let scale = clearing(&n, &d);
    if scale.is_one() {
        return Ok(Some((n, d)));
    }
    let n = match expand(&n.times(&Expr::num(scale.clone())), budget) {
        Ok(n) => n,
        Err(h) => return halt(h),
    };
    let d = match expand(&d.times(&Expr::num(scale)), budget) {
        Ok(d) => d,
        Err(h) => return halt(h),
    };
    Ok(Some((n, d)))
}

/// The factor that makes every coefficient of N and D an integer, without
/// a common factor, and D's first term positive: lcm(denominators) /
/// content(N, D), with D's sign.
fn clearing(n: &Expr, d: &Expr) -> Q {
    use num_integer::Integer;
    let terms = |e: &Expr| match e.node() {
        Node::Add(ts) => ts.clone(),
        _ => vec![e.clone()],
    };
    let (nt, dt) = (terms(n), terms(d));
    let coefficients: Vec<Q> = nt
        .iter()
        .chain(&dt)
        .map(|t| t.coefficient_and_rest().0)
        .collect();
    let lcm = coefficients
        .iter()
        .fold(crate::BigInt::one(), |l, c| l.lcm(c.denom()));
    let content = nt
        .iter()
        .chain(&dt)
        .map(|t| (t.coefficient_and_rest().0 * Q::from_integer(lcm.clone())).to_integer())
        .fold(crate::BigInt::zero(), |g, c| g.gcd(&c));
    if content.is_zero() {
        return Q::one();
    }
    let sign = if d.is_negative_form() {
        -Q::one()
    } else {
        Q::one()
    };
    sign * Q::new(lcm, content)
}

/// N/D as one expression (the canonical product N·D⁻¹).
pub fn quotient(n: &Expr, d: &Expr) -> Expr {
    if d.is_one() { n.clone() } else { n.over(d) }
}

/// A polynomial in one symbol factored over Q: the rational content and
/// the irreducible primitive factors with their multiplicities (kept apart:
/// the canonical product would distribute a number over a linear factor).
/// None when `e` is not such a polynomial.
pub fn factor_poly(e: &Expr, budget: &Budget) -> Result<Option<(Q, Vec<(Expr, u32)>)>, Stop> {
    let expanded = match expand(e, budget) {
        Ok(x) => x,
        Err(Halt::Stopped(s)) => return Err(s),
        Err(Halt::TooBig) => return Ok(None),
    };
    let Some(x) = sole_symbol(&expanded) else {
        return Ok(None);
    };
    let Some(p) = to_poly(&expanded, &x) else {
        return Ok(None);
    };
    if p.len() > 2_001 {
        return Ok(None);
    }
    let (c, f) = poly::to_primitive(&p);
    let factorization = poly::factor::factor(&f, budget)?;
    let content = c * Q::from_integer(factorization.content.clone());
    let factors = factorization
        .factors
        .iter()
        .map(|(g, k)| (from_poly(&poly::from_z(g), &x), *k))
        .collect();
    Ok(Some((content, factors)))
}

/// A rational function in one symbol factored over Q:
/// content · ∏ numerator / ∏ denominator, each factor irreducible and
/// primitive with its multiplicity.
#[derive(Debug, Clone, PartialEq)]
pub struct Factorization {
    pub content: Q,
    pub numerator: Vec<(Expr, u32)>,
    pub denominator: Vec<(Expr, u32)>,
}

impl Factorization {
    /// The product the factors stand for (in canonical form).
    pub fn product(&self) -> Expr {
        let product = |fs: &[(Expr, u32)]| {
            Expr::mul(fs.iter().map(|(f, k)| f.pow_int(i64::from(*k))).collect())
        };
        Expr::num(self.content.clone())
            .times(&product(&self.numerator))
            .over(&product(&self.denominator))
    }
}

/// Factors `e` as one reduced fraction N/D over Q; the factors are
/// multiplied back and proven equal to `e` before they are returned. None
/// when `e` is not a rational function of one symbol.
pub fn factor_rational(e: &Expr, budget: &Budget) -> Result<Option<Factorization>, Stop> {
    let Some((n, d)) = together(e, budget)? else {
        return Ok(None);
    };
    // A constant side (1/(x + 1), (2x + 1)/2) is all content.
    let (cn, numerator) = match n.as_num() {
        Some(q) => (q.clone(), Vec::new()),
        None => match factor_poly(&n, budget)? {
            Some(f) => f,
            None => return Ok(None),
        },
    };
    let (cd, denominator) = if let Some(q) = d.as_num() {
        (q.clone(), Vec::new())
    } else {
        match factor_poly(&d, budget)? {
            Some(f) => f,
            None => return Ok(None),
        }
    };
    let f = Factorization {
        content: cn / cd,
        numerator,
        denominator,
    };
    match super::zero::is_zero(&f.product().minus(e), budget)? {
        super::zero::Verdict::Proven { .. } => Ok(Some(f)),
        _ => Err(Stop::CheckFailed(
            "the factors do not multiply back to the input",
        )),
    }
}
