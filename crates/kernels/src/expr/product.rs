//! Products ∏ₖ₌ₐᵇ f(k) in closed form for f = C·∏ c^(s·k + t)·∏ (k + α)^(±m):
//! constants and exponentials by their exponent sums, each linear factor
//! by Γ(b + α + 1)/Γ(a + α) (factorials when α is an integer). The closed
//! form P is checked by induction before it is returned: P(a) = f(a) and
//! P(m)/P(m − 1) = f(m) for a fresh m, both after Γ(u + d) = Γ(u)·u·…·(u + d − 1)
//! has cancelled the Γ factors whose arguments differ by integers.

use super::node::{Expr, Func, Node};
use super::rational::{factor_rational, to_poly};
use super::simplify::simplify;
use super::sum::linear_in;
use super::zero::{Verdict, is_zero};
use crate::{Budget, Q, Stop};
use num_traits::{Signed, ToPrimitive};
use std::collections::BTreeMap;

/// Largest integer shift expanded when Γ factors cancel.
const MAX_SHIFT: i64 = 1000;

#[derive(Debug, Clone, PartialEq)]
pub enum Product {
    Value { value: Expr, check: Verdict },
    Unknown(String),
}

/// ∏ₖ₌ₐᵇ f(k) for b free of k.
pub fn product(f: &Expr, k: &str, a: &Expr, b: &Expr, budget: &Budget) -> Result<Product, Stop> {
    let m = Expr::sym("m__");
    let count = m.minus(a).plus(&Expr::one());
    let at = |e: &Expr, v: &Expr| e.substitute(&BTreeMap::from([(k.to_string(), v.clone())]));
    // Σₖ₌ₐᵐ k.
    let index_sum = m
        .times(&m.plus(&Expr::one()))
        .minus(&a.minus(&Expr::one()).times(a))
        .over(&Expr::int(2));
    let factors = match f.node() {
        Node::Mul(fs) => fs.clone(),
        _ => vec![f.clone()],
    };
    let mut closed = Vec::new();
    let mut rational = Vec::new();
    for g in factors {
        match g.node() {
            Node::Pow(base, exponent) if !base.has_sym(k) && exponent.has_sym(k) => {
                let Some((s, t)) = linear_in(exponent, k) else {
                    return Ok(Product::Unknown(
                        "an exponent that is not linear in the index".into(),
                    ));
                };
                let total = s.times(&index_sum).plus(&t.times(&count));
                closed.push(Expr::pow(base.clone(), total));
            }
            _ if !g.has_sym(k) => closed.push(Expr::pow(g.clone(), count.clone())),
            _ => rational.push(g),
        }
    }
    let rest = Expr::mul(rational);
    if !rest.has_sym(k) {
        closed.push(Expr::pow(rest, count.clone()));
    } else {
        let Some(fz) = factor_rational(&rest, budget)? else {
            return Ok(Product::Unknown(
                "the factor without exponentials is not a rational function of the index alone"
                    .into(),
            ));
        };
        let mut content = fz.content.clone();
        for (list, sign) in [(&fz.numerator, 1i64), (&fz.denominator, -1)] {
            for (factor, mult) in list {
                let Some(p) = to_poly(factor, k) else {
                    return Ok(Product::Unknown("a factor is not a polynomial".into()));
                };
                if p.len() != 2 {
                    return Ok(Product::Unknown(format!(
                        "the factor {} has degree {} in {k}: only linear factors have a Γ product here",
                        super::print::text(factor),
                        p.len() - 1
                    )));
                }
                let e = sign * i64::from(*mult);
                content *= num_traits::pow::Pow::pow(p[1].clone(), e as i32);
                let alpha = &p[0] / &p[1];
                match linear_product(a, &m, &alpha) {
                    Ok(g) => closed.push(g.pow_int(e)),
                    Err(why) => return Ok(Product::Unknown(why)),
                }
            }
        }
        closed.push(Expr::pow(Expr::num(content), count.clone()));
    }
    let big_p = Expr::mul(closed);
    // Induction: P(a) = f(a), P(m)/P(m − 1) = f(m).
    let first = shift_gammas(&big_p.substitute(&BTreeMap::from([("m__".to_string(), a.clone())])));
    let step = shift_gammas(&big_p.over(&big_p.substitute(&BTreeMap::from([(
        "m__".to_string(),
        m.minus(&Expr::one()),
    )]))));
    let base = is_zero(&first.minus(&at(f, a)), budget)?;
    let induction = is_zero(&step.minus(&at(f, &m)), budget)?;
    let check = match (base, induction) {
        (Verdict::Proven { .. }, Verdict::Proven { how }) => Verdict::Proven { how },
        (Verdict::Disproven { .. }, _) | (_, Verdict::Disproven { .. }) => {
            return Err(Stop::CheckFailed(
                "a product's closed form fails its induction check",
            ));
        }
        (Verdict::Unknown { why }, _) | (_, Verdict::Unknown { why }) => {
            return Ok(Product::Unknown(format!(
                "the closed form could not be checked: {why}"
            )));
        }
        (_, v) => v,
    };
    let value = big_p.substitute(&BTreeMap::from([("m__".to_string(), b.clone())]));
    let value = simplify(&shift_gammas(&value), budget)?;
    Ok(Product::Value { value, check })
}

