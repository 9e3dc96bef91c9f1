//! Location and spread: x̄ = Σx/n and S = Σ(x − x̄)², the numerator of
//! both variances (population S/n, sample S/(n − 1)).

use crate::rational::sum;
use crate::{Budget, Q, Stop};

/// x̄ and S = Σ(x − x̄)² of non-empty data, S checked against Σx² − n·x̄².
pub fn spread(xs: &[Q], budget: &Budget) -> Result<(Q, Q), Stop> {
    let n = Q::from_integer(xs.len().into());
    let mean = sum(xs.to_vec(), budget)? / &n;
    // One poll per value: with long denominators each square costs gcds.
    let (mut deviations, mut squares_raw) =
        (Vec::with_capacity(xs.len()), Vec::with_capacity(xs.len()));
    for x in xs {
        budget.check()?;
        let d = x - &mean;
        deviations.push(&d * &d);
        squares_raw.push(x * x);
    }
    let squares = sum(deviations, budget)?;
    let raw = sum(squares_raw, budget)?;
    if raw - &n * &mean * &mean != squares {
        return Err(Stop::CheckFailed("Σ(x − x̄)² disagrees with Σx² − n·x̄²"));
    }
    Ok((mean, squares))
}

/// The most frequent values of sorted data and how often each occurs.
pub fn modes(sorted: &[Q]) -> (Vec<Q>, usize) {
    let mut best: (Vec<Q>, usize) = (Vec::new(), 0);
    for run in sorted.chunk_by(|a, b| a == b) {
        if run.len() > best.1 {
            best = (vec![run[0].clone()], run.len());
        } else if run.len() == best.1 {
            best.0.push(run[0].clone());
        }
    }
    best
}

/// The weighted mean Σw·x / Σw (Σw ≠ 0), checked by Σw·(x − m) = 0.
pub fn weighted_mean(xs: &[Q], ws: &[Q], budget: &Budget) -> Result<Option<Q>, Stop> {
    let total = sum(ws.to_vec(), budget)?;
    if num_traits::Zero::is_zero(&total) {
        return Ok(None);
    }
    let m = sum(xs.iter().zip(ws).map(|(x, w)| x * w).collect(), budget)? / total;
    let balance = sum(
        xs.iter().zip(ws).map(|(x, w)| (x - &m) * w).collect(),
        budget,
    )?;
    if !num_traits::Zero::is_zero(&balance) {
        return Err(Stop::CheckFailed("Σw·(x − mean) is not 0"));
    }
    Ok(Some(m))
}
