//! Linear least squares over Q: β minimising |y − X·β|² solves the normal
//! equations XᵀX·β = Xᵀy (unique when X has full column rank); checked by
//! the residuals' orthogonality to every column, Xᵀ(y − X·β) = 0.

use crate::linalg::{Solution, solve};
use crate::rational::sum;
use crate::{Budget, Mat, Q, Stop};
use num_traits::Zero;

/// A least-squares fit.
#[derive(Debug, Clone, PartialEq)]
pub struct Fit {
    pub coefficients: Vec<Q>,
    pub residuals: Vec<Q>,
    /// Σ residual² and Σ(y − ȳ)².
    pub ss_residual: Q,
    pub ss_total: Q,
}

/// The least-squares fit of y on the columns of x (n × k); None when the
/// columns are linearly dependent (no unique β).
pub fn least_squares(x: &Mat<Q>, y: &[Q], budget: &Budget) -> Result<Option<Fit>, Stop> {
    let (n, k) = (x.rows(), x.cols());
    let mut gram = Mat::from_fn(k, k, |_, _| Q::zero());
    let mut moment = vec![Q::zero(); k];
    for i in 0..n {
        budget.check()?;
        let row = x.row(i);
        for a in 0..k {
            if row[a].is_zero() {
                continue;
            }
            moment[a] += &row[a] * &y[i];
            for b in a..k {
                gram[(a, b)] += &row[a] * &row[b];
            }
        }
    }
    for a in 0..k {
        for b in 0..a {
            gram[(a, b)] = gram[(b, a)].clone();
        }
    }
    let Solution::Unique(beta) = solve(&gram, &moment, budget)? else {
        return Ok(None);
    };
    let mut residuals = Vec::with_capacity(n);
    for (i, yi) in y.iter().enumerate() {
        budget.check()?;
        let fitted = sum(
            x.row(i).iter().zip(&beta).map(|(a, b)| a * b).collect(),
            budget,
        )?;
        residuals.push(yi - fitted);
    }
    for a in 0..k {
        budget.check()?;
        let dot = sum((0..n).map(|i| &x[(i, a)] * &residuals[i]).collect(), budget)?;
        if !dot.is_zero() {
            return Err(Stop::CheckFailed(
                "a residual is not orthogonal to a column of X",
            ));
        }
    }
    let ss_residual = sum(residuals.iter().map(|r| r * r).collect(), budget)?;
    let (_, ss_total) = super::describe::spread(y, budget)?;
    Ok(Some(Fit {
        coefficients: beta,
        residuals,
        ss_residual,
        ss_total,
    }))
}
