//! Minimal polynomials of r + Σ cᵢ·aᵢ^(1/nᵢ) (r, cᵢ, aᵢ rational, aᵢ > 0,
//! real positive roots) without factoring.
//!
//! Each term is written cᵢ·sᵢ^(1/nᵢ) with sᵢ > 1 an integer free of nᵢ-th
//! powers whose exponents have no common factor with nᵢ. When no product
//! ∏ sᵢ^(eᵢ/nᵢ) with 0 ≤ eᵢ < nᵢ, not all 0, is rational, Mordell's theorem
//! on real radicals (1953, extending Besicovitch) gives
//! [Q(α₁, …, αₖ) : Q] = N = ∏ nᵢ, so the conjugates of the sum are the N
//! values r + Σ cᵢ·ζᵢ·αᵢ over all choices of nᵢ-th roots of unity ζᵢ. When
//! those N values are certified distinct (pairwise disjoint disks), the
//! sum has N conjugates, so P = ∏ (x − r − Σ cᵢ·ζᵢ·αᵢ) is its minimal
//! polynomial. P is built exactly from power sums: the m-th power sum of
//! the roots of yⁿ = b is n·b^(m/n) when n divides m, else 0, and the power
//! sums of all pairwise sums are binomial convolutions; Newton's identities
//! (every division by k exact, a check) give the coefficients. These are
//! the sums whose resultants split into many small factors modulo every
//! prime, where recombination by subsets is exponential.
//!
//! The number's root_of index is its rank among the real conjugates (the
//! choices with every ζᵢαᵢ real); its enclosure comes from integer n-th
//! roots, so it refines without isolating P's roots.

use super::algebraic_number::{MAX_DEGREE, Number, disk_add, meet, start_radius};
use super::complex_roots::{C, Disk};
use super::solve::{Located, factor_roots};
use super::{to_primitive, zx};
use crate::integer::factor;
use crate::{Budget, Q, Stop};
use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use std::collections::BTreeMap;

/// The sum r + Σ cᵢ·sᵢ^(1/nᵢ), normalised; it refines its own enclosure.
#[derive(Debug, Clone, PartialEq)]
pub struct RadicalSum {
    r: Q,
    /// (cᵢ, sᵢ, nᵢ).
    terms: Vec<(Q, BigUint, u32)>,
}

impl RadicalSum {
    /// A real disk of radius ≤ `radius` around the sum, from
    /// ⌊(s·2^(nw))^(1/n)⌋ ≤ 2^w·s^(1/n) < that + 1.
    pub fn disk(&self, radius: &Q) -> Disk {
        let weight: Q = self.terms.iter().map(|(c, _, _)| c.abs()).sum();
        let ratio = (weight / radius).ceil().to_integer();
        let w = ratio.bits() + 1;
        let half = crate::dyadic(BigInt::one(), w + 1);
        let mut center = self.r.clone();
        let mut spread = Q::zero();
        for (c, s, n) in &self.terms {
            let m = (s << (w * u64::from(*n))).nth_root(*n);
            let mid = Q::new(BigInt::from(m) * 2 + 1, BigInt::one()) * &half;
            center += c * mid;
            spread += c.abs() * &half;
        }
        Disk {
            center: C {
                re: center,
                im: Q::zero(),
            },
            radius: spread,
        }
    }
}

/// Most bits of a radicand's numerator or denominator factored here.
const MAX_BITS: u64 = 64;

