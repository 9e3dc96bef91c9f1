//! Dense polynomials over Z, lowest degree first, without trailing zeros
//! (the zero polynomial is empty): arithmetic (Kronecker substitution for
//! large products), pseudo-division, content, and the modular algorithms —
//! gcd (Brown, with a trial-division proof), resultant and discriminant
//! (CRT under a proven bound).

use super::zp;
use crate::modular::{crt_symmetric, crt_symmetric_within, mul_mod, pow_mod, prime_at, reduce};
use crate::{Budget, Stop};
use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

pub type Poly = Vec<BigInt>;

pub fn trim(mut a: Poly) -> Poly {
    while a.last().is_some_and(Zero::is_zero) {
        a.pop();
    }
    a
}

/// Degree; −1 for the zero polynomial.
pub fn degree(a: &[BigInt]) -> isize {
    a.len() as isize - 1
}

pub fn add(a: &[BigInt], b: &[BigInt]) -> Poly {
    let n = a.len().max(b.len());
    trim(
        (0..n)
            .map(|i| match (a.get(i), b.get(i)) {
                (Some(x), Some(y)) => x + y,
                (Some(x), None) | (None, Some(x)) => x.clone(),
                (None, None) => BigInt::zero(),
            })
            .collect(),
    )
}

pub fn neg(a: &[BigInt]) -> Poly {
    a.iter().map(|x| -x).collect()
}

pub fn sub(a: &[BigInt], b: &[BigInt]) -> Poly {
    add(a, &neg(b))
}

pub fn scale(a: &[BigInt], c: &BigInt) -> Poly {
    if c.is_zero() {
        return Vec::new();
    }
    a.iter().map(|x| x * c).collect()
}

/// Products of at least this many terms on each side go through one big
/// integer product (Kronecker substitution), which num-bigint multiplies
/// with Karatsuba/Toom-3.
const KRONECKER_FROM: usize = 12;

pub fn mul(a: &[BigInt], b: &[BigInt]) -> Poly {
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    if a.len().min(b.len()) >= KRONECKER_FROM {
        return kronecker_mul(a, b);
    }
    let mut out = vec![BigInt::zero(); a.len() + b.len() - 1];
    for (i, x) in a.iter().enumerate() {
        if x.is_zero() {
            continue;
        }
        for (j, y) in b.iter().enumerate() {
            out[i + j] += x * y;
        }
    }
    trim(out)
}

/// a·b by evaluating at 2^k (k bits hold any product coefficient with a
/// sign), multiplying the two integers, and reading the signed digits back.
fn kronecker_mul(a: &[BigInt], b: &[BigInt]) -> Poly {
    let bits = |p: &[BigInt]| p.iter().map(|x| x.bits()).max().unwrap_or(0);
    let k = bits(a) + bits(b) + (a.len().min(b.len()) as u64).ilog2() as u64 + 3;
    let pack = |p: &[BigInt]| p.iter().rev().fold(BigInt::zero(), |acc, c| (acc << k) + c);
    let mut v = pack(a) * pack(b);
    let n = a.len() + b.len() - 1;
    let half = BigInt::one() << (k - 1);
    let full = BigInt::one() << k;
    let mask = &full - 1u32;
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        // The low k bits as a digit in [−2^(k−1), 2^(k−1)).
        let mut digit: BigInt = &v & &mask;
        if digit >= half {
            digit -= &full;
        }
        v = (v - &digit) >> k;
        out.push(digit);
    }
    trim(out)
}

pub fn pow(a: &[BigInt], e: u32) -> Poly {
    pow_within(a, e, &Budget::unlimited()).unwrap_or_default()
}

/// a^e by repeated squaring, the budget checked between products.
pub fn pow_within(a: &[BigInt], mut e: u32, budget: &Budget) -> Result<Poly, Stop> {
    let mut result = vec![BigInt::one()];
    let mut base = a.to_vec();
    while e > 0 {
        budget.check()?;
        if e & 1 == 1 {
            result = mul(&result, &base);
        }
        e >>= 1;
        if e > 0 {
            budget.check()?;
            base = mul(&base, &base);
        }
    }
    Ok(result)
}

pub fn derivative(a: &[BigInt]) -> Poly {
    trim(
        a.iter()
            .enumerate()
            .skip(1)
            .map(|(i, c)| c * BigInt::from(i))
            .collect(),
    )
}

