//! Root sums with a rational body are rational: for f = N(θ, x)/D(θ, x)
//! with N, D polynomials over Q and M(θ) monic squarefree,
//! Σ_{M(θ)=0} f(θ, x) = H(x)/Norm(D)(x), where Norm(D) = Π_θ D(θ, x) has
//! degree ≤ m·deg_x D and H = Σ_θ N(θ)·Π_{θ′≠θ} D(θ′) degree ≤
//! deg_x N + (m − 1)·deg_x D. Both are interpolated from exact values at
//! integer points x = k, where Norm(D)(k) is a norm in Q[θ]/(M) and H(k) =
//! Tr(N·D⁻¹)(k)·Norm(D)(k); one further point checks the degree bounds.

use super::node::{BOUND, Expr, Node};
use super::rational::{from_poly, together};
use crate::poly::algebraic::Extension;
use crate::poly::{self, QPoly};
use crate::{Budget, Q, Stop};
use num_traits::{ToPrimitive, Zero};
use std::collections::BTreeMap;

/// Most interpolation points spent on one root sum.
const MAX_POINTS: usize = 1_000;

/// `e` with every root sum whose body is a rational function of the root
/// and at most one symbol replaced by that rational function.
pub fn resolve(e: &Expr, budget: &Budget) -> Result<Expr, Stop> {
    if !e.any(&|s| matches!(s.node(), Node::RootSum(..))) {
        return Ok(e.clone());
    }
    if let Node::RootSum(p, body) = e.node() {
        return Ok(rational(p, body, budget)?.unwrap_or_else(|| e.clone()));
    }
    let mut failed = None;
    let out = e.map_children(&mut |c| match resolve(c, budget) {
        Ok(r) => r,
        Err(s) => {
            failed = Some(s);
            c.clone()
        }
    });
    match failed {
        Some(s) => Err(s),
        None => Ok(out),
    }
}

/// Σ body(θ) over the roots of `p` as a rational function, when the body
/// is one in θ and at most one symbol.
pub fn rational(p: &[Q], body: &Expr, budget: &Budget) -> Result<Option<Expr>, Stop> {
    let symbols = body.symbols();
    if symbols.len() > 1 {
        return Ok(None);
    }
    let x = symbols
        .first()
        .cloned()
        .unwrap_or_else(|| BOUND.to_string());
    let Some((n, d)) = together(body, budget)? else {
        return Ok(None);
    };
    let (Some(n), Some(d)) = (bivariate(&n, &x), bivariate(&d, &x)) else {
        return Ok(None);
    };
    let field = Extension::new(p);
    let m = field.degree();
    let (dn, dd) = (n.len().saturating_sub(1), d.len().saturating_sub(1));
    let needed = (m * dd).max(dn + (m - 1) * dd) + 1;
    if needed + 1 > MAX_POINTS {
        return Ok(None);
    }
    let at = |f: &[QPoly], k: &Q| -> QPoly {
        let mut out: QPoly = Vec::new();
        for c in f.iter().rev() {
            out = poly::add(&poly::mul(&out, std::slice::from_ref(k)), c);
        }
        out
    };
    let mut norms = Vec::new();
    let mut sums = Vec::new();
    let mut k = 0i64;
    while norms.len() <= needed {
        budget.check()?;
        let point = Q::from_integer(k.into());
        k += 1;
        if k > (needed + m * dd + 2) as i64 {
            return Ok(None);
        }
        let dk = at(&d, &point);
        let norm = field.norm(&dk);
        if norm.is_zero() {
            continue;
        }
        let Some(inv) = field.inverse(&dk, budget)? else {
            continue;
        };
        let trace = field.trace(&field.mul(&at(&n, &point), &inv));
        norms.push((point.clone(), norm.clone()));
        sums.push((point, trace * norm));
    }
    // The last point is held back to check the interpolants.
    let (Some(check_norm), Some(check_sum)) = (norms.pop(), sums.pop()) else {
        return Ok(None);
    };
    let (Some(norm), Some(sum)) = (poly::interpolate(&norms), poly::interpolate(&sums)) else {
        return Ok(None);
    };
    if poly::evaluate(&norm, &check_norm.0) != check_norm.1
        || poly::evaluate(&sum, &check_sum.0) != check_sum.1
    {
        return Err(Stop::CheckFailed(
            "a root sum's interpolants miss their check point",
        ));
    }
    let (g, _, _) = poly::extended_gcd(&sum, &norm, budget)?;
    let (sum, norm) = if sum.is_empty() {
        (sum, vec![Q::from_integer(1.into())])
    } else {
        let (sum, norm) = (poly::divrem(&sum, &g).0, poly::divrem(&norm, &g).0);
        let lead = norm
            .last()
            .cloned()
            .unwrap_or_else(|| Q::from_integer(1.into()));
        let monic = |f: &[Q]| f.iter().map(|c| c / &lead).collect::<QPoly>();
        (monic(&sum), monic(&norm))
    };
    if x == BOUND {
        let value = poly::evaluate(&sum, &Q::zero()) / poly::evaluate(&norm, &Q::zero());
        return Ok(Some(Expr::num(value)));
    }
    Ok(Some(from_poly(&sum, &x).over(&from_poly(&norm, &x))))
}