/// The number r + Σ cᵢ·aᵢ^(1/nᵢ) given as (r, [(cᵢ, aᵢ, nᵢ)]), or None
/// when the radicals are dependent (some product of them rational), not
/// factored, or the conjugates were not told apart: the general resultant
/// path decides those.
pub fn radical_sum(r: &Q, terms: &[(Q, Q, u32)], budget: &Budget) -> Result<Option<Number>, Stop> {
    let Some((sum, exponents)) = normalised(r, terms, budget)? else {
        return Ok(None);
    };
    let degree: usize = sum.terms.iter().map(|t| t.2 as usize).product();
    if sum.terms.len() < 2 || degree > MAX_DEGREE || !independent(&sum, &exponents) {
        return Ok(None);
    }
    // Scaled by the common denominator D, every conjugate is an algebraic
    // integer R + Σ Cᵢ·ζᵢ·αᵢ with βᵢ = Cᵢ·αᵢ a root of yⁿ − Bᵢ.
    let d = sum
        .terms
        .iter()
        .fold(sum.r.denom().clone(), |d, (c, _, _)| d.lcm(c.denom()));
    let scale = |q: &Q| q.numer() * (&d / q.denom());
    let big_r = scale(&sum.r);
    let b: Vec<(BigInt, usize)> = sum
        .terms
        .iter()
        .map(|(c, s, n)| {
            let c = scale(c);
            (
                num_traits::pow(c, *n as usize) * BigInt::from(s.clone()),
                *n as usize,
            )
        })
        .collect();
    let power_sums = power_sums(&big_r, &b, degree, budget)?;
    let e = newton(&power_sums, budget)?;
    // P(x) = P_D(D·x): the coefficient of x^(N−k) is (−1)ᵏ·eₖ·D^(N−k).
    let mut p = vec![BigInt::zero(); degree + 1];
    let mut d_power = BigInt::one();
    for i in 0..=degree {
        let k = degree - i;
        p[i] = if k.is_multiple_of(2) {
            e[k].clone()
        } else {
            -&e[k]
        } * &d_power;
        d_power *= &d;
    }
    let (_, f) = to_primitive(&super::from_z(&p));

    let mut radius = start_radius();
    for _ in 0..4 {
        budget.check()?;
        let Some(index) = real_rank(&big_r, &b, &d, &sum, &radius, budget)? else {
            radius /= Q::from_integer(BigInt::one() << 32);
            continue;
        };
        let disk = sum.disk(&radius);
        let lo = &disk.center.re - &disk.radius;
        let hi = &disk.center.re + &disk.radius;
        let (a, c) = (zx::sign_at(&f, &lo), zx::sign_at(&f, &hi));
        if a == Sign::NoSign || c == Sign::NoSign || a == c {
            radius /= Q::from_integer(BigInt::one() << 32);
            continue;
        }
        let via = Some(std::sync::Arc::new(sum));
        return Ok(Some(Number {
            f,
            root: Located {
                exact: None,
                index: Some(index),
                real: true,
                disk,
            },
            via,
        }));
    }
    Ok(None)
}

/// A radicand's prime exponents.
type Exponents = BTreeMap<BigUint, u64>;

/// (r, terms) with each term cᵢ·sᵢ^(1/nᵢ) reduced (rational parts moved
/// into r, equal radicals merged, zero terms dropped), and each sᵢ's prime
/// exponents; None when a radicand is negative, too large to factor, or
/// not fully factored.
fn normalised(
    r: &Q,
    terms: &[(Q, Q, u32)],
    budget: &Budget,
) -> Result<Option<(RadicalSum, Vec<Exponents>)>, Stop> {
    let mut rational = r.clone();
    let mut merged: BTreeMap<(BigUint, u32), (Q, Exponents)> = BTreeMap::new();
    for (c, a, n) in terms {
        if !a.is_positive() || *n < 2 {
            return Ok(None);
        }
        // a^(1/n) = (u·v^(n−1))^(1/n) / v for a = u/v.
        let mut exponents: BTreeMap<BigUint, u64> = BTreeMap::new();
        for (part, times) in [(a.numer(), 1), (a.denom(), u64::from(*n) - 1)] {
            let part = part.magnitude();
            if part.bits() > MAX_BITS {
                return Ok(None);
            }
            let f = factor(part, budget);
            if let Some(stop) = f.stopped {
                return Err(stop);
            }
            if !f.is_complete() || f.probable {
                return Ok(None);
            }
            for (p, e) in f.primes {
                *exponents.entry(p).or_default() += u64::from(e) * times;
            }
        }
        let n64 = u64::from(*n);
        let mut outside = BigUint::one();
        let mut g = n64;
        for (p, e) in &exponents {
            outside *= num_traits::pow(p.clone(), (e / n64) as usize);
            if e % n64 != 0 {
                g = g.gcd(&(e % n64));
            }
        }
        let coefficient = c * Q::new(BigInt::from(outside), a.denom().clone());
        if g == n64 {
            rational += coefficient;
            continue;
        }
        let mut s = BigUint::one();
        let mut own = Exponents::new();
        for (p, e) in &exponents {
            if e % n64 != 0 {
                own.insert(p.clone(), (e % n64) / g);
                s *= num_traits::pow(p.clone(), ((e % n64) / g) as usize);
            }
        }
        merged
            .entry((s, (n64 / g) as u32))
            .or_insert_with(|| (Q::zero(), own))
            .0 += coefficient;
    }
    merged.retain(|_, (c, _)| !c.is_zero());
    let (terms, exponents) = merged
        .into_iter()
        .map(|((s, n), (c, own))| ((c, s, n), own))
        .unzip();
    Ok(Some((RadicalSum { r: rational, terms }, exponents)))
}