/// gcd of the coefficients, with the sign of the leading one (0 for 0).
pub fn content(a: &[BigInt]) -> BigInt {
    // Stops at 1: num-bigint's gcd(1, c) still costs a quadratic loop over c.
    let mut g = BigInt::zero();
    for c in a {
        if g.is_one() {
            break;
        }
        g = if g.is_zero() { c.abs() } else { g.gcd(c) };
    }
    match a.last() {
        Some(lead) if lead.is_negative() => -g,
        _ => g,
    }
}

/// a / content(a): positive leading coefficient, coprime coefficients.
pub fn primitive(a: &[BigInt]) -> Poly {
    let c = content(a);
    if c.is_zero() {
        return Vec::new();
    }
    a.iter().map(|x| x / &c).collect()
}

/// q with a = q·b when b divides a in Z[x] (b ≠ 0), else `None`.
pub fn divide_exact(a: &[BigInt], b: &[BigInt]) -> Option<Poly> {
    let mut r = trim(a.to_vec());
    let db = b.len() - 1;
    let lead = &b[db];
    if r.is_empty() {
        return Some(Vec::new());
    }
    if r.len() <= db {
        return None;
    }
    let mut q = vec![BigInt::zero(); r.len() - db];
    while r.len() > db {
        let shift = r.len() - 1 - db;
        let (c, rem) = r[r.len() - 1].div_rem(lead);
        if !rem.is_zero() {
            return None;
        }
        for (i, bi) in b.iter().enumerate() {
            r[shift + i] -= &c * bi;
        }
        q[shift] = c;
        r = trim(r);
    }
    r.is_empty().then(|| trim(q))
}

/// Pseudo-division: (q, r) with lc(b)^(deg a − deg b + 1)·a = q·b + r and
/// deg r < deg b (b ≠ 0).
pub fn pseudo_divrem(a: &[BigInt], b: &[BigInt]) -> (Poly, Poly) {
    let db = b.len() - 1;
    if a.len() <= db {
        return (Vec::new(), trim(a.to_vec()));
    }
    let lead = &b[db];
    let steps = a.len() - db;
    let mut r = trim(a.to_vec());
    let mut q = vec![BigInt::zero(); steps];
    for k in (0..steps).rev() {
        // Invariant: lc^(steps−1−k)·a = q·b + r with deg r ≤ db + k.
        for c in q.iter_mut() {
            *c *= lead;
        }
        for c in r.iter_mut() {
            *c *= lead;
        }
        if r.len() == db + k + 1 {
            let c = r[db + k].clone() / lead;
            for (i, bi) in b.iter().enumerate() {
                r[k + i] -= &c * bi;
            }
            q[k] += c;
        }
        r = trim(r);
    }
    (trim(q), r)
}

/// a(x + c) (Taylor shift), by repeated synthetic division.
pub fn shift(a: &[BigInt], c: &BigInt) -> Poly {
    let mut v = a.to_vec();
    let n = v.len();
    for i in 0..n {
        for j in (i..n.saturating_sub(1)).rev() {
            let t = &v[j + 1] * c;
            v[j] += t;
        }
    }
    trim(v)
}

/// The coefficients modulo p.
pub fn modp(a: &[BigInt], p: u64) -> Vec<u64> {
    zp::trim(a.iter().map(|x| reduce(x, p)).collect())
}

/// log2 of the 2-norm, rounded up with a margin (0 for the zero polynomial).
pub fn norm_log2(a: &[BigInt]) -> f64 {
    let s: BigInt = a.iter().map(|x| x * x).sum();
    if s.is_zero() {
        return 0.0;
    }
    let b = s.bits();
    let top = (&s >> b.saturating_sub(53))
        .to_string()
        .parse::<f64>()
        .unwrap_or(1.0);
    (top.log2() + b.saturating_sub(53) as f64) / 2.0 + 1e-9
}

