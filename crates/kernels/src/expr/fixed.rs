//! exp at high precision in fixed point, with every rounding bounded.
//!
//! Identity: exp(x) = exp(x/2^k)^(2^k). With r = x/2^k below 2^-s, the
//! Taylor series Σ r^j/j! is summed in blocks of m terms (Smith's
//! rectangular splitting: r, r², …, r^m once, then Horner in r^m over the
//! blocks), about 2√T full multiplications for T terms instead of T; then k
//! squarings. Numbers are integers N standing for N·2^-w; every product
//! and quotient is floored, so each step's error is bounded in units of
//! 2^-w and carried to the end, where exp(x) ∈ [L, L + E]·2^-w.
//!
//! dashu-float's exp raises a ball to the power 2^n by repeated
//! multiplication and is correct but slow above a few thousand bits; this
//! is the path for 10,000 digits and more.

use dashu_int::ops::BitTest;
use dashu_int::{IBig, UBig};

/// An enclosure of exp(m·2^e) for m > 0: (L, E, w) with
/// exp(m·2^e) ∈ [L·2^-w, (L + E)·2^-w], at least `prec` correct bits.
/// None when x ≥ 2^20 (a result of more than a million bits) or x ≤ 0.
pub fn exp_enclosure(m: &IBig, e: isize, prec: usize) -> Option<(IBig, IBig, usize)> {
    if *m <= IBig::ZERO {
        return None;
    }
    let m = UBig::try_from(m.clone()).ok()?;
    // |x| < 2^t.
    let t = m.bit_len() as isize + e;
    if t > 20 {
        return None;
    }
    let s = ((prec as f64).sqrt() / 6.0).max(8.0) as isize;
    // Halvings: r = x/2^k < 2^-s.
    let k = (t + s).max(0) as usize;
    // r < 2^-(k − t).
    let r_bits = (k as isize - t) as f64;
    // 64 guard bits: the sum's error (below 2^40 units for any precision
    // asked here) and the k squarings, which double the relative error.
    let w = prec + k + 64;
    // Terms: T with 2·r^T/T! below 2^-(w + 1), on f64 logarithms with a
    // margin (more terms only make the tail smaller).
    let mut terms = 1usize;
    let mut log_fact = 0.0f64;
    while r_bits * terms as f64 + log_fact < (w + 8) as f64 {
        terms += 1;
        log_fact += (terms as f64).log2();
    }
    let block = (terms as f64).sqrt().ceil() as usize;
    let blocks = terms.div_ceil(block);
    let one = UBig::ONE << w;
    // R = floor(x·2^(w − k)), below 2^-s·2^w.
    let shift = e + w as isize - k as isize;
    let r = if shift >= 0 {
        &m << shift as usize
    } else {
        &m >> (-shift) as usize
    };
    // P[j] = floor(r^j) in units, P[0] = 1 exactly; P[j] ≥ r^j − j.
    let mut powers = Vec::with_capacity(block + 1);
    powers.push(one.clone());
    powers.push(r.clone());
    for j in 2..=block {
        let next = (&powers[j - 1] * &r) >> w;
        powers.push(next);
    }
    // Horner over the blocks, from the top: each block
    // B_i = Σ_l P[l]/((i·m + 1)⋯(i·m + l)) has error ≤ Σ (l + 1) ≤ (m + 1)²,
    // each step acc·P[m]/D adds ≤ 2m + 2 more (acc ≤ 2 in value); every
    // computed value is at most the true one.
    let mut acc = UBig::ZERO;
    for i in (0..blocks).rev() {
        let base = i * block;
        let mut sum = UBig::ZERO;
        let mut divisor = UBig::ONE;
        for (l, p) in powers.iter().enumerate().take(block) {
            if l > 0 {
                divisor *= UBig::from(base + l);
            }
            sum += p / &divisor;
        }
        if i + 1 < blocks {
            divisor *= UBig::from(base + block);
            sum += ((&acc * &powers[block]) >> w) / &divisor;
        }
        acc = sum;
    }
    // exp(r) ∈ [acc, acc + err] in units of 2^-w: the sum's error, the
    // tail (below 1) and R's floor (R ≤ r < R + 1 moves exp by < 3).
    let mut err = UBig::from(blocks * (block + 2) * (block + 2) + 5);
    let mut low = acc;
    // (L + E)² = L² + 2LE + E²: the new error is ⌈(2LE + E²)/2^w⌉ + 1
    // (the floor of L²).
    for _ in 0..k {
        let cross = ((&low * &err) << 1) + &err * &err;
        err = (cross >> w) + UBig::from(2u8);
        low = (&low * &low) >> w;
    }
    Some((IBig::from(low), IBig::from(err), w))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// exp(1) against e by its series at 3,000 bits; exp(x)·exp(−x)
    /// brackets 1 for a few x.
    #[test]
    fn encloses_e_and_known_values() {
        let prec = 3000;
        let (l, err, w) = exp_enclosure(&IBig::ONE, 0, prec).unwrap();
        // e·2^w by Σ 2^w/k! with a tail below 2 units.
        let mut term = UBig::ONE << w;
        let mut e = UBig::ZERO;
        let mut k = 1usize;
        while term > UBig::ZERO {
            e += &term;
            term /= UBig::from(k);
            k += 1;
        }
        let e = IBig::from(e);
        assert!(l <= &e + IBig::from(k) && e <= &l + &err + IBig::from(k));
        assert!(err < IBig::ONE << 40, "error too wide: {err}");
        // exp(3/2)^2 = exp(3).
        let (a, ea, wa) = exp_enclosure(&IBig::from(3), -1, prec).unwrap();
        let (b, eb, wb) = exp_enclosure(&IBig::from(3), 0, prec).unwrap();
        let sq_lo = (&a * &a) << wb;
        let sq_hi = ((&a + &ea) * (&a + &ea)) << wb;
        let (b_lo, b_hi) = (&b << (2 * wa), (&b + eb) << (2 * wa));
        assert!(sq_lo <= b_hi && b_lo <= sq_hi);
        assert_eq!(exp_enclosure(&IBig::from(-1), 0, prec), None);
        assert_eq!(exp_enclosure(&IBig::ONE, 21, prec), None);
    }
}
