//! A two-way table of counts under independence: expected counts
//! Eᵢⱼ = Rᵢ·Cⱼ/N and Pearson's χ² = Σ(Oᵢⱼ − Eᵢⱼ)²/Eᵢⱼ, exactly. Checked by
//! the second form χ² = N·(Σ Oᵢⱼ²/(Rᵢ·Cⱼ) − 1).

use crate::{BigInt, Budget, Meter, Q, Stop};
use num_traits::{One, Zero};

pub struct Independence {
    pub row_totals: Vec<BigInt>,
    pub column_totals: Vec<BigInt>,
    pub total: BigInt,
    pub expected: Vec<Vec<Q>>,
    pub chi_square: Q,
}

/// The table's margins, expected counts and χ²; every row and column
/// total must be positive (the caller checks).
pub fn independence(table: &[Vec<BigInt>], budget: &Budget) -> Result<Independence, Stop> {
    let cols = table.first().map_or(0, Vec::len);
    let row_totals: Vec<BigInt> = table.iter().map(|r| r.iter().sum()).collect();
    let column_totals: Vec<BigInt> = (0..cols)
        .map(|j| table.iter().map(|r| &r[j]).sum())
        .collect();
    let total: BigInt = row_totals.iter().sum();
    let mut meter = Meter::new(budget);
    let (mut chi, mut second) = (Q::zero(), Q::zero());
    let mut expected = Vec::with_capacity(table.len());
    for (row, r) in table.iter().zip(&row_totals) {
        let mut out = Vec::with_capacity(cols);
        for (o, c) in row.iter().zip(&column_totals) {
            meter.tick_over(&[r, c, &total, chi.numer(), chi.denom()])?;
            let rc = r * c;
            let e = Q::new(rc.clone(), total.clone());
            let d = Q::from_integer(o.clone()) - &e;
            chi += &d * &d / &e;
            second += Q::new(o * o, rc);
            out.push(e);
        }
        expected.push(out);
    }
    let n = Q::from_integer(total.clone());
    if (second - Q::one()) * n != chi {
        return Err(Stop::CheckFailed("χ² differs from N·(Σ O²/(R·C) − 1)"));
    }
    Ok(Independence {
        row_totals,
        column_totals,
        total,
        expected,
        chi_square: chi,
    })
}
