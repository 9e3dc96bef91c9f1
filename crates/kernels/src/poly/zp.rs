//! Polynomials over F_p for a word-size prime p (p < 2^62), lowest degree
//! first, without trailing zeros (the zero polynomial is empty): arithmetic,
//! Euclid, Rabin's irreducibility test and Cantor–Zassenhaus factorization.

use crate::modular::{inv_mod, mul_mod};
use crate::{Budget, Stop};
use num_bigint::BigUint;

pub fn trim(mut a: Vec<u64>) -> Vec<u64> {
    while a.last() == Some(&0) {
        a.pop();
    }
    a
}

pub fn sub(a: &[u64], b: &[u64], p: u64) -> Vec<u64> {
    let n = a.len().max(b.len());
    trim(
        (0..n)
            .map(|i| (a.get(i).copied().unwrap_or(0) + p - b.get(i).copied().unwrap_or(0)) % p)
            .collect(),
    )
}

pub fn mul(a: &[u64], b: &[u64], p: u64) -> Vec<u64> {
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    // Each coefficient is summed in u128 and reduced once: products are
    // below 2^124, and 16 of them fit; below 2^32 billions do.
    let chunk = if p <= 1 << 32 { usize::MAX } else { 16 };
    let mut out = vec![0u128; a.len() + b.len() - 1];
    for (i, &x) in a.iter().enumerate() {
        if x == 0 {
            continue;
        }
        for (j, &y) in b.iter().enumerate() {
            out[i + j] += x as u128 * y as u128;
        }
        if (i + 1) % chunk == 0 {
            for c in out.iter_mut() {
                *c %= p as u128;
            }
        }
    }
    trim(out.into_iter().map(|c| (c % p as u128) as u64).collect())
}

/// Remainder of a modulo b ≠ 0.
pub fn rem(a: &[u64], b: &[u64], p: u64) -> Vec<u64> {
    divrem(a, b, p).1
}

pub fn gcd(a: &[u64], b: &[u64], p: u64) -> Vec<u64> {
    gcd_within(a, b, p, &crate::Budget::unlimited()).unwrap_or_default()
}

/// [`gcd`], the budget polled between Euclid's steps (degree 10,000 takes
/// 10^8 operations).
pub fn gcd_within(
    a: &[u64],
    b: &[u64],
    p: u64,
    budget: &crate::Budget,
) -> Result<Vec<u64>, crate::Stop> {
    let (mut a, mut b) = (trim(a.to_vec()), trim(b.to_vec()));
    let mut meter = crate::Meter::new(budget);
    while !b.is_empty() {
        meter.tick((a.len() * (a.len().saturating_sub(b.len()) + 1)) as u64)?;
        let r = rem(&a, &b, p);
        a = std::mem::replace(&mut b, r);
    }
    Ok(a)
}

/// base^e modulo f.
pub fn pow_mod(base: &[u64], e: &num_bigint::BigUint, f: &[u64], p: u64) -> Vec<u64> {
    let mut result = vec![1 % p];
    let base = rem(base, f, p);
    for i in (0..e.bits()).rev() {
        result = rem(&mul(&result, &result, p), f, p);
        if e.bit(i) {
            result = rem(&mul(&result, &base, p), f, p);
        }
    }
    trim(result)
}

pub fn add(a: &[u64], b: &[u64], p: u64) -> Vec<u64> {
    let n = a.len().max(b.len());
    trim(
        (0..n)
            .map(|i| (a.get(i).copied().unwrap_or(0) + b.get(i).copied().unwrap_or(0)) % p)
            .collect(),
    )
}

pub fn scale(a: &[u64], c: u64, p: u64) -> Vec<u64> {
    trim(a.iter().map(|&x| mul_mod(x, c, p)).collect())
}

/// a scaled to leading coefficient 1 (a ≠ 0).
pub fn monic(a: &[u64], p: u64) -> Vec<u64> {
    match a.last() {
        Some(&lead) => scale(a, inv_mod(lead, p), p),
        None => Vec::new(),
    }
}

/// Quotient and remainder of a by b ≠ 0. Each step multiplies b by one
/// quotient digit, prepared once for Shoup's division-free reduction.
pub fn divrem(a: &[u64], b: &[u64], p: u64) -> (Vec<u64>, Vec<u64>) {
    use crate::modular::{Shoup, sub_mod};
    let mut r = trim(a.to_vec());
    let db = b.len() - 1;
    if r.len() <= db {
        return (Vec::new(), r);
    }
    let lead_inv = inv_mod(b[db], p);
    let mut q = vec![0u64; r.len() - db];
    for top in (db..r.len()).rev() {
        let c = mul_mod(r[top], lead_inv, p);
        if c == 0 {
            continue;
        }
        let shift = top - db;
        q[shift] = c;
        let c = Shoup::new(c, p);
        for (ri, &bi) in r[shift..=top].iter_mut().zip(b) {
            *ri = sub_mod(*ri, c.mul(bi, p), p);
        }
    }
    r.truncate(db);
    (trim(q), trim(r))
}

