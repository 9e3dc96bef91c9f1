//! Closed forms of linear recurrences with constant coefficients,
//! a(n) = c₁a(n−1) + … + c_k·a(n−k) with c_k ≠ 0: over each irreducible
//! factor p^e of the characteristic polynomial χ(x) = x^k − c₁x^(k−1) − … − c_k,
//!
//!   a(n) = Σ_p Σ_{θ: p(θ)=0} C_p(θ, n)·θⁿ,  C_p(t, n) = Σ_{j<e} c_{p,j}(t)·n^j,
//!
//! with every c_{p,j} in the field Q[t]/(p): the initial values are rational,
//! so conjugate roots carry conjugate coefficients, and the inner sum is the
//! trace Tr(C_p(t, n)·tⁿ). The k rational unknowns (d·e per factor) solve the
//! k×k system a(n) = Σ_p Σ_j n^j·Tr(c_{p,j}(t)·tⁿ), n < k, which is
//! regular because the n^j·θⁿ are independent. Each n^j·θⁿ with j < e
//! satisfies the recurrence ((x − θ)^e divides χ), so agreeing on the k
//! initial values proves the form for every n ≥ 0; it is also compared
//! with the recurrence's own terms well past them.

use crate::linalg::{Solution, solve};
use crate::poly::algebraic::Extension;
use crate::poly::factor::factor;
use crate::poly::{QPoly, from_z, to_primitive, trim};
use crate::{Budget, Mat, Q, Stop};
use num_traits::{One, Zero};

/// One irreducible factor's part of the closed form.
#[derive(Debug, Clone)]
pub struct Part {
    /// Monic, irreducible over Q, lowest coefficient first.
    pub factor: QPoly,
    pub multiplicity: usize,
    /// c_j(t) for j < multiplicity, reduced modulo the factor.
    pub coefficients: Vec<QPoly>,
}

/// The characteristic polynomial x^k − c₁x^(k−1) − … − c_k, lowest first.
pub fn characteristic(c: &[Q]) -> QPoly {
    let k = c.len();
    let mut chi = vec![Q::zero(); k + 1];
    chi[k] = Q::one();
    for (i, ci) in c.iter().enumerate() {
        chi[k - 1 - i] = -ci.clone();
    }
    chi
}

/// tⁿ reduced in the field, for n = 0..count.
fn powers(field: &Extension, count: usize) -> Vec<QPoly> {
    let t = trim(vec![Q::zero(), Q::one()]);
    let mut out = vec![field.reduce(&[Q::one()])];
    for _ in 1..count {
        let next = field.mul(&out[out.len() - 1], &t);
        out.push(next);
    }
    out
}

/// n^j as a rational.
fn power_of(n: usize, j: usize) -> Q {
    Q::from_integer(num_traits::pow(num_bigint::BigInt::from(n), j))
}

/// The parts of the closed form for c (c_k ≠ 0) and the k initial values.
pub fn closed_form(c: &[Q], initial: &[Q], budget: &Budget) -> Result<Vec<Part>, Stop> {
    let k = c.len();
    let (_, chi) = to_primitive(&characteristic(c));
    let factors = factor(&chi, budget)?.factors;
    // Columns: for each factor, for j < e, for i < d: n^j·Tr(tⁱ·tⁿ).
    let mut columns: Vec<Vec<Q>> = Vec::with_capacity(k);
    let mut shapes = Vec::new();
    for (g, e) in &factors {
        budget.check()?;
        let field = Extension::new(&from_z(g));
        let d = field.degree();
        let t = powers(&field, k + d);
        let traces: Vec<Q> = t.iter().map(|p| field.trace(p)).collect();
        for j in 0..*e as usize {
            for i in 0..d {
                columns.push((0..k).map(|n| power_of(n, j) * &traces[i + n]).collect());
            }
        }
        shapes.push((field.modulus().to_vec(), *e as usize, d));
    }
    if columns.len() != k {
        return Err(Stop::CheckFailed(
            "the factors' degrees do not add up to the order",
        ));
    }
    let m = Mat::from_fn(k, k, |n, col| columns[col][n].clone());
    let x = match solve(&m, initial, budget)? {
        Solution::Unique(x) => x,
        _ => return Err(Stop::CheckFailed("the closed-form system is singular")),
    };
    let mut at = 0;
    let mut parts = Vec::new();
    for (factor, e, d) in shapes {
        let coefficients = (0..e)
            .map(|_| {
                let c = trim(x[at..at + d].to_vec());
                at += d;
                c
            })
            .collect();
        parts.push(Part {
            factor,
            multiplicity: e,
            coefficients,
        });
    }
    Ok(parts)
}

/// a(n) from the closed form, exactly: Σ_p Σ_j n^j·Tr(c_{p,j}(t)·tⁿ).
pub fn value(parts: &[Part], n: usize, budget: &Budget) -> Result<Q, Stop> {
    let mut total = Q::zero();
    for p in parts {
        budget.check()?;
        let field = Extension::new(&p.factor);
        let t = trim(vec![Q::zero(), Q::one()]);
        // tⁿ by squaring.
        let mut power = vec![Q::one()];
        let mut base = field.reduce(&t);
        let mut e = n;
        while e > 0 {
            if e & 1 == 1 {
                power = field.mul(&power, &base);
            }
            base = field.mul(&base, &base);
            e >>= 1;
        }
        for (j, cj) in p.coefficients.iter().enumerate() {
            total += power_of(n, j) * field.trace(&field.mul(cj, &power));
        }
    }
    Ok(total)
}
