//! Gosper's algorithm: an antidifference T(k) = y(k)·t(k), y rational
//! over Q, of a hypergeometric term t (t(k + 1)/t(k) = r(k) rational:
//! products of c^k, factorials, binomials and Γ of linear arguments and
//! rational functions of k), when one exists.
//!
//! Identity: write r(k) = a(k)/b(k)·c(k + 1)/c(k) with gcd(a(k),
//! b(k + h)) = 1 for every integer h ≥ 0 (Gosper–Petkovšek form, found
//! here from the irreducible factors over Q: a factor p of a and q of b
//! with q(k + h) = p(k) are moved into c). Then T exists iff the
//! polynomial equation a(k)·x(k + 1) − b(k − 1)·x(k) = c(k) has a
//! polynomial solution x (degree bound by Gosper's case analysis,
//! coefficients by an exact linear solve), and y = b(k − 1)·x(k)/c(k).
//!
//! Checked: y(k + 1)·r(k) − y(k) = 1 is an identity of rational functions
//! (so T(k + 1) − T(k) = t(k)), and r(k) = t(k + 1)/t(k) at integer points.

use super::node::{Expr, Func, Node};
use super::rational::{from_poly, to_poly, together};
use super::zero::{Verdict, is_zero};
use crate::linalg::{Solution, solve};
use crate::poly::{self, QPoly};
use crate::{Budget, Mat, Q, Stop};
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::collections::BTreeMap;

/// Largest degree of r's numerator and denominator, and of x.
const MAX_DEGREE: usize = 60;

/// An antidifference of t found by Gosper's algorithm: T = y·t, and
/// whether the checks proved it (else None).
pub fn antidifference(t: &Expr, k: &str, budget: &Budget) -> Result<Option<Expr>, Stop> {
    let Some(r) = ratio(t, k, budget)? else {
        return Ok(None);
    };
    let (Some((n, d)), kk) = (together(&r, budget)?, Expr::sym(k)) else {
        return Ok(None);
    };
    let (Some(a), Some(b)) = (to_poly(&n, k), to_poly(&d, k)) else {
        return Ok(None);
    };
    if a.is_empty() || a.len() > MAX_DEGREE || b.len() > MAX_DEGREE {
        return Ok(None);
    }
    let Some((a, b, c)) = petkovsek(a, b, budget)? else {
        return Ok(None);
    };
    let Some(x) = polynomial_solution(&a, &b, &c, budget)? else {
        return Ok(None);
    };
    let b_before = poly::compose(&b, &[-Q::one(), Q::one()], budget)?;
    let y = from_poly(&poly::mul(&b_before, &x), k).over(&from_poly(&c, k));
    // y(k + 1)·r(k) − y(k) = 1.
    let shifted = y.substitute(&BTreeMap::from([(k.to_string(), kk.plus(&Expr::one()))]));
    let identity = shifted.times(&r).minus(&y).minus(&Expr::one());
    if !matches!(is_zero(&identity, budget)?, Verdict::Proven { .. }) {
        return Ok(None);
    }
    Ok(Some(super::product::shift_gammas(&y.times(t))))
}

/// t with factorial, binomial and Γ written as Γ of their arguments.
fn as_gammas(e: &Expr) -> Expr {
    let e = e.map_children(&mut as_gammas);
    let g = |u: Expr| Expr::fun(Func::Gamma, vec![u]);
    match e.node() {
        Node::Fun(Func::Factorial, a) => g(a[0].plus(&Expr::one())),
        Node::Fun(Func::Binomial, a) => g(a[0].plus(&Expr::one()))
            .over(&g(a[1].plus(&Expr::one())).times(&g(a[0].minus(&a[1]).plus(&Expr::one())))),
        _ => e,
    }
}

