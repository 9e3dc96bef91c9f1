//! The 0/1 knapsack: items with integer weights and values, a capacity;
//! the most valuable set of items whose weight fits.
//!
//! Two exact methods: dynamic programming over capacities (n·(W+1)
//! cells: best[w] is the most value within weight w using the items so
//! far) when that table is small, and depth-first branch and bound with
//! Dantzig's bound (the fractional relaxation's value: items by value
//! density, the last one split) otherwise. A node is pruned only when that
//! bound is no better than the best set found, and the bound is an upper
//! bound on every completion, so the search is exact when it ends. The
//! table's answer is confirmed by a second table over the items in the
//! opposite order.

use crate::{Budget, Stop};

/// Most cells of a dynamic-programming table.
pub const MAX_CELLS: u64 = 20_000_000;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Packing {
    /// Chosen items, increasing.
    pub items: Vec<usize>,
    pub value: u128,
    pub weight: u128,
    /// Whether the search ended (false: the deadline stopped the branch
    /// and bound; `bound` then caps the optimum).
    pub proven: bool,
    /// An upper bound on the optimum (the optimum itself when proven).
    pub bound: u128,
}

/// The best value within `capacity` by a table over `order`.
fn table(
    weights: &[u64],
    values: &[u64],
    capacity: u64,
    order: &[usize],
    budget: &Budget,
) -> Result<(u128, Vec<usize>), Stop> {
    let cap = capacity as usize;
    let mut best = vec![0u128; cap + 1];
    let mut took: Vec<Vec<bool>> = Vec::with_capacity(order.len());
    for &i in order {
        budget.check()?;
        let (w, v) = (weights[i] as usize, values[i] as u128);
        let mut row = vec![false; cap + 1];
        if w <= cap {
            for c in (w..=cap).rev() {
                let with = best[c - w] + v;
                if with > best[c] {
                    best[c] = with;
                    row[c] = true;
                }
            }
        }
        took.push(row);
    }
    let mut chosen = Vec::new();
    let mut c = cap;
    for (k, &i) in order.iter().enumerate().rev() {
        if took[k][c] {
            chosen.push(i);
            c -= weights[i] as usize;
        }
    }
    chosen.sort_unstable();
    Ok((best[cap], chosen))
}

/// The most valuable packing (weights ≥ 1 below 2^40, values below 2^40,
/// at most 10,000 items so sums stay far below 2^128).
pub fn solve(
    weights: &[u64],
    values: &[u64],
    capacity: u64,
    budget: &Budget,
) -> Result<Packing, Stop> {
    let n = weights.len();
    let sum = |items: &[usize], of: &[u64]| items.iter().map(|&i| of[i] as u128).sum::<u128>();
    if (n as u64).saturating_mul(capacity.saturating_add(1)) <= MAX_CELLS {
        let forward: Vec<usize> = (0..n).collect();
        let backward: Vec<usize> = (0..n).rev().collect();
        let (value, items) = table(weights, values, capacity, &forward, budget)?;
        let (again, _) = table(weights, values, capacity, &backward, budget)?;
        if again != value || sum(&items, values) != value || sum(&items, weights) > capacity as u128
        {
            return Err(Stop::CheckFailed("two knapsack tables disagree"));
        }
        return Ok(Packing {
            weight: sum(&items, weights),
            items,
            value,
            proven: true,
            bound: value,
        });
    }
    branch_and_bound(weights, values, capacity, budget)
}

/// Dantzig's bound: value so far plus the fractional relaxation of the
/// rest (`order` by decreasing density from position k), rounded down.
fn dantzig(
    weights: &[u64],
    values: &[u64],
    order: &[usize],
    k: usize,
    room: u128,
    value: u128,
) -> u128 {
    let mut room = room;
    let mut bound = value;
    for &i in &order[k..] {
        let w = weights[i] as u128;
        if w <= room {
            room -= w;
            bound += values[i] as u128;
        } else {
            return bound + room * values[i] as u128 / w;
        }
    }
    bound
}

fn branch_and_bound(
    weights: &[u64],
    values: &[u64],
    capacity: u64,
    budget: &Budget,
) -> Result<Packing, Stop> {
    let n = weights.len();
    let mut order: Vec<usize> = (0..n).filter(|&i| weights[i] <= capacity).collect();
    // Decreasing density vᵢ/wᵢ, compared by cross products.
    order.sort_by(|&a, &b| {
        (values[b] as u128 * weights[a] as u128).cmp(&(values[a] as u128 * weights[b] as u128))
    });
    let cap = capacity as u128;
    let root = dantzig(weights, values, &order, 0, cap, 0);
    let mut best_value = 0u128;
    let mut best: Vec<usize> = Vec::new();
    // Depth-first: (position, room, value, chosen so far); take before skip.
    let mut stack: Vec<(usize, u128, u128, Vec<usize>)> = vec![(0, cap, 0, Vec::new())];
    let mut steps = 0u64;
    let mut proven = true;
    let mut open_bound = 0u128;
    while let Some((k, room, value, chosen)) = stack.pop() {
        steps += 1;
        if steps.is_multiple_of(1024) && budget.check().is_err() {
            proven = false;
            open_bound = stack
                .iter()
                .map(|(k, room, value, _)| dantzig(weights, values, &order, *k, *room, *value))
                .chain(std::iter::once(dantzig(
                    weights, values, &order, k, room, value,
                )))
                .max()
                .unwrap_or(0);
            break;
        }
        if value > best_value {
            best_value = value;
            best = chosen.clone();
        }
        if k == order.len() || dantzig(weights, values, &order, k, room, value) <= best_value {
            continue;
        }
        let i = order[k];
        stack.push((k + 1, room, value, chosen.clone()));
        let w = weights[i] as u128;
        if w <= room {
            let mut with = chosen;
            with.push(i);
            stack.push((k + 1, room - w, value + values[i] as u128, with));
        }
    }
    best.sort_unstable();
    let weight = best.iter().map(|&i| weights[i] as u128).sum::<u128>();
    if weight > cap || best.iter().map(|&i| values[i] as u128).sum::<u128>() != best_value {
        return Err(Stop::CheckFailed("a knapsack packing does not fit"));
    }
    Ok(Packing {
        items: best,
        value: best_value,
        weight,
        proven,
        bound: if proven {
            best_value
        } else {
            open_bound.max(best_value).min(root)
        },
    })
}
