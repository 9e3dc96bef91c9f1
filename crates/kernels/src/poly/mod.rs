//! Exact polynomials: dense univariate over Z (`zx`) and F_p (`zp`),
//! factorization over Z and Q (`factor`), real roots (`roots`), certified
//! complex roots (`complex_roots`), radical solvability from Frobenius
//! cycle types (`galois`), all roots located (`solve`), real solution sets
//! of inequalities (`inequality`), Q[x]
//! helpers (this module), number-field arithmetic (`algebraic`), algebraic numbers with
//! exact arithmetic by resultants (`algebraic_number`), and sparse multivariate polynomials over Q with
//! their text grammar (`sparse`, `parse`).

pub mod algebraic;
pub mod algebraic_number;
pub mod complex_roots;
pub mod factor;
pub mod galois;
pub mod groebner;
pub mod inequality;
pub mod nullstellensatz;
pub mod parse;
pub mod radical_form;
pub mod radical_sum;
pub mod roots;
pub mod solve;
pub mod sparse;
pub mod zero_dim;
pub mod zp;
pub mod zx;

use crate::{Budget, Q, Stop};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Zero};

/// Dense polynomial over Q, lowest degree first, no trailing zeros.
pub type QPoly = Vec<Q>;

pub fn trim(mut a: QPoly) -> QPoly {
    while a.last().is_some_and(Zero::is_zero) {
        a.pop();
    }
    a
}

/// a = c·f with c rational and f primitive in Z[x] with positive leading
/// coefficient (c = 0, f = [] for zero).
pub fn to_primitive(a: &[Q]) -> (Q, zx::Poly) {
    let a = trim(a.to_vec());
    if a.is_empty() {
        return (Q::zero(), Vec::new());
    }
    let den = a.iter().fold(BigInt::one(), |l, c| l.lcm(c.denom()));
    let ints: zx::Poly = a.iter().map(|c| c.numer() * (&den / c.denom())).collect();
    let content = zx::content(&ints);
    let f = if content.is_one() {
        ints
    } else {
        ints.iter().map(|x| x / &content).collect()
    };
    (crate::rational::ratio(content, den), f)
}

pub fn from_z(a: &[BigInt]) -> QPoly {
    a.iter().map(|c| Q::from_integer(c.clone())).collect()
}

pub fn add(a: &[Q], b: &[Q]) -> QPoly {
    let n = a.len().max(b.len());
    trim(
        (0..n)
            .map(|i| a.get(i).cloned().unwrap_or_default() + b.get(i).cloned().unwrap_or_default())
            .collect(),
    )
}

pub fn sub(a: &[Q], b: &[Q]) -> QPoly {
    add(a, &b.iter().map(|c| -c).collect::<Vec<_>>())
}

/// Products through Z[x] (so large ones use Kronecker substitution).
pub fn mul(a: &[Q], b: &[Q]) -> QPoly {
    let (ca, fa) = to_primitive(a);
    let (cb, fb) = to_primitive(b);
    let c = crate::rational::mul(&ca, &cb);
    trim(
        zx::mul(&fa, &fb)
            .into_iter()
            .map(|x| crate::rational::mul(&Q::from_integer(x), &c))
            .collect(),
    )
}

/// Quotient and remainder over Q (b ≠ 0).
pub fn divrem(a: &[Q], b: &[Q]) -> (QPoly, QPoly) {
    let b = trim(b.to_vec());
    let mut r = trim(a.to_vec());
    let db = b.len() - 1;
    if r.len() <= db {
        return (Vec::new(), r);
    }
    let inv = Q::one() / &b[db];
    let mut q = vec![Q::zero(); r.len() - db];
    while r.len() > db {
        let shift = r.len() - 1 - db;
        let c = &r[r.len() - 1] * &inv;
        for (i, bi) in b.iter().enumerate() {
            r[shift + i] -= &c * bi;
        }
        q[shift] = c;
        r = trim(r);
    }
    (trim(q), r)
}

/// f(x) at x, exactly (Horner).
pub fn evaluate(a: &[Q], x: &Q) -> Q {
    a.iter().rev().fold(Q::zero(), |acc, c| acc * x + c)
}

/// a(b(x)) by Horner's rule over Z: with a = cₐ·fₐ and b = (u/v)·f_b
/// (their primitive parts, n = deg a), a(b) = cₐ/vⁿ · Σ fₐᵢ·uⁱ·v^(n−i)·f_bⁱ,
/// so every step multiplies integer polynomials, nothing is reduced until
/// the end, and the budget is checked between steps.
pub fn compose(a: &[Q], b: &[Q], budget: &Budget) -> Result<QPoly, Stop> {
    let (ca, fa) = to_primitive(a);
    let Some(n) = fa.len().checked_sub(1) else {
        return Ok(Vec::new());
    };
    let (cb, fb) = to_primitive(b);
    if fb.is_empty() {
        // b = 0: a(0).
        return Ok(trim(vec![a[0].clone()]));
    }
    let (u, v) = (cb.numer(), cb.denom());
    let ufb: zx::Poly = fb.iter().map(|c| c * u).collect();
    let mut acc: zx::Poly = vec![fa[n].clone()];
    let mut vpow = BigInt::one();
    for i in (0..n).rev() {
        budget.check()?;
        vpow *= v;
        acc = zx::mul(&acc, &ufb);
        let t = &fa[i] * &vpow;
        match acc.first_mut() {
            Some(c0) => *c0 += t,
            None => acc.push(t),
        }
    }
    let scale = crate::rational::mul(&ca, &crate::rational::ratio(BigInt::one(), vpow));
    let mut meter = crate::Meter::new(budget);
    let mut out = Vec::with_capacity(acc.len());
    for c in acc {
        meter.tick_over(&[&c])?;
        out.push(crate::rational::mul(&Q::from_integer(c), &scale));
    }
    Ok(trim(out))
}

