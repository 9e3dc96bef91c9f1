//! Characteristic and minimal polynomials: det(t·I − A) by Hessenberg
//! reduction over Q, or from order 8 multi-modularly; the minimal polynomial
//! as the first linear dependence among the powers I, A, A², ….

use super::*;
use crate::{Budget, Mat, Q, Stop};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Zero};
use rayon::prelude::*;

/// From this order on the multi-modular characteristic polynomial is used.
const MODULAR_CHARPOLY_FROM: usize = 8;

/// Characteristic polynomial det(x·I − A), coefficients lowest degree first
/// (monic, length n + 1). Small orders: Hessenberg over Q. Larger: with D the
/// lcm of all denominators, B = D·A is integral and cₖ(A) = cₖ(B)/Dⁿ⁻ᵏ; the
/// coefficients of B's polynomial are found modulo word-size primes and
/// combined by CRT under a proven bound: cₙ₋ₖ is ± a sum of C(n, k)
/// principal k-minors, each at most ∏ max(1, ‖rowᵢ‖₂), so every |cⱼ| ≤
/// 2ⁿ·∏ᵢ max(1, ‖rowᵢ(B)‖₂).
pub fn characteristic_polynomial(a: &Mat<Q>, budget: &Budget) -> Result<Vec<Q>, Stop> {
    assert!(
        a.is_square(),
        "characteristic polynomial of a non-square matrix"
    );
    let n = a.rows();
    if n < MODULAR_CHARPOLY_FROM {
        return hessenberg_characteristic_polynomial(a, budget);
    }
    use crate::modular::{PRIME_BITS, charpoly_mod_p, crt_symmetric, primes};
    let d = (0..n)
        .flat_map(|i| a.row(i).iter())
        .fold(BigInt::one(), |l, q| {
            if q.denom().is_one() {
                l
            } else {
                l.lcm(q.denom())
            }
        });
    let b = a.map(|q| q.numer() * (&d / q.denom()));
    let bits: f64 = n as f64
        + (0..n)
            .map(|i| row_norm_log2(b.row(i), 0).unwrap_or(0.0).max(0.0))
            .sum::<f64>()
        + 2.0;
    let count = (bits / f64::from(PRIME_BITS - 1)).ceil() as usize;
    let words = words_of(b.as_slice());
    let entries = Ints::new(&b, &words);
    let residues: Vec<(Vec<u64>, u64)> = primes(count)
        .into_par_iter()
        .map(|p| charpoly_mod_p(entries.residues(p), n, p, budget).map(|c| (c, p)))
        .collect::<Result<_, Stop>>()?;
    let mut scale = BigInt::one(); // Dⁿ⁻ᵏ, built from k = n down
    let mut out = vec![Q::zero(); n + 1];
    for k in (0..=n).rev() {
        let coefficient =
            crt_symmetric(&residues.iter().map(|(c, p)| (c[k], *p)).collect::<Vec<_>>());
        out[k] = Q::new(coefficient, scale.clone());
        scale *= &d;
    }
    Ok(out)
}

/// Hessenberg reduction over Q and the leading-block recurrence.
pub(super) fn hessenberg_characteristic_polynomial(
    a: &Mat<Q>,
    budget: &Budget,
) -> Result<Vec<Q>, Stop> {
    assert!(
        a.is_square(),
        "characteristic polynomial of a non-square matrix"
    );
    let n = a.rows();
    let mut h = a.clone();
    for m in 1..n.saturating_sub(1) {
        budget.check()?;
        let Some(i) = (m..n).find(|&i| !h[(i, m - 1)].is_zero()) else {
            continue;
        };
        if i != m {
            h.swap_rows(i, m);
            for r in 0..n {
                let t = h[(r, i)].clone();
                h[(r, i)] = std::mem::replace(&mut h[(r, m)], t);
            }
        }
        let piv = h[(m, m - 1)].clone();
        for j in m + 1..n {
            if h[(j, m - 1)].is_zero() {
                continue;
            }
            let u = &h[(j, m - 1)] / &piv;
            for c in 0..n {
                let t = &u * &h[(m, c)];
                h[(j, c)] -= t;
            }
            for r in 0..n {
                let t = &u * &h[(r, j)];
                h[(r, m)] += t;
            }
        }
    }
    // p[k] = characteristic polynomial of the leading k×k block of h.
    let mut p: Vec<Vec<Q>> = vec![vec![Q::one()]];
    for m in 1..=n {
        budget.check()?;
        let d = h[(m - 1, m - 1)].clone();
        let prev = &p[m - 1];
        let mut next = vec![Q::zero(); m + 1];
        for (k, c) in prev.iter().enumerate() {
            next[k + 1] += c;
            next[k] -= &d * c;
        }
        let mut t = Q::one();
        for i in (0..m - 1).rev() {
            t *= &h[(i + 1, i)];
            if t.is_zero() {
                break;
            }
            let f = &t * &h[(i, m - 1)];
            for (k, c) in p[i].iter().enumerate() {
                next[k] -= &f * c;
            }
        }
        p.push(next);
    }
    Ok(p.pop().unwrap_or_else(|| vec![Q::one()]))
}

/// The minimal polynomial (monic, lowest degree first): the first power Aᵈ
/// that is a combination of I, A, …, Aᵈ⁻¹, found by reducing each new power
/// (as a vector of n² entries) against the echelon basis of the previous ones.
pub fn minimal_polynomial(a: &Mat<Q>, budget: &Budget) -> Result<Vec<Q>, Stop> {
    assert!(a.is_square(), "minimal polynomial of a non-square matrix");
    let n = a.rows();
    // (pivot position, reduced vector with 1 at the pivot, its combination of powers)
    let mut basis: Vec<(usize, Vec<Q>, Vec<Q>)> = Vec::new();
    let mut power = identity(n);
    for d in 0..=n {
        budget.check()?;
        if d > 0 {
            power = multiply(&power, a, budget)?;
        }
        let mut v: Vec<Q> = (0..n).flat_map(|i| power.row(i).to_vec()).collect();
        let mut combo = vec![Q::zero(); d + 1];
        combo[d] = Q::one();
        for (p, row, c) in &basis {
            budget.check()?;
            if v[*p].is_zero() {
                continue;
            }
            let f = v[*p].clone();
            // Entries grow to many thousands of digits: each update (a
            // gcd of that size) is polled.
            for (x, r) in v.iter_mut().zip(row) {
                if !r.is_zero() {
                    budget.check()?;
                    *x -= &f * r;
                }
            }
            for (x, y) in combo.iter_mut().zip(c) {
                budget.check()?;
                *x -= &f * y;
            }
        }
        match v.iter().position(|x| !x.is_zero()) {
            None => return Ok(combo),
            Some(p) => {
                let inv = v[p].recip();
                for x in v.iter_mut().chain(combo.iter_mut()) {
                    budget.check()?;
                    *x *= &inv;
                }
                basis.push((p, v, combo));
            }
        }
    }
    unreachable!("Cayley–Hamilton: the powers up to n are dependent")
}
