//! Rationals as numbers: continued fractions, best approximations, Egyptian
//! fractions, positional expansions with their period, Farey sequences.

use crate::{Budget, Q, Stop};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

/// The continued fraction [a0; a1, …, ak] of q (a0 = ⌊q⌋, then ai ≥ 1, and
/// ak ≥ 2 unless q is an integer): the canonical, shorter of the two forms.
pub fn continued_fraction(q: &Q) -> Vec<BigInt> {
    let (mut p, mut d) = (q.numer().clone(), q.denom().clone());
    let mut out = Vec::new();
    while !d.is_zero() {
        let (a, r) = p.div_mod_floor(&d);
        out.push(a);
        p = std::mem::replace(&mut d, r);
    }
    out
}

/// The convergents p_i/q_i of [a0; a1, …].
pub fn convergents(terms: &[BigInt]) -> Vec<Q> {
    let (mut p, mut p0, mut q, mut q0) =
        (BigInt::one(), BigInt::zero(), BigInt::zero(), BigInt::one());
    terms
        .iter()
        .map(|a| {
            (p, p0) = (a * &p + &p0, p.clone());
            (q, q0) = (a * &q + &q0, q.clone());
            Q::new(p.clone(), q.clone())
        })
        .collect()
}

/// The value [a0; a1, …, an] of a continued fraction (terms after the
/// first positive), by the convergent recurrence without reducing the
/// intermediate fractions (consecutive convergents are already in lowest
/// terms), polling the budget.
pub fn continued_fraction_value(terms: &[BigInt], budget: &Budget) -> Result<Q, Stop> {
    let (mut p, mut p0, mut q, mut q0) =
        (BigInt::one(), BigInt::zero(), BigInt::zero(), BigInt::one());
    let mut meter = crate::Meter::new(budget);
    for a in terms {
        meter.tick_over(&[&p, &q, a])?;
        (p, p0) = (a * &p + &p0, p);
        (q, q0) = (a * &q + &q0, q);
    }
    if terms.is_empty() {
        return Ok(Q::zero());
    }
    Ok(Q::new(p, q))
}

// num-bigint's gcd is Stein's binary algorithm, quadratic in the bits even
// against 1 (gcd(x, 1) takes about bits(x)/2 shifts of x), and num-rational
// takes a gcd in every operation and every `Ratio::new`. On numbers of
// thousands of digits the helpers below skip the gcds a denominator of 1
// makes pointless.

/// n/d in lowest terms (d ≠ 0), without a gcd when d = ±1.
pub fn ratio(n: BigInt, d: BigInt) -> Q {
    if d.is_one() {
        Q::from_integer(n)
    } else if (-&d).is_one() {
        Q::from_integer(-n)
    } else {
        // Lehmer's gcd where the numbers are long (crate::integer::gcd).
        let g = crate::integer::gcd(&n, &d);
        let (n, d) = (n / &g, d / &g);
        if d.is_negative() {
            Q::new_raw(-n, -d)
        } else {
            Q::new_raw(n, d)
        }
    }
}

/// a·b in lowest terms, taking the cross gcds only against denominators
/// other than 1.
pub fn mul(a: &Q, b: &Q) -> Q {
    let cross = |n: &BigInt, d: &BigInt| {
        if d.is_one() {
            BigInt::one()
        } else {
            crate::integer::gcd(n, d)
        }
    };
    let (g1, g2) = (cross(a.numer(), b.denom()), cross(b.numer(), a.denom()));
    let num = (a.numer() / &g1) * (b.numer() / &g2);
    let den = (a.denom() / &g2) * (b.denom() / &g1);
    Q::new_raw(num, den)
}

/// q^k in lowest terms without a gcd: the powers of coprime parts are
/// coprime.
pub fn pow(q: &Q, k: usize) -> Q {
    Q::new_raw(
        num_traits::pow(q.numer().clone(), k),
        num_traits::pow(q.denom().clone(), k),
    )
}

/// A lower bound on the decimal digits `q` is written with (numerator,
/// and denominator when it is not 1), from their bits, without writing it.
pub fn digits_lower(q: &Q) -> f64 {
    let digits = |bits: u64| (bits.saturating_sub(1) as f64) * std::f64::consts::LOG10_2 + 1.0;
    digits(q.numer().bits())
        + if q.denom().is_one() {
            0.0
        } else {
            digits(q.denom().bits())
        }
}