pub fn derivative(a: &[u64], p: u64) -> Vec<u64> {
    trim(
        a.iter()
            .enumerate()
            .skip(1)
            .map(|(i, &c)| mul_mod(c, i as u64 % p, p))
            .collect(),
    )
}

/// The monic gcd g and s, t with s·a + t·b = g.
pub fn ext_gcd(a: &[u64], b: &[u64], p: u64) -> (Vec<u64>, Vec<u64>, Vec<u64>) {
    let (mut r0, mut r1) = (trim(a.to_vec()), trim(b.to_vec()));
    let (mut s0, mut s1) = (vec![1 % p], Vec::new());
    let (mut t0, mut t1) = (Vec::new(), vec![1 % p]);
    while !r1.is_empty() {
        let (q, r) = divrem(&r0, &r1, p);
        r0 = std::mem::replace(&mut r1, r);
        let s = sub(&s0, &mul(&q, &s1, p), p);
        s0 = std::mem::replace(&mut s1, s);
        let t = sub(&t0, &mul(&q, &t1, p), p);
        t0 = std::mem::replace(&mut t1, t);
    }
    match r0.last() {
        Some(&lead) => {
            let inv = inv_mod(lead, p);
            (scale(&r0, inv, p), scale(&s0, inv, p), scale(&t0, inv, p))
        }
        None => (r0, s0, t0),
    }
}

