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

/// Bounds for Euler's γ by Brent and McMillan's identity (1980): with
/// n ≥ (prec + 24)/5, tₖ = (nᵏ/k!)², Hₖ the harmonic numbers,
/// A = Σ tₖ·Hₖ and B = Σ tₖ, γ = A/B − log n − K₀(2n)/I₀(2n) with
/// 0 < K₀(2n)/I₀(2n) < π·e^(−4n) < 2^(2 − 5n).
///
/// The sums run to K (tₖ falls geometrically beyond 2n, ratio ≤ 1/4), in
/// fixed point: tₖ = t_{k−1}·n²/k² and uₖ = tₖ·Hₖ = u_{k−1}·n²/k² + tₖ/k,
/// each floored; the floors' errors, propagated by the factors n²/k², are
/// bounded using tⱼ ≥ 1 for j ≤ n (so an error never grows faster than
/// the terms), and the tails by the last term. Returns
/// (A_lo, A_hi, B_lo, B_hi, n) with A ∈ [A_lo, A_hi]·2^-w,
/// B ∈ [B_lo, B_hi]·2^-w (one scale, so A/B is their quotient); the
/// caller subtracts log n and the K₀/I₀ term.
pub fn brent_mcmillan(
    prec: usize,
    budget: &crate::Budget,
) -> Result<(UBig, UBig, UBig, UBig, u64), crate::Stop> {
    // 5n ≥ prec + 24 makes 2^(2 − 5n) below 2^-(prec + 22).
    let n = (prec as u64 + 24).div_ceil(5);
    let log_n = (n as f64).log2();
    // K: from 2n on, the tail bound tₖ·(k + 2)·(log k + 2) below 2^-(prec + 32).
    let (mut k, mut log_t) = (0u64, 0.0f64);
    loop {
        k += 1;
        log_t += 2.0 * (log_n - (k as f64).log2());
        let tail = log_t + ((k + 2) as f64).log2() + ((k as f64).ln() + 2.0).log2();
        if k >= 2 * n && tail < -((prec + 32) as f64) {
            break;
        }
    }
    let big_k = k;
    let w = prec + 64 + 3 * (64 - big_k.leading_zeros() as usize);
    let mut t = UBig::ONE << w;
    let mut u = UBig::ZERO;
    let (mut sum_t, mut sum_u) = (t.clone(), UBig::ZERO);
    let mut t_max = t.clone();
    let n2 = UBig::from(n * n);
    for k in 1..=big_k {
        if k % 256 == 0 {
            budget.check()?;
        }
        let kk = UBig::from(k * k);
        t = (&t * &n2) / &kk;
        u = (&u * &n2) / &kk + &t / UBig::from(k);
        sum_t += &t;
        sum_u += &u;
        if t > t_max {
            t_max = t.clone();
        }
    }
    // Per-term errors in units: e_t ≤ n·t_max + K, e_u ≤ (n + 2 + K)·n·t_max + K² + 2K
    // (t_max as a value, rounded up); K + 1 terms each.
    let (nn, kb) = (UBig::from(n), UBig::from(big_k));
    let t_value = (&t_max >> w) + UBig::ONE;
    let e_t = &nn * &t_value + &kb;
    let e_u = (&nn + UBig::from(2u8) + &kb) * &nn * &t_value + &kb * &kb + &kb * UBig::from(2u8);
    let terms = &kb + UBig::ONE;
    let (err_t, err_u) = (&terms * &e_t, &terms * &e_u);
    // Tails: Σ_{k>K} tₖ ≤ t_K/3 and Σ_{k>K} tₖ·Hₖ ≤ t_K·(K + 2), Hₖ ≤ k.
    let last = &t + &e_t + UBig::ONE;
    let tail_b = last.clone();
    let tail_a = &last * (&kb + UBig::from(2u8));
    let a_lo = if sum_u > err_u {
        &sum_u - &err_u
    } else {
        UBig::ZERO
    };
    // sum_t ≥ 2^w (t₀ = 1) exceeds err_t ≤ (K + 1)·(n·t_max + K)·… by far
    // (w carries 64 + 3·log₂ K guard bits); kept positive regardless.
    let b_lo = if sum_t > err_t {
        &sum_t - &err_t
    } else {
        UBig::ONE
    };
    Ok((
        a_lo,
        sum_u + err_u + tail_a,
        b_lo,
        sum_t + err_t + tail_b,
        n,
    ))
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
