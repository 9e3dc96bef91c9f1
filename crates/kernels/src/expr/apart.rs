//! Partial fractions over Q: N/D = P + Σᵢ Σⱼ Aᵢⱼ/pᵢʲ with pᵢ the
//! irreducible factors of D (primitive, over Z), 1 ≤ j ≤ the multiplicity
//! of pᵢ, and deg Aᵢⱼ < deg pᵢ. Each pᵢ^kᵢ part is Bᵢ = R·(D/pᵢ^kᵢ)⁻¹ mod
//! pᵢ^kᵢ (Bézout), written in base pᵢ for the Aᵢⱼ. [`apart`] multiplies
//! the parts back over the common denominator before returning them.

use super::node::Expr;
use super::rational::{from_poly, to_poly, together};
use super::zero::{Verdict, is_zero};
use crate::poly::{self, QPoly};
use crate::{Budget, Q, Stop};
use num_traits::One;

/// Largest denominator degree decomposed.
pub const MAX_DEGREE: usize = 200;

/// N/D = polynomial + Σ numerator/factor^power.
#[derive(Debug, Clone, PartialEq)]
pub struct Apart {
    pub polynomial: QPoly,
    /// (pᵢ, j, Aᵢⱼ), the pᵢ in the order of the factorization, j rising.
    pub terms: Vec<(QPoly, u32, QPoly)>,
}

impl Apart {
    /// The decomposition as an expression in `x`, term by term (the
    /// canonical sum keeps each fraction).
    pub fn expression(&self, x: &str) -> Expr {
        let mut out = vec![from_poly(&self.polynomial, x)];
        for (p, j, a) in &self.terms {
            out.push(from_poly(a, x).over(&from_poly(p, x).pow_int(i64::from(*j))));
        }
        Expr::add(out)
    }
}

fn power(p: &[Q], k: u32) -> QPoly {
    (0..k).fold(vec![Q::one()], |acc, _| poly::mul(&acc, p))
}

/// The partial fractions of n/d (d ≠ 0).
pub fn decompose(n: &[Q], d: &[Q], budget: &Budget) -> Result<Apart, Stop> {
    let (polynomial, r) = poly::divrem(n, d);
    let mut terms = Vec::new();
    if r.is_empty() {
        return Ok(Apart { polynomial, terms });
    }
    let (content, dz) = poly::to_primitive(d);
    let factorization = poly::factor::factor(&dz, budget)?;
    // d = content·c·∏ pᵢ^kᵢ; r/d = (r/(content·c))/∏ pᵢ^kᵢ.
    let scale = content * Q::from_integer(factorization.content.clone());
    let r: QPoly = r.iter().map(|c| c / &scale).collect();
    let factors: Vec<(QPoly, u32)> = factorization
        .factors
        .iter()
        .map(|(p, k)| (poly::from_z(p), *k))
        .collect();
    let whole = factors
        .iter()
        .fold(vec![Q::one()], |acc, (p, k)| poly::mul(&acc, &power(p, *k)));
    for (p, k) in &factors {
        budget.check()?;
        let pk = power(p, *k);
        let (cofactor, _) = poly::divrem(&whole, &pk);
        let (g, s, _) = poly::extended_gcd(&cofactor, &pk, budget)?;
        if g.len() != 1 {
            return Err(Stop::CheckFailed("coprime factors have a gcd"));
        }
        let inv: QPoly = s.iter().map(|c| c / &g[0]).collect();
        let (_, mut b) = poly::divrem(&poly::mul(&r, &inv), &pk);
        // Bᵢ = Σⱼ Aⱼ·pᵢ^(kᵢ−j): the digits of Bᵢ in base pᵢ, lowest first.
        let mut digits = Vec::new();
        for j in (1..=*k).rev() {
            let (quot, digit) = poly::divrem(&b, p);
            if !digit.is_empty() {
                digits.push((p.clone(), j, digit));
            }
            b = quot;
        }
        digits.reverse();
        terms.extend(digits);
    }
    Ok(Apart { polynomial, terms })
}

/// The partial fractions of a rational function of x over Q, proven equal
/// to it (a common denominator) before they are returned; None when `f`
/// is not one, or its denominator's degree exceeds [`MAX_DEGREE`].
pub fn apart(f: &Expr, x: &str, budget: &Budget) -> Result<Option<Apart>, Stop> {
    if f.symbols().iter().any(|s| s != x)
        || f.any(&|s| {
            matches!(
                s.node(),
                super::node::Node::Fun(..) | super::node::Node::Const(_)
            )
        })
    {
        return Ok(None);
    }
    let Some((n, d)) = together(f, budget)? else {
        return Ok(None);
    };
    let (Some(n), Some(d)) = (to_poly(&n, x), to_poly(&d, x)) else {
        return Ok(None);
    };
    if d.is_empty() || d.len() > MAX_DEGREE + 1 {
        return Ok(None);
    }
    let parts = decompose(&n, &d, budget)?;
    match is_zero(&parts.expression(x).minus(f), budget)? {
        Verdict::Proven { .. } => Ok(Some(parts)),
        _ => Err(Stop::CheckFailed(
            "the partial fractions do not add up to the input",
        )),
    }
}