/// An expanded polynomial in θ and x as coefficients of x^j, each a
/// polynomial in θ; None for anything else.
fn bivariate(e: &Expr, x: &str) -> Option<Vec<QPoly>> {
    let terms = match e.node() {
        Node::Add(ts) => ts.clone(),
        _ => vec![e.clone()],
    };
    let mut out: BTreeMap<usize, BTreeMap<usize, Q>> = BTreeMap::new();
    for t in terms {
        let (c, rest) = t.coefficient_and_rest();
        let factors = match rest.node() {
            Node::Mul(fs) => fs.clone(),
            _ if rest.is_one() => Vec::new(),
            _ => vec![rest],
        };
        let (mut i, mut j) = (0usize, 0usize);
        for f in factors {
            let (b, k) = f.base_and_exponent();
            let k = k
                .as_num()
                .filter(|k| k.is_integer())
                .and_then(|k| k.to_integer().to_usize())
                .filter(|&k| k <= 10_000)?;
            match b.as_sym() {
                Some(s) if s == BOUND => i += k,
                Some(s) if s == x => j += k,
                _ => return None,
            }
        }
        *out.entry(j).or_default().entry(i).or_insert_with(Q::zero) += c;
    }
    let top = out.keys().next_back().copied().unwrap_or(0);
    Some(
        (0..=top)
            .map(|j| {
                let row = out.get(&j);
                let deg = row.and_then(|r| r.keys().next_back().copied());
                poly::trim(match deg {
                    Some(deg) => (0..=deg)
                        .map(|i| row.and_then(|r| r.get(&i)).cloned().unwrap_or_else(Q::zero))
                        .collect(),
                    None => Vec::new(),
                })
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::parse;

    fn resolved(text: &str) -> String {
        resolve(&parse(text).unwrap(), &Budget::unlimited())
            .unwrap()
            .to_string()
    }

    #[test]
    fn root_sums_of_rational_bodies() {
        // Σ 1/(x − θ) over the roots of θ³ + θ + 1 is p′/p.
        assert_eq!(
            resolved("root_sum(t^3 + t + 1, t, 1/(x - t))"),
            "(3*x^2 + 1)/(x^3 + x + 1)"
        );
        // Powers are power sums at construction: Σ θ² = 0² − 2·1 = −2.
        assert_eq!(resolved("root_sum(t^3 + t + 1, t, t^2)"), "-2");
        assert_eq!(resolved("root_sum(t^2 - 2, t, 1/t)"), "0");
        assert_eq!(resolved("root_sum(t^3 - 2, t, 1/(1 + t))"), "1");
    }

    #[test]
    fn the_grammar_reads_what_it_prints() {
        for text in [
            "root_sum(t^3 + t + 1, t, t*log(x - t))",
            "root_sum(u^4 + 1, u, log(u + t))",
            "2*root_sum(t^5 - t - 1, t, exp(t*x)) + x",
        ] {
            let e = parse(text).unwrap();
            assert_eq!(parse(&e.to_string()).unwrap(), e, "{text}");
        }
        // The bound name is free to choose: t is taken by the body here.
        assert_eq!(
            parse("root_sum(u^4 + 1, u, log(u + t))")
                .unwrap()
                .to_string(),
            "root_sum(u^4 + 1, u, log(u + t))"
        );
        assert_eq!(
            parse("root_sum(z^3 + z + 1, z, z*log(x - z))").unwrap(),
            parse("root_sum(t^3 + t + 1, t, t*log(x - t))").unwrap()
        );
    }

    /// The root is complex: log(exp(t)) is not t, and a root sum does not
    /// enter another one's body.
    #[test]
    fn the_root_is_bound_and_complex() {
        let e = parse("root_sum(t^2 + 16, t, t*log(exp(t)))").unwrap();
        assert!(e.to_string().contains("log(exp(t))"), "{e}");
        let outer = parse("root_sum(t^3 + t + 1, t, log(x - t))").unwrap();
        let inner = parse("root_sum(u^3 + u + 2, u, log(u))").unwrap();
        let nested = outer.substitute(&std::collections::BTreeMap::from([(
            "x".to_string(),
            inner,
        )]));
        assert!(nested.is_undefined());
    }

    #[test]
    fn malformed_root_sums_are_refused() {
        for (text, says) in [
            ("root_sum(t^2 - 2*t + 1, t, t)", "squarefree"),
            ("root_sum(t^2 + x, t, t)", "rational coefficients"),
            ("root_sum(t^2 + 1, 2, t)", "names the root"),
            ("root_sum(t^2 + 1, t)", "3 arguments"),
            (
                "root_sum(t^2 + 1, t, root_sum(u^3 + u + 1, u, log(u + t)))",
                "nest",
            ),
        ] {
            let e = parse(text).unwrap_err();
            assert!(e.message.contains(says), "{text}: {}", e.message);
            assert!(!e.limit);
        }
        let big = "root_sum(t^65 + 1, t, t)";
        assert!(parse(big).unwrap_err().limit);
    }
}
