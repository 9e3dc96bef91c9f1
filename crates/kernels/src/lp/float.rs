//! A floating-point tableau simplex with bounded variables that only
//! proposes a vertex (basis, and which nonbasic columns sit at their upper
//! bound) for the exact simplex to start from and, usually, to confirm at
//! once. It decides nothing: a wrong proposal costs exact pivots, never a
//! wrong answer.

use super::exact::Vertex;
use super::standard::Standard;
use crate::{Budget, Stop};
use num_traits::ToPrimitive;
use rayon::prelude::*;

/// Most tableau entries (rows × columns) tried: 400 MB of f64.
const MAX_CELLS: usize = 50_000_000;
/// Below this many tableau entries a pivot is faster on one thread.
const PARALLEL_CELLS: usize = 200_000;

struct Tableau {
    /// B⁻¹[A' | artificials], row by row.
    t: Vec<Vec<f64>>,
    /// The basic columns' values.
    xb: Vec<f64>,
    basis: Vec<usize>,
    /// Nonbasic columns at their upper bound.
    at_upper: Vec<bool>,
    /// u' per column (∞ when none).
    upper: Vec<f64>,
}

/// The final vertex of a two-phase float simplex (phase 1's when it finds
/// the problem infeasible), or `None` when it could not run (a number
/// beyond f64, a tableau too large, or the iteration cap).
pub(super) fn guess(s: &Standard, budget: &Budget) -> Result<Option<Vertex>, Stop> {
    let m = s.rows();
    let n = s.columns();
    let cols = s.total();
    if m.saturating_mul(cols) > MAX_CELLS {
        return Ok(None);
    }
    let mut t = vec![vec![0.0; cols]; m];
    for (j, col) in s.cols.iter().enumerate() {
        for (i, v) in col {
            t[*i][j] = v.to_f64().unwrap_or(f64::INFINITY);
        }
    }
    let mut xb = Vec::with_capacity(m);
    for (i, row) in t.iter_mut().enumerate() {
        let b = s.b[i].to_f64().unwrap_or(f64::INFINITY);
        if !b.is_finite() || row.iter().any(|v| !v.is_finite()) {
            return Ok(None);
        }
        let pivot = row[s.start[i]];
        for x in row.iter_mut() {
            *x /= pivot;
        }
        xb.push(b / pivot);
    }
    let upper: Vec<f64> = (0..cols)
        .map(|j| {
            s.upper(j)
                .map_or(f64::INFINITY, |u| u.to_f64().unwrap_or(f64::NAN))
        })
        .collect();
    if upper.iter().any(|u| u.is_nan()) {
        return Ok(None);
    }
    let mut tab = Tableau {
        t,
        xb,
        basis: s.start.clone(),
        at_upper: vec![false; cols],
        upper,
    };
    let cap = 50 * (m + cols) + 1000;
    if cols > n {
        let cost: Vec<f64> = (0..cols).map(|j| if j >= n { 1.0 } else { 0.0 }).collect();
        let allowed = vec![true; cols];
        match tab.run(&cost, &allowed, cap, budget)? {
            Some(End::Optimal) => {}
            _ => return Ok(None),
        }
        let value: f64 = (0..m)
            .filter(|&i| tab.basis[i] >= n)
            .map(|i| tab.xb[i])
            .sum();
        let scale = 1.0 + tab.xb.iter().map(|v| v.abs()).fold(0.0, f64::max);
        if value > 1e-7 * scale {
            return Ok(Some(tab.vertex()));
        }
        // Drive the artificials out where a real column can replace them
        // (a pivot of step 0: the entering column keeps its value).
        for i in 0..m {
            if tab.basis[i] >= n
                && let Some(j) = (0..n).find(|&j| tab.t[i][j].abs() > 1e-7 && tab.basis[i] != j)
            {
                tab.xb[i] = if tab.at_upper[j] { tab.upper[j] } else { 0.0 };
                tab.at_upper[j] = false;
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
    Ok(tab.run(&cost, &allowed, cap, budget)?.map(|_| tab.vertex()))
}

enum End {
    Optimal,
    Unbounded,
}

impl Tableau {
    fn vertex(self) -> Vertex {
        Vertex {
            basis: self.basis,
            upper: self.at_upper,
        }
    }

    /// Simplex iterations minimising `cost` (Dantzig's rule, Bland's
    /// after many steps so that degenerate cycles end). A nonbasic column
    /// at its lower bound may rise, one at its upper bound may fall; the
    /// step ends where a basic column meets a bound or the entering one
    /// meets its other bound (a flip, without a pivot).
    // Long run: pricing, the bounded ratio test and the update are one loop.
    fn run(
        &mut self,
        cost: &[f64],
        allowed: &[bool],
        cap: usize,
        budget: &Budget,
    ) -> Result<Option<End>, Stop> {
        let cols = cost.len();
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
        let mut weight = vec![1.0f64; cols];
        for step in 0..cap {
            budget.check()?;
            let bland = step > cap / 2;
            let gain = |j: usize| {
                if self.at_upper[j] { d[j] } else { -d[j] }
            };
            let candidates = (0..cols)
                .filter(|&j| allowed[j] && !in_basis[j] && self.upper[j] > 0.0 && gain(j) > tol);
            let entering = if bland {
                candidates.min()
            } else {
                candidates.max_by(|&a, &b| {
                    (gain(a) * gain(a) / weight[a]).total_cmp(&(gain(b) * gain(b) / weight[b]))
                })
            };
            let Some(q) = entering else {
                return Ok(Some(End::Optimal));
            };
            // x_B(t) = x_B − σ·t·T_q.
            let sigma = if self.at_upper[q] { -1.0 } else { 1.0 };
            // (row or None for the flip, step, |pivot|, reaches upper)
            let mut leave: Option<(Option<usize>, f64, f64, bool)> = self.upper[q]
                .is_finite()
                .then_some((None, self.upper[q], f64::INFINITY, false));
            for (i, row) in self.t.iter().enumerate() {
                let a = sigma * row[q];
                let (ratio, up) = if a > 1e-9 {
                    (self.xb[i].max(0.0) / a, false)
                } else if a < -1e-9 && self.upper[self.basis[i]].is_finite() {
                    ((self.upper[self.basis[i]] - self.xb[i]).max(0.0) / -a, true)
                } else {
                    continue;
                };
                let better = match leave {
                    None => true,
                    Some((r, best, size, _)) => {
                        ratio < best - 1e-12
                            || (ratio <= best + 1e-12
                                && if bland {
                                    self.basis[i] < r.map_or(q, |r| self.basis[r])
                                } else {
                                    a.abs() > size
                                })
                    }
                };
                if better {
                    leave = Some((Some(i), ratio, a.abs(), up));
                }
            }
            let Some((r, step, _, up)) = leave else {
                return Ok(Some(End::Unbounded));
            };
            let moved = sigma * step;
            if moved != 0.0 {
                for (x, row) in self.xb.iter_mut().zip(&self.t) {
                    *x -= moved * row[q];
                }
            }
            let Some(r) = r else {
                self.at_upper[q] = !self.at_upper[q];
                continue;
            };
            let entering = if self.at_upper[q] { self.upper[q] } else { 0.0 } + moved;
            let leaving = self.basis[r];
            in_basis[leaving] = false;
            in_basis[q] = true;
            self.at_upper[leaving] = up;
            self.at_upper[q] = false;
            let dq = d[q];
            // Devex reference weights from the pivot row.
            let alpha = self.t[r][q];
            let wq = weight[q];
            for (j, a) in self.t[r].iter().enumerate() {
                if *a != 0.0 && !in_basis[j] {
                    weight[j] = weight[j].max((a / alpha) * (a / alpha) * wq);
                }
            }
            weight[leaving] = (wq / (alpha * alpha)).max(1.0);
            self.pivot(r, q);
            self.xb[r] = entering;
            for (dj, tj) in d.iter_mut().zip(&self.t[r]) {
                *dj -= dq * tj;
            }
        }
        Ok(None)
    }

    /// Makes column q basic in row r (the values `xb` are the caller's).
    /// Rows update in parallel once there are many, each only where the
    /// pivot row is nonzero.
    fn pivot(&mut self, r: usize, q: usize) {
        let p = self.t[r][q];
        for x in self.t[r].iter_mut() {
            *x /= p;
        }
        let pivot_row = std::mem::take(&mut self.t[r]);
        let nonzero: Vec<(usize, f64)> = pivot_row
            .iter()
            .enumerate()
            .filter(|(_, v)| **v != 0.0)
            .map(|(j, v)| (j, *v))
            .collect();
        let sparse = 2 * nonzero.len() < pivot_row.len();
        let update = |row: &mut Vec<f64>| {
            let f = row.get(q).copied().unwrap_or(0.0);
            if f == 0.0 {
                return;
            }
            if sparse {
                for &(j, v) in &nonzero {
                    row[j] -= f * v;
                }
            } else {
                for (x, pr) in row.iter_mut().zip(&pivot_row) {
                    *x -= f * pr;
                }
            }
        };
        if self.t.len() * pivot_row.len() >= PARALLEL_CELLS {
            self.t.par_iter_mut().for_each(update);
        } else {
            self.t.iter_mut().for_each(update);
        }
        self.t[r] = pivot_row;
        self.basis[r] = q;
    }
}