/// The primitive gcd of a and b (positive leading coefficient), times the
/// gcd of their contents. Brown's modular algorithm: gcds modulo word-size
/// primes of the expected degree, combined by CRT, accepted once the
/// primitive part divides both a and b (a proof, not a heuristic).
pub fn gcd(a: &[BigInt], b: &[BigInt], budget: &Budget) -> Result<Poly, Stop> {
    let (a, b) = (trim(a.to_vec()), trim(b.to_vec()));
    if a.is_empty() {
        return Ok(scale(&b, &content(&b).signum()));
    }
    if b.is_empty() {
        return Ok(scale(&a, &content(&a).signum()));
    }
    let c = content(&a).abs().gcd(&content(&b));
    let (fa, fb) = (primitive(&a), primitive(&b));
    if fa.len() == 1 || fb.len() == 1 {
        return Ok(vec![c]);
    }
    let gamma = fa[fa.len() - 1].gcd(&fb[fb.len() - 1]);
    let mut best_degree = usize::MAX;
    let mut residues: Vec<(Vec<u64>, u64)> = Vec::new();
    for i in 0.. {
        budget.check()?;
        let p = prime_at(i);
        let g_mod = reduce(&gamma, p);
        if g_mod == 0 {
            continue;
        }
        let g = zp::monic(&zp::gcd_within(&modp(&fa, p), &modp(&fb, p), p, budget)?, p);
        let d = g.len() - 1;
        if d == 0 {
            return Ok(vec![c]);
        }
        if d > best_degree {
            continue; // p divides a resultant: unlucky.
        }
        if d < best_degree {
            best_degree = d;
            residues.clear();
        }
        residues.push((zp::scale(&g, g_mod, p), p));
        // The candidate from all residues so far, made primitive.
        let candidate: Poly = trim(
            (0..=d)
                .map(|k| {
                    crt_symmetric(
                        &residues
                            .iter()
                            .map(|(g, p)| (g.get(k).copied().unwrap_or(0), *p))
                            .collect::<Vec<_>>(),
                    )
                })
                .collect(),
        );
        let candidate = primitive(&candidate);
        if candidate.len() == d + 1
            && divide_exact(&fa, &candidate).is_some()
            && divide_exact(&fb, &candidate).is_some()
        {
            return Ok(scale(&candidate, &c));
        }
    }
    unreachable!("the prime sequence is unbounded")
}

/// res(a, b) over Z, by resultants modulo primes not dividing either
/// leading coefficient, combined by CRT under Hadamard's bound on the
/// Sylvester matrix: |res| ≤ ‖a‖₂^deg b · ‖b‖₂^deg a.
pub fn resultant(a: &[BigInt], b: &[BigInt], budget: &Budget) -> Result<BigInt, Stop> {
    let (a, b) = (trim(a.to_vec()), trim(b.to_vec()));
    if a.is_empty() || b.is_empty() {
        return Ok(BigInt::zero());
    }
    let bits = resultant_bits(&a, &b);
    let (m, n) = (a.len() - 1, b.len() - 1);
    let mut residues = Vec::new();
    let mut covered = 0.0;
    for i in 0.. {
        if covered > bits {
            break;
        }
        budget.check()?;
        let p = prime_at(i);
        if reduce(&a[m], p) == 0 || reduce(&b[n], p) == 0 {
            continue;
        }
        residues.push((resultant_mod(&modp(&a, p), &modp(&b, p), p, budget)?, p));
        covered += (p as f64).log2() - 1e-9;
    }
    crt_symmetric_within(&residues, budget)
}

/// The largest [`resultant_work`] the resultant operations take: about
/// 2·10^9 word operations (tens of seconds here), so what is refused is
/// refused before any prime is tried and what is taken fits the default
/// deadline.
pub const MAX_RESULTANT_WORK: f64 = 2e9;

/// The word operations of the multi-modular resultant: one prime per 62
/// bits of [`resultant_bits`], each reducing every coefficient and running
/// Euclid's algorithm, (deg a + deg b)² steps.
pub fn resultant_work(a: &[BigInt], b: &[BigInt]) -> f64 {
    let primes = resultant_bits(a, b) / 62.0 + 1.0;
    let words: u64 = a.iter().chain(b).map(|c| c.bits() / 64 + 1).sum();
    let degrees = (a.len() + b.len()) as f64;
    primes * (words as f64 + degrees * degrees)
}

