//! ∫ a/p^j dx for p irreducible over Q of any degree, deg a < deg p.
//!
//! Hermite's reduction brings j down to 1: with s·p + t·p′ = a,
//! ∫ a/p^j = −t/((j − 1)·p^(j−1)) + ∫ (s + t′/(j − 1))/p^(j−1).
//!
//! The logarithmic part is Trager's: the residue of a/p at a root α of p
//! is c(α) = a(α)/p′(α), an element of Q[x]/(p); its minimal polynomial M
//! (degree m) has the distinct residues as roots, and
//! ∫ a/p = Σ_{M(θ)=0} θ·log S(θ, x) with S = gcd(p, a − θ·p′) over Q(θ)
//! (the factor of p whose roots have residue θ). Because p is factored
//! over Q first, this is the result of Lazard–Rioboo–Trager's algorithm
//! without its subresultants. m = 1 gives c·log p; m = 2 radicals (two
//! real logarithms, or for complex residues u ± i·v with S = P ± i·v·W,
//! u·log(P² + v²·W²) − 2v·atan(v·W/P)); m ≥ 3 a root sum.
//!
//! Every root sum is certified before it is returned: p = S·T over Q(θ)
//! and Tr(θ·S′·T) = a, so its derivative Σ θ·S′/S = Tr(θ·S′·T)/p is a/p.

use super::node::{BOUND, Expr, Func};
use super::rational::from_poly;
use crate::poly::algebraic::{Extension, KPoly, in_powers_of, k_lift, k_trim, minimal_polynomial};
use crate::poly::{self, QPoly};
use crate::{Budget, Q, Stop};
use num_traits::{Signed, Zero};
use std::collections::BTreeMap;

/// ∫ Σ_j a_j/p^j dx for the partial fractions (j, a_j) of one factor p,
/// or None when p and p′ are not coprime (p not squarefree). Each level's
/// numerator joins the one carried down from above, so p gets one
/// logarithmic part.
pub fn integral(
    parts: &[(u32, QPoly)],
    p: &[Q],
    x: &str,
    budget: &Budget,
) -> Result<Option<Expr>, Stop> {
    let dp = poly::derivative(p);
    let (g, _, v) = poly::extended_gcd(p, &dp, budget)?;
    if g.len() != 1 {
        return Ok(None);
    }
    let top = parts.iter().map(|(j, _)| *j).max().unwrap_or(1);
    let at = |j: u32| -> QPoly {
        parts
            .iter()
            .filter(|(i, _)| *i == j)
            .fold(Vec::new(), |acc, (_, a)| poly::add(&acc, a))
    };
    let mut a = at(top);
    let mut terms = Vec::new();
    for k in (1..top).rev() {
        budget.check()?;
        // t = a·p′⁻¹ mod p, s = (a − t·p′)/p.
        let t = poly::divrem(&poly::mul(&v, &a), p).1;
        let (s, r) = poly::divrem(&poly::sub(&a, &poly::mul(&t, &dp)), p);
        if !r.is_empty() {
            return Err(Stop::CheckFailed("Hermite reduction left a remainder"));
        }
        let k = Q::from_integer(k.into());
        let scaled: QPoly = t.iter().map(|c| -c / &k).collect();
        terms.push(from_poly(&scaled, x).over(
            &from_poly(p, x).pow_int(num_traits::ToPrimitive::to_i64(&k.to_integer()).unwrap_or(1)),
        ));
        let dt: QPoly = poly::derivative(&t).iter().map(|c| c / &k).collect();
        let level = num_traits::ToPrimitive::to_u32(&k.to_integer()).unwrap_or(1);
        a = poly::add(&poly::add(&s, &dt), &at(level));
    }
    match logarithmic(&a, p, x, budget)? {
        Some(l) => terms.push(l),
        None => return Ok(None),
    }
    Ok(Some(Expr::add(terms)))
}