/// Whether no product ∏ sᵢ^(eᵢ/nᵢ), 0 ≤ eᵢ < nᵢ not all 0, is rational: for
/// some prime p, Σ eᵢ·v_p(sᵢ)/nᵢ is not an integer.
fn independent(sum: &RadicalSum, exponents: &[Exponents]) -> bool {
    let n: Vec<u64> = sum.terms.iter().map(|t| u64::from(t.2)).collect();
    let l = n.iter().fold(1u64, |l, k| l.lcm(k));
    let mut vectors: BTreeMap<&BigUint, Vec<u64>> = BTreeMap::new();
    for (i, own) in exponents.iter().enumerate() {
        for (p, e) in own {
            vectors.entry(p).or_insert_with(|| vec![0; n.len()])[i] = e * (l / n[i]);
        }
    }
    let mut e = vec![0u64; n.len()];
    loop {
        // The next tuple in mixed radix; done after the last.
        let mut i = 0;
        while i < e.len() {
            e[i] += 1;
            if e[i] < n[i] {
                break;
            }
            e[i] = 0;
            i += 1;
        }
        if i == e.len() {
            return true;
        }
        let rational = vectors
            .values()
            .all(|v| v.iter().zip(&e).map(|(a, b)| a * b).sum::<u64>() % l == 0);
        if rational {
            return false;
        }
    }
}

/// p₀ … p_N, the power sums of all R + Σ βᵢ (βᵢ over the roots of
/// yⁿⁱ − Bᵢ): the m-th power sum of a set of sums A + B is
/// Σₖ C(m, k)·aₖ·b_(m−k).
fn power_sums(
    big_r: &BigInt,
    b: &[(BigInt, usize)],
    degree: usize,
    budget: &Budget,
) -> Result<Vec<BigInt>, Stop> {
    let mut sums: Vec<BigInt> = Vec::with_capacity(degree + 1);
    let mut power = BigInt::one();
    for _ in 0..=degree {
        sums.push(power.clone());
        power *= big_r;
    }
    for (bi, n) in b {
        // The term's power sums: n·B^(m/n) at multiples of n.
        let mut own = vec![BigInt::zero(); degree + 1];
        let mut power = BigInt::from(*n);
        for m in (0..=degree).step_by(*n) {
            own[m] = power.clone();
            power *= bi;
        }
        let mut out = vec![BigInt::zero(); degree + 1];
        let mut row = vec![BigInt::one()];
        for (m, slot) in out.iter_mut().enumerate() {
            budget.check()?;
            if m > 0 {
                let mut next = vec![BigInt::one(); m + 1];
                for k in 1..m {
                    next[k] = &row[k - 1] + &row[k];
                }
                row = next;
            }
            let mut acc = BigInt::zero();
            for k in (0..=m).step_by(*n) {
                acc += &row[k] * &own[k] * &sums[m - k];
            }
            *slot = acc;
        }
        sums = out;
    }
    Ok(sums)
}

/// e₀ … e_N from the power sums: k·eₖ = Σᵢ (−1)^(i−1)·e_(k−i)·pᵢ, each
/// division exact (the roots are algebraic integers).
fn newton(p: &[BigInt], budget: &Budget) -> Result<Vec<BigInt>, Stop> {
    let mut e = vec![BigInt::one()];
    for k in 1..p.len() {
        budget.check()?;
        let mut acc = BigInt::zero();
        for i in 1..=k {
            let t = &e[k - i] * &p[i];
            if i % 2 == 1 {
                acc += t;
            } else {
                acc -= t;
            }
        }
        let (q, rest) = acc.div_rem(&BigInt::from(k));
        if !rest.is_zero() {
            return Err(Stop::CheckFailed(
                "a Newton identity of the radical sum did not divide exactly",
            ));
        }
        e.push(q);
    }
    Ok(e)
}

