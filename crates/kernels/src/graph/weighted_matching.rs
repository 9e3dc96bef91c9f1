//! Maximum-weight matching in general graphs: Edmonds' weighted blossom
//! algorithm in Galil's O(n³) primal-dual form, with exact rational duals.
//! The structure follows the classic formulation (S/T labels on blossoms,
//! four kinds of dual change per stage); every optimum is re-checked
//! against its duals by [`verify`] before it is returned.

use crate::{Budget, Q, Stop};
use num_traits::{Signed, Zero};

const NONE: usize = usize::MAX;

/// A maximum-weight matching as pairs [u, v] (u < v, ascending) and its
/// total weight. Postconditions: the duals certify optimality, mates are
/// mutual, and every pair is an edge of the input (its heaviest parallel
/// weight is what counts).
pub fn maximum_weight_matching(
    n: usize,
    edges: &[(usize, usize, Q)],
    budget: &Budget,
) -> Result<(Vec<[usize; 2]>, Q), Stop> {
    let mate = max_weight_matching(n, edges, budget)?
        .ok_or(Stop::CheckFailed("the duals do not certify the matching"))?;
    let mut weight = Q::zero();
    let mut pairs = Vec::new();
    for (u, m) in mate.iter().enumerate() {
        if let Some(v) = *m
            && u < v
        {
            let w = edges
                .iter()
                .filter(|(a, b, _)| (*a == u && *b == v) || (*a == v && *b == u))
                .map(|(_, _, w)| w)
                .max();
            let (Some(w), Some(_)) = (w, mate[v].filter(|&x| x == u)) else {
                return Err(Stop::CheckFailed("not a matching of graph edges"));
            };
            weight += w;
            pairs.push([u, v]);
        }
    }
    Ok((pairs, weight))
}

/// A maximum-weight matching: mate[v] is v's partner. Only edges of
/// positive weight are ever matched. None if the duals failed to certify
/// the result (a bug, reported rather than returned).
pub fn max_weight_matching(
    n: usize,
    edges: &[(usize, usize, Q)],
    budget: &Budget,
) -> Result<Option<Vec<Option<usize>>>, Stop> {
    // Positive-weight simple edges, the heaviest of parallels.
    let mut best: std::collections::BTreeMap<(usize, usize), Q> = Default::default();
    for (u, v, w) in edges {
        if u != v && w.is_positive() {
            let e = best.entry((*u.min(v), *u.max(v))).or_insert_with(Q::zero);
            if w > e {
                *e = w.clone();
            }
        }
    }
    let edges: Vec<(usize, usize, Q)> = best.into_iter().map(|((u, v), w)| (u, v, w)).collect();
    if edges.is_empty() {
        return Ok(Some(vec![None; n]));
    }
    let mut m = Matcher::new(n, edges);
    m.solve(budget)?;
    let mate = (0..n)
        .map(|v| (m.mate[v] != NONE).then(|| m.endpoint[m.mate[v]]))
        .collect();
    Ok(m.verify().then_some(mate))
}

struct Matcher {
    n: usize,
    edges: Vec<(usize, usize, Q)>,
    /// endpoint[p]: the vertex at end p of edge p/2.
    endpoint: Vec<usize>,
    neighbend: Vec<Vec<usize>>,
    /// mate[v]: the remote endpoint index of v's matched edge.
    mate: Vec<usize>,
    label: Vec<i8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    /// Twice the vertex duals and twice the blossom duals.
    dualvar: Vec<Q>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
}

fn at<T: Copy>(v: &[T], j: isize) -> T {
    v[j.rem_euclid(v.len() as isize) as usize]
}

