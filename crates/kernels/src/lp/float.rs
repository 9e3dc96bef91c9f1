//! A floating-point tableau simplex that only proposes a basis for the
//! exact simplex to start from (and, usually, to confirm at once). It
//! decides nothing: a wrong proposal costs exact pivots, never a wrong
//! answer.

use super::standard::Standard;
use crate::{Budget, Stop};
use num_traits::ToPrimitive;

struct Tableau {
    /// Rows of [A' | artificials | b'], each divided by its starting basic entry.
    t: Vec<Vec<f64>>,
    basis: Vec<usize>,
    /// Columns with the right-hand side last.
    width: usize,
}

/// The final basis of a two-phase float simplex (phase 1's when it finds
/// the problem infeasible), or `None` when it could not run (a number
/// beyond f64, or the iteration cap).
pub(super) fn guess(s: &Standard, budget: &Budget) -> Result<Option<Vec<usize>>, Stop> {
    let m = s.rows();
    let n = s.columns();
    let artificials = s.start.iter().filter(|&&c| c >= n).count();
    let cols = n + artificials;
    let mut t = Vec::with_capacity(m);
    for i in 0..m {
        let mut row = vec![0.0; cols + 1];
        for (x, v) in row.iter_mut().zip(&s.a[i]) {
            *x = v.to_f64().unwrap_or(f64::INFINITY);
        }
        if s.start[i] >= n {
            row[s.start[i]] = 1.0;
        }
        row[cols] = s.b[i].to_f64().unwrap_or(f64::INFINITY);
        if row.iter().any(|v| !v.is_finite()) {
            return Ok(None);
        }
        let pivot = row[s.start[i]];
        for x in row.iter_mut() {
            *x /= pivot;
        }
        t.push(row);
    }
    let mut tab = Tableau {
        t,
        basis: s.start.clone(),
        width: cols + 1,
    };
    let cap = 50 * (m + cols) + 1000;
    if artificials > 0 {
        let cost: Vec<f64> = (0..cols).map(|j| if j >= n { 1.0 } else { 0.0 }).collect();
        let allowed = vec![true; cols];
        match tab.run(&cost, &allowed, cap, budget)? {
            Some(End::Optimal) => {}
            _ => return Ok(None),
        }
        let value: f64 = (0..m)
            .filter(|&i| tab.basis[i] >= n)
            .map(|i| tab.t[i][cols])
            .sum();
        let scale = 1.0 + tab.t.iter().map(|r| r[cols].abs()).fold(0.0, f64::max);
        if value > 1e-7 * scale {
            return Ok(Some(tab.basis));
        }
        // Drive the artificials out where a real column can replace them.
        for i in 0..m {
            if tab.basis[i] >= n
                && let Some(j) = (0..n).find(|&j| tab.t[i][j].abs() > 1e-7)
            {
                tab.pivot(i, j);
            }
        }
    }
    let cost: Vec<f64> = (0..cols)
        .map(|j| {
            if j < n {
                s.c[j].to_f64().unwrap_or(f64::NAN)
            } else {
                0.0
            }
        })
        .collect();
    if cost.iter().any(|c| !c.is_finite()) {
        return Ok(None);
    }
    let allowed: Vec<bool> = (0..cols).map(|j| j < n).collect();
    Ok(match tab.run(&cost, &allowed, cap, budget)? {
        Some(_) => Some(tab.basis),
        None => None,
    })
}

enum End {
    Optimal,
    Unbounded,
}

impl Tableau {
    /// Simplex iterations minimising `cost` (Dantzig's rule, Bland's
    /// after many steps so that degenerate cycles end).
    fn run(
        &mut self,
        cost: &[f64],
        allowed: &[bool],
        cap: usize,
        budget: &Budget,
    ) -> Result<Option<End>, Stop> {
        let cols = self.width - 1;
        let scale = cost.iter().map(|c| c.abs()).fold(1.0, f64::max);
        let tol = 1e-9 * scale;
        let mut d = cost.to_vec();
        for (i, &bi) in self.basis.iter().enumerate() {
            let cb = cost[bi];
            if cb != 0.0 {
                for (dj, tij) in d.iter_mut().zip(&self.t[i]) {
                    *dj -= cb * tij;
                }
            }
        }
        let mut in_basis = vec![false; cols];
        for &b in &self.basis {
            in_basis[b] = true;
        }
        for step in 0..cap {
            budget.check()?;
            let bland = step > cap / 2;
            let candidates = (0..cols).filter(|&j| allowed[j] && !in_basis[j] && d[j] < -tol);
            let entering = if bland {
                candidates.min()
            } else {
                candidates.min_by(|&a, &b| d[a].total_cmp(&d[b]))
            };
            let Some(q) = entering else {
                return Ok(Some(End::Optimal));
            };
            let mut leave: Option<(usize, f64)> = None;
            for (i, row) in self.t.iter().enumerate() {
                let a = row[q];
                if a > 1e-9 {
                    let ratio = row[cols].max(0.0) / a;
                    let better = match leave {
                        None => true,
                        Some((r, best)) => {
                            ratio < best - 1e-12
                                || (ratio <= best + 1e-12
                                    && if bland {
                                        self.basis[i] < self.basis[r]
                                    } else {
                                        a > self.t[r][q]
                                    })
                        }
                    };
                    if better {
                        leave = Some((i, ratio));
                    }
                }
            }
            let Some((r, _)) = leave else {
                return Ok(Some(End::Unbounded));
            };
            in_basis[self.basis[r]] = false;
            in_basis[q] = true;
            let dq = d[q];
            self.pivot(r, q);
            for (dj, tj) in d.iter_mut().zip(&self.t[r]) {
                *dj -= dq * tj;
            }
        }
        Ok(None)
    }

    fn pivot(&mut self, r: usize, q: usize) {
        let p = self.t[r][q];
        for x in self.t[r].iter_mut() {
            *x /= p;
        }
        let pivot_row = std::mem::take(&mut self.t[r]);
        for (i, row) in self.t.iter_mut().enumerate() {
            if i == r {
                continue;
            }
            let f = row[q];
            if f != 0.0 {
                for (x, pr) in row.iter_mut().zip(&pivot_row) {
                    *x -= f * pr;
                }
            }
        }
        self.t[r] = pivot_row;
        self.basis[r] = q;
    }
}