/// ∏ₖ₌ₐᵐ (k + α) = Γ(m + α + 1)/Γ(a + α), as factorials for integer α.
fn linear_product(a: &Expr, m: &Expr, alpha: &Q) -> Result<Expr, String> {
    let al = Expr::num(alpha.clone());
    if let Some(start) = a.plus(&al).as_num()
        && start.is_integer()
        && !start.is_positive()
    {
        return Err(format!(
            "the factor k + {} vanishes at k = {} inside the range",
            super::print::text(&al),
            super::print::text(&al.neg())
        ));
    }
    Ok(if alpha.is_integer() {
        Expr::fun(Func::Factorial, vec![m.plus(&al)]).over(&Expr::fun(
            Func::Factorial,
            vec![a.plus(&al).minus(&Expr::one())],
        ))
    } else {
        Expr::fun(Func::Gamma, vec![m.plus(&al).plus(&Expr::one())])
            .over(&Expr::fun(Func::Gamma, vec![a.plus(&al)]))
    })
}

/// e with the Γ (and factorial) factors of a product whose arguments
/// differ by integers written over the smallest one: Γ(u + d) =
/// Γ(u)·u·(u + 1)·…·(u + d − 1), so that quotients cancel.
pub fn shift_gammas(e: &Expr) -> Expr {
    let factors = match e.node() {
        Node::Mul(fs) => fs.clone(),
        _ => vec![e.clone()],
    };
    // (argument of Γ, exponent, written as a factorial) and the others.
    let mut gammas: Vec<(Expr, i64, bool)> = Vec::new();
    let mut others = Vec::new();
    for f in factors {
        let (base, exponent) = f.base_and_exponent();
        let power = exponent
            .as_num()
            .filter(|q| q.is_integer())
            .and_then(|q| q.to_integer().to_i64());
        match (base.node(), power) {
            (Node::Fun(Func::Gamma, args), Some(p)) => gammas.push((args[0].clone(), p, false)),
            (Node::Fun(Func::Factorial, args), Some(p)) => {
                gammas.push((args[0].plus(&Expr::one()), p, true))
            }
            _ => others.push(f),
        }
    }
    let mut done = vec![false; gammas.len()];
    for i in 0..gammas.len() {
        if done[i] {
            continue;
        }
        // The class of arguments differing from gammas[i] by integers.
        let class: Vec<(usize, i64)> = (0..gammas.len())
            .filter(|&j| !done[j])
            .filter_map(|j| {
                let d = gammas[j].0.minus(&gammas[i].0);
                d.as_num()
                    .filter(|q| q.is_integer())
                    .and_then(|q| q.to_integer().to_i64())
                    .filter(|d| d.abs() <= MAX_SHIFT)
                    .map(|d| (j, d))
            })
            .collect();
        let low = class.iter().map(|&(_, d)| d).min().unwrap_or(0);
        let u = gammas[i].0.plus(&Expr::int(low));
        let mut total = 0;
        let factorial = class.iter().any(|&(j, _)| gammas[j].2);
        for &(j, d) in &class {
            done[j] = true;
            let p = gammas[j].1;
            total += p;
            for s in 0..(d - low) {
                others.push(u.plus(&Expr::int(s)).pow_int(p));
            }
        }
        if total != 0 {
            let g = if factorial {
                Expr::fun(Func::Factorial, vec![u.minus(&Expr::one())])
            } else {
                Expr::fun(Func::Gamma, vec![u])
            };
            others.push(g.pow_int(total));
        }
    }
    Expr::mul(others)
}