/// A lower bound on the digits of q^k: each of k factors adds at least
/// its digits less one to the numerator and to the denominator (a reduced
/// fraction's powers stay reduced).
pub fn power_digits_lower(q: &Q, k: u64) -> f64 {
    (k as f64 * (digits_lower(q) - 2.0)).max(1.0)
}

/// Σ xᵢ by pairwise summation (balanced denominators), polling the budget.
pub fn sum(xs: Vec<Q>, budget: &Budget) -> Result<Q, Stop> {
    reduce_pairwise(xs, budget, |a, b| a + b)
}

/// Π xᵢ by pairwise products (balanced sizes), polling the budget.
pub fn product(xs: Vec<Q>, budget: &Budget) -> Result<Q, Stop> {
    if xs.is_empty() {
        return Ok(Q::one());
    }
    reduce_pairwise(xs, budget, |a, b| a * b)
}

fn reduce_pairwise(mut v: Vec<Q>, budget: &Budget, op: impl Fn(Q, Q) -> Q) -> Result<Q, Stop> {
    while v.len() > 1 {
        let mut next = Vec::with_capacity(v.len().div_ceil(2));
        let mut it = v.into_iter();
        while let Some(a) = it.next() {
            // Near the root one step joins numbers of a million digits.
            budget.check()?;
            next.push(match it.next() {
                Some(b) => op(a, b),
                None => a,
            });
        }
        v = next;
    }
    Ok(v.pop().unwrap_or_default())
}

/// The rational closest to x among those with denominator ≤ n (n ≥ 1); on a
/// tie, the one with the smaller denominator.
pub fn best_approximation(x: &Q, n: &BigInt) -> Q {
    let terms = continued_fraction(x);
    let (mut p, mut p0, mut q, mut q0) =
        (BigInt::one(), BigInt::zero(), BigInt::zero(), BigInt::one());
    for a in &terms {
        let q_next = a * &q + &q0;
        if &q_next > n {
            // Largest semiconvergent (p0 + t·p)/(q0 + t·q) within the bound.
            let t = (n - &q0) / &q;
            let semi = Q::new(&p0 + &t * &p, &q0 + &t * &q);
            let conv = Q::new(p, q);
            return if (x - &semi).abs() < (x - &conv).abs() {
                semi
            } else {
                conv
            };
        }
        (p, p0) = (a * &p + &p0, p);
        (q, q0) = (q_next, q);
    }
    x.clone()
}

/// Greedy (Fibonacci–Sylvester) Egyptian fraction of 0 < q ≤ 1: distinct
/// denominators, each the least with 1/d ≤ the remainder; `None` when more
/// than `max_terms` terms or a denominator beyond `max_bits` bits would be needed.
pub fn egyptian_greedy(q: &Q, max_terms: usize, max_bits: u64) -> Option<Vec<BigInt>> {
    let mut r = q.clone();
    let mut out = Vec::new();
    while !r.is_zero() {
        if out.len() >= max_terms {
            return None;
        }
        let d = Integer::div_ceil(r.denom(), r.numer());
        if d.bits() > max_bits {
            return None;
        }
        r -= Q::new(BigInt::one(), d.clone());
        out.push(d);
    }
    Some(out)
}

/// The positional expansion of |q| in base b: integer digits, the digits
/// before the period and the repeating digits (empty when it terminates).
pub struct Expansion {
    pub integer: BigInt,
    pub pre_period: Vec<u32>,
    pub period: Vec<u32>,
}

