//! Arithmetic in Q(θ) = Q[t]/(M) for a monic squarefree M over Q, and
//! polynomials over it.
//!
//! An element is its remainder modulo M. Its trace and norm are the sum
//! and the product of its values at the roots θ₁ … θ_m of M: the trace
//! from the power sums of the roots (Newton's identities), the norm as
//! the resultant Res(M, a) = Π a(θᵢ) (M monic). That is how a sum over
//! the roots of M becomes a rational number: Σᵢ a(θᵢ) = Tr(a).

use super::{QPoly, divrem, extended_gcd, mul, sub, trim};
use crate::{Budget, Q, Stop};
use num_traits::{One, Zero};

/// Q[t]/(M), M monic and squarefree (a field when M is irreducible).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Extension {
    modulus: QPoly,
    /// p_k = Σ θᵢ^k for k < deg M.
    power_sums: Vec<Q>,
}

impl Extension {
    /// The extension by the roots of `modulus` (made monic; degree ≥ 1).
    pub fn new(modulus: &[Q]) -> Extension {
        let m = trim(modulus.to_vec());
        let lead = m.last().cloned().unwrap_or_else(Q::one);
        let m: QPoly = m.iter().map(|c| c / &lead).collect();
        let n = m.len().saturating_sub(1);
        // Newton: p_k = −(k·c_{n−k} + Σ_{i<k} c_{n−i}·p_{k−i}), M = Σ c_j t^j.
        let mut p = vec![Q::from_integer(n.into())];
        for k in 1..n {
            let mut s = Q::from_integer(k.into()) * &m[n - k];
            for i in 1..k {
                s += &m[n - i] * &p[k - i];
            }
            p.push(-s);
        }
        Extension {
            modulus: m,
            power_sums: p,
        }
    }

    /// M, monic.
    pub fn modulus(&self) -> &[Q] {
        &self.modulus
    }

    pub fn degree(&self) -> usize {
        self.modulus.len() - 1
    }

    pub fn reduce(&self, a: &[Q]) -> QPoly {
        divrem(a, &self.modulus).1
    }

    pub fn mul(&self, a: &[Q], b: &[Q]) -> QPoly {
        self.reduce(&mul(a, b))
    }

    /// a⁻¹, or None when a shares a root with M (a = 0 among them).
    pub fn inverse(&self, a: &[Q], budget: &Budget) -> Result<Option<QPoly>, Stop> {
        let a = self.reduce(a);
        if a.is_empty() {
            return Ok(None);
        }
        let (g, s, _) = extended_gcd(&a, &self.modulus, budget)?;
        Ok((g.len() == 1).then(|| self.reduce(&s)))
    }

    /// Σᵢ a(θᵢ).
    pub fn trace(&self, a: &[Q]) -> Q {
        self.reduce(a)
            .iter()
            .zip(&self.power_sums)
            .map(|(c, p)| c * p)
            .sum()
    }

    /// Πᵢ a(θᵢ) = Res(M, a).
    pub fn norm(&self, a: &[Q]) -> Q {
        resultant(&self.modulus, &self.reduce(a))
    }
}

/// Res(a, b) over Q by the Euclidean recurrence
/// Res(a, b) = (−1)^(deg a·deg b)·lc(b)^(deg a − deg r)·Res(b, r), r = a mod b.
pub fn resultant(a: &[Q], b: &[Q]) -> Q {
    let (mut a, mut b) = (trim(a.to_vec()), trim(b.to_vec()));
    let mut acc = Q::one();
    loop {
        if a.is_empty() || b.is_empty() {
            return Q::zero();
        }
        let (da, db) = (a.len() - 1, b.len() - 1);
        if db == 0 {
            return acc * b[0].pow(da as i32);
        }
        let r = divrem(&a, &b).1;
        if r.is_empty() {
            return Q::zero();
        }
        let dr = r.len() - 1;
        if da % 2 == 1 && db % 2 == 1 {
            acc = -acc;
        }
        acc *= b[db].pow((da - dr) as i32);
        a = std::mem::replace(&mut b, r);
    }
}

/// A polynomial in x over an [`Extension`]: coefficients (elements),
/// lowest degree first, no trailing zeros.
pub type KPoly = Vec<QPoly>;

