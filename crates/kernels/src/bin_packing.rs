//! One-dimensional bin packing: items with integer sizes, bins of one
//! capacity; the fewest bins that hold every item.
//!
//! The optimum lies between a lower bound and the best packing found by
//! first-fit and best-fit decreasing. The lower bound is Martello and
//! Toth's L2 (never below ⌈Σ sizes / capacity⌉): for a threshold α ≤ C/2,
//! items larger than C − α fit with nothing of size ≥ α, items in
//! (C/2, C − α] each need their own bin too, and the items in [α, C/2]
//! must fit in those bins' leftover room or in new ones. When the bounds
//! differ, each k from the lower bound upwards is decided by Korf's bin
//! completion (below). The first k that fits is the optimum, every smaller
//! k having been refuted by a finished search.

use crate::{Budget, Stop};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Packing {
    /// The items in each bin (positions in the input), every bin non-empty.
    pub bins: Vec<Vec<usize>>,
    /// Every packing needs at least this many bins (the optimum when proven).
    pub lower_bound: usize,
    /// Whether `bins` is proven fewest (false: the deadline came first).
    pub proven: bool,
}

/// ⌈Σ sizes / C⌉ and Martello–Toth's L2, the larger (and one bin for
/// any items at all).
pub fn lower_bound(sizes: &[u64], capacity: u64) -> usize {
    let c = capacity as u128;
    let total: u128 = sizes.iter().map(|&s| s as u128).sum();
    let mut best = usize::from(!sizes.is_empty());
    if c == 0 {
        return best;
    }
    best = best.max(total.div_ceil(c) as usize);
    let mut alphas: Vec<u64> = sizes
        .iter()
        .copied()
        .filter(|&s| 2 * s as u128 <= c)
        .collect();
    alphas.push(0);
    alphas.sort_unstable();
    alphas.dedup();
    for alpha in alphas {
        let (mut big, mut middle, mut middle_sum, mut small_sum) = (0usize, 0usize, 0u128, 0u128);
        for &s in sizes {
            let s2 = 2 * s as u128;
            if s as u128 > c - alpha as u128 {
                big += 1;
            } else if s2 > c {
                middle += 1;
                middle_sum += s as u128;
            } else if s >= alpha && s > 0 {
                small_sum += s as u128;
            }
        }
        let room = middle as u128 * c - middle_sum;
        let extra = small_sum.saturating_sub(room).div_ceil(c) as usize;
        best = best.max(big + middle + extra);
    }
    best
}

/// First-fit (`best = false`) or best-fit decreasing.
fn greedy(sizes: &[u64], capacity: u64, order: &[usize], best: bool) -> Vec<Vec<usize>> {
    let mut bins: Vec<Vec<usize>> = Vec::new();
    let mut loads: Vec<u64> = Vec::new();
    for &i in order {
        let fits = (0..bins.len()).filter(|&b| loads[b] + sizes[i] <= capacity);
        let chosen = if best {
            fits.max_by_key(|&b| (loads[b], std::cmp::Reverse(b)))
        } else {
            fits.min()
        };
        match chosen {
            Some(b) => {
                loads[b] += sizes[i];
                bins[b].push(i);
            }
            None => {
                loads.push(sizes[i]);
                bins.push(vec![i]);
            }
        }
    }
    bins
}

/// Bin completion (Korf): the bin of the largest unpacked item is filled
/// with a maximal set of unpacked items (one to which no further unpacked
/// item could be added: a smaller set is never better), then the rest
/// recursively. A packing into k bins leaves k·C − Σ sizes of room empty in
/// all; a completion wasting more than what is left of that is pruned.
struct Completion<'a> {
    /// Sizes by decreasing size (search position → size).
    sizes: Vec<u64>,
    capacity: u64,
    used: Vec<bool>,
    /// The bins filled so far (search positions).
    bins: Vec<Vec<usize>>,
    steps: u64,
    /// Steps allowed (then `Stop::Deadline` with `gave_up` set).
    limit: u64,
    depth: usize,
    gave_up: bool,
    budget: &'a Budget,
}

