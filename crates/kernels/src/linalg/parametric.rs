//! Linear systems A·x = b whose coefficients are polynomials in parameters
//! (over Q when there are none), solved by fraction-free Gauss–Jordan
//! elimination over Q[params]: each step replaces row i by p·row i − f·row k
//! with the pivot p ≠ 0 as a polynomial, and the same steps applied to the
//! identity give T with T·[A | b] = M, so an inconsistent row of M carries
//! its certificate y (yᵀA = 0, yᵀb ≠ 0). The answer holds wherever every
//! pivot is nonzero; those pivots are the conditions of the generic case.
//! Every answer is substituted back: Σⱼ aᵢⱼ·xⱼ − bᵢ is the zero polynomial
//! after multiplying by the pivots (free unknowns are variables of it).

use crate::poly::sparse::{Sparse, TooMuchWork, Work};
use crate::{Budget, Q, Stop};
use num_traits::{One, Zero};

/// Why no answer was formed.
#[derive(Debug, Clone, PartialEq)]
pub enum Halt {
    Stopped(Stop),
    /// The polynomial work bound of [`crate::poly::sparse::MAX_PRODUCTS`].
    TooBig,
}

impl From<Stop> for Halt {
    fn from(s: Stop) -> Self {
        Halt::Stopped(s)
    }
}

impl From<TooMuchWork> for Halt {
    fn from(_: TooMuchWork) -> Self {
        Halt::TooBig
    }
}

/// The solution set where the pivots are nonzero.
#[derive(Debug, Clone)]
pub enum Solution {
    /// xⱼ = numerators[j] / denominators[j] for the pivot unknowns; the
    /// free unknowns (listed) stay themselves: numerators may hold them.
    Solved {
        values: Vec<(Sparse, Sparse)>,
        free: Vec<usize>,
    },
    /// yᵀA = 0 and yᵀb = `gives` ≠ 0.
    Inconsistent {
        multipliers: Vec<Sparse>,
        gives: Sparse,
    },
}

#[derive(Debug, Clone)]
pub struct Solved {
    pub solution: Solution,
    /// The pivots (nonzero polynomials in the parameters) the answer
    /// divides by: it holds where none of them vanishes.
    pub pivots: Vec<Sparse>,
}

/// Solves A·x = b, the entries polynomials in the variables `vars` (the
/// parameters), unknowns numbered 0..n. `free_names` name the unknowns as
/// variables for the check (they must not clash with the parameters).
pub fn solve(
    a: &[Vec<Sparse>],
    b: &[Sparse],
    vars: &[String],
    free_names: &[String],
    budget: &Budget,
) -> Result<Solved, Halt> {
    let m = a.len();
    let n = free_names.len();
    let mut work = Work::default();
    let zero = Sparse::zero(vars);
    let one = Sparse::constant(vars, Q::one());
    // M = [A | b], T = I.
    let mut rows: Vec<Vec<Sparse>> = (0..m)
        .map(|i| {
            let mut r = a[i].clone();
            r.push(b[i].clone());
            r
        })
        .collect();
    let mut t: Vec<Vec<Sparse>> = (0..m)
        .map(|i| {
            (0..m)
                .map(|j| if i == j { one.clone() } else { zero.clone() })
                .collect()
        })
        .collect();
    let mut pivots: Vec<(usize, usize)> = Vec::new(); // (row, column)
    let mut rank = 0;
    for c in 0..n {
        budget.check()?;
        let Some(r) = (rank..m).find(|&r| !rows[r][c].is_zero()) else {
            continue;
        };
        rows.swap(rank, r);
        t.swap(rank, r);
        let p = rows[rank][c].clone();
        for i in 0..m {
            if i == rank || rows[i][c].is_zero() {
                continue;
            }
            budget.check()?;
            let f = rows[i][c].clone();
            for j in 0..=n {
                rows[i][j] = rows[i][j]
                    .mul(&p, &mut work)?
                    .sub(&rows[rank][j].mul(&f, &mut work)?);
            }
            for j in 0..m {
                t[i][j] = t[i][j]
                    .mul(&p, &mut work)?
                    .sub(&t[rank][j].mul(&f, &mut work)?);
            }
        }
        pivots.push((rank, c));
        rank += 1;
    }
    let pivot_values: Vec<Sparse> = pivots.iter().map(|&(r, c)| rows[r][c].clone()).collect();
    // A zero row of A with a nonzero right side: inconsistent.
    if let Some(i) = (rank..m).find(|&i| !rows[i][n].is_zero()) {
        let multipliers = t[i].clone();
        let gives = rows[i][n].clone();
        check_certificate(a, b, &multipliers, &gives, &mut work)?;
        return Ok(Solved {
            solution: Solution::Inconsistent { multipliers, gives },
            pivots: pivot_values,
        });
    }
    // x_c = (b' − Σ_free a'_j·t_j) / p for each pivot row; the free
    // unknowns are variables appended after the parameters.
    let pivot_columns: Vec<usize> = pivots.iter().map(|&(_, c)| c).collect();
    let free: Vec<usize> = (0..n).filter(|j| !pivot_columns.contains(j)).collect();
    let mut all_vars = vars.to_vec();
    all_vars.extend(free.iter().map(|&j| free_names[j].clone()));
    let lift = |s: &Sparse| s.embed(&all_vars);
    let mut values = vec![
        (
            Sparse::zero(&all_vars),
            Sparse::constant(&all_vars, Q::one())
        );
        n
    ];
    for (k, &j) in free.iter().enumerate() {
        values[j].0 = Sparse::variable(&all_vars, vars.len() + k);
    }
    for &(r, c) in &pivots {
        let mut numerator = lift(&rows[r][n]);
        for &j in &free {
            numerator = numerator.sub(&lift(&rows[r][j]).mul(&values[j].0, &mut work)?);
        }
        values[c] = (numerator, lift(&rows[r][c]));
    }
    check_solution(a, b, &values, &all_vars, &mut work, budget)?;
    Ok(Solved {
        solution: Solution::Solved { values, free },
        pivots: pivot_values,
    })
}

