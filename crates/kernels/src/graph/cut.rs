//! Maximum cut: sides S, V∖S maximising the total weight of the edges
//! between them (weights of any sign; loops never cross). Branch and bound
//! on the weights scaled to integers: vertices in order of weighted
//! degree, the first on side 0 (the sides are interchangeable), each node
//! bounded by its cut so far plus, for every unplaced vertex, the better of
//! its two gains towards the placed ones, plus every positive weight among
//! the unplaced. The incumbent starts from a one-flip local optimum; the
//! answer's value is recomputed from the edges as given.

use super::Graph;
use crate::{BigInt, Budget, Q, Stop};

/// A cut, exact or the best found with an upper bound on the optimum.
#[derive(Debug, Clone)]
pub struct Cut {
    pub side: Vec<bool>,
    pub value: Q,
    /// None when the cut is proven maximum.
    pub upper_bound: Option<Q>,
}

struct Search<'a> {
    n: usize,
    order: &'a [usize],
    /// adj[v]: (u, w) for edges v–u, u ≠ v.
    adj: &'a [Vec<(usize, i128)>],
    side: Vec<Option<bool>>,
    /// gain[v][s]: weight from v to placed vertices on side s.
    gain: Vec<[i128; 2]>,
    /// Σ max(w, 0) over edges with both ends unplaced.
    free_positive: i128,
    best: i128,
    best_side: Vec<bool>,
    /// Bounds of branches left for later on the current path.
    open: Vec<i128>,
    /// The bound of the node last entered: at a deadline, the one open.
    deepest: i128,
    budget: &'a Budget,
}

impl Search<'_> {
    fn bound(&self, depth: usize, value: i128) -> i128 {
        value
            + self.free_positive
            + self.order[depth..]
                .iter()
                .map(|&v| self.gain[v][0].max(self.gain[v][1]))
                .sum::<i128>()
    }

    fn place(&mut self, v: usize, s: bool, sign: i128) {
        for &(u, w) in &self.adj[v] {
            self.gain[u][usize::from(s)] += sign * w;
            if self.side[u].is_none() && w > 0 {
                self.free_positive -= sign * w;
            }
        }
    }

    fn go(&mut self, depth: usize, value: i128) -> Result<(), Stop> {
        self.budget.check()?;
        if depth == self.n {
            if value > self.best {
                self.best = value;
                self.best_side = self.side.iter().map(|s| s.unwrap_or(false)).collect();
            }
            return Ok(());
        }
        let v = self.order[depth];
        // On side 1, v cuts its edges to side 0, and the other way round.
        let [to0, to1] = self.gain[v];
        let on = |s: bool| value + if s { to0 } else { to1 };
        let choices: Vec<bool> = match depth {
            0 => vec![false],
            _ if on(true) > on(false) => vec![true, false],
            _ => vec![false, true],
        };
        let bounds: Vec<i128> = choices
            .iter()
            .map(|&s| {
                self.side[v] = Some(s);
                self.place(v, s, 1);
                let b = self.bound(depth + 1, on(s));
                self.place(v, s, -1);
                b
            })
            .collect();
        for k in 0..choices.len() {
            let s = choices[k];
            if bounds[k] <= self.best {
                continue;
            }
            // The branches still to come stay open while this one runs.
            let pending = bounds[k + 1..].len();
            self.open.extend(&bounds[k + 1..]);
            self.side[v] = Some(s);
            self.place(v, s, 1);
            self.deepest = bounds[k];
            let result = self.go(depth + 1, on(s));
            self.place(v, s, -1);
            self.side[v] = None;
            self.open.truncate(self.open.len() - pending);
            result?;
        }
        self.side[v] = None;
        Ok(())
    }
}

/// A maximum cut of `g` (directions ignored); at the deadline the best cut
/// found and an upper bound. The caller checks [`super::integer_weights_fit`].
pub fn maximum_cut(g: &Graph, budget: &Budget) -> Result<Cut, Stop> {
    let n = g.n;
    let Some((w, denominator)) = super::integer_weights(g) else {
        return Err(Stop::CheckFailed("weights too long for the cut search"));
    };
    let mut adj: Vec<Vec<(usize, i128)>> = vec![Vec::new(); n];
    for ((u, v, _), &w) in g.edges.iter().zip(&w) {
        if u != v {
            adj[*u].push((*v, i128::from(w)));
            adj[*v].push((*u, i128::from(w)));
        }
    }
    let cut_of = |side: &[bool]| -> i128 {
        (0..n)
            .flat_map(|v| adj[v].iter().map(move |&(u, w)| (v, u, w)))
            .filter(|&(v, u, _)| v < u && side[v] != side[u])
            .map(|(_, _, w)| w)
            .sum()
    };
    // One-flip local search from all on one side.
    let mut side = vec![false; n];
    loop {
        budget.check()?;
        let flip = (0..n).find(|&v| {
            adj[v]
                .iter()
                .map(|&(u, w)| if side[u] == side[v] { w } else { -w })
                .sum::<i128>()
                > 0
        });
        match flip {
            Some(v) => side[v] = !side[v],
            None => break,
        }
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&v| std::cmp::Reverse(adj[v].iter().map(|(_, w)| w.abs()).sum::<i128>()));
    let mut s = Search {
        n,
        order: &order,
        adj: &adj,
        side: vec![None; n],
        gain: vec![[0, 0]; n],
        free_positive: (0..n)
            .flat_map(|v| adj[v].iter().map(move |&(u, w)| (v, u, w)))
            .filter(|&(v, u, w)| v < u && w > 0)
            .map(|(_, _, w)| w)
            .sum(),
        best: cut_of(&side),
        best_side: side,
        open: Vec::new(),
        deepest: 0,
        budget,
    };
    s.deepest = s.bound(0, 0);
    let finished = match s.go(0, 0) {
        Ok(()) => true,
        Err(Stop::Deadline) => false,
        Err(e) => return Err(e),
    };
    // Open at a deadline: the node being entered and the branches left on
    // its path (a child's bound never exceeds its parent's).
    let upper = (!finished).then(|| {
        s.open
            .iter()
            .copied()
            .fold(s.deepest.max(s.best), i128::max)
    });
    let value: Q = g
        .edges
        .iter()
        .filter(|(u, v, _)| s.best_side[*u] != s.best_side[*v])
        .map(|(_, _, w)| w)
        .sum();
    if value != Q::new(BigInt::from(s.best), denominator.clone()) {
        return Err(Stop::CheckFailed("the cut's weight does not add up"));
    }
    Ok(Cut {
        side: s.best_side,
        value,
        upper_bound: upper.map(|u| Q::new(BigInt::from(u), denominator)),
    })
}