/// Hadamard's bound on the bits of res(a, b) (with a sign bit to spare):
/// deg b·log₂‖a‖₂ + deg a·log₂‖b‖₂ + 2. The multi-modular resultant needs
/// one word-size prime per 62 of them.
pub fn resultant_bits(a: &[BigInt], b: &[BigInt]) -> f64 {
    let (m, n) = (a.len().saturating_sub(1), b.len().saturating_sub(1));
    n as f64 * norm_log2(a) + m as f64 * norm_log2(b) + 2.0
}

/// res(a, b) over F_p for a, b whose leading coefficients are non-zero
/// (deg taken from the slices): Euclid with
/// res(a, b) = (−1)^(deg a·deg b)·lc(b)^(deg a − deg r)·res(b, r).
pub fn resultant_mod(a: &[u64], b: &[u64], p: u64, budget: &Budget) -> Result<u64, Stop> {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    let mut acc = 1u64;
    let mut meter = crate::Meter::new(budget);
    loop {
        // One Euclidean step costs about deg a · (deg a − deg b + 1) words.
        meter.tick((a.len() * (a.len().saturating_sub(b.len()) + 1)) as u64)?;
        if a.is_empty() || b.is_empty() {
            return Ok(0);
        }
        let (da, db) = (a.len() - 1, b.len() - 1);
        if db == 0 {
            return Ok(mul_mod(acc, pow_mod(b[0], da as u64, p), p));
        }
        let r = zp::rem(&a, &b, p);
        if r.is_empty() {
            return Ok(0);
        }
        let dr = r.len() - 1;
        if (da * db) % 2 == 1 {
            acc = (p - acc) % p;
        }
        acc = mul_mod(acc, pow_mod(b[db], (da - dr) as u64, p), p);
        a = b;
        b = r;
    }
}

/// disc(a) = (−1)^(n(n−1)/2)·res(a, a′)/lc(a) for deg a = n ≥ 1.
pub fn discriminant(a: &[BigInt], budget: &Budget) -> Result<BigInt, Stop> {
    let a = trim(a.to_vec());
    let n = a.len().saturating_sub(1);
    if n == 0 {
        return Ok(BigInt::zero());
    }
    if n == 1 {
        return Ok(BigInt::one());
    }
    let r = resultant(&a, &derivative(&a), budget)? / &a[n];
    Ok(if (n * (n - 1) / 2) % 2 == 1 { -r } else { r })
}

/// Square-free decomposition of a primitive a (Yun): pairs (gᵢ, i) with
/// a = ± ∏ gᵢ^i, each gᵢ primitive, square-free, pairwise coprime.
pub fn square_free(a: &[BigInt], budget: &Budget) -> Result<Vec<(Poly, u32)>, Stop> {
    let a = primitive(a);
    let mut out = Vec::new();
    if a.len() <= 1 {
        return Ok(out);
    }
    // Quotients by primitive divisors stay in Z[x] (Gauss's lemma), and
    // w and y are divided by the same polynomial, so Yun's identity
    // y − w′ = (what is left of the derivative) holds exactly.
    let exact = |x: &[BigInt], g: &[BigInt]| {
        divide_exact(x, g).expect("a primitive divisor over Q divides over Z")
    };
    let d = derivative(&a);
    let b = gcd(&a, &d, budget)?;
    let (mut w, mut y) = (exact(&a, &b), exact(&d, &b));
    let mut i = 1;
    while w.len() > 1 {
        let z = sub(&y, &derivative(&w));
        let g = primitive(&gcd(&w, &z, budget)?);
        if g.len() > 1 {
            out.push((g.clone(), i));
        }
        w = exact(&w, &g);
        y = exact(&z, &g);
        i += 1;
    }
    Ok(out)
}

/// The sign of a(x) at a rational x = n/d (d > 0): Σ aₖ·nᵏ·d^(deg−k), all
/// in integers.
pub fn sign_at(a: &[BigInt], x: &crate::Q) -> Sign {
    let (n, d) = (x.numer(), x.denom());
    let mut acc = a.last().cloned().unwrap_or_default();
    let mut d_power = d.clone();
    for c in a.iter().rev().skip(1) {
        acc = acc * n + c * &d_power;
        d_power *= d;
    }
    acc.sign()
}

/// Sign of the leading coefficient as ±1 (1 for zero).
pub fn lead_sign(a: &[BigInt]) -> i32 {
    match a.last().map(BigInt::sign) {
        Some(Sign::Minus) => -1,
        _ => 1,
    }
}
