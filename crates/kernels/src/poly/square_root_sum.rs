//! Minimal polynomials of r + Σ cᵢ·√aᵢ (r, cᵢ, aᵢ rational, aᵢ > 0)
//! without factoring: written as r + Σ cᵢ·√sᵢ with distinct square-free
//! integers sᵢ > 1, when the sᵢ are independent modulo squares (their
//! prime exponent vectors are linearly independent over GF(2)), the field
//! Q(√s₁, …, √sₖ) has degree 2ᵏ (Besicovitch) and the 2ᵏ sign choices
//! r + Σ ±cᵢ√sᵢ are distinct conjugates, so ∏ (x − r − Σ ±cᵢ√sᵢ) is the
//! minimal polynomial. It is built one term at a time as
//! P(x − c√s)·P(x + c√s) = E² − c²s·O², with P(x + y) = E + y·O.
//! These are the sums whose resultant has 2ᵏ⁻¹ modular factors of degree
//! ≤ 2 for every prime, where Zassenhaus' recombination is exponential.

use super::algebraic_number::{Number, disk_add, disk_mul, meet, principal_root, start_radius};
use super::solve::factor_roots;
use super::to_primitive;
use crate::integer::factor;
use crate::{Budget, Q, Stop};
use num_bigint::{BigInt, BigUint};
use num_traits::{One, Signed, Zero};
use std::collections::BTreeMap;

/// Most terms handled here: 2⁸ is [`super::algebraic_number::MAX_DEGREE`].
const MAX_TERMS: usize = 8;

/// The number r + Σ cᵢ·√aᵢ given as (r, [(cᵢ, aᵢ)]), or None when the
/// radicands are not independent modulo squares (or not factored): the
/// general resultant path decides those.
pub fn square_root_sum(r: &Q, terms: &[(Q, Q)], budget: &Budget) -> Result<Option<Number>, Stop> {
    // cᵢ·√(p/q) = (cᵢ·m/q)·√s with p·q = s·m², s square-free.
    let mut by_radicand: BTreeMap<BigUint, Q> = BTreeMap::new();
    let mut rational = r.clone();
    let mut vectors: Vec<Vec<BigUint>> = Vec::new();
    for (c, a) in terms {
        if !a.is_positive() || c.is_zero() {
            return Ok(None);
        }
        let n = (a.numer() * a.denom()).to_biguint().unwrap_or_default();
        if n.bits() > 64 {
            return Ok(None);
        }
        let f = factor(&n, budget);
        if let Some(stop) = f.stopped {
            return Err(stop);
        }
        if !f.is_complete() || f.probable {
            return Ok(None);
        }
        let (mut s, mut m) = (BigUint::one(), BigUint::one());
        let mut odd = Vec::new();
        for (p, e) in &f.primes {
            if e % 2 == 1 {
                s *= p;
                odd.push(p.clone());
            }
            m *= num_traits::pow(p.clone(), (*e / 2) as usize);
        }
        let coefficient = c * Q::new(BigInt::from(m), a.denom().clone());
        if s.is_one() {
            rational += coefficient;
        } else {
            if !by_radicand.contains_key(&s) {
                vectors.push(odd);
            }
            *by_radicand.entry(s).or_insert_with(Q::zero) += coefficient;
        }
    }
    by_radicand.retain(|_, c| !c.is_zero());
    if by_radicand.is_empty()
        || by_radicand.len() > MAX_TERMS
        || by_radicand.len() != vectors.len()
        || !independent(&vectors)
    {
        return Ok(None);
    }
    // P₀ = x − r, then P ← E² − c²s·O² per term.
    let mut p = vec![-rational.clone(), Q::one()];
    for (s, c) in &by_radicand {
        budget.check()?;
        let t = c * c * Q::from_integer(BigInt::from(s.clone()));
        p = doubled(&p, &t, budget)?;
    }
    let (_, f) = to_primitive(&p);
    // Which root: r + Σ cᵢ·√sᵢ in disk arithmetic from the √sᵢ's disks.
    let roots: Vec<(Q, Number)> = by_radicand
        .iter()
        .map(|(s, c)| {
            let radicand = Number::rational(&Q::from_integer(BigInt::from(s.clone())));
            principal_root(&radicand, 2, budget).map(|n| n.ok().map(|n| (c.clone(), n)))
        })
        .collect::<Result<Option<Vec<_>>, _>>()?
        .ok_or(Stop::CheckFailed(
            "a square root of an integer was not formed",
        ))?;
    let mut radius = start_radius();
    for _ in 0..8 {
        budget.check()?;
        let mut disk = Number::rational(&rational).root.disk;
        for (c, n) in &roots {
            let Some(n) = n.refined(&radius, budget)? else {
                return Ok(None);
            };
            disk = disk_add(
                &disk,
                &disk_mul(&Number::rational(c).root.disk, &n.root.disk),
                1,
            );
        }
        let Some(located) = factor_roots(&f, &radius, budget)? else {
            return Ok(None);
        };
        let meeting: Vec<_> = located
            .into_iter()
            .filter(|l| meet(&l.disk, &disk))
            .collect();
        if let [one] = meeting.as_slice() {
            return Ok(Some(Number {
                f: f.clone(),
                root: one.clone(),
            }));
        }
        if meeting.is_empty() {
            return Err(Stop::CheckFailed(
                "the sum of square roots meets no root of its product polynomial",
            ));
        }
        radius /= Q::from_integer(BigInt::one() << 32);
    }
    Ok(None)
}