impl Completion<'_> {
    fn tick(&mut self) -> Result<(), Stop> {
        self.steps += 1;
        if self.steps > self.limit || self.depth > MAX_DEPTH {
            self.gave_up = true;
            return Err(Stop::Deadline);
        }
        if self.steps.is_multiple_of(1024) {
            self.budget.check()?;
        }
        Ok(())
    }

    /// Whether the unpacked items fit into `left` more bins wasting at
    /// most `slack` room.
    /// Runs one frame of the search one level deeper.
    fn deeper(
        &mut self,
        frame: impl FnOnce(&mut Self) -> Result<bool, Stop>,
    ) -> Result<bool, Stop> {
        self.depth += 1;
        let found = self.tick().and_then(|()| frame(self));
        self.depth -= 1;
        found
    }

    fn fill(&mut self, left: usize, slack: u128) -> Result<bool, Stop> {
        self.deeper(|s| s.fill_frame(left, slack))
    }

    fn fill_frame(&mut self, left: usize, slack: u128) -> Result<bool, Stop> {
        let Some(p) = self.used.iter().position(|u| !u) else {
            return Ok(true);
        };
        if left == 0 {
            return Ok(false);
        }
        self.used[p] = true;
        self.bins.push(vec![p]);
        // after[i]: the unpacked sizes at positions ≥ i.
        let n = self.sizes.len();
        let mut after = vec![0u128; n + 1];
        for i in (0..n).rev() {
            after[i] = after[i + 1]
                + if self.used[i] {
                    0
                } else {
                    self.sizes[i] as u128
                };
        }
        let room = self.capacity - self.sizes[p];
        let found = self.complete(p + 1, room, u64::MAX, &after, left, slack)?;
        if !found {
            self.bins.pop();
            self.used[p] = false;
        }
        Ok(found)
    }

    /// Chooses, from position i on, more items for the open bin with
    /// `room` left; `excluded` is the smallest unpacked item passed over
    /// that would have fitted (the finished bin's room must be below it).
    fn complete(
        &mut self,
        i: usize,
        room: u64,
        excluded: u64,
        after: &[u128],
        left: usize,
        slack: u128,
    ) -> Result<bool, Stop> {
        self.deeper(|s| s.complete_frame(i, room, excluded, after, left, slack))
    }

    fn complete_frame(
        &mut self,
        i: usize,
        room: u64,
        excluded: u64,
        after: &[u128],
        left: usize,
        slack: u128,
    ) -> Result<bool, Stop> {
        // The least room this bin can end with.
        let least = (room as u128).saturating_sub(after[i]);
        if least > slack || least >= excluded as u128 {
            return Ok(false);
        }
        let n = self.sizes.len();
        let Some(q) = (i..n).find(|&q| !self.used[q] && self.sizes[q] <= room) else {
            return match slack.checked_sub(room as u128) {
                Some(rest) => self.fill(left - 1, rest),
                None => Ok(false),
            };
        };
        let s = self.sizes[q];
        self.used[q] = true;
        if let Some(b) = self.bins.last_mut() {
            b.push(q);
        }
        if self.complete(q + 1, room - s, excluded, after, left, slack)? {
            return Ok(true);
        }
        if let Some(b) = self.bins.last_mut() {
            b.pop();
        }
        self.used[q] = false;
        // Passing over q passes over its equals too (the same sets up to
        // which copy is chosen).
        let next = (q..n).find(|&r| self.sizes[r] != s).unwrap_or(n);
        self.complete(next, room, excluded.min(s), after, left, slack)
    }
}

