//! Correlation of paired data. Pearson's r = Sxy/√(Sxx·Syy) is the square
//! root of a rational, so it is returned as r² and a sign; Spearman's ρ is
//! Pearson's r of the mid-ranks; Kendall's τ-b = (C − D)/√((n₀ − n₁)(n₀ − n₂))
//! counts concordant and discordant pairs against the pairs tied in x (n₁)
//! and in y (n₂) out of n₀ = n(n − 1)/2.

use crate::rational::sum;
use crate::{Budget, Q, Stop};
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;

/// r² and whether r < 0; None when x or y is constant (r undefined).
pub type Squared = Option<(Q, bool)>;

/// Pearson's r as r² and sign, Sxy checked against Σxy − n·x̄·ȳ and
/// r² ≤ 1 (Cauchy–Schwarz).
pub fn pearson(xs: &[Q], ys: &[Q], budget: &Budget) -> Result<Squared, Stop> {
    let (mx, sxx) = super::describe::spread(xs, budget)?;
    let (my, syy) = super::describe::spread(ys, budget)?;
    let (mut products, mut raw_products) =
        (Vec::with_capacity(xs.len()), Vec::with_capacity(xs.len()));
    for (x, y) in xs.iter().zip(ys) {
        budget.check()?;
        products.push((x - &mx) * (y - &my));
        raw_products.push(x * y);
    }
    let sxy = sum(products, budget)?;
    let raw = sum(raw_products, budget)?;
    let n = Q::from_integer(xs.len().into());
    if raw - n * &mx * &my != sxy {
        return Err(Stop::CheckFailed("Sxy disagrees with Σxy − n·x̄·ȳ"));
    }
    if sxx.is_zero() || syy.is_zero() {
        return Ok(None);
    }
    let r2 = &sxy * &sxy / (sxx * syy);
    if r2 > Q::one() {
        return Err(Stop::CheckFailed("r² > 1"));
    }
    Ok(Some((r2, sxy.is_negative())))
}

/// Mid-ranks 1…n (tied values share the mean of their ranks).
pub fn ranks(xs: &[Q]) -> Vec<Q> {
    let mut order: Vec<usize> = (0..xs.len()).collect();
    order.sort_by(|&a, &b| xs[a].cmp(&xs[b]));
    let mut out = vec![Q::zero(); xs.len()];
    let mut start = 0;
    for run in order.chunk_by(|&a, &b| xs[a] == xs[b]) {
        // Ranks start + 1 … start + len, mean start + (len + 1)/2.
        let rank = Q::new((2 * start + run.len() + 1).into(), 2.into());
        for &i in run {
            out[i] = rank.clone();
        }
        start += run.len();
    }
    out
}

/// Spearman's ρ: Pearson's r of the mid-ranks; without ties checked
/// against 1 − 6·Σd²/(n(n² − 1)).
pub fn spearman(xs: &[Q], ys: &[Q], budget: &Budget) -> Result<Squared, Stop> {
    let (rx, ry) = (ranks(xs), ranks(ys));
    let rho = pearson(&rx, &ry, budget)?;
    // Without ties (an odd tie group also has integer mid-ranks).
    let distinct = |v: &[Q]| {
        let mut s: Vec<&Q> = v.iter().collect();
        s.sort();
        s.windows(2).all(|w| w[0] != w[1])
    };
    if let Some((r2, negative)) = &rho
        && distinct(xs)
        && distinct(ys)
    {
        let d2 = sum(
            rx.iter().zip(&ry).map(|(a, b)| (a - b) * (a - b)).collect(),
            budget,
        )?;
        let n = Q::from_integer(xs.len().into());
        let formula = Q::one() - Q::from_integer(6.into()) * d2 / (&n * (&n * &n - Q::one()));
        if &formula * &formula != *r2 || (formula.is_negative() != *negative) {
            return Err(Stop::CheckFailed(
                "Spearman's ρ disagrees with 1 − 6Σd²/(n(n² − 1))",
            ));
        }
    }
    Ok(rho)
}

/// Pair counts behind Kendall's τ.
#[derive(Debug, Clone, PartialEq)]
pub struct Pairs {
    pub concordant: u64,
    pub discordant: u64,
    /// Pairs tied in x (n₁), in y (n₂), in both.
    pub tied_x: u64,
    pub tied_y: u64,
    pub tied_both: u64,
}

/// Kendall's τ-b as τ² and sign (None when x or y is constant), with the
/// pair counts; every pair counted once, and n₁, n₂ checked against the
/// tie groups' Σ t(t − 1)/2.
pub fn kendall(xs: &[Q], ys: &[Q], budget: &Budget) -> Result<(Squared, Pairs), Stop> {
    let n = xs.len();
    let mut p = Pairs {
        concordant: 0,
        discordant: 0,
        tied_x: 0,
        tied_y: 0,
        tied_both: 0,
    };
    // Integer ranks make each comparison a word comparison.
    let dense = |v: &[Q]| -> Vec<u32> {
        let mut sorted: Vec<&Q> = v.iter().collect();
        sorted.sort();
        sorted.dedup();
        v.iter()
            .map(|q| sorted.binary_search(&q).unwrap_or(0) as u32)
            .collect()
    };
    let (rx, ry) = (dense(xs), dense(ys));
    for i in 0..n {
        if i % 256 == 0 {
            budget.check()?;
        }
        for j in i + 1..n {
            match (rx[i].cmp(&rx[j]), ry[i].cmp(&ry[j])) {
                (Ordering::Equal, Ordering::Equal) => {
                    p.tied_x += 1;
                    p.tied_y += 1;
                    p.tied_both += 1;
                }
                (Ordering::Equal, _) => p.tied_x += 1,
                (_, Ordering::Equal) => p.tied_y += 1,
                (a, b) if a == b => p.concordant += 1,
                _ => p.discordant += 1,
            }
        }
    }
    let n0 = (n as u64) * (n as u64).saturating_sub(1) / 2;
    let ties = |r: &[u32]| -> u64 {
        let mut counts = std::collections::HashMap::<u32, u64>::new();
        for &v in r {
            *counts.entry(v).or_default() += 1;
        }
        counts.values().map(|t| t * (t - 1) / 2).sum()
    };
    if ties(&rx) != p.tied_x
        || ties(&ry) != p.tied_y
        || p.concordant + p.discordant + p.tied_x + p.tied_y - p.tied_both != n0
    {
        return Err(Stop::CheckFailed("Kendall's pair counts do not add up"));
    }
    let (ax, ay) = (n0 - p.tied_x, n0 - p.tied_y);
    if ax == 0 || ay == 0 {
        return Ok((None, p));
    }
    let s = Q::from_integer((i128::from(p.concordant) - i128::from(p.discordant)).into());
    let tau2 = &s * &s / Q::from_integer((u128::from(ax) * u128::from(ay)).into());
    Ok((Some((tau2, s.is_negative())), p))
}