/// r(k) = t(k + 1)/t(k) with the Γ quotients cancelled, confirmed at the
/// integers 0…7 where t is a nonzero number; None when it is not a
/// rational function of k alone.
fn ratio(t: &Expr, k: &str, budget: &Budget) -> Result<Option<Expr>, Stop> {
    let g = as_gammas(t);
    let kk = Expr::sym(k);
    let next = g.substitute(&BTreeMap::from([(k.to_string(), kk.plus(&Expr::one()))]));
    let r = super::product::shift_gammas(&next.over(&g));
    let r = super::simplify::simplify(&r, budget)?;
    if r.symbols().iter().any(|s| s != k)
        || r.any(&|s| matches!(s.node(), Node::Fun(..) | Node::Const(_)))
        || r.any(&|s| matches!(s.node(), Node::Pow(_, e) if e.has_sym(k)))
    {
        return Ok(None);
    }
    let mut confirmed = 0;
    for i in 0..8i64 {
        let at = |j: i64| {
            super::simplify::simplify(
                &t.substitute(&BTreeMap::from([(k.to_string(), Expr::int(j))])),
                budget,
            )
        };
        let (ti, tn) = (at(i)?, at(i + 1)?);
        let ri = super::simplify::simplify(
            &r.substitute(&BTreeMap::from([(k.to_string(), Expr::int(i))])),
            budget,
        )?;
        if let (Some(ti), Some(tn), Some(ri)) = (ti.as_num(), tn.as_num(), ri.as_num()) {
            if ti.is_zero() {
                continue;
            }
            if &(ti * ri) != tn {
                return Err(Stop::CheckFailed(
                    "t(k + 1)/t(k) disagrees with t at an integer point",
                ));
            }
            confirmed += 1;
        }
    }
    Ok((confirmed >= 3).then_some(r))
}

/// Monic form of a polynomial over Q.
fn monic(p: &[Q]) -> QPoly {
    match p.last() {
        Some(l) if !l.is_zero() => p.iter().map(|c| c / l).collect(),
        _ => p.to_vec(),
    }
}

/// (a, b, c) with a/b·c(k + 1)/c(k) = the given a/b and gcd(a(k),
/// b(k + h)) = 1 for all integers h ≥ 0.
fn petkovsek(a: QPoly, b: QPoly, budget: &Budget) -> Result<Option<(QPoly, QPoly, QPoly)>, Stop> {
    let irreducible = |p: &[Q]| -> Result<Vec<QPoly>, Stop> {
        let (_, z) = poly::to_primitive(p);
        let f = poly::factor::factor(&z, budget)?;
        Ok(f.factors
            .iter()
            .filter(|(q, _)| q.len() > 1)
            .map(|(q, _)| monic(&poly::from_z(q)))
            .collect())
    };
    let (mut a, mut b, mut c) = (a, b, vec![Q::one()]);
    loop {
        budget.check()?;
        let (fa, fb) = (irreducible(&a)?, irreducible(&b)?);
        // p | a, q | b with q(k + h) = p(k), h ≥ 0 an integer.
        let mut found = None;
        'pairs: for p in &fa {
            for q in &fb {
                let d = p.len() - 1;
                if q.len() != p.len() {
                    continue;
                }
                let h = (&p[d - 1] - &q[d - 1]) / Q::from_integer((d as i64).into());
                if !h.is_integer() || h.is_negative() {
                    continue;
                }
                let Some(hi) = h.to_integer().to_i64().filter(|h| *h <= 1000) else {
                    continue;
                };
                if poly::compose(q, &[h.clone(), Q::one()], budget)? == *p {
                    found = Some((p.clone(), q.clone(), hi));
                    break 'pairs;
                }
            }
        }
        let Some((p, q, h)) = found else {
            return Ok(Some((a, b, c)));
        };
        let (qa, ra) = poly::divrem(&a, &p);
        let (qb, rb) = poly::divrem(&b, &q);
        if !ra.is_empty() || !rb.is_empty() {
            return Ok(None);
        }
        a = qa;
        b = qb;
        // c·p(k − 1)·…·p(k − h).
        for i in 1..=h {
            let shifted = poly::compose(&p, &[Q::from_integer((-i).into()), Q::one()], budget)?;
            c = poly::mul(&c, &shifted);
        }
    }
}