/// yᵀA = 0 and yᵀb = gives ≠ 0, recomputed from the input.
fn check_certificate(
    a: &[Vec<Sparse>],
    b: &[Sparse],
    y: &[Sparse],
    gives: &Sparse,
    work: &mut Work,
) -> Result<(), Halt> {
    let n = a.first().map_or(0, Vec::len);
    for j in 0..n {
        let mut s = Sparse::zero(&gives.vars);
        for (i, row) in a.iter().enumerate() {
            s = s.add(&y[i].mul(&row[j], work)?);
        }
        if !s.is_zero() {
            return Err(Halt::Stopped(Stop::CheckFailed(
                "the inconsistency certificate does not cancel the unknowns",
            )));
        }
    }
    let mut s = Sparse::zero(&gives.vars);
    for (i, bi) in b.iter().enumerate() {
        s = s.add(&y[i].mul(bi, work)?);
    }
    if s != *gives || gives.is_zero() {
        return Err(Halt::Stopped(Stop::CheckFailed(
            "the inconsistency certificate does not give a nonzero constant side",
        )));
    }
    Ok(())
}

/// Σⱼ aᵢⱼ·nⱼ·∏_{k≠j} dₖ − bᵢ·∏ dₖ = 0 for every equation.
fn check_solution(
    a: &[Vec<Sparse>],
    b: &[Sparse],
    values: &[(Sparse, Sparse)],
    vars: &[String],
    work: &mut Work,
    budget: &Budget,
) -> Result<(), Halt> {
    let n = values.len();
    let mut all = Sparse::constant(vars, Q::one());
    for (_, d) in values {
        all = all.mul(d, work)?;
    }
    for (i, row) in a.iter().enumerate() {
        budget.check()?;
        let mut s = b[i].embed(vars).mul(&all, work)?.neg();
        for j in 0..n {
            if row[j].is_zero() {
                continue;
            }
            let mut others = Sparse::constant(vars, Q::one());
            for (k, (_, d)) in values.iter().enumerate() {
                if k != j {
                    others = others.mul(d, work)?;
                }
            }
            s = s.add(
                &row[j]
                    .embed(vars)
                    .mul(&values[j].0, work)?
                    .mul(&others, work)?,
            );
        }
        if !s.is_zero() {
            return Err(Halt::Stopped(Stop::CheckFailed(
                "the solution does not satisfy an equation",
            )));
        }
    }
    Ok(())
}

/// The entries with parameter `i` replaced by the rational `value`.
pub fn substituted(
    a: &[Vec<Sparse>],
    b: &[Sparse],
    i: usize,
    value: &Q,
) -> Result<(Vec<Vec<Sparse>>, Vec<Sparse>), Halt> {
    let mut work = Work::default();
    let vars = b.first().map(|s| s.vars.clone()).unwrap_or_default();
    let by = Sparse::constant(&vars, value.clone());
    let a = a
        .iter()
        .map(|row| {
            row.iter()
                .map(|s| s.substitute(i, &by, &mut work))
                .collect::<Result<Vec<_>, _>>()
        })
        .collect::<Result<Vec<_>, _>>()?;
    let b = b
        .iter()
        .map(|s| s.substitute(i, &by, &mut work))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((a, b))
}

/// Whether s is a nonzero constant.
pub fn is_constant(s: &Sparse) -> bool {
    !s.is_zero() && s.terms.keys().all(|e| e.iter().all(Zero::is_zero))
}