/// Expands |q| in base b (2..=36); `None` when pre-period plus period
/// exceed `max_digits`.
pub fn expansion(q: &Q, base: u32, max_digits: usize) -> Option<Expansion> {
    let (n, d) = (q.numer().abs(), q.denom().clone());
    let (integer, mut r) = n.div_rem(&d);
    // Pre-period length: the least s with d | d'·b^s, d' the part of d coprime to b.
    let g_base = BigInt::from(base);
    let mut t = d.clone();
    let mut coprime = d.clone();
    while !coprime.gcd(&g_base).is_one() {
        let g = coprime.gcd(&g_base);
        coprime /= g;
    }
    t /= &coprime;
    let mut pre_len = 0usize;
    while !t.is_one() {
        let g = t.gcd(&g_base);
        t /= g;
        pre_len += 1;
        if pre_len > max_digits {
            return None;
        }
    }
    let digit = |r: &mut BigInt| -> u32 {
        let (q, rem) = (&*r * base).div_rem(&d);
        *r = rem;
        q.to_u32_digits().1.first().copied().unwrap_or(0)
    };
    let pre_period: Vec<u32> = (0..pre_len).map(|_| digit(&mut r)).collect();
    let mut period = Vec::new();
    if !r.is_zero() {
        let start = r.clone();
        loop {
            period.push(digit(&mut r));
            if r == start {
                break;
            }
            if pre_len + period.len() >= max_digits {
                return None;
            }
        }
    }
    Some(Expansion {
        integer,
        pre_period,
        period,
    })
}

