//! Exact cover by Knuth's Algorithm X on dancing links: choose the
//! primary item with fewest options (MRV), try each option covering it,
//! remove every option that clashes, recurse, restore. Secondary items
//! may be covered at most once. The search is exhaustive, so "no cover"
//! and a count are exact when it ends; every cover found is re-checked
//! against the definition by [`is_cover`].

use crate::{Budget, Stop};

/// Items 0..primary must be covered exactly once, items
/// primary..primary+secondary at most once; each option is a set of items.
#[derive(Debug, Clone)]
pub struct Problem {
    pub primary: usize,
    pub secondary: usize,
    pub options: Vec<Vec<usize>>,
}

/// What a search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Search {
    /// The first `keep` covers found, as option indices in increasing order.
    pub covers: Vec<Vec<usize>>,
    /// How many covers were found.
    pub count: u128,
    /// Whether the search went through every branch (else it stopped at
    /// `stop_after` covers, or at the deadline).
    pub complete: bool,
    /// The deadline (or a cancellation) ended the search.
    pub interrupted: bool,
}

/// Whether `chosen` covers every primary item once and no item twice.
pub fn is_cover(p: &Problem, chosen: &[usize]) -> bool {
    let mut seen = vec![0u32; p.primary + p.secondary];
    for &o in chosen {
        let Some(option) = p.options.get(o) else {
            return false;
        };
        for &i in option {
            match seen.get_mut(i) {
                Some(s) => *s += 1,
                None => return false,
            }
        }
    }
    seen[..p.primary].iter().all(|&s| s == 1) && seen[p.primary..].iter().all(|&s| s <= 1)
}

/// The dancing-links structure: node 0 is the root, nodes 1..=items the
/// item headers, then one node per (option, item).
struct Links {
    left: Vec<usize>,
    right: Vec<usize>,
    up: Vec<usize>,
    down: Vec<usize>,
    item: Vec<usize>,
    option: Vec<usize>,
    size: Vec<usize>,
}

impl Links {
    fn new(p: &Problem) -> Links {
        let items = p.primary + p.secondary;
        let headers = items + 1;
        let mut l = Links {
            left: (0..headers)
                .map(|i| if i == 0 { p.primary } else { i - 1 })
                .collect(),
            right: (0..headers)
                .map(|i| if i == p.primary { 0 } else { i + 1 })
                .collect(),
            up: (0..headers).collect(),
            down: (0..headers).collect(),
            item: (0..headers).collect(),
            option: vec![usize::MAX; headers],
            size: vec![0; headers],
        };
        // Secondary headers link only to themselves (never chosen).
        for h in p.primary + 1..headers {
            l.left[h] = h;
            l.right[h] = h;
        }
        if p.primary == 0 {
            l.left[0] = 0;
            l.right[0] = 0;
        }
        for (o, option) in p.options.iter().enumerate() {
            let mut sorted = option.clone();
            sorted.sort_unstable();
            sorted.dedup();
            let first = l.item.len();
            for (k, &i) in sorted.iter().enumerate() {
                let h = i + 1;
                let node = l.item.len();
                l.item.push(h);
                l.option.push(o);
                l.up.push(l.up[h]);
                l.down.push(h);
                let last = l.up[h];
                l.down[last] = node;
                l.up[h] = node;
                l.size[h] += 1;
                l.left.push(if k == 0 { node } else { node - 1 });
                l.right.push(first);
                if k > 0 {
                    l.right[node - 1] = node;
                    l.left[first] = node;
                }
            }
        }
        l
    }

    fn cover(&mut self, h: usize) {
        let (l, r) = (self.left[h], self.right[h]);
        self.right[l] = r;
        self.left[r] = l;
        let mut i = self.down[h];
        while i != h {
            let mut j = self.right[i];
            while j != i {
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u] = d;
                self.up[d] = u;
                self.size[self.item[j]] -= 1;
                j = self.right[j];
            }
            i = self.down[i];
        }
    }

    fn uncover(&mut self, h: usize) {
        let mut i = self.up[h];
        while i != h {
            let mut j = self.left[i];
            while j != i {
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u] = j;
                self.up[d] = j;
                self.size[self.item[j]] += 1;
                j = self.left[j];
            }
            i = self.up[i];
        }
        let (l, r) = (self.left[h], self.right[h]);
        self.right[l] = h;
        self.left[r] = h;
    }

    /// The other items of node i's option, covered (or uncovered, in
    /// reverse) together.
    fn cover_row(&mut self, i: usize) {
        let mut j = self.right[i];
        while j != i {
            self.cover(self.item[j]);
            j = self.right[j];
        }
    }

    fn uncover_row(&mut self, i: usize) {
        let mut j = self.left[i];
        while j != i {
            self.uncover(self.item[j]);
            j = self.left[j];
        }
    }
}

/// Searches every cover, keeping the first `keep` and stopping after
/// `stop_after` (`None`: count them all).
pub fn search(
    p: &Problem,
    keep: usize,
    stop_after: Option<u128>,
    budget: &Budget,
) -> Result<Search, Stop> {
    let mut l = Links::new(p);
    let mut out = Search {
        covers: Vec::new(),
        count: 0,
        complete: true,
        interrupted: false,
    };
    // The chosen node at each level; usize::MAX before a level starts.
    let mut chosen: Vec<usize> = Vec::new();
    let mut steps = 0u64;
    'search: loop {
        steps += 1;
        if steps.is_multiple_of(4096) && budget.check().is_err() {
            out.complete = false;
            out.interrupted = true;
            return Ok(out);
        }
        // Descend: every primary item covered means a cover.
        if l.right[0] == 0 {
            let mut cover: Vec<usize> = chosen.iter().map(|&n| l.option[n]).collect();
            cover.sort_unstable();
            if !is_cover(p, &cover) {
                return Err(Stop::CheckFailed(
                    "an exact cover covers an item twice or not at all",
                ));
            }
            out.count += 1;
            if out.covers.len() < keep {
                out.covers.push(cover);
            }
            if stop_after.is_some_and(|s| out.count >= s) {
                out.complete = false;
                return Ok(out);
            }
        } else {
            // The primary item with fewest options.
            let mut h = l.right[0];
            let mut best = h;
            while h != 0 {
                if l.size[h] < l.size[best] {
                    best = h;
                }
                h = l.right[h];
            }
            if l.size[best] > 0 {
                l.cover(best);
                let first = l.down[best];
                l.cover_row(first);
                chosen.push(first);
                continue 'search;
            }
        }
        // Backtrack: the next option at the deepest level with one left.
        loop {
            let Some(node) = chosen.pop() else {
                return Ok(out);
            };
            l.uncover_row(node);
            let h = l.item[node];
            let next = l.down[node];
            if next != h {
                l.cover_row(next);
                chosen.push(next);
                continue 'search;
            }
            l.uncover(h);
        }
    }
}