/// The number's rank among the real conjugates, after certifying all N
/// conjugates distinct (their disks pairwise disjoint); None when some
/// disks still meet at this radius.
fn real_rank(
    big_r: &BigInt,
    b: &[(BigInt, usize)],
    d: &BigInt,
    sum: &RadicalSum,
    radius: &Q,
    budget: &Budget,
) -> Result<Option<usize>, Stop> {
    // Each term's n roots located; the principal one is the real root of
    // the coefficient's sign.
    let mut roots: Vec<(Vec<Located>, usize)> = Vec::new();
    let small = radius / Q::from_integer(BigInt::from(b.len()));
    for ((bi, n), (c, _, _)) in b.iter().zip(&sum.terms) {
        let mut g = vec![BigInt::zero(); n + 1];
        g[0] = -bi.clone();
        g[*n] = BigInt::one();
        let Some(located) = factor_roots(&g, &small, budget)? else {
            return Ok(None);
        };
        let want = c.numer().sign();
        let Some(principal) = located
            .iter()
            .position(|l| l.real && l.disk.center.re.numer().sign() == want)
        else {
            return Ok(None);
        };
        roots.push((located, principal));
    }
    let constant = Disk {
        center: C {
            re: Q::from_integer(big_r.clone()),
            im: Q::zero(),
        },
        radius: Q::zero(),
    };
    let mut disks: Vec<(Disk, bool)> = Vec::new();
    let mut principal_at = 0;
    let mut choice = vec![0usize; roots.len()];
    loop {
        budget.check()?;
        let mut disk = constant.clone();
        let mut real = true;
        for ((located, _), k) in roots.iter().zip(&choice) {
            disk = disk_add(&disk, &located[*k].disk, 1);
            real &= located[*k].real;
        }
        if roots.iter().zip(&choice).all(|((_, p), k)| p == k) {
            principal_at = disks.len();
        }
        disks.push((disk, real));
        let mut i = 0;
        while i < choice.len() {
            choice[i] += 1;
            if choice[i] < roots[i].0.len() {
                break;
            }
            choice[i] = 0;
            i += 1;
        }
        if i == choice.len() {
            break;
        }
    }
    if !pairwise_disjoint(&disks, budget)? {
        return Ok(None);
    }
    let own = &disks[principal_at].0;
    // The same number enclosed from its integer roots (scaled by D).
    let check = sum.disk(radius);
    let scaled = Disk {
        center: C {
            re: &check.center.re * Q::from_integer(d.clone()),
            im: Q::zero(),
        },
        radius: &check.radius * Q::from_integer(d.clone()),
    };
    if !meet(own, &scaled) {
        return Err(Stop::CheckFailed(
            "the radical sum's conjugate disk misses its own enclosure",
        ));
    }
    Ok(Some(
        disks
            .iter()
            .filter(|(disk, real)| *real && disk.center.re < own.center.re)
            .count(),
    ))
}

/// Whether no two disks meet.
fn pairwise_disjoint(disks: &[(Disk, bool)], budget: &Budget) -> Result<bool, Stop> {
    for (i, (a, _)) in disks.iter().enumerate() {
        budget.check()?;
        if !disks[i + 1..].iter().all(|(c, _)| a.apart(c)) {
            return Ok(false);
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::ToPrimitive;

    fn q(n: i64, d: i64) -> Q {
        Q::new(n.into(), d.into())
    }

    fn minimal(r: Q, terms: &[(Q, Q, u32)]) -> Option<Number> {
        radical_sum(&r, terms, &Budget::unlimited()).unwrap()
    }

    #[test]
    fn square_roots_and_cube_roots() {
        // √2 + √3: x⁴ − 10x² + 1, the largest of its 4 real roots.
        let n = minimal(q(0, 1), &[(q(1, 1), q(2, 1), 2), (q(1, 1), q(3, 1), 2)]).unwrap();
        let want: Vec<BigInt> = [1, 0, -10, 0, 1].iter().map(|&c| c.into()).collect();
        assert_eq!(n.f, want);
        assert_eq!(n.root.index, Some(3));
        // ∛2 + ∛3: degree 9, x⁹ − 15x⁶ − 87x³ − 125, one real root.
        let n = minimal(q(0, 1), &[(q(1, 1), q(2, 1), 3), (q(1, 1), q(3, 1), 3)]).unwrap();
        let want: Vec<BigInt> = [-125, 0, 0, -87, 0, 0, -15, 0, 0, 1]
            .iter()
            .map(|&c| c.into())
            .collect();
        assert_eq!(n.f, want);
        assert_eq!(n.root.index, Some(0));
        // √2 − √8/2 … dependent radicals go to the general path.
        assert!(minimal(q(0, 1), &[(q(1, 1), q(2, 1), 2), (q(1, 1), q(8, 1), 2)]).is_none());
        assert!(minimal(q(0, 1), &[(q(1, 1), q(2, 1), 2), (q(1, 1), q(4, 1), 4)]).is_none());
        // 1 − √2/2 + 2^(1/3): rational parts and coefficients, degree 6.
        let n = minimal(q(1, 1), &[(q(-1, 2), q(2, 1), 2), (q(1, 1), q(2, 1), 3)]).unwrap();
        assert_eq!(n.degree(), 6);
        let value = 1.0 - 2f64.sqrt() / 2.0 + 2f64.cbrt();
        let disk = n
            .refined(&q(1, 1 << 40), &Budget::unlimited())
            .unwrap()
            .unwrap()
            .root
            .disk;
        assert!((disk.center.re.to_f64().unwrap() - value).abs() < 1e-12);
    }
}