/// The fewest bins of `capacity` holding items of `sizes`, each at most
/// the capacity (the caller refuses larger ones).
pub fn solve(sizes: &[u64], capacity: u64, budget: &Budget) -> Result<Packing, Stop> {
    if sizes.iter().any(|&s| s > capacity) {
        return Err(Stop::CheckFailed(
            "bin packing was given an item larger than a bin",
        ));
    }
    let mut order: Vec<usize> = (0..sizes.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(sizes[i]), i));
    let first = greedy(sizes, capacity, &order, false);
    let best = greedy(sizes, capacity, &order, true);
    let mut incumbent = if best.len() < first.len() {
        best
    } else {
        first
    };
    let bound = lower_bound(sizes, capacity);
    let mut lower = bound;
    // Downwards first, each search given a few steps: a better packing
    // early, or a refutation just below one (then that one is optimal).
    // A deadline (or cancellation) in either phase keeps the best packing
    // and the proven bound: the answer is then `unknown`.
    let mut proven = true;
    while lower < incumbent.len() {
        match decide(sizes, capacity, &order, incumbent.len() - 1, QUICK, budget) {
            Ok(Decision::Fits(bins)) => incumbent = bins,
            Ok(Decision::Refuted) => lower = incumbent.len(),
            Ok(Decision::GaveUp) => break,
            Err(Stop::CheckFailed(m)) => return Err(Stop::CheckFailed(m)),
            Err(_) => {
                proven = false;
                break;
            }
        }
    }
    // Then upwards from the lower bound, each search to its end.
    while proven && lower < incumbent.len() {
        match decide(sizes, capacity, &order, lower, u64::MAX, budget) {
            Ok(Decision::Fits(bins)) => {
                incumbent = bins;
                break;
            }
            Ok(Decision::Refuted) => lower += 1,
            Ok(Decision::GaveUp) => proven = false,
            Err(Stop::CheckFailed(m)) => return Err(Stop::CheckFailed(m)),
            Err(_) => proven = false,
        }
    }
    for bin in &mut incumbent {
        bin.sort_unstable();
    }
    check(sizes, capacity, &incumbent)?;
    if incumbent.len() < bound {
        return Err(Stop::CheckFailed("a packing beat its own lower bound"));
    }
    Ok(Packing {
        bins: incumbent,
        lower_bound: if proven { lower.max(bound) } else { lower },
        proven,
    })
}

/// Steps given to each search below the best packing before the exact
/// searches upwards from the lower bound.
const QUICK: u64 = 20_000;

/// Deepest recursion of a search (fill and complete frames): far above
/// the n + k of a first descent, far below what a 2 MiB thread stack
/// holds; a deeper path ends the search as `GaveUp`.
const MAX_DEPTH: usize = 4_000;

enum Decision {
    Fits(Vec<Vec<usize>>),
    /// The search finished without a packing.
    Refuted,
    /// The search used its steps.
    GaveUp,
}

/// Whether the items fit into k bins, within `limit` search steps.
fn decide(
    sizes: &[u64],
    capacity: u64,
    order: &[usize],
    k: usize,
    limit: u64,
    budget: &Budget,
) -> Result<Decision, Stop> {
    let total: u128 = sizes.iter().map(|&s| s as u128).sum();
    let Some(slack) = (k as u128 * capacity as u128).checked_sub(total) else {
        return Ok(Decision::Refuted);
    };
    let mut search = Completion {
        sizes: order.iter().map(|&i| sizes[i]).collect(),
        capacity,
        used: vec![false; order.len()],
        bins: Vec::new(),
        steps: 0,
        limit,
        depth: 0,
        gave_up: false,
        budget,
    };
    match search.fill(k, slack) {
        Ok(true) => Ok(Decision::Fits(
            search
                .bins
                .iter()
                .map(|b| b.iter().map(|&p| order[p]).collect())
                .collect(),
        )),
        Ok(false) => Ok(Decision::Refuted),
        Err(Stop::Deadline) if search.gave_up => Ok(Decision::GaveUp),
        Err(stop) => Err(stop),
    }
}

