//! Quadratic forms and fields: sums of two squares (Gaussian-integer
//! products of the prime cases), Pell's equation and the continued fraction
//! of √n, and the Kronecker symbol (built on `integer::jacobi`, which the
//! primality test needs).

use super::*;
use crate::integer;
use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

/// A Gaussian integer (re, im).
type Gauss = (BigInt, BigInt);

fn gauss_mul(a: &Gauss, b: &Gauss) -> Gauss {
    (&a.0 * &b.0 - &a.1 * &b.1, &a.0 * &b.1 + &a.1 * &b.0)
}

/// a, b with a² + b² = p for a prime p ≡ 1 (mod 4) (Hermite–Serret via the
/// Euclidean algorithm on p and √−1 mod p).
fn two_squares_prime(p: &BigUint) -> Gauss {
    let r = sqrt_mod_prime(&(p - 1u32), p).unwrap_or_default();
    let limit = p.sqrt();
    let (mut a, mut b) = (p.clone(), r);
    while b > limit {
        let t = &a % &b;
        a = b;
        b = t;
    }
    let c = (p - &b * &b).sqrt();
    (BigInt::from(b), BigInt::from(c))
}

/// Every (a, b) with 0 ≤ a ≤ b and a² + b² = n, ascending in a; `None`
/// when there are more than `max`.
pub fn sum_of_two_squares(f: &[(BigUint, u32)], max: usize) -> Option<Vec<(BigUint, BigUint)>> {
    let two = BigUint::from(2u32);
    let four = BigUint::from(4u32);
    let mut scale = BigInt::one();
    let mut choices: Vec<Vec<Gauss>> = Vec::new();
    let mut base: Gauss = (BigInt::one(), BigInt::zero());
    for (p, e) in f {
        if *p == two {
            for _ in 0..*e {
                base = gauss_mul(&base, &(BigInt::one(), BigInt::one()));
            }
        } else if p % &four == BigUint::from(3u32) {
            if e % 2 == 1 {
                return Some(Vec::new());
            }
            scale *= BigInt::from(p.pow(e / 2));
        } else {
            let pi = two_squares_prime(p);
            let conj = (pi.0.clone(), -pi.1.clone());
            let options = (0..=*e)
                .map(|j| {
                    let mut z: Gauss = (BigInt::one(), BigInt::zero());
                    for _ in 0..j {
                        z = gauss_mul(&z, &pi);
                    }
                    for _ in j..*e {
                        z = gauss_mul(&z, &conj);
                    }
                    z
                })
                .collect();
            choices.push(options);
        }
    }
    let count: usize = choices
        .iter()
        .map(|c| c.len())
        .try_fold(1usize, |acc, l| acc.checked_mul(l))?;
    if count > max.saturating_mul(8) {
        return None;
    }
    let mut zs = vec![base];
    for c in &choices {
        zs = zs
            .iter()
            .flat_map(|z| c.iter().map(move |w| gauss_mul(z, w)))
            .collect();
    }
    let mut out: Vec<(BigUint, BigUint)> = zs
        .into_iter()
        .map(|(x, y)| {
            let (x, y) = (
                (x * &scale).magnitude().clone(),
                (y * &scale).magnitude().clone(),
            );
            if x <= y { (x, y) } else { (y, x) }
        })
        .collect();
    out.sort();
    out.dedup();
    (out.len() <= max).then_some(out)
}

/// Why [`pell`] has no answer to give.
#[derive(Debug, PartialEq)]
pub enum PellError {
    /// D is a perfect square: only the trivial solutions exist.
    Square,
    /// The period of √D is longer than the bound.
    PeriodTooLong,
    /// The convergent did not satisfy the equation (a defect, never returned).
    CheckFailed,
}

/// The fundamental solution (x, y), x, y > 0, of x² − D·y² = −1 (`negative`)
/// or = 1, from the continued fraction [a0; period] of √D: the convergent
/// before the end of the first period, or of the second when the period's
/// parity requires it; `None` for the negative equation when the period is
/// even (then it has no solution). The answer is checked by substitution.
pub fn pell(
    d: &BigUint,
    negative: bool,
    max_period: usize,
) -> Result<Option<(BigInt, BigInt)>, PellError> {
    let (a0, period) = sqrt_continued_fraction(d, max_period).ok_or(PellError::PeriodTooLong)?;
    if period.is_empty() {
        return Err(PellError::Square);
    }
    let odd = period.len() % 2 == 1;
    let repeats = match (negative, odd) {
        (true, false) => return Ok(None),
        (true, true) | (false, false) => 1,
        (false, true) => 2,
    };
    let terms: Vec<BigInt> = std::iter::once(&a0)
        .chain(period.iter().cycle().take(repeats * period.len() - 1))
        .map(|a| BigInt::from(a.clone()))
        .collect();
    // Convergents are in lowest terms with positive denominators.
    let last = crate::rational::convergents(&terms)
        .pop()
        .ok_or(PellError::CheckFailed)?;
    let (x, y) = (last.numer().clone(), last.denom().clone());
    let rhs = if negative {
        -BigInt::one()
    } else {
        BigInt::one()
    };
    if &x * &x - BigInt::from(d.clone()) * &y * &y != rhs {
        return Err(PellError::CheckFailed);
    }
    Ok(Some((x, y)))
}

/// The continued fraction of √n: `(a0, period)` with an empty period when n
/// is a perfect square; `None` when the period is longer than `max`.
pub fn sqrt_continued_fraction(n: &BigUint, max: usize) -> Option<(BigUint, Vec<BigUint>)> {
    let a0 = n.sqrt();
    if &a0 * &a0 == *n {
        return Some((a0, Vec::new()));
    }
    let (mut m, mut d, mut a) = (BigUint::zero(), BigUint::one(), a0.clone());
    let two_a0 = &a0 << 1;
    let mut period = Vec::new();
    loop {
        m = &d * &a - m;
        d = (n - &m * &m) / d;
        a = (&a0 + &m) / &d;
        period.push(a.clone());
        if a == two_a0 {
            return Some((a0, period));
        }
        if period.len() >= max {
            return None;
        }
    }
}

/// The Kronecker symbol (a/n) for any integers: Jacobi's symbol on the odd
/// part of n, (a/2) = 0, 1, −1 by a mod 8, and (a/−1) = sign of a.
pub fn kronecker(a: &BigInt, n: &BigInt) -> i32 {
    if n.is_zero() {
        return i32::from(a.magnitude().is_one());
    }
    let mut sign = 1;
    if n.sign() == num_bigint::Sign::Minus && a.sign() == num_bigint::Sign::Minus {
        sign = -1;
    }
    let mut m = n.magnitude().clone();
    let twos = m.trailing_zeros().unwrap_or(0);
    if twos > 0 {
        if a.is_even() {
            return 0;
        }
        m >>= twos;
        let r = a.mod_floor(&BigInt::from(8)).to_u32().unwrap_or(0);
        if twos % 2 == 1 && (r == 3 || r == 5) {
            sign = -sign;
        }
    }
    if m.is_one() {
        sign
    } else {
        sign * integer::jacobi(a, &m)
    }
}