pub fn k_trim(mut a: KPoly) -> KPoly {
    while a.last().is_some_and(Vec::is_empty) {
        a.pop();
    }
    a
}

/// A polynomial over Q as one over K.
pub fn k_lift(a: &[Q]) -> KPoly {
    k_trim(
        a.iter()
            .map(|c| {
                if c.is_zero() {
                    Vec::new()
                } else {
                    vec![c.clone()]
                }
            })
            .collect(),
    )
}

impl Extension {
    pub fn k_sub(&self, a: &[QPoly], b: &[QPoly]) -> KPoly {
        let n = a.len().max(b.len());
        let empty = Vec::new();
        k_trim(
            (0..n)
                .map(|i| sub(a.get(i).unwrap_or(&empty), b.get(i).unwrap_or(&empty)))
                .collect(),
        )
    }

    pub fn k_mul(&self, a: &[QPoly], b: &[QPoly]) -> KPoly {
        if a.is_empty() || b.is_empty() {
            return Vec::new();
        }
        let mut out = vec![Vec::new(); a.len() + b.len() - 1];
        for (i, x) in a.iter().enumerate() {
            for (j, y) in b.iter().enumerate() {
                out[i + j] = super::add(&out[i + j], &mul(x, y));
            }
        }
        k_trim(out.iter().map(|c| self.reduce(c)).collect())
    }

    /// Quotient and remainder by b, whose leading coefficient must be
    /// invertible (None otherwise).
    pub fn k_divrem(
        &self,
        a: &[QPoly],
        b: &[QPoly],
        budget: &Budget,
    ) -> Result<Option<(KPoly, KPoly)>, Stop> {
        let b = k_trim(b.to_vec());
        let Some(lead) = b.last() else {
            return Ok(None);
        };
        let inv = if lead.len() == 1 && lead[0].is_one() {
            lead.clone()
        } else {
            match self.inverse(lead, budget)? {
                Some(inv) => inv,
                None => return Ok(None),
            }
        };
        let db = b.len() - 1;
        let mut r = k_trim(a.iter().map(|c| self.reduce(c)).collect());
        if r.len() <= db {
            return Ok(Some((Vec::new(), r)));
        }
        let mut q = vec![Vec::new(); r.len() - db];
        while r.len() > db {
            budget.check()?;
            let shift = r.len() - 1 - db;
            let c = self.mul(&r[r.len() - 1], &inv);
            for (i, bi) in b.iter().enumerate() {
                r[shift + i] = self.reduce(&sub(&r[shift + i], &mul(&c, bi)));
            }
            q[shift] = c;
            r = k_trim(r);
        }
        Ok(Some((k_trim(q), r)))
    }

    /// The monic gcd over K (K a field: M irreducible), or None when a
    /// leading coefficient is a zero divisor.
    /// Remainders are made monic as they appear (monic Euclid: their
    /// coefficients stay the size of the subresultants' ratios).
    pub fn k_gcd(&self, a: &[QPoly], b: &[QPoly], budget: &Budget) -> Result<Option<KPoly>, Stop> {
        let Some(mut r0) = self.k_monic(a, budget)? else {
            return Ok(None);
        };
        let Some(mut r1) = self.k_monic(b, budget)? else {
            return Ok(None);
        };
        while !r1.is_empty() {
            let Some((_, r)) = self.k_divrem(&r0, &r1, budget)? else {
                return Ok(None);
            };
            let Some(r) = self.k_monic(&r, budget)? else {
                return Ok(None);
            };
            r0 = std::mem::replace(&mut r1, r);
        }
        Ok(Some(r0))
    }

    /// a divided by its leading coefficient (0 stays 0); None when that is
    /// a zero divisor.
    pub fn k_monic(&self, a: &[QPoly], budget: &Budget) -> Result<Option<KPoly>, Stop> {
        let a = k_trim(a.iter().map(|c| self.reduce(c)).collect());
        let Some(lead) = a.last() else {
            return Ok(Some(a));
        };
        if lead.len() == 1 && lead[0].is_one() {
            return Ok(Some(a));
        }
        let Some(inv) = self.inverse(lead, budget)? else {
            return Ok(None);
        };
        Ok(Some(a.iter().map(|c| self.mul(c, &inv)).collect()))
    }