/// The Farey sequence F_n: reduced fractions in [0, 1] with denominator ≤ n,
/// ascending (by the next-term recurrence).
pub fn farey(n: u64) -> Vec<(u64, u64)> {
    let (mut a, mut b, mut c, mut d) = (0u64, 1u64, 1u64, n);
    let mut out = vec![(a, b)];
    while c <= n {
        let k = (n + b) / d;
        (a, b, c, d) = (c, d, k * c - a, k * d - b);
        out.push((a, b));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> Q {
        Q::new(n.into(), d.into())
    }

    #[test]
    fn continued_fractions_round_trip_through_convergents() {
        for n in -60i64..60 {
            for d in 1i64..40 {
                let x = q(n, d);
                let cf = continued_fraction(&x);
                assert_eq!(convergents(&cf).last(), Some(&x));
                assert!(cf.len() == 1 || cf.last().is_some_and(|a| *a >= BigInt::from(2)));
            }
        }
    }

    #[test]
    fn best_approximation_beats_every_fraction_within_the_bound() {
        for (n, d) in [
            (314159i64, 100000i64),
            (-27183, 10000),
            (355, 113),
            (1, 3),
            (7, 2),
        ] {
            let x = q(n, d);
            for bound in 1i64..60 {
                let best = best_approximation(&x, &BigInt::from(bound));
                assert!(*best.denom() <= BigInt::from(bound));
                let err = (&x - &best).abs();
                for den in 1..=bound {
                    let num = (x.clone() * BigInt::from(den)).round().to_integer();
                    for cand in [num.clone() - 1, num.clone(), num + 1] {
                        let e = (&x - Q::new(cand.clone(), den.into())).abs();
                        assert!(e >= err, "{x} with q ≤ {bound}: {cand}/{den} beats {best}");
                        if e == err {
                            assert!(*best.denom() <= BigInt::from(den));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn egyptian_fractions_sum_back_and_expansions_reconstruct() {
        for n in 1i64..30 {
            for d in n..40 {
                let x = q(n, d);
                let ds = egyptian_greedy(&x, 100, 10_000).unwrap();
                let sum: Q = ds.iter().map(|d| Q::new(BigInt::one(), d.clone())).sum();
                assert_eq!(sum, x);
                assert!(ds.windows(2).all(|w| w[0] < w[1]));
            }
        }
        for base in [2u32, 3, 10, 12, 16] {
            for n in 0i64..50 {
                for d in 1i64..50 {
                    let x = q(n, d);
                    let e = expansion(&x, base, 10_000).unwrap();
                    // x = I + (P + R/(b^r − 1))/b^s for pre-period P (s digits) and period R (r digits).
                    let b = BigInt::from(base);
                    let val = |ds: &[u32]| ds.iter().fold(BigInt::zero(), |acc, d| acc * &b + d);
                    let bs = num_traits::pow(b.clone(), e.pre_period.len());
                    let mut frac = Q::from(val(&e.pre_period));
                    if !e.period.is_empty() {
                        frac += Q::new(
                            val(&e.period),
                            num_traits::pow(b.clone(), e.period.len()) - 1,
                        );
                    }
                    assert_eq!(
                        Q::from(e.integer.clone()) + frac / Q::from(bs),
                        x,
                        "{x} base {base}"
                    );
                    // Minimality: the pre-period cannot be shortened and the period is primitive.
                    if !e.period.is_empty() && !e.pre_period.is_empty() {
                        assert_ne!(e.pre_period.last(), e.period.last(), "{x} base {base}");
                    }
                    let r = e.period.len();
                    assert!(
                        (1..r).all(|s| !r.is_multiple_of(s) || e.period[s..] != e.period[..r - s])
                    );
                }
            }
        }
    }

    #[test]
    fn farey_sequences_are_all_reduced_fractions_in_order() {
        for n in 1u64..30 {
            let f = farey(n);
            let mut brute: Vec<Q> = (1..=n as i64)
                .flat_map(|d| (0..=d).map(move |k| q(k, d)))
                .collect();
            brute.sort();
            brute.dedup();
            assert_eq!(
                f.iter()
                    .map(|(a, b)| q(*a as i64, *b as i64))
                    .collect::<Vec<_>>(),
                brute
            );
        }
    }
}

/// √q for q ≥ 0 written c·√r: c rational, r a positive integer with no
/// square factor p² for p < 1000 (r = 1 exactly when √q is rational).
#[derive(Debug, Clone, PartialEq)]
pub struct Surd {
    pub coefficient: Q,
    pub radicand: BigInt,
}

/// √q as a [`Surd`], from √(a/b) = √(a·b)/b; None for q < 0. Checked:
/// c²·r = q.
pub fn sqrt(q: &Q) -> Option<Surd> {
    if q.is_negative() {
        return None;
    }
    let b = q.denom().clone();
    let mut n = q.numer() * &b;
    let mut c = BigInt::one();
    let root = n.sqrt();
    if &root * &root == n {
        c = root;
        n = BigInt::one();
    } else {
        for p in 2u32..1000 {
            let square = BigInt::from(p * p);
            if square > n {
                break;
            }
            while (&n % &square).is_zero() {
                n /= &square;
                c *= p;
            }
        }
    }
    let surd = Surd {
        coefficient: Q::new(c, b),
        radicand: n,
    };
    let back = &surd.coefficient * &surd.coefficient * Q::from_integer(surd.radicand.clone());
    (back == *q).then_some(surd)
}

/// An enclosure [lo, hi] of √q (q ≥ 0) of relative width below 10⁻¹⁹:
/// lo = ⌊√(q·10²ᵏ)⌋/10ᵏ, from the integer square root of ⌊a·10²ᵏ/b⌋.
pub fn sqrt_enclosure(q: &Q) -> (Q, Q) {
    if !q.is_positive() {
        return (Q::zero(), Q::zero());
    }
    let digits = |x: &BigInt| x.bits() as i64 * 30_103 / 100_000;
    let k = (21 + (digits(q.denom()) - digits(q.numer())) / 2).max(0) as u32;
    let scale = BigInt::from(10).pow(k);
    let s = ((q.numer() * &scale * &scale) / q.denom()).sqrt();
    let lo = Q::new(s.clone(), scale.clone());
    let hi = Q::new(s + 1, scale);
    (lo, hi)
}

/// q as the nearest f64 or one ulp from it (within 2⁻⁵² relative):
/// numerator over denominator scaled to a 64-bit quotient, then 2^k.
pub fn to_f64(q: &Q) -> f64 {
    use num_traits::{Signed, ToPrimitive, Zero};
    if q.is_zero() {
        return 0.0;
    }
    let (n, d) = (q.numer().abs(), q.denom().clone());
    let shift = 64 - (n.bits() as i64 - d.bits() as i64);
    let quotient = if shift >= 0 {
        (n << shift as usize) / d
    } else {
        n / (d << (-shift) as usize)
    };
    // 2^−shift in two factors, each inside f64's range (subnormals kept).
    let shift = shift.clamp(-2200, 2200) as i32;
    let value = quotient.to_f64().unwrap_or(f64::NAN)
        * 2f64.powi(-(shift / 2))
        * 2f64.powi(-(shift - shift / 2));
    if q.is_negative() { -value } else { value }
}
