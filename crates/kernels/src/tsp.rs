//! The travelling salesman by Held–Karp dynamic programming: best[S][j]
//! is the shortest path from city 0 through exactly the cities of S
//! (0 ∉ S) ending at j ∈ S, and the shortest tour is
//! min_j best[all][j] + d(j, 0). O(2ⁿ·n²) time, O(2ⁿ·n) memory. A table
//! has no shorter certificate than itself, so the optimum is confirmed by
//! a second table over the reversed distances (every tour reversed is a
//! tour of the same length there).

use crate::{Budget, Stop};

/// Most cities.
pub const MAX_CITIES: usize = 18;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tour {
    /// The cities in order, starting at 0 (the return to 0 is implied).
    pub order: Vec<usize>,
    pub length: i128,
}

/// The length of the closed tour `order` under `d`.
pub fn length(d: &[Vec<i64>], order: &[usize]) -> i128 {
    (0..order.len())
        .map(|k| d[order[k]][order[(k + 1) % order.len()]] as i128)
        .sum()
}

/// The shortest closed tour (2 ≤ n ≤ MAX_CITIES, |d| < 2^40).
fn held_karp(d: &[Vec<i64>], budget: &Budget) -> Result<Tour, Stop> {
    let n = d.len();
    if n == 1 {
        return Ok(Tour {
            order: vec![0],
            length: 0,
        });
    }
    let m = n - 1;
    let full = (1usize << m) - 1;
    const INF: i128 = i128::MAX / 4;
    let mut best = vec![INF; (full + 1) * m];
    for j in 0..m {
        best[(1 << j) * m + j] = d[0][j + 1] as i128;
    }
    for s in 1..=full {
        if s.is_multiple_of(1024) {
            budget.check()?;
        }
        for j in 0..m {
            let here = best[s * m + j];
            if s >> j & 1 == 0 || here >= INF {
                continue;
            }
            for k in 0..m {
                if s >> k & 1 == 1 {
                    continue;
                }
                let t = s | 1 << k;
                let via = here + d[j + 1][k + 1] as i128;
                if via < best[t * m + k] {
                    best[t * m + k] = via;
                }
            }
        }
    }
    let (mut last, mut total) = (0, INF);
    for j in 0..m {
        let t = best[full * m + j] + d[j + 1][0] as i128;
        if t < total {
            total = t;
            last = j;
        }
    }
    // Walk back: the predecessor of j in S is a k with best[S∖j][k] + d(k, j) = best[S][j].
    let mut order = vec![last + 1];
    let (mut s, mut j) = (full, last);
    while s != 1 << j {
        let prev = s & !(1 << j);
        let k = (0..m)
            .find(|&k| {
                prev >> k & 1 == 1
                    && best[prev * m + k] + d[k + 1][j + 1] as i128 == best[s * m + j]
            })
            .ok_or(Stop::CheckFailed("a Held–Karp table without a predecessor"))?;
        order.push(k + 1);
        s = prev;
        j = k;
    }
    order.push(0);
    order.reverse();
    Ok(Tour {
        order,
        length: total,
    })
}

/// The shortest closed tour, confirmed by the reversed table.
pub fn solve(d: &[Vec<i64>], budget: &Budget) -> Result<Tour, Stop> {
    let tour = held_karp(d, budget)?;
    let n = d.len();
    let reversed: Vec<Vec<i64>> = (0..n).map(|i| (0..n).map(|j| d[j][i]).collect()).collect();
    let again = held_karp(&reversed, budget)?;
    let mut seen = vec![false; n];
    let permutation = tour.order.len() == n
        && tour
            .order
            .iter()
            .all(|&c| c < n && !std::mem::replace(&mut seen[c], true));
    if !permutation || length(d, &tour.order) != tour.length || again.length != tour.length {
        return Err(Stop::CheckFailed("two Held–Karp tables disagree"));
    }
    Ok(tour)
}
