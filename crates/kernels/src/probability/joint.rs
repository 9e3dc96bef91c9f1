//! A joint distribution of two discrete variables as a table pᵢⱼ =
//! P(X = xᵢ, Y = yⱼ): marginals, conditionals, independence, covariance.
//! Each result is checked by a second route: marginals both sum to the
//! table's total, every conditional sums to 1 and multiplies back to the
//! table, the covariance equals Σpᵢⱼ(xᵢ − μₓ)(yⱼ − μᵧ).

use crate::{Budget, Meter, Q, Stop};
use num_traits::{One, Zero};

/// Row sums P(X = xᵢ) and column sums P(Y = yⱼ).
pub fn marginals(p: &[Vec<Q>]) -> Result<(Vec<Q>, Vec<Q>), Stop> {
    let cols = p.first().map_or(0, Vec::len);
    let rows: Vec<Q> = p.iter().map(|r| r.iter().sum()).collect();
    let columns: Vec<Q> = (0..cols).map(|j| p.iter().map(|r| &r[j]).sum()).collect();
    let all: Q = p.iter().flatten().sum();
    if rows.iter().sum::<Q>() != all || columns.iter().sum::<Q>() != all {
        return Err(Stop::CheckFailed(
            "the marginals do not sum to the table's total",
        ));
    }
    Ok((rows, columns))
}

/// P(Y = · | X = xᵢ) for every row (None where P(X = xᵢ) = 0), checked:
/// each sums to 1 and times P(X = xᵢ) gives the row back.
pub fn conditional_rows(
    p: &[Vec<Q>],
    rows: &[Q],
    budget: &Budget,
) -> Result<Vec<Option<Vec<Q>>>, Stop> {
    let mut out = Vec::with_capacity(p.len());
    for (row, m) in p.iter().zip(rows) {
        budget.check()?;
        if m.is_zero() {
            out.push(None);
            continue;
        }
        let c: Vec<Q> = row.iter().map(|v| v / m).collect();
        if !c.iter().sum::<Q>().is_one() || c.iter().zip(row).any(|(c, v)| c * m != *v) {
            return Err(Stop::CheckFailed(
                "a conditional distribution does not multiply back",
            ));
        }
        out.push(Some(c));
    }
    Ok(out)
}

/// The table transposed (to condition on the other variable).
pub fn transpose(p: &[Vec<Q>]) -> Vec<Vec<Q>> {
    let cols = p.first().map_or(0, Vec::len);
    (0..cols)
        .map(|j| p.iter().map(|r| r[j].clone()).collect())
        .collect()
}

/// The first cell (i, j) where pᵢⱼ ≠ P(X = xᵢ)·P(Y = yⱼ), or None when X
/// and Y are independent (every cell factorises).
pub fn dependence_witness(
    p: &[Vec<Q>],
    rows: &[Q],
    columns: &[Q],
    budget: &Budget,
) -> Result<Option<(usize, usize)>, Stop> {
    let mut meter = Meter::new(budget);
    for (i, row) in p.iter().enumerate() {
        for (j, v) in row.iter().enumerate() {
            meter.tick_over(&[v.numer(), v.denom()])?;
            if *v != &rows[i] * &columns[j] {
                return Ok(Some((i, j)));
            }
        }
    }
    Ok(None)
}

pub struct Moments {
    pub mean_x: Q,
    pub mean_y: Q,
    pub e_xy: Q,
    pub covariance: Q,
    pub variance_x: Q,
    pub variance_y: Q,
}

/// E[X], E[Y], E[XY], Cov = E[XY] − E[X]E[Y] and the variances; the
/// covariance checked against Σpᵢⱼ(xᵢ − μₓ)(yⱼ − μᵧ).
pub fn moments(x: &[Q], y: &[Q], p: &[Vec<Q>], budget: &Budget) -> Result<Moments, Stop> {
    let (rows, columns) = marginals(p)?;
    let dot = |v: &[Q], w: &[Q]| v.iter().zip(w).map(|(a, b)| a * b).sum::<Q>();
    let mean_x = dot(x, &rows);
    let mean_y = dot(y, &columns);
    let mut meter = Meter::new(budget);
    let (mut e_xy, mut centred) = (Q::zero(), Q::zero());
    for (i, row) in p.iter().enumerate() {
        for (j, v) in row.iter().enumerate() {
            meter.tick_over(&[v.numer(), v.denom()])?;
            e_xy += v * &x[i] * &y[j];
            centred += v * (&x[i] - &mean_x) * (&y[j] - &mean_y);
        }
    }
    let covariance = &e_xy - &mean_x * &mean_y;
    if covariance != centred {
        return Err(Stop::CheckFailed(
            "E[XY] − E[X]E[Y] differs from the centred sum",
        ));
    }
    let var = |v: &[Q], w: &[Q], m: &Q| {
        v.iter()
            .zip(w)
            .map(|(a, b)| b * (a - m) * (a - m))
            .sum::<Q>()
    };
    Ok(Moments {
        variance_x: var(x, &rows, &mean_x),
        variance_y: var(y, &columns, &mean_y),
        mean_x,
        mean_y,
        e_xy,
        covariance,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> Q {
        Q::new(n.into(), d.into())
    }

    #[test]
    fn product_table_is_independent_and_uncorrelated() {
        let p = vec![vec![q(1, 6), q(1, 3)], vec![q(1, 6), q(1, 3)]];
        let (r, c) = marginals(&p).unwrap();
        assert_eq!(
            (r.clone(), c.clone()),
            (vec![q(1, 2), q(1, 2)], vec![q(1, 3), q(2, 3)])
        );
        let b = Budget::unlimited();
        assert_eq!(dependence_witness(&p, &r, &c, &b).unwrap(), None);
        let m = moments(&[q(0, 1), q(1, 1)], &[q(0, 1), q(1, 1)], &p, &b).unwrap();
        assert_eq!(m.covariance, q(0, 1));
        let p = vec![vec![q(1, 2), q(0, 1)], vec![q(0, 1), q(1, 2)]];
        let (r, c) = marginals(&p).unwrap();
        assert_eq!(dependence_witness(&p, &r, &c, &b).unwrap(), Some((0, 0)));
    }
}