/// ∫ a/p dx for p irreducible, deg a < deg p.
fn logarithmic(a: &[Q], p: &[Q], x: &str, budget: &Budget) -> Result<Option<Expr>, Stop> {
    if a.is_empty() {
        return Ok(Some(Expr::zero()));
    }
    let field = Extension::new(p);
    let dp = poly::derivative(p);
    let Some(inv) = field.inverse(&dp, budget)? else {
        return Ok(None);
    };
    let residue = field.mul(a, &inv);
    let m = minimal_polynomial(&field, &residue, budget)?;
    let log_p = Expr::log(from_poly(p, x));
    if m.len() == 2 {
        return Ok(Some(Expr::num(-m[0].clone()).times(&log_p)));
    }
    let k = Extension::new(&m);
    let width = a.len().max(dp.len());
    let shifted: KPoly = k_trim(
        (0..width)
            .map(|i| {
                let c = |f: &[Q]| f.get(i).cloned().unwrap_or_else(Q::zero);
                poly::trim(vec![c(a), -c(&dp)])
            })
            .collect(),
    );
    // When the residue generates Q(α) (m = deg p), α = g(c) and S = x − g(θ);
    // otherwise S by Euclid's algorithm over Q(θ).
    let s = if m.len() == p.len() {
        let alpha = [Q::zero(), Q::from_integer(1.into())];
        in_powers_of(&field, &residue, &alpha, budget)?.map(|g| {
            vec![
                g.iter().map(|c| -c).collect(),
                vec![Q::from_integer(1.into())],
            ]
        })
    } else {
        k.k_gcd(&k_lift(p), &shifted, budget)?
    };
    let Some(s) = s else {
        return Ok(None);
    };
    if (s.len() - 1) * (m.len() - 1) != p.len() - 1 {
        return Err(Stop::CheckFailed(
            "the residue factors do not split the denominator",
        ));
    }
    // The certificate: p = S·T and Tr(θ·S′·T) = a.
    let Some((t, r)) = k.k_divrem(&k_lift(p), &s, budget)? else {
        return Ok(None);
    };
    let theta: KPoly = vec![vec![Q::zero(), Q::from_integer(1.into())]];
    let traced = k.k_trace(&k.k_mul(&k.k_mul(&theta, &k.k_derivative(&s)), &t));
    if !r.is_empty() || traced != poly::trim(a.to_vec()) {
        return Err(Stop::CheckFailed(
            "the root sum does not differentiate back to a/p",
        ));
    }
    if m.len() == 3 {
        return quadratic(&m, &s, x, budget);
    }
    let body = Expr::bound().times(&Expr::log(over_theta(&s, x)));
    Ok(Some(Expr::root_sum(&m, body)))
}

/// S(θ, x) as an expression in the bound root and x.
fn over_theta(s: &[QPoly], x: &str) -> Expr {
    let xe = Expr::sym(x);
    Expr::add(
        s.iter()
            .enumerate()
            .map(|(k, c)| from_poly(c, BOUND).times(&xe.pow_int(k as i64)))
            .collect(),
    )
}

/// Σ θ·log S(θ, x) over the two roots of M = θ² + b·θ + e: with Δ =
/// b² − 4e, two real logarithms when Δ > 0; when Δ < 0, θ = u ± i·v and
/// S = P ± i·v·W with P, W over Q, and the pair is
/// u·log(P² + v²·W²) + v·Σ 2·atan(Rₖ) with polynomials Rₖ (Rioboo's
/// conversion of −2·atan(v·W/P), which has no poles).
fn quadratic(m: &[Q], s: &[QPoly], x: &str, budget: &Budget) -> Result<Option<Expr>, Stop> {
    let (e, b) = (&m[0], &m[1]);
    let two = Q::from_integer(2.into());
    let delta = b * b - Q::from_integer(4.into()) * e;
    let u = -b / &two;
    if delta.is_positive() {
        let body = Expr::bound().times(&Expr::log(over_theta(s, x)));
        let half_root = Expr::sqrt(Expr::num(delta)).over(&Expr::int(2));
        return Ok(Some(Expr::add(
            [half_root.clone(), half_root.neg()]
                .iter()
                .map(|r| {
                    let theta = Expr::num(u.clone()).plus(r);
                    body.substitute(&BTreeMap::from([(BOUND.to_string(), theta)]))
                })
                .collect(),
        )));
    }
    let coefficient = |f: &QPoly, i: usize| f.get(i).cloned().unwrap_or_else(Q::zero);
    let real: QPoly = poly::trim(
        s.iter()
            .map(|c| coefficient(c, 0) + coefficient(c, 1) * &u)
            .collect(),
    );
    let imaginary: QPoly = poly::trim(s.iter().map(|c| coefficient(c, 1)).collect());
    let v2 = -delta / Q::from_integer(4.into());
    let modulus = poly::add(
        &poly::mul(&real, &real),
        &poly::mul(&imaginary, &imaginary)
            .iter()
            .map(|c| c * &v2)
            .collect::<QPoly>(),
    );
    // K = Q(v): v the class of s in Q[s]/(s² − v²), or v itself when
    // rational.
    let (field, v, root) = match rational_sqrt(&v2) {
        Some(r) => (
            Extension::new(&[-r.clone(), Q::from_integer(1.into())]),
            vec![r.clone()],
            Expr::num(r),
        ),
        None => (
            Extension::new(&[-v2.clone(), Q::zero(), Q::from_integer(1.into())]),
            vec![Q::zero(), Q::from_integer(1.into())],
            Expr::sqrt(Expr::num(v2.clone())),
        ),
    };
    let a = k_lift(&real);
    let b = field.k_mul(&[v], &k_lift(&imaginary));
    let Some(angles) = log_to_atan(&field, a, b, budget)? else {
        return Ok(None);
    };
    let atans: Vec<Expr> = angles
        .iter()
        .map(|r| Expr::int(2).times(&Expr::fun(Func::Atan, vec![k_expr(r, &root, x)])))
        .collect();
    Ok(Some(
        Expr::num(u)
            .times(&Expr::log(from_poly(&modulus, x)))
            .plus(&root.times(&Expr::add(atans))),
    ))
}