/// A polynomial x with a(k)·x(k + 1) − b(k − 1)·x(k) = c(k), if any.
fn polynomial_solution(a: &[Q], b: &[Q], c: &[Q], budget: &Budget) -> Result<Option<QPoly>, Stop> {
    let b1 = poly::compose(b, &[-Q::one(), Q::one()], budget)?;
    let deg = |p: &[Q]| p.len() as i64 - 1;
    // Gosper's degree bound on x.
    let plus = poly::add(a, &b1);
    let minus = poly::sub(a, &b1);
    let (dp, dm, dc) = (deg(&plus), deg(&minus), deg(c));
    let mut bound = -1i64;
    if dp <= dm {
        bound = dc - dm;
    } else {
        // deg(a − b₁) < deg(a + b₁) = l: x of degree d gives a term of
        // degree d + l − 1 with coefficient d·lead(a + b₁)/2 + coef(a − b₁, l − 1).
        let l = dp;
        let lead = &plus[l as usize] / Q::from_integer(2.into());
        let m1 = minus.get((l - 1) as usize).cloned().unwrap_or_else(Q::zero);
        bound = bound.max(dc - l + 1);
        let special = -m1 / lead;
        if special.is_integer()
            && let Some(s) = special.to_integer().to_i64()
        {
            bound = bound.max(s);
        }
    }
    if bound < 0 || bound as usize > MAX_DEGREE {
        return Ok(None);
    }
    let unknowns = bound as usize + 1;
    // Column j: a(k)·(k + 1)^j − b(k − 1)·k^j.
    let mut columns: Vec<QPoly> = Vec::with_capacity(unknowns);
    let mut up = vec![Q::one()];
    let mut plain = vec![Q::one()];
    for _ in 0..unknowns {
        budget.check()?;
        columns.push(poly::sub(&poly::mul(a, &up), &poly::mul(&b1, &plain)));
        up = poly::mul(&up, &[Q::one(), Q::one()]);
        plain = poly::mul(&plain, &[Q::zero(), Q::one()]);
    }
    let rows = columns
        .iter()
        .map(Vec::len)
        .chain([c.len()])
        .max()
        .unwrap_or(1);
    let matrix = Mat::from_fn(rows, unknowns, |i, j| {
        columns[j].get(i).cloned().unwrap_or_else(Q::zero)
    });
    let rhs: Vec<Q> = (0..rows)
        .map(|i| c.get(i).cloned().unwrap_or_else(Q::zero))
        .collect();
    Ok(match solve(&matrix, &rhs, budget)? {
        Solution::Unique(x) => Some(poly::trim(x)),
        Solution::Family { particular, .. } => Some(poly::trim(particular)),
        Solution::Inconsistent => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::parse;

    fn anti(s: &str) -> Option<Expr> {
        antidifference(&parse(s).unwrap(), "k", &Budget::unlimited()).unwrap()
    }

    /// T(k + 1) − T(k) = t(k) at integer points, for the classic cases;
    /// no answer for t = 1/k! and k!, which have none.
    #[test]
    fn gosper_sums() {
        for t in [
            "k*factorial(k)",
            "k/factorial(k + 1)",
            "binomial(2*k, k)/4^k",
            "k*2^k",
            "(4*k + 1)*factorial(k)/factorial(2*k + 1)",
        ] {
            let te = parse(t).unwrap();
            let big = anti(t).unwrap_or_else(|| panic!("{t}: none"));
            for j in 0..6 {
                let at = |e: &Expr, v: i64| {
                    super::super::simplify::simplify(
                        &e.substitute(&BTreeMap::from([("k".to_string(), Expr::int(v))])),
                        &Budget::unlimited(),
                    )
                    .unwrap()
                };
                assert_eq!(
                    at(&big, j + 1).minus(&at(&big, j)),
                    at(&te, j),
                    "{t} at {j}: T = {big:?}"
                );
            }
        }
        assert_eq!(anti("1/factorial(k)"), None);
        assert_eq!(anti("factorial(k)"), None);
    }
}