    /// (g, s, t) with s·a + t·b = g, g the monic gcd over K (a field),
    /// multiplied back; None when a leading coefficient is a zero divisor.
    pub fn k_extended_gcd(
        &self,
        a: &[QPoly],
        b: &[QPoly],
        budget: &Budget,
    ) -> Result<Option<(KPoly, KPoly, KPoly)>, Stop> {
        let one: KPoly = vec![vec![Q::one()]];
        let (mut r0, mut r1) = (k_trim(a.to_vec()), k_trim(b.to_vec()));
        let (mut s0, mut s1): (KPoly, KPoly) = (one.clone(), Vec::new());
        let (mut t0, mut t1): (KPoly, KPoly) = (Vec::new(), one);
        while !r1.is_empty() {
            let Some((q, r)) = self.k_divrem(&r0, &r1, budget)? else {
                return Ok(None);
            };
            r0 = std::mem::replace(&mut r1, r);
            let s = self.k_sub(&s0, &self.k_mul(&q, &s1));
            s0 = std::mem::replace(&mut s1, s);
            let t = self.k_sub(&t0, &self.k_mul(&q, &t1));
            t0 = std::mem::replace(&mut t1, t);
        }
        let Some(lead) = r0.last() else {
            return Ok(None);
        };
        let Some(inv) = self.inverse(lead, budget)? else {
            return Ok(None);
        };
        let scale = |f: &[QPoly]| -> KPoly { f.iter().map(|c| self.mul(c, &inv)).collect() };
        let (g, s, t) = (scale(&r0), scale(&s0), scale(&t0));
        let back = self.k_sub(&self.k_add(&self.k_mul(&s, a), &self.k_mul(&t, b)), &g);
        if !back.is_empty() {
            return Err(Stop::CheckFailed("s·a + t·b differs from the gcd over K"));
        }
        Ok(Some((g, s, t)))
    }

    pub fn k_add(&self, a: &[QPoly], b: &[QPoly]) -> KPoly {
        let n = a.len().max(b.len());
        let empty = Vec::new();
        k_trim(
            (0..n)
                .map(|i| super::add(a.get(i).unwrap_or(&empty), b.get(i).unwrap_or(&empty)))
                .collect(),
        )
    }

    /// d/dx.
    pub fn k_derivative(&self, a: &[QPoly]) -> KPoly {
        k_trim(
            a.iter()
                .enumerate()
                .skip(1)
                .map(|(k, c)| {
                    let k = Q::from_integer(k.into());
                    c.iter().map(|x| x * &k).collect::<QPoly>()
                })
                .collect(),
        )
    }

    /// Σᵢ a(θᵢ, x), coefficientwise: a polynomial over Q.
    pub fn k_trace(&self, a: &[QPoly]) -> QPoly {
        trim(a.iter().map(|c| self.trace(c)).collect())
    }
}

/// The minimal polynomial over Q (monic) of the element `c` of Q[x]/(p),
/// p irreducible of degree n: the first linear dependency among
/// 1, c, c², … (at most n + 1 of them), by incremental elimination.
pub fn minimal_polynomial(field: &Extension, c: &[Q], budget: &Budget) -> Result<QPoly, Stop> {
    let n = field.degree();
    // Echelon rows: (vector of a power's coordinates, its expression as a
    // combination of the powers 1, c, …, c^k), each with a distinct pivot.
    let mut rows: Vec<(Vec<Q>, usize, QPoly)> = Vec::new();
    let mut power: QPoly = vec![Q::one()];
    for k in 0..=n {
        budget.check()?;
        let mut v: Vec<Q> = (0..n)
            .map(|i| power.get(i).cloned().unwrap_or_else(Q::zero))
            .collect();
        let mut combo: QPoly = vec![Q::zero(); k + 1];
        combo[k] = Q::one();
        for (row, pivot, rc) in &rows {
            if v[*pivot].is_zero() {
                continue;
            }
            let f = &v[*pivot] / &row[*pivot];
            for (x, y) in v.iter_mut().zip(row) {
                *x -= &f * y;
            }
            for (i, y) in rc.iter().enumerate() {
                combo[i] -= &f * y;
            }
        }
        match v.iter().position(|x| !x.is_zero()) {
            Some(pivot) => rows.push((v, pivot, combo)),
            None => return Ok(trim(combo)),
        }
        power = field.mul(&power, c);
    }
    Err(Stop::CheckFailed(
        "no dependency among n + 1 powers in a space of dimension n",
    ))
}