/// Rabin's test: f of degree n over F_p is irreducible iff x^(p^n) ≡ x
/// (mod f) and gcd(x^(p^(n/q)) − x, f) = 1 for every prime q | n.
pub fn is_irreducible(f: &[u64], p: u64, budget: &Budget) -> Result<bool, Stop> {
    let f = trim(f.to_vec());
    let n = f.len().saturating_sub(1);
    if n == 0 {
        return Ok(false);
    }
    if n == 1 {
        return Ok(true);
    }
    let x = vec![0, 1];
    // x^(p^k) mod f by repeated p-th powering.
    let pb = BigUint::from(p);
    let frob = |g: &[u64]| pow_mod(g, &pb, &f, p);
    let mut powers = vec![x.clone()]; // powers[k] = x^(p^k)
    for _ in 0..n {
        budget.check()?;
        let next = frob(powers.last().map(Vec::as_slice).unwrap_or(&[]));
        powers.push(next);
    }
    if sub(&powers[n], &x, p).iter().any(|c| *c != 0) {
        return Ok(false);
    }
    for q in (2..=n).filter(|q| n.is_multiple_of(*q) && crate::integer::is_prime_u64(*q as u64)) {
        let g = gcd(&sub(&powers[n / q], &x, p), &f, p);
        if g.len() > 1 {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The monic irreducible factors of a ≠ 0 with multiplicities, sorted by
/// (degree, coefficients), and the leading coefficient: square-free
/// decomposition, distinct-degree, then equal-degree (Cantor–Zassenhaus
/// with deterministic trial polynomials) splitting.
pub fn factor(a: &[u64], p: u64, budget: &Budget) -> Result<(u64, Vec<(Vec<u64>, u32)>), Stop> {
    let a = trim(a.to_vec());
    let lead = *a.last().expect("factor of the zero polynomial");
    let mut out = Vec::new();
    for (g, mult) in square_free(&monic(&a, p), p) {
        for (d, h) in distinct_degree(&g, p, budget)? {
            let mut parts = Vec::new();
            equal_degree(&h, d, p, &mut parts, budget)?;
            out.extend(parts.into_iter().map(|f| (f, mult)));
        }
    }
    out.sort();
    Ok((lead, out))
}

/// Square-free decomposition of a monic a: pairs (gᵢ, i) with a = ∏ gᵢ^i,
/// each gᵢ square-free (Yun's method, with p-th roots where a' = 0).
pub fn square_free(a: &[u64], p: u64) -> Vec<(Vec<u64>, u32)> {
    let mut out = Vec::new();
    if a.len() <= 1 {
        return out;
    }
    let d = derivative(a, p);
    if d.is_empty() {
        // a(x) = b(x^p) = b(x)^p over F_p.
        let root: Vec<u64> = a.iter().step_by(p as usize).copied().collect();
        return square_free(&root, p)
            .into_iter()
            .map(|(g, m)| (g, m * p as u32))
            .collect();
    }
    let mut c = gcd(a, &d, p);
    let mut w = divrem(a, &c, p).0;
    let mut i = 1;
    while w.len() > 1 {
        let y = gcd(&w, &c, p);
        let z = divrem(&w, &y, p).0;
        if z.len() > 1 {
            out.push((monic(&z, p), i));
        }
        i += 1;
        w = y;
        c = divrem(&c, &w, p).0;
    }
    if c.len() > 1 {
        // What is left is a p-th power.
        let root: Vec<u64> = c.iter().step_by(p as usize).copied().collect();
        out.extend(
            square_free(&root, p)
                .into_iter()
                .map(|(g, m)| (g, m * p as u32)),
        );
    }
    out
}

/// The Frobenius map g ↦ g^p modulo a monic f of degree n, as the images
/// x^(i·p) mod f (i < n): applying it is one n×n product instead of
/// log p squarings.
struct Frobenius {
    rows: Vec<Vec<u64>>,
    p: u64,
}

impl Frobenius {
    fn new(f: &[u64], p: u64) -> Self {
        let n = f.len() - 1;
        let xp = pow_mod(&[0, 1 % p], &BigUint::from(p), f, p);
        let mut rows = Vec::with_capacity(n);
        let mut power = vec![1 % p];
        for _ in 0..n {
            rows.push(power.clone());
            power = rem(&mul(&power, &xp, p), f, p);
        }
        Frobenius { rows, p }
    }

    /// g^p mod f for deg g < n, as g(x^p) = Σ gᵢ·x^(i·p).
    fn apply(&self, g: &[u64]) -> Vec<u64> {
        let p = self.p;
        let n = self.rows.len();
        let mut acc = vec![0u128; n];
        for (gi, row) in g.iter().zip(&self.rows) {
            if *gi == 0 {
                continue;
            }
            for (a, &r) in acc.iter_mut().zip(row) {
                *a += (*gi as u128 * r as u128) % p as u128;
            }
        }
        trim(acc.into_iter().map(|c| (c % p as u128) as u64).collect())
    }
}

/// Splits a monic square-free a into products of its irreducible factors
/// of each degree: pairs (d, product of the degree-d factors).
pub fn distinct_degree(a: &[u64], p: u64, budget: &Budget) -> Result<Vec<(usize, Vec<u64>)>, Stop> {
    let mut out = Vec::new();
    if a.len() <= 2 {
        if a.len() == 2 {
            out.push((1, a.to_vec()));
        }
        return Ok(out);
    }
    let frobenius = Frobenius::new(a, p);
    let mut rest = a.to_vec();
    let x = vec![0, 1 % p];
    // h = x^(p^d) mod a, kept modulo a (rest divides a).
    let mut h = x.clone();
    let mut d = 0;
    while rest.len() > 1 {
        d += 1;
        if 2 * d > rest.len() - 1 {
            out.push((rest.len() - 1, rest));
            break;
        }
        budget.check()?;
        h = frobenius.apply(&h);
        let g = gcd(&sub(&h, &x, p), &rest, p);
        if g.len() > 1 {
            let g = monic(&g, p);
            rest = divrem(&rest, &g, p).0;
            out.push((d, g));
        }
    }
    Ok(out)
}

/// Splits a monic a, a product of distinct irreducibles of degree d, into
/// them: gcd(a, N(T)^((p−1)/2) − 1) for trial polynomials T, where
/// N(T) = T^(1 + p + … + p^(d−1)) is built with the Frobenius map (for
/// p = 2 the trace T + T² + … + T^(2^(d−1))), recursively.
fn equal_degree(
    a: &[u64],
    d: usize,
    p: u64,
    out: &mut Vec<Vec<u64>>,
    budget: &Budget,
) -> Result<(), Stop> {
    let n = a.len() - 1;
    if n == d {
        out.push(a.to_vec());
        return Ok(());
    }
    let frobenius = Frobenius::new(a, p);
    let half = BigUint::from((p - 1) / 2);
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    loop {
        budget.check()?;
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let mut state = seed;
        let t: Vec<u64> = trim(
            (0..n)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    state % p
                })
                .collect(),
        );
        if t.len() < 2 {
            continue;
        }
        let candidate = if p == 2 {
            let mut acc = t.clone();
            let mut power = t.clone();
            for _ in 1..d {
                power = rem(&mul(&power, &power, p), a, p);
                acc = add(&acc, &power, p);
            }
            acc
        } else {
            let (mut norm, mut conjugate) = (t.clone(), t.clone());
            for _ in 1..d {
                conjugate = frobenius.apply(&conjugate);
                norm = rem(&mul(&norm, &conjugate, p), a, p);
            }
            sub(&pow_mod(&norm, &half, a, p), &[1], p)
        };
        let g = gcd(&candidate, a, p);
        if g.len() > 1 && g.len() < a.len() {
            let g = monic(&g, p);
            let h = divrem(a, &g, p).0;
            equal_degree(&g, d, p, out, budget)?;
            return equal_degree(&h, d, p, out, budget);
        }
    }
}
