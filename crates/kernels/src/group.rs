//! Algorithms that only need a finite abelian group's multiplication:
//! element orders and discrete logarithms (Pohlig–Hellman with baby-step
//! giant-step), shared by Z/nZ and finite fields.

use crate::{Budget, Stop};
use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};
use std::collections::HashMap;
use std::hash::Hash;

/// A multiplicative group given by its operations.
pub trait Group {
    type Elem: Clone + Eq + Hash;
    fn one(&self) -> Self::Elem;
    fn mul(&self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem;
    fn inv(&self, a: &Self::Elem) -> Self::Elem;

    fn pow(&self, a: &Self::Elem, e: &BigUint) -> Self::Elem {
        let mut result = self.one();
        for i in (0..e.bits()).rev() {
            result = self.mul(&result, &result);
            if e.bit(i) {
                result = self.mul(&result, a);
            }
        }
        result
    }
}

/// The order of a, given a multiple `exp` of it with its factorization.
pub fn order<G: Group>(
    g: &G,
    a: &G::Elem,
    exp: &BigUint,
    exp_factors: &[(BigUint, u32)],
) -> BigUint {
    let mut ord = exp.clone();
    for (q, _) in exp_factors {
        while (&ord % q).is_zero() {
            let candidate = &ord / q;
            if g.pow(a, &candidate) == g.one() {
                ord = candidate;
            } else {
                break;
            }
        }
    }
    ord
}

/// Largest prime factor of a group order for which baby-step giant-step
/// runs (√ of it is the table size).
pub const MAX_BSGS_PRIME: u64 = 1 << 40;

/// Why a discrete logarithm was not computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogError {
    Stopped(Stop),
    /// A prime factor of the order exceeds [`MAX_BSGS_PRIME`].
    TooLarge,
}

impl From<Stop> for LogError {
    fn from(s: Stop) -> Self {
        LogError::Stopped(s)
    }
}

/// x in 0..ord(b) with b^x = h, by Pohlig–Hellman over the factored exact
/// order of b and baby-step giant-step in each prime-order piece; `None`
/// when h is not a power of b.
pub fn discrete_log<G: Group>(
    g: &G,
    b: &G::Elem,
    h: &G::Elem,
    order: &BigUint,
    order_factors: &[(BigUint, u32)],
    budget: &Budget,
) -> Result<Option<BigUint>, LogError> {
    let mut x = BigUint::zero();
    let mut modulus = BigUint::one();
    for (q, e) in order_factors {
        let q64 = q
            .to_u64()
            .filter(|q| *q <= MAX_BSGS_PRIME)
            .ok_or(LogError::TooLarge)?;
        let qe = q.pow(*e);
        let cofactor = order / &qe;
        let (bq, hq) = (g.pow(b, &cofactor), g.pow(h, &cofactor));
        // bq has order q^e; find the base-q digits of the log one at a time.
        let gamma = g.pow(&bq, &(&qe / q));
        let mut local = BigUint::zero();
        let mut qi = BigUint::one();
        for _ in 0..*e {
            let step = &qe / (&qi * q);
            let shifted = g.mul(&hq, &g.inv(&g.pow(&bq, &local)));
            let target = g.pow(&shifted, &step);
            let Some(d) = bsgs(g, &gamma, &target, q64, budget)? else {
                return Ok(None);
            };
            local += &qi * d;
            qi *= q;
        }
        // Chinese remaindering: x ≡ previous (mod modulus), x ≡ local (mod q^e).
        let inv = mod_inverse_big(&(&modulus % &qe), &qe);
        let diff = (&local + &qe - (&x % &qe)) % &qe;
        x += &modulus * ((diff * inv) % &qe);
        modulus *= qe;
    }
    Ok((g.pow(b, &x) == *h).then_some(x))
}

fn mod_inverse_big(a: &BigUint, m: &BigUint) -> BigUint {
    let (a, m) = (
        num_bigint::BigInt::from(a.clone()),
        num_bigint::BigInt::from(m.clone()),
    );
    crate::integer::mod_inverse(&a, &m)
        .and_then(|v| v.to_biguint())
        .unwrap_or_default()
}

/// d in 0..q with γ^d = t, where γ has prime order q.
fn bsgs<G: Group>(
    g: &G,
    gamma: &G::Elem,
    t: &G::Elem,
    q: u64,
    budget: &Budget,
) -> Result<Option<u64>, Stop> {
    let s = num_integer::Roots::sqrt(&q) + 1;
    let mut table = HashMap::with_capacity(s as usize);
    let mut cur = g.one();
    for j in 0..s {
        table.entry(cur.clone()).or_insert(j);
        cur = g.mul(&cur, gamma);
        if j % 4096 == 0 {
            budget.check()?;
        }
    }
    // cur = γ^s; giant steps multiply by γ^(−s).
    let giant = g.inv(&cur);
    let mut y = t.clone();
    for i in 0..=s {
        if let Some(j) = table.get(&y) {
            let d = i * s + j;
            if d < q {
                return Ok(Some(d));
            }
        }
        y = g.mul(&y, &giant);
        if i % 4096 == 0 {
            budget.check()?;
        }
    }
    Ok(None)
}

/// The unit group of Z/mZ.
pub struct Units<'a>(pub &'a BigUint);

impl Group for Units<'_> {
    type Elem = BigUint;
    fn one(&self) -> BigUint {
        BigUint::one() % self.0
    }
    fn mul(&self, a: &BigUint, b: &BigUint) -> BigUint {
        (a * b) % self.0
    }
    fn inv(&self, a: &BigUint) -> BigUint {
        mod_inverse_big(a, self.0)
    }
    fn pow(&self, a: &BigUint, e: &BigUint) -> BigUint {
        a.modpow(e, self.0)
    }
}