/// Whether the prime sets (exponent vectors mod 2) are independent over
/// GF(2): elimination on sets under symmetric difference.
fn independent(vectors: &[Vec<BigUint>]) -> bool {
    use std::collections::BTreeSet;
    let mut basis: Vec<(BigUint, BTreeSet<BigUint>)> = Vec::new();
    for v in vectors {
        let mut v: BTreeSet<BigUint> = v.iter().cloned().collect();
        for (pivot, b) in &basis {
            if v.contains(pivot) {
                v = v.symmetric_difference(b).cloned().collect();
            }
        }
        let Some(pivot) = v.iter().next_back().cloned() else {
            return false;
        };
        // Keep the basis reduced at its pivots.
        for (_, b) in basis.iter_mut() {
            if b.contains(&pivot) {
                *b = b.symmetric_difference(&v).cloned().collect();
            }
        }
        basis.push((pivot, v));
    }
    true
}

/// P(x − y)·P(x + y) with y² = t: E² − t·O², where P(x + y) = E(x) + y·O(x)
/// and E, O collect the Taylor terms P⁽ᵏ⁾(x)/k!·yᵏ of even and odd k.
fn doubled(p: &[Q], t: &Q, budget: &Budget) -> Result<Vec<Q>, Stop> {
    let n = p.len();
    let mut even = vec![Q::zero(); n];
    let mut odd = vec![Q::zero(); n];
    let mut t_power = Q::one();
    for k in 0..n {
        budget.check()?;
        // Coefficient of xʲ in P⁽ᵏ⁾/k! is C(j + k, k)·p_{j+k}.
        let target = if k % 2 == 0 { &mut even } else { &mut odd };
        let mut binomial = BigInt::one();
        for j in 0..n - k {
            if j > 0 {
                binomial = binomial * BigInt::from(j + k) / BigInt::from(j);
            }
            target[j] += &p[j + k] * Q::from_integer(binomial.clone()) * &t_power;
        }
        if k % 2 == 1 {
            t_power *= t;
        }
    }
    let square = |a: &[Q]| -> Vec<Q> {
        let mut out = vec![Q::zero(); 2 * a.len() - 1];
        for (i, x) in a.iter().enumerate() {
            if x.is_zero() {
                continue;
            }
            for (j, y) in a.iter().enumerate() {
                out[i + j] += x * y;
            }
        }
        out
    };
    let (e2, o2) = (square(&even), square(&odd));
    let mut out: Vec<Q> = e2.iter().zip(&o2).map(|(e, o)| e - t * o).collect();
    while out.last().is_some_and(Zero::is_zero) {
        out.pop();
    }
    if out.len() != 2 * n - 1 {
        return Err(Stop::CheckFailed("the doubled polynomial lost its degree"));
    }
    Ok(out)
}
