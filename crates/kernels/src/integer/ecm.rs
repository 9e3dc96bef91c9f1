//! Lenstra's elliptic-curve method, stage 1, on Montgomery curves with
//! Suyama's parametrisation: finds a prime factor p of n in time that grows
//! with p, not n.

use crate::{Budget, Stop};
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};

/// (B1, curves) per round, the usual schedule for factors of roughly
/// 15, 20, 25, 30 and 35 digits.
const SCHEDULE: [(u64, usize); 5] = [
    (2_000, 25),
    (11_000, 90),
    (50_000, 300),
    (250_000, 700),
    (1_000_000, 1_800),
];

static PRIMES: std::sync::LazyLock<Vec<u64>> = std::sync::LazyLock::new(|| {
    crate::number_theory::primes_below(SCHEDULE[SCHEDULE.len() - 1].0 as usize + 1)
});

/// A non-trivial factor of the composite n (no small factors, not a
/// square), or `None` when every scheduled curve failed.
pub fn find_factor(n: &BigUint, budget: &Budget) -> Result<Option<BigUint>, Stop> {
    let mut sigma = 6u64;
    for (b1, curves) in SCHEDULE {
        for _ in 0..curves {
            sigma += 1;
            if let Some(d) = curve(n, sigma, b1, budget)? {
                return Ok(Some(d));
            }
        }
    }
    Ok(None)
}

struct Ring<'a> {
    n: &'a BigUint,
}

impl Ring<'_> {
    fn mul(&self, a: &BigUint, b: &BigUint) -> BigUint {
        (a * b) % self.n
    }
    fn add(&self, a: &BigUint, b: &BigUint) -> BigUint {
        (a + b) % self.n
    }
    fn sub(&self, a: &BigUint, b: &BigUint) -> BigUint {
        (a + self.n - b) % self.n
    }
}

/// A point (X : Z) on B·y² = x³ + A·x² + x.
#[derive(Clone)]
struct Point {
    x: BigUint,
    z: BigUint,
}

/// 2P, with a24 = (A + 2)/4.
fn double(r: &Ring, p: &Point, a24: &BigUint) -> Point {
    let s = r.add(&p.x, &p.z);
    let t = r.sub(&p.x, &p.z);
    let (s2, t2) = (r.mul(&s, &s), r.mul(&t, &t));
    let d = r.sub(&s2, &t2);
    Point {
        x: r.mul(&s2, &t2),
        z: r.mul(&d, &r.add(&t2, &r.mul(a24, &d))),
    }
}

/// P + Q given P − Q.
fn add(r: &Ring, p: &Point, q: &Point, diff: &Point) -> Point {
    let u = r.mul(&r.sub(&p.x, &p.z), &r.add(&q.x, &q.z));
    let v = r.mul(&r.add(&p.x, &p.z), &r.sub(&q.x, &q.z));
    let (sum, dif) = (r.add(&u, &v), r.sub(&u, &v));
    Point {
        x: r.mul(&diff.z, &r.mul(&sum, &sum)),
        z: r.mul(&diff.x, &r.mul(&dif, &dif)),
    }
}

/// k·P by the Montgomery ladder.
fn multiply(r: &Ring, p: &Point, k: u64, a24: &BigUint) -> Point {
    let (mut lo, mut hi) = (p.clone(), double(r, p, a24));
    for i in (0..63 - k.leading_zeros()).rev() {
        if (k >> i) & 1 == 1 {
            lo = add(r, &hi, &lo, p);
            hi = double(r, &hi, a24);
        } else {
            hi = add(r, &hi, &lo, p);
            lo = double(r, &lo, a24);
        }
    }
    lo
}

/// Stage 1 on the Suyama curve of σ with bound B1.
fn curve(n: &BigUint, sigma: u64, b1: u64, budget: &Budget) -> Result<Option<BigUint>, Stop> {
    let r = Ring { n };
    let s = BigUint::from(sigma) % n;
    let u = r.sub(&r.mul(&s, &s), &BigUint::from(5u32));
    let v = r.mul(&s, &BigUint::from(4u32));
    let u3 = r.mul(&r.mul(&u, &u), &u);
    let v3 = r.mul(&r.mul(&v, &v), &v);
    // a24 = (v − u)³(3u + v) / (16 u³ v)
    let vmu = r.sub(&v, &u);
    let num = r.mul(
        &r.mul(&r.mul(&vmu, &vmu), &vmu),
        &r.add(&r.mul(&u, &BigUint::from(3u32)), &v),
    );
    let den = r.mul(&r.mul(&u3, &v), &BigUint::from(16u32));
    let g = den.gcd(n);
    if !g.is_one() {
        return Ok((g != *n).then_some(g));
    }
    let inv = crate::integer::mod_inverse(&den.into(), &n.clone().into())
        .and_then(|x| x.to_biguint())
        .unwrap_or_default();
    let a24 = r.mul(&num, &inv);
    let mut point = Point { x: u3, z: v3 };
    for (i, &p) in PRIMES.iter().take_while(|p| **p <= b1).enumerate() {
        if i % 256 == 0 {
            budget.check()?;
        }
        let mut q = p;
        while q <= b1 / p {
            q *= p;
        }
        point = multiply(&r, &point, q, &a24);
    }
    if point.z.is_zero() {
        return Ok(None);
    }
    let g = point.z.gcd(n);
    Ok((!g.is_one() && g != *n).then_some(g))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ecm_splits_products_of_two_large_primes() {
        // A 15-digit prime times a 21-digit one: rho would need ~10^7 steps.
        let p: BigUint = "100000000000031".parse().unwrap();
        let q: BigUint = "100000000000000000039".parse().unwrap();
        let n = &p * &q;
        let d = find_factor(&n, &Budget::unlimited()).unwrap().unwrap();
        assert!(d == p || d == q, "{d}");
    }
}