impl Matcher {
    fn new(n: usize, edges: Vec<(usize, usize, Q)>) -> Self {
        let m = edges.len();
        let maxweight = edges
            .iter()
            .map(|e| e.2.clone())
            .max()
            .unwrap_or_else(Q::zero);
        let mut endpoint = Vec::with_capacity(2 * m);
        let mut neighbend = vec![Vec::new(); n];
        for (k, (i, j, _)) in edges.iter().enumerate() {
            endpoint.push(*i);
            endpoint.push(*j);
            neighbend[*i].push(2 * k + 1);
            neighbend[*j].push(2 * k);
        }
        let mut dualvar = vec![maxweight; n];
        dualvar.extend(std::iter::repeat_n(Q::zero(), n));
        Matcher {
            n,
            edges,
            endpoint,
            neighbend,
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).collect(),
            dualvar,
            allowedge: vec![false; m],
            queue: Vec::new(),
        }
    }

    fn slack(&self, k: usize) -> Q {
        let (i, j, w) = &self.edges[k];
        &self.dualvar[*i] + &self.dualvar[*j] - w * Q::from_integer(2.into())
    }

    fn leaves(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack = vec![b];
        while let Some(t) = stack.pop() {
            if t < self.n {
                out.push(t);
            } else {
                stack.extend(self.blossomchilds[t].iter().rev());
            }
        }
        out
    }

    fn assign_label(&mut self, w: usize, t: i8, p: usize) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == 1 {
            let leaves = self.leaves(b);
            self.queue.extend(leaves);
        } else {
            let base = self.blossombase[b];
            let mb = self.mate[base];
            self.assign_label(self.endpoint[mb], 1, mb ^ 1);
        }
    }

    /// The base of the new blossom when v and w meet, or NONE when their
    /// trees differ (an augmenting path).
    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.labelend[b]];
                b = self.inblossom[v];
                v = self.endpoint[self.labelend[b]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w) = (self.edges[k].0, self.edges[k].1);
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let Some(b) = self.unusedblossoms.pop() else {
            return;
        };
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint[self.labelend[bv]];
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint[self.labelend[bw]];
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = Q::zero();
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        for v in self.leaves(b) {
            if self.label[self.inblossom[v]] == 2 {
                self.queue.push(v);
            }
            self.inblossom[v] = b;
        }
        let mut bestedgeto = vec![NONE; 2 * self.n];
        for &bv in &path {
            let lists: Vec<Vec<usize>> = match self.blossombestedges[bv].take() {
                Some(list) => vec![list],
                None => self
                    .leaves(bv)
                    .into_iter()
                    .map(|v| self.neighbend[v].iter().map(|p| p / 2).collect())
                    .collect(),
            };
            for list in lists {
                for k in list {
                    let (mut i, mut j) = (self.edges[k].0, self.edges[k].1);
                    if self.inblossom[j] == b {
                        std::mem::swap(&mut i, &mut j);
                    }
                    let _ = i;
                    let bj = self.inblossom[j];
                    if bj != b
                        && self.label[bj] == 1
                        && (bestedgeto[bj] == NONE || self.slack(k) < self.slack(bestedgeto[bj]))
                    {
                        bestedgeto[bj] = k;
                    }
                }
            }
            self.bestedge[bv] = NONE;
        }
        let list: Vec<usize> = bestedgeto.into_iter().filter(|&k| k != NONE).collect();
        self.bestedge[b] = NONE;
        for &k in &list {
            if self.bestedge[b] == NONE || self.slack(k) < self.slack(self.bestedge[b]) {
                self.bestedge[b] = k;
            }
        }
        self.blossombestedges[b] = Some(list);
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s].is_zero() {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.leaves(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]];
            let endps = self.blossomendps[b].clone();
            let mut j = childs.iter().position(|&c| c == entrychild).unwrap_or(0) as isize;
            let (jstep, endptrick): (isize, usize) = if j & 1 == 1 {
                j -= childs.len() as isize;
                (1, 0)
            } else {
                (-1, 1)
            };
            let mut p = self.labelend[b];
            while j != 0 {
                let q = self.endpoint[p ^ 1];
                self.label[q] = 0;
                let r = at(&endps, j - endptrick as isize) ^ endptrick ^ 1;
                self.label[self.endpoint[r]] = 0;
                self.assign_label(q, 2, p);
                self.allowedge[at(&endps, j - endptrick as isize) / 2] = true;
                j += jstep;
                p = at(&endps, j - endptrick as isize) ^ endptrick;
                self.allowedge[p / 2] = true;
                j += jstep;
            }
            let bv = at(&childs, j);
            let q = self.endpoint[p ^ 1];
            self.label[q] = 2;
            self.label[bv] = 2;
            self.labelend[q] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while at(&childs, j) != entrychild {
                let bv = at(&childs, j);
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                if let Some(v) = self.leaves(bv).into_iter().find(|&v| self.label[v] != 0) {
                    self.label[v] = 0;
                    let mb = self.mate[self.blossombase[bv]];
                    self.label[self.endpoint[mb]] = 0;
                    self.assign_label(v, 2, self.labelend[v]);
                }
                j += jstep;
            }
        }
        self.label[b] = -1;
        self.labelend[b] = NONE;
        self.blossomchilds[b] = Vec::new();
        self.blossomendps[b] = Vec::new();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let childs = self.blossomchilds[b].clone();
        let endps = self.blossomendps[b].clone();
        let i = childs.iter().position(|&c| c == t).unwrap_or(0);
        let mut j = i as isize;
        let (jstep, endptrick): (isize, usize) = if i & 1 == 1 {
            j -= childs.len() as isize;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += jstep;
            let t = at(&childs, j);
            let p = at(&endps, j - endptrick as isize) ^ endptrick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += jstep;
            let t = at(&childs, j);
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        self.blossomchilds[b] = childs[i..].iter().chain(&childs[..i]).copied().collect();
        self.blossomendps[b] = endps[i..].iter().chain(&endps[..i]).copied().collect();
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w) = (self.edges[k].0, self.edges[k].1);
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.inblossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.labelend[bs]];
                let bt = self.inblossom[t];
                s = self.endpoint[self.labelend[bt]];
                let j = self.endpoint[self.labelend[bt] ^ 1];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    fn solve(&mut self, budget: &Budget) -> Result<(), Stop> {
        let n = self.n;
        let two = Q::from_integer(2.into());
        for _stage in 0..n {
            budget.check()?;
            self.label.iter_mut().for_each(|l| *l = 0);
            self.bestedge.iter_mut().for_each(|e| *e = NONE);
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            self.allowedge.iter_mut().for_each(|a| *a = false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.inblossom[v]] == 0 {
                    self.assign_label(v, 1, NONE);
                }
            }
            let mut augmented = false;
            loop {
                while let Some(v) = (!augmented).then(|| self.queue.pop()).flatten() {
                    for idx in 0..self.neighbend[v].len() {
                        let p = self.neighbend[v][idx];
                        let k = p / 2;
                        let w = self.endpoint[p];
                        if self.inblossom[v] == self.inblossom[w] {
                            continue;
                        }
                        let mut kslack = None;
                        if !self.allowedge[k] {
                            let s = self.slack(k);
                            if !s.is_positive() {
                                self.allowedge[k] = true;
                            }
                            kslack = Some(s);
                        }
                        if self.allowedge[k] {
                            if self.label[self.inblossom[w]] == 0 {
                                self.assign_label(w, 2, p ^ 1);
                            } else if self.label[self.inblossom[w]] == 1 {
                                let base = self.scan_blossom(v, w);
                                if base != NONE {
                                    self.add_blossom(base, k);
                                } else {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                            } else if self.label[w] == 0 {
                                self.label[w] = 2;
                                self.labelend[w] = p ^ 1;
                            }
                        } else if self.label[self.inblossom[w]] == 1 {
                            let b = self.inblossom[v];
                            let s = kslack.unwrap_or_else(|| self.slack(k));
                            if self.bestedge[b] == NONE || s < self.slack(self.bestedge[b]) {
                                self.bestedge[b] = k;
                            }
                        } else if self.label[w] == 0 {
                            let s = kslack.unwrap_or_else(|| self.slack(k));
                            if self.bestedge[w] == NONE || s < self.slack(self.bestedge[w]) {
                                self.bestedge[w] = k;
                            }
                        }
                    }
                }
                if augmented {
                    break;
                }
                // The dual change: the least of the four kinds of slack.
                let mut deltatype = 1;
                let mut delta = self.dualvar[..n]
                    .iter()
                    .min()
                    .cloned()
                    .unwrap_or_else(Q::zero);
                let (mut deltaedge, mut deltablossom) = (NONE, NONE);
                for v in 0..n {
                    if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                        let d = self.slack(self.bestedge[v]);
                        if d < delta {
                            delta = d;
                            deltatype = 2;
                            deltaedge = self.bestedge[v];
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.blossomparent[b] == NONE
                        && self.label[b] == 1
                        && self.bestedge[b] != NONE
                    {
                        let d = self.slack(self.bestedge[b]) / &two;
                        if d < delta {
                            delta = d;
                            deltatype = 3;
                            deltaedge = self.bestedge[b];
                        }
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE
                        && self.blossomparent[b] == NONE
                        && self.label[b] == 2
                        && self.dualvar[b] < delta
                    {
                        delta = self.dualvar[b].clone();
                        deltatype = 4;
                        deltablossom = b;
                    }
                }
                for v in 0..n {
                    match self.label[self.inblossom[v]] {
                        1 => self.dualvar[v] -= &delta,
                        2 => self.dualvar[v] += &delta,
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                        match self.label[b] {
                            1 => self.dualvar[b] += &delta,
                            2 => self.dualvar[b] -= &delta,
                            _ => {}
                        }
                    }
                }
                match deltatype {
                    1 => break,
                    2 => {
                        self.allowedge[deltaedge] = true;
                        let (mut i, j) = (self.edges[deltaedge].0, self.edges[deltaedge].1);
                        if self.label[self.inblossom[i]] == 0 {
                            i = j;
                        }
                        self.queue.push(i);
                    }
                    3 => {
                        self.allowedge[deltaedge] = true;
                        self.queue.push(self.edges[deltaedge].0);
                    }
                    _ => self.expand_blossom(deltablossom, false),
                }
                budget.check()?;
            }
            if !augmented {
                break;
            }
            for b in n..2 * n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == 1
                    && self.dualvar[b].is_zero()
                {
                    self.expand_blossom(b, true);
                }
            }
        }
        Ok(())
    }

    /// LP duality: duals non-negative, every edge's reduced cost (with the
    /// blossoms holding both ends) non-negative and zero on matched edges,
    /// free vertices at dual zero, positive-dual blossoms full.
    fn verify(&self) -> bool {
        let n = self.n;
        if self.dualvar.iter().any(|d| d.is_negative()) {
            return false;
        }
        let two = Q::from_integer(2.into());
        for (k, (i, j, w)) in self.edges.iter().enumerate() {
            let mut s = &self.dualvar[*i] + &self.dualvar[*j] - w * &two;
            let chain = |mut v: usize| {
                let mut c = Vec::new();
                while self.blossomparent[v] != NONE {
                    v = self.blossomparent[v];
                    c.push(v);
                }
                c
            };
            let (ci, cj) = (chain(*i), chain(*j));
            for b in ci.iter().filter(|b| cj.contains(b)) {
                s += &self.dualvar[*b] * &two;
            }
            let matched = self.mate[*i] != NONE && self.mate[*i] / 2 == k;
            if s.is_negative() || (matched && !s.is_zero()) {
                return false;
            }
        }
        for v in 0..n {
            if self.mate[v] == NONE && !self.dualvar[v].is_zero() {
                return false;
            }
        }
        for b in n..2 * n {
            if self.blossombase[b] != NONE && self.dualvar[b].is_positive() {
                let endps = &self.blossomendps[b];
                if endps.len() % 2 != 1 {
                    return false;
                }
                for &p in endps.iter().skip(1).step_by(2) {
                    if self.mate[self.endpoint[p]] != (p ^ 1)
                        || self.mate[self.endpoint[p ^ 1]] != p
                    {
                        return false;
                    }
                }
            }
        }
        true
    }
}
