//! Sample quantiles, the nine definitions of Hyndman and Fan (1996) as R's
//! `quantile(type = 1…9)` states them: from the order statistics
//! x₍₁₎ ≤ … ≤ x₍ₙ₎, Q(p) = (1 − γ)·x₍ⱼ₎ + γ·x₍ⱼ₊₁₎ with indices clamped
//! to 1…n, where
//!
//! - types 1–3 (discontinuous): h = n·p (type 3: n·p − ½), j = ⌊h⌋, and
//!   γ = [h > j] (1), ([h > j] + 1)/2 (2), 0 if h = j with j even else 1 (3);
//! - types 4–9 (continuous): h = a + p·(n + 1 − a − b), j = ⌊h⌋, γ = h − j,
//!   with (a, b) = (0, 1), (½, ½), (0, 0), (1, 1), (⅓, ⅓), (⅜, ⅜).

use crate::Q;
use num_integer::Integer;
use num_traits::{One, Zero};

/// Q(p) of sorted, non-empty data under type 1…9, with the order
/// statistics' indices (1-based, clamped) and the weight γ of the upper.
pub fn quantile(sorted: &[Q], p: &Q, kind: u8) -> (Q, (usize, usize), Q) {
    let n = Q::from_integer(sorted.len().into());
    let half = Q::new(1.into(), 2.into());
    let h = match kind {
        1 | 2 => &n * p,
        3 => &n * p - &half,
        _ => {
            let (a, b) = match kind {
                4 => (Q::zero(), Q::one()),
                5 => (half.clone(), half.clone()),
                6 => (Q::zero(), Q::zero()),
                7 => (Q::one(), Q::one()),
                8 => (Q::new(1.into(), 3.into()), Q::new(1.into(), 3.into())),
                _ => (Q::new(3.into(), 8.into()), Q::new(3.into(), 8.into())),
            };
            &a + p * (&n + Q::one() - &a - &b)
        }
    };
    let j = h.floor();
    let above = h > j;
    let gamma = match kind {
        1 => Q::from_integer(u8::from(above).into()),
        2 => Q::new((u8::from(above) + 1).into(), 2.into()),
        3 => {
            let even = j.to_integer().is_even();
            if !above && even { Q::zero() } else { Q::one() }
        }
        _ => &h - &j,
    };
    let clamp = |i: Q| -> usize {
        let i = i.to_integer();
        if i < 1.into() {
            1
        } else if i > sorted.len().into() {
            sorted.len()
        } else {
            i.try_into().unwrap_or(sorted.len())
        }
    };
    let (lo, hi) = (clamp(j.clone()), clamp(j + Q::one()));
    let value = (Q::one() - &gamma) * &sorted[lo - 1] + &gamma * &sorted[hi - 1];
    (value, (lo, hi), gamma)
}
