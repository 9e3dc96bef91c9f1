//! The assignment problem: each of n rows gets its own column (n ≤ m) so
//! that the total cost is least, by the Hungarian algorithm with
//! potentials (Kuhn–Munkres in the O(n²m) shortest-augmenting-path form).
//!
//! Identity: potentials u (rows) and v (columns) with uᵢ + vⱼ ≤ cᵢⱼ for
//! every pair and vⱼ ≤ 0 are a feasible dual of the linear relaxation, so
//! Σuᵢ + Σvⱼ is a lower bound on every assignment's cost; an assignment
//! that is tight on its pairs (uᵢ + vⱼ = cᵢⱼ) and leaves only columns with
//! vⱼ = 0 free costs exactly that bound, so it is optimal. [`check`]
//! verifies exactly this.

use crate::{Budget, Stop};

/// An optimal assignment with the potentials proving it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Assignment {
    /// The column of each row.
    pub column: Vec<usize>,
    pub row_potential: Vec<i128>,
    pub column_potential: Vec<i128>,
    pub cost: i128,
}

/// Least-cost assignment of the rows of `cost` (n × m, n ≤ m, entries
/// below 2^60 in magnitude so that every potential and sum fits i128).
pub fn solve(cost: &[Vec<i64>], budget: &Budget) -> Result<Assignment, Stop> {
    let n = cost.len();
    let m = cost.first().map_or(0, Vec::len);
    assert!(n <= m, "more rows than columns");
    const INF: i128 = i128::MAX / 4;
    // 1-based as in the textbook form: column 0 is a virtual start.
    let mut u = vec![0i128; n + 1];
    let mut v = vec![0i128; m + 1];
    let mut owner = vec![0usize; m + 1];
    let mut way = vec![0usize; m + 1];
    for i in 1..=n {
        budget.check()?;
        owner[0] = i;
        let mut j0 = 0;
        let mut least = vec![INF; m + 1];
        let mut used = vec![false; m + 1];
        loop {
            used[j0] = true;
            let i0 = owner[j0];
            let mut delta = INF;
            let mut j1 = 0;
            for j in 1..=m {
                if used[j] {
                    continue;
                }
                let reduced = cost[i0 - 1][j - 1] as i128 - u[i0] - v[j];
                if reduced < least[j] {
                    least[j] = reduced;
                    way[j] = j0;
                }
                if least[j] < delta {
                    delta = least[j];
                    j1 = j;
                }
            }
            for j in 0..=m {
                if used[j] {
                    u[owner[j]] += delta;
                    v[j] -= delta;
                } else {
                    least[j] -= delta;
                }
            }
            j0 = j1;
            if owner[j0] == 0 {
                break;
            }
        }
        // Augment along the path back to the virtual column.
        loop {
            let j1 = way[j0];
            owner[j0] = owner[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
    let mut column = vec![0; n];
    for j in 1..=m {
        if owner[j] != 0 {
            column[owner[j] - 1] = j - 1;
        }
    }
    let cost_total = column
        .iter()
        .enumerate()
        .map(|(i, &j)| cost[i][j] as i128)
        .sum();
    let a = Assignment {
        column,
        row_potential: u[1..].to_vec(),
        column_potential: v[1..].to_vec(),
        cost: cost_total,
    };
    check(cost, &a).map_err(|_| Stop::CheckFailed("an assignment's potentials do not prove it"))?;
    Ok(a)
}

/// Why potentials do not prove an assignment optimal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// Two rows share a column, or a column index is out of range.
    NotAnAssignment,
    /// uᵢ + vⱼ > cᵢⱼ.
    Violated(usize, usize),
    /// vⱼ > 0.
    PositiveColumn(usize),
    /// uᵢ + vⱼ < cᵢⱼ on an assigned pair.
    Slack(usize),
    /// A free column with vⱼ ≠ 0.
    FreeColumn(usize),
    /// The stated cost is not the assignment's.
    Cost,
}

/// Checks that `a` is an assignment of cost `a.cost` proven least by its
/// potentials.
pub fn check(cost: &[Vec<i64>], a: &Assignment) -> Result<(), Failure> {
    let n = cost.len();
    let m = cost.first().map_or(0, Vec::len);
    if a.column.len() != n || a.row_potential.len() != n || a.column_potential.len() != m {
        return Err(Failure::NotAnAssignment);
    }
    let mut taken = vec![false; m];
    for &j in &a.column {
        if j >= m || std::mem::replace(&mut taken[j], true) {
            return Err(Failure::NotAnAssignment);
        }
    }
    let (u, v) = (&a.row_potential, &a.column_potential);
    for (i, row) in cost.iter().enumerate() {
        for (j, &c) in row.iter().enumerate() {
            if u[i] + v[j] > c as i128 {
                return Err(Failure::Violated(i, j));
            }
        }
        if u[i] + v[a.column[i]] != row[a.column[i]] as i128 {
            return Err(Failure::Slack(i));
        }
    }
    for j in 0..m {
        if v[j] > 0 {
            return Err(Failure::PositiveColumn(j));
        }
        if !taken[j] && v[j] != 0 {
            return Err(Failure::FreeColumn(j));
        }
    }
    let total: i128 = a
        .column
        .iter()
        .enumerate()
        .map(|(i, &j)| cost[i][j] as i128)
        .sum();
    if total != a.cost {
        return Err(Failure::Cost);
    }
    Ok(())
}