/// a(x) for rational x = p/q by Horner's rule over Z: with a = c·f (f
/// primitive, n = deg f), a(x) = c·(Σ fᵢ·pⁱ·q^(n−i))/qⁿ, one reduction at
/// the end instead of one per step; the budget is polled as the numbers
/// grow.
pub fn evaluate_within(a: &[Q], x: &Q, budget: &Budget) -> Result<Q, Stop> {
    let (c, f) = to_primitive(a);
    let Some(n) = f.len().checked_sub(1) else {
        return Ok(Q::zero());
    };
    let (p, q) = (x.numer(), x.denom());
    let mut acc = f[n].clone();
    let mut qpow = BigInt::one();
    let mut meter = crate::Meter::new(budget);
    for i in (0..n).rev() {
        qpow *= q;
        acc = acc * p + &f[i] * &qpow;
        meter.tick_over(&[&acc, &qpow])?;
    }
    Ok(crate::rational::mul(&c, &crate::rational::ratio(acc, qpow)))
}

pub fn derivative(a: &[Q]) -> QPoly {
    trim(
        a.iter()
            .enumerate()
            .skip(1)
            .map(|(i, c)| c * Q::from_integer(i.into()))
            .collect(),
    )
}

/// The unique polynomial of degree < n through n points with distinct x
/// (Newton's divided differences); `None` when two x coincide.
pub fn interpolate(points: &[(Q, Q)]) -> Option<QPoly> {
    let n = points.len();
    let mut coef: Vec<Q> = points.iter().map(|(_, y)| y.clone()).collect();
    for j in 1..n {
        for i in (j..n).rev() {
            let dx = &points[i].0 - &points[i - j].0;
            if dx.is_zero() {
                return None;
            }
            coef[i] = (&coef[i] - &coef[i - 1]) / dx;
        }
    }
    // Horner on the Newton form: c₀ + (x − x₀)(c₁ + (x − x₁)(…)).
    let mut out: QPoly = Vec::new();
    for i in (0..n).rev() {
        out = add(
            &mul(&out, &[-points[i].0.clone(), Q::one()]),
            &[coef[i].clone()],
        );
    }
    Some(trim(out))
}

/// gcd(a, b) made monic, with Bézout cofactors s, t, by the extended
/// Euclidean algorithm over Q; a and b not both zero. Postcondition:
/// s·a + t·b = g is multiplied back.
pub fn extended_gcd(a: &[Q], b: &[Q], budget: &Budget) -> Result<(QPoly, QPoly, QPoly), Stop> {
    let one = vec![Q::one()];
    let (mut r0, mut r1) = (trim(a.to_vec()), trim(b.to_vec()));
    let (mut s0, mut s1): (QPoly, QPoly) = (one.clone(), Vec::new());
    let (mut t0, mut t1): (QPoly, QPoly) = (Vec::new(), one);
    while !r1.is_empty() {
        budget.check()?;
        let (q, r) = divrem(&r0, &r1);
        r0 = std::mem::replace(&mut r1, r);
        let s = sub(&s0, &mul(&q, &s1));
        s0 = std::mem::replace(&mut s1, s);
        let t = sub(&t0, &mul(&q, &t1));
        t0 = std::mem::replace(&mut t1, t);
    }
    let Some(lead) = r0.last().cloned() else {
        return Err(Stop::CheckFailed("the gcd of two zero polynomials"));
    };
    let scale = |p: &[Q]| trim(p.iter().map(|c| c / &lead).collect());
    let (g, s, t) = (scale(&r0), scale(&s0), scale(&t0));
    if add(&mul(&s, a), &mul(&t, b)) != g {
        return Err(Stop::CheckFailed("s·a + t·b differs from the gcd"));
    }
    Ok((g, s, t))
}

/// The n-th cyclotomic polynomial Φ_n = Π_{d | n} (x^d − 1)^μ(n/d) over Z
/// (n ≥ 1): the numerator and denominator products, then one exact
/// division. Postcondition: the division leaves no remainder and the degree
/// is φ(n).
pub fn cyclotomic(n: u64, budget: &Budget) -> Result<zx::Poly, Stop> {
    let x_pow_minus_one = |d: u64| {
        let mut p = vec![BigInt::zero(); d as usize + 1];
        p[0] = -BigInt::one();
        p[d as usize] = BigInt::one();
        p
    };
    let mu = crate::sequence::mobius_table(n as usize);
    let (mut num, mut den) = (vec![BigInt::one()], vec![BigInt::one()]);
    let mut totient = 0u64;
    for d in (1..=n).filter(|d| n.is_multiple_of(*d)) {
        budget.check()?;
        match mu[(n / d) as usize] {
            1 => num = zx::mul(&num, &x_pow_minus_one(d)),
            -1 => den = zx::mul(&den, &x_pow_minus_one(d)),
            _ => {}
        }
        // φ(n) = Σ_{d | n} μ(n/d)·d
        totient = totient.wrapping_add((i64::from(mu[(n / d) as usize]) * d as i64) as u64);
    }
    let phi = zx::divide_exact(&num, &den)
        .ok_or(Stop::CheckFailed("the Möbius product is not a polynomial"))?;
    if phi.len() as u64 != totient + 1 {
        return Err(Stop::CheckFailed("the degree is not φ(n)"));
    }
    Ok(phi)
}

#[cfg(test)]
mod tests;