/// y with Σ_k y_k·c^k = target (k < n = deg p) in Q[x]/(p), when
/// Q(c) is the whole field (the powers are a basis); None otherwise.
pub fn in_powers_of(
    field: &Extension,
    c: &[Q],
    target: &[Q],
    budget: &Budget,
) -> Result<Option<QPoly>, Stop> {
    let n = field.degree();
    // Rows i: coordinates i of c^0 … c^(n−1) | target.
    let mut powers = vec![vec![Q::one()]];
    for _ in 1..n {
        let next = field.mul(&powers[powers.len() - 1], c);
        powers.push(next);
    }
    let at = |f: &QPoly, i: usize| f.get(i).cloned().unwrap_or_else(Q::zero);
    let target = field.reduce(target);
    let mut rows: Vec<Vec<Q>> = (0..n)
        .map(|i| {
            let mut r: Vec<Q> = powers.iter().map(|p| at(p, i)).collect();
            r.push(at(&target, i));
            r
        })
        .collect();
    for col in 0..n {
        budget.check()?;
        let Some(pivot) = (col..n).find(|&r| !rows[r][col].is_zero()) else {
            return Ok(None);
        };
        rows.swap(col, pivot);
        let inv = Q::one() / &rows[col][col];
        for v in rows[col].iter_mut() {
            *v *= &inv;
        }
        for r in 0..n {
            if r != col && !rows[r][col].is_zero() {
                let f = rows[r][col].clone();
                let (top, rest) = if r < col {
                    let (a, b) = rows.split_at_mut(col);
                    (&b[0], &mut a[r])
                } else {
                    let (a, b) = rows.split_at_mut(r);
                    (&a[col], &mut b[0])
                };
                for (x, y) in rest.iter_mut().zip(top) {
                    *x -= &f * y;
                }
            }
        }
    }
    Ok(Some(trim(rows.iter().map(|r| r[n].clone()).collect())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(v: &[i64]) -> QPoly {
        trim(v.iter().map(|&c| Q::from_integer(c.into())).collect())
    }

    #[test]
    fn trace_norm_and_inverse_in_q_cube_root_of_two() {
        let k = Extension::new(&q(&[-2, 0, 0, 1]));
        let b = Budget::unlimited();
        // θ = ∛2: Tr(θ) = 0, Tr(θ³) = 3·2, N(θ) = 2, N(1 + θ) = 3.
        assert_eq!(k.trace(&q(&[0, 1])), Q::zero());
        assert_eq!(k.trace(&q(&[0, 0, 0, 1])), Q::from_integer(6.into()));
        assert_eq!(k.norm(&q(&[0, 1])), Q::from_integer(2.into()));
        assert_eq!(k.norm(&q(&[1, 1])), Q::from_integer(3.into()));
        let inv = k.inverse(&q(&[1, 1]), &b).unwrap().unwrap();
        assert_eq!(k.mul(&inv, &q(&[1, 1])), q(&[1]));
        assert_eq!(
            resultant(&q(&[-1, 0, 1]), &q(&[-2, 1])),
            Q::from_integer(3.into())
        );
    }

    #[test]
    fn minimal_polynomial_of_a_residue() {
        // In Q[x]/(x⁴ + 1): c = x² has minimal polynomial z² + 1.
        let k = Extension::new(&q(&[1, 0, 0, 0, 1]));
        let m = minimal_polynomial(&k, &q(&[0, 0, 1]), &Budget::unlimited()).unwrap();
        assert_eq!(m, q(&[1, 0, 1]));
    }

    #[test]
    fn gcd_over_a_quadratic_field() {
        // Over Q(√2): gcd(x² − 2, x − t) = x − t.
        let k = Extension::new(&q(&[-2, 0, 1]));
        let b = Budget::unlimited();
        let a = k_lift(&q(&[-2, 0, 1]));
        let l: KPoly = vec![q(&[0, -1]), q(&[1])];
        assert_eq!(k.k_gcd(&a, &l, &b).unwrap().unwrap(), l);
    }
}
