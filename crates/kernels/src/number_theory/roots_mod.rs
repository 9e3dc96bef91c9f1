//! Roots modulo n: primitive roots, square roots modulo a prime
//! (Tonelli–Shanks) lifted to prime powers (Hensel) and combined over the
//! factorization (Chinese remaindering).

use super::*;
use crate::integer::{self, mod_inverse};
use crate::{Budget, Stop};
use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

/// The least primitive root modulo n, or `None` when the unit group is not
/// cyclic (n not in {1, 2, 4, p^k, 2p^k}).
pub fn primitive_root(
    n: &BigUint,
    f: &[(BigUint, u32)],
    budget: &Budget,
) -> Result<Option<BigUint>, Stop> {
    let two = BigUint::from(2u32);
    let cyclic = match f {
        [] => true,
        [(p, e)] => *p != two || *e <= 2,
        [(p, 1), _] => *p == two,
        _ => false,
    };
    if !cyclic {
        return Ok(None);
    }
    if n <= &two {
        return Ok(Some(if n.is_one() {
            BigUint::zero()
        } else {
            BigUint::one()
        }));
    }
    let phi = integer::totient_from(f);
    let phi_f = factor_completely(&phi, budget)?;
    let mut g = BigUint::from(2u32);
    loop {
        budget.check()?;
        if g.gcd(n).is_one()
            && phi_f
                .iter()
                .all(|(q, _)| !g.modpow(&(&phi / q), n).is_one())
        {
            return Ok(Some(g));
        }
        g += 1u32;
    }
}

/// A square root of a modulo an odd prime p (Tonelli–Shanks), or `None` when
/// a is a non-residue.
pub fn sqrt_mod_prime(a: &BigUint, p: &BigUint) -> Option<BigUint> {
    let a = a % p;
    if a.is_zero() {
        return Some(a);
    }
    if *p == BigUint::from(2u32) {
        return Some(a);
    }
    let one = BigUint::one();
    let half = (p - 1u32) >> 1;
    if a.modpow(&half, p) != one {
        return None;
    }
    let (mut q, mut s) = (p - 1u32, 0u32);
    while q.is_even() {
        q >>= 1;
        s += 1;
    }
    let mut z = BigUint::from(2u32);
    while z.modpow(&half, p) == one {
        z += 1u32;
    }
    let mut c = z.modpow(&q, p);
    let mut x = a.modpow(&((&q + 1u32) >> 1), p);
    let mut t = a.modpow(&q, p);
    let mut m = s;
    while !t.is_one() {
        let mut i = 0;
        let mut t2 = t.clone();
        while !t2.is_one() {
            t2 = (&t2 * &t2) % p;
            i += 1;
        }
        let b = c.modpow(&(BigUint::one() << (m - i - 1)), p);
        x = (x * &b) % p;
        c = (&b * &b) % p;
        t = (t * &c) % p;
        m = i;
    }
    Some(x)
}

/// All square roots of a unit u modulo p^e, ascending.
fn unit_roots_prime_power(u: &BigUint, p: &BigUint, e: u32) -> Vec<BigUint> {
    let two = BigUint::from(2u32);
    if *p == two {
        // Lift the set of roots one bit at a time; it never exceeds 4 elements.
        let mut roots = vec![BigUint::one()];
        let mut modulus = two.clone();
        for _ in 1..e {
            let next = &modulus << 1;
            let target = u % &next;
            let mut lifted: Vec<BigUint> = roots
                .iter()
                .flat_map(|r| [r.clone(), r + &modulus])
                .filter(|c| (c * c) % &next == target)
                .collect();
            lifted.sort();
            lifted.dedup();
            roots = lifted;
            modulus = next;
            if roots.is_empty() {
                return roots;
            }
        }
        return roots;
    }
    let Some(r) = sqrt_mod_prime(u, p) else {
        return Vec::new();
    };
    // Hensel: r ← r − (r² − u)/(2r) modulo p^k for k = 2..e.
    let pe = p.pow(e);
    let mut r = BigInt::from(r);
    let mut modulus = p.clone();
    let ub = BigInt::from(u.clone());
    for _ in 1..e {
        modulus *= p;
        let m = BigInt::from(modulus.clone());
        let f = (&r * &r - &ub).mod_floor(&m);
        let inv = mod_inverse(&(&r * 2), &m).unwrap_or_default();
        r = (&r - f * inv).mod_floor(&m);
    }
    let r = r.to_biguint().unwrap_or_default();
    let mut v = vec![r.clone(), (&pe - &r) % &pe];
    v.sort();
    v.dedup();
    v
}

/// All x in 0..p^e with x² ≡ a (mod p^e), ascending, or `None` when there are
/// more than `max` of them.
fn roots_prime_power(a: &BigUint, p: &BigUint, e: u32, max: usize) -> Option<Vec<BigUint>> {
    let pe = p.pow(e);
    let a = a % &pe;
    let mut v = 0u32;
    let mut u = a.clone();
    if u.is_zero() {
        v = e;
    } else {
        while (&u % p).is_zero() {
            u /= p;
            v += 1;
        }
    }
    if v >= e {
        // x ≡ 0 mod p^⌈e/2⌉.
        let step = p.pow(e.div_ceil(2));
        let count = p.pow(e - e.div_ceil(2));
        if count > BigUint::from(max) {
            return None;
        }
        let n = count.to_usize().unwrap_or(usize::MAX);
        return Some((0..n).map(|k| &step * k).collect());
    }
    if v % 2 == 1 {
        return Some(Vec::new());
    }
    let h = v / 2;
    let f = e - v;
    let base = unit_roots_prime_power(&u, p, f);
    let (pf, ph) = (p.pow(f), p.pow(h));
    // x = p^h·(y0 + k·p^f) for y0 a root mod p^f, k in 0..p^h.
    if BigUint::from(base.len()) * &ph > BigUint::from(max) {
        return None;
    }
    let lifts = ph.to_usize().unwrap_or(usize::MAX);
    let mut out: Vec<BigUint> = base
        .iter()
        .flat_map(|y| (0..lifts).map(|k| y + &pf * k).collect::<Vec<_>>())
        .map(|y| (&ph * y) % &pe)
        .collect();
    out.sort();
    out.dedup();
    Some(out)
}

/// All x in 0..n with x² ≡ a (mod n), ascending, from n's factorization;
/// `None` when there are more than `max`.
pub fn sqrt_mod(a: &BigInt, n: &BigUint, f: &[(BigUint, u32)], max: usize) -> Option<Vec<BigUint>> {
    let a = a
        .mod_floor(&BigInt::from(n.clone()))
        .to_biguint()
        .unwrap_or_default();
    let mut roots = vec![BigUint::zero()];
    let mut modulus = BigUint::one();
    for (p, e) in f {
        let local = roots_prime_power(&a, p, *e, max)?;
        if roots.len().saturating_mul(local.len()) > max {
            return None;
        }
        let pe = p.pow(*e);
        let inv = mod_inverse(&BigInt::from(modulus.clone()), &BigInt::from(pe.clone()))
            .and_then(|v| v.to_biguint())
            .unwrap_or_default();
        let mut next = Vec::with_capacity(roots.len() * local.len());
        for r in &roots {
            for l in &local {
                let diff = (BigInt::from(l.clone()) - BigInt::from(r.clone()))
                    .mod_floor(&BigInt::from(pe.clone()));
                let t = (diff.to_biguint().unwrap_or_default() * &inv) % &pe;
                next.push(r + &modulus * t);
            }
        }
        roots = next;
        modulus *= pe;
    }
    roots.sort();
    Some(roots)
}
