//! Digits of an integer in a base, and their sum.

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{ToPrimitive, Zero};

/// Sum of the base-b digits of n.
pub fn digit_sum(n: &BigUint, b: &BigUint) -> BigUint {
    digits(n, b).into_iter().sum()
}

/// Base-b digits of n, most significant first ([0] for n = 0).
pub fn digits(n: &BigUint, b: &BigUint) -> Vec<BigUint> {
    if n.is_zero() {
        return vec![BigUint::zero()];
    }
    if let Some(b32) = b.to_u32().filter(|b| *b <= 256 && b.is_power_of_two()) {
        let mut v: Vec<BigUint> = n.to_radix_le(b32).into_iter().map(BigUint::from).collect();
        v.reverse();
        return v;
    }
    // Divide and conquer on powers[k] = b^(2^k), so big n costs O(M(n) log n).
    // Precondition of `rec`: n < powers[k]²; `width` pads with leading zeros.
    fn rec(
        n: &BigUint,
        powers: &[BigUint],
        k: usize,
        width: Option<usize>,
        out: &mut Vec<BigUint>,
    ) {
        if k == 0 {
            let start = out.len();
            let (hi, lo) = n.div_rem(&powers[0]);
            if !hi.is_zero() || width == Some(2) {
                out.push(hi);
            }
            out.push(lo);
            debug_assert!(width.is_none_or(|w| out.len() - start == w));
            return;
        }
        let (hi, lo) = n.div_rem(&powers[k]);
        let low_width = 1usize << k;
        if hi.is_zero() && width.is_none() {
            return rec(&lo, powers, k - 1, None, out);
        }
        rec(&hi, powers, k - 1, width.map(|w| w - low_width), out);
        rec(&lo, powers, k - 1, Some(low_width), out);
    }
    let mut powers = vec![b.clone()];
    while let Some(p) = powers.last().filter(|p| *p * *p <= *n).map(|p| p * p) {
        powers.push(p);
    }
    let mut out = Vec::new();
    rec(n, &powers, powers.len() - 1, None, &mut out);
    out
}