/// Rioboo's LogToAtan (Bronstein, Symbolic Integration I, §2.8): polynomials
/// Rₖ over K (real, without √−1) with d/dx Σ 2·atan(Rₖ) =
/// d/dx i·log((A + i·B)/(A − i·B)) = −2·d/dx atan(B/A), B ≠ 0.
fn log_to_atan(
    k: &Extension,
    mut a: KPoly,
    mut b: KPoly,
    budget: &Budget,
) -> Result<Option<Vec<KPoly>>, Stop> {
    let mut out = Vec::new();
    loop {
        budget.check()?;
        let Some((q, r)) = k.k_divrem(&a, &b, budget)? else {
            return Ok(None);
        };
        if r.is_empty() {
            out.push(q);
            return Ok(Some(out));
        }
        if a.len() < b.len() {
            let minus_b = k.k_sub(&[], &b);
            (a, b) = (minus_b, a);
            continue;
        }
        // B·D − A·C = G.
        let minus_a = k.k_sub(&[], &a);
        let Some((g, d, c)) = k.k_extended_gcd(&b, &minus_a, budget)? else {
            return Ok(None);
        };
        let numerator = k.k_add(&k.k_mul(&a, &d), &k.k_mul(&b, &c));
        let Some((quotient, rest)) = k.k_divrem(&numerator, &g, budget)? else {
            return Ok(None);
        };
        if !rest.is_empty() {
            return Err(Stop::CheckFailed("G does not divide A·D + B·C"));
        }
        out.push(quotient);
        (a, b) = (d, c);
    }
}

/// A polynomial over Q(v) (elements c₀ + c₁·s) as an expression, s = `root`.
fn k_expr(f: &[QPoly], root: &Expr, x: &str) -> Expr {
    let xe = Expr::sym(x);
    Expr::add(
        f.iter()
            .enumerate()
            .map(|(k, c)| {
                let c0 = Expr::num(c.first().cloned().unwrap_or_else(Q::zero));
                let c1 = Expr::num(c.get(1).cloned().unwrap_or_else(Q::zero));
                c0.plus(&c1.times(root)).times(&xe.pow_int(k as i64))
            })
            .collect(),
    )
}

/// √q when q is the square of a rational.
fn rational_sqrt(q: &Q) -> Option<Q> {
    if q.is_negative() {
        return None;
    }
    let (n, d) = (q.numer().sqrt(), q.denom().sqrt());
    (&n * &n == *q.numer() && &d * &d == *q.denom()).then(|| Q::new(n, d))
}

#[cfg(test)]
mod tests {
    use super::super::integrate::checked;
    use super::super::zero::Verdict;
    use crate::Budget;
    use crate::expr::parse;

    fn integral(f: &str) -> String {
        let found = checked(&parse(f).unwrap(), "x", &Budget::unlimited())
            .unwrap()
            .unwrap();
        assert!(
            matches!(found.check, Verdict::Proven { .. }),
            "{f}: {:?}",
            found.check
        );
        found.result.to_string()
    }

    #[test]
    fn irreducible_cubics_give_root_sums() {
        // As SymPy's ratint writes it.
        assert_eq!(
            integral("1/(x^3 + x + 1)"),
            "root_sum(t^3 - 3*t/31 - 1/31, t, t*log(-62*t^2/9 + 31*t/9 + x + 4/9))"
        );
        // Hermite's reduction first.
        assert!(
            integral("1/(x^3 + x + 1)^2")
                .starts_with("(-6*x^2/31 + 9*x/31 - 4/31)/(x^3 + x + 1) + root_sum(")
        );
    }

    #[test]
    fn rational_and_quadratic_residues_are_written_with_radicals() {
        // One residue: c·log p.
        assert_eq!(integral("(3*x^2 + 1)/(x^3 + x + 1)"), "log(x^3 + x + 1)");
        // Real quadratic residues ±√6/48.
        assert_eq!(
            integral("x/(x^4 - 10*x^2 + 1)"),
            "-sqrt(6)*log(x^2 + 2*sqrt(6) - 5)/48 + sqrt(6)*log(x^2 - 2*sqrt(6) - 5)/48"
        );
        // Quadratics irreducible over Q with real roots.
        assert_eq!(
            integral("1/(x^2 - 2)"),
            "-sqrt(2)*log(x + sqrt(2))/4 + sqrt(2)*log(x - sqrt(2))/4"
        );
        // Complex residues 1/4 ± i/4: a log and Rioboo's pole-free atan.
        assert_eq!(
            integral("(x^3 + x)/(x^4 + 1)"),
            "log(x^4 + 1)/4 + atan(x^2)/2"
        );
        assert_eq!(
            integral("(x^3 + 3*x)/(x^4 + 2)"),
            "log(x^4 + 2)/4 + 3*sqrt(2)*atan(sqrt(2)*x^2/2)/4"
        );
    }
}
