//! The exact parts of the t and z tests of means: every statistic is a
//! ratio of rationals under a square root, so t² (or z²), its sign and the
//! degrees of freedom — Welch–Satterthwaite's included — are exact
//! rationals; only the tail probability is a float.
//!
//! - one sample: t² = n·(x̄ − μ)²/s², n − 1 degrees of freedom;
//! - pooled: t² = (x̄ − ȳ)²/(s_p²·(1/n + 1/m)), n + m − 2;
//! - Welch: t² = (x̄ − ȳ)²/(s_x²/n + s_y²/m), ν = (a + b)²/(a²/(n − 1) +
//!   b²/(m − 1)) with a = s_x²/n, b = s_y²/m.
//!
//! Checked: the one-sample t² recomputed from Σ(x − μ)² = S + n·(x̄ − μ)².

use super::describe::spread;
use crate::{Budget, Q, Stop};
use num_traits::{Signed, Zero};

/// A test statistic as its exact square and sign, with its degrees of
/// freedom (None for z).
pub struct Statistic {
    pub square: Q,
    pub negative: bool,
    pub df: Option<Q>,
}

fn q(n: usize) -> Q {
    Q::from_integer(n.into())
}

/// Mean and sample variance; None when n < 2 (the variance is undefined).
fn sample(xs: &[Q], budget: &Budget) -> Result<Option<(Q, Q)>, Stop> {
    if xs.len() < 2 {
        return Ok(None);
    }
    let (mean, s) = spread(xs, budget)?;
    Ok(Some((mean, s / q(xs.len() - 1))))
}

/// One-sample t of x̄ against μ (paired data: the differences).
pub fn one_sample(xs: &[Q], mu: &Q, budget: &Budget) -> Result<Option<Statistic>, Stop> {
    let Some((mean, var)) = sample(xs, budget)?.filter(|(_, v)| !v.is_zero()) else {
        return Ok(None);
    };
    let n = q(xs.len());
    let gap = &mean - mu;
    let square = &n * &gap * &gap / &var;
    // Σ(x − μ)² = (n − 1)·s² + n·(x̄ − μ)²: t² = n(n − 1)(x̄ − μ)²/(Σ(x − μ)² − n(x̄ − μ)²).
    let around: Q = xs.iter().map(|x| (x - mu) * (x - mu)).sum();
    let second = &n * (&n - q(1)) * &gap * &gap / (around - &n * &gap * &gap);
    if second != square {
        return Err(Stop::CheckFailed(
            "t² differs from its form through Σ(x − μ)²",
        ));
    }
    Ok(Some(Statistic {
        square,
        negative: gap.is_negative(),
        df: Some(n - q(1)),
    }))
}

/// Two independent samples, pooled (equal variances; one sample may have
/// a single value) or Welch (each needs two); None when the standard error
/// is 0 or undefined.
pub fn two_sample(
    xs: &[Q],
    ys: &[Q],
    pooled: bool,
    budget: &Budget,
) -> Result<Option<Statistic>, Stop> {
    let (n, m) = (q(xs.len()), q(ys.len()));
    let (mx, sx) = spread(xs, budget)?;
    let (my, sy) = spread(ys, budget)?;
    let gap = &mx - &my;
    let (se2, df) = if pooled {
        if xs.len() + ys.len() < 3 {
            return Ok(None);
        }
        let sp2 = (sx + sy) / (&n + &m - q(2));
        (sp2 * (q(1) / &n + q(1) / &m), &n + &m - q(2))
    } else {
        if xs.len() < 2 || ys.len() < 2 {
            return Ok(None);
        }
        let (a, b) = (sx / (&n - q(1)) / &n, sy / (&m - q(1)) / &m);
        if (&a + &b).is_zero() {
            return Ok(None);
        }
        let df = (&a + &b) * (&a + &b) / (&a * &a / (&n - q(1)) + &b * &b / (&m - q(1)));
        (a + b, df)
    };
    if se2.is_zero() {
        return Ok(None);
    }
    Ok(Some(Statistic {
        square: &gap * &gap / se2,
        negative: gap.is_negative(),
        df: Some(df),
    }))
}

/// z = (x̄ − μ)·√n/σ with σ known.
pub fn z(xs: &[Q], mu: &Q, sigma: &Q, budget: &Budget) -> Result<Statistic, Stop> {
    let (mean, _) = spread(xs, budget)?;
    let gap = &mean - mu;
    Ok(Statistic {
        square: q(xs.len()) * &gap * &gap / (sigma * sigma),
        negative: gap.is_negative(),
        df: None,
    })
}

impl Statistic {
    /// The statistic as a float, from its exact square.
    pub fn value(&self) -> f64 {
        let v = crate::rational::to_f64(&self.square).sqrt();
        if self.negative { -v } else { v }
    }
}