/// Every item in exactly one bin, no bin empty or over capacity.
fn check(sizes: &[u64], capacity: u64, bins: &[Vec<usize>]) -> Result<(), Stop> {
    let mut seen = vec![false; sizes.len()];
    for bin in bins {
        let load: u128 = bin.iter().map(|&i| sizes[i] as u128).sum();
        if bin.is_empty() || load > capacity as u128 {
            return Err(Stop::CheckFailed("a bin is empty or over capacity"));
        }
        for &i in bin {
            if std::mem::replace(&mut seen[i], true) {
                return Err(Stop::CheckFailed("an item was packed twice"));
            }
        }
    }
    if seen.contains(&false) {
        return Err(Stop::CheckFailed("an item was left unpacked"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fewest bins by dynamic programming over subsets: for each set
    /// of packed items, the fewest (bins, load of the open bin).
    fn brute(sizes: &[u64], capacity: u64) -> usize {
        let n = sizes.len();
        let mut best = vec![(usize::MAX, 0u64); 1 << n];
        best[0] = (1, 0); // one open, empty bin (n ≥ 1)
        for mask in 0..(1usize << n) {
            let (bins, load) = best[mask];
            if bins == usize::MAX {
                continue;
            }
            for i in (0..n).filter(|i| mask & (1 << i) == 0) {
                let next = if load + sizes[i] <= capacity {
                    (bins, load + sizes[i])
                } else {
                    (bins + 1, sizes[i])
                };
                let slot = &mut best[mask | (1 << i)];
                if next < *slot {
                    *slot = next;
                }
            }
        }
        best[(1 << n) - 1].0
    }

    #[test]
    fn agrees_with_subset_dynamic_programming() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        let budget = Budget::unlimited();
        let mut searched = 0;
        for case in 0..600 {
            let n = 1 + next(13) as usize;
            let capacity = 1 + next(if case % 3 == 0 { 10 } else { 100 });
            // Every other case draws sizes between a fifth and a half of
            // the capacity, where greedy packings go wrong.
            let sizes: Vec<u64> = (0..n)
                .map(|_| match case % 2 {
                    0 => next(capacity + 1),
                    _ => capacity / 5 + next(capacity / 2 - capacity / 5 + 1),
                })
                .collect();
            let p = solve(&sizes, capacity, &budget).unwrap();
            assert!(p.proven);
            assert_eq!(
                p.bins.len(),
                brute(&sizes, capacity),
                "{sizes:?} in {capacity}"
            );
            assert_eq!(p.lower_bound, p.bins.len());
            assert!(lower_bound(&sizes, capacity) <= p.bins.len());
            let mut order: Vec<usize> = (0..n).collect();
            order.sort_by_key(|&i| (std::cmp::Reverse(sizes[i]), i));
            searched += usize::from(greedy(&sizes, capacity, &order, true).len() > p.bins.len());
        }
        assert!(searched > 5, "only {searched} cases needed the search");
    }

    #[test]
    fn the_search_beats_the_greedy_packings() {
        // Items near a third of the capacity: first- and best-fit
        // decreasing open a bin too many, the search finds the triples.
        let sizes = [
            34, 34, 33, 33, 33, 33, 32, 32, 32, 31, 31, 31, 36, 36, 30, 30, 30, 29,
        ];
        let mut order: Vec<usize> = (0..sizes.len()).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(sizes[i]), i));
        let greedy_bins = greedy(&sizes, 100, &order, false).len();
        let p = solve(&sizes, 100, &Budget::unlimited()).unwrap();
        assert!(p.proven);
        assert_eq!(p.bins.len(), brute(&sizes, 100));
        assert!(
            p.bins.len() < greedy_bins,
            "{} vs {greedy_bins}",
            p.bins.len()
        );
    }

    #[test]
    fn a_deadline_keeps_the_best_packing_and_the_bound() {
        // 250 items in (C/5, C/2]: bounds far apart, refutations hopeless.
        let mut seed = 0x9e37_79b9u64;
        let sizes: Vec<u64> = (0..250)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                200 + seed % 301
            })
            .collect();
        let budget = Budget::with_timeout(std::time::Duration::from_millis(100));
        let p = solve(&sizes, 1000, &budget).unwrap();
        assert!(!p.proven);
        assert!(p.lower_bound >= lower_bound(&sizes, 1000) && p.lower_bound < p.bins.len());
        check(&sizes, 1000, &p.bins).unwrap();
    }
}
