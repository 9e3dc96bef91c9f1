//! Maps from a pattern graph P into a host graph H that send every edge to
//! an edge (u→v to f(u)→f(v) when directed; a loop to a loop): graph
//! homomorphisms, and, when f is injective, subgraph isomorphisms (induced
//! when non-edges must also go to non-edges). Backtracking in an order
//! where each pattern vertex follows as many of its neighbours as possible,
//! so its candidates are the neighbours of an image already fixed. A map
//! found is checked pair by pair; "none" is the finished search.

use super::Graph;
use crate::{Budget, Stop};

/// Which maps are sought.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MapKind {
    Homomorphism,
    /// Injective; `induced`: non-edges to non-edges too.
    Subgraph {
        induced: bool,
    },
}

/// What the search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mapped {
    /// f(v) for each pattern vertex v.
    Map(Vec<usize>),
    /// The search finished without one.
    None,
    /// The deadline came first.
    Unknown,
}

/// adj[u][v]: an edge from u to v (both ways when undirected); parallel
/// edges count once.
fn adjacency(g: &Graph) -> Vec<Vec<bool>> {
    let mut a = vec![vec![false; g.n]; g.n];
    for (u, v, _) in &g.edges {
        a[*u][*v] = true;
        if !g.directed {
            a[*v][*u] = true;
        }
    }
    a
}

struct Search<'a> {
    p: &'a [Vec<bool>],
    h: &'a [Vec<bool>],
    kind: MapKind,
    order: Vec<usize>,
    image: Vec<Option<usize>>,
    used: Vec<bool>,
    degree_p: Vec<(usize, usize)>,
    degree_h: Vec<(usize, usize)>,
    budget: &'a Budget,
}

impl Search<'_> {
    /// Whether u ↦ c agrees with every vertex already mapped.
    fn fits(&self, u: usize, c: usize) -> bool {
        let injective = matches!(self.kind, MapKind::Subgraph { .. });
        let induced = matches!(self.kind, MapKind::Subgraph { induced: true });
        if injective
            && (self.used[c]
                || self.degree_p[u].0 > self.degree_h[c].0
                || self.degree_p[u].1 > self.degree_h[c].1)
        {
            return false;
        }
        let pair = |x: usize, fx: usize| {
            let ok = |pe: bool, he: bool| if induced { pe == he } else { !pe || he };
            ok(self.p[u][x], self.h[c][fx]) && ok(self.p[x][u], self.h[fx][c])
        };
        pair(u, c)
            && self
                .order
                .iter()
                .filter_map(|&x| self.image[x].map(|fx| (x, fx)))
                .all(|(x, fx)| pair(x, fx))
    }

    fn go(&mut self, i: usize) -> Result<bool, Stop> {
        self.budget.check()?;
        let Some(&u) = self.order.get(i) else {
            return Ok(true);
        };
        // Candidates: next to the image of a mapped neighbour, when there is one.
        let anchor = self.order[..i]
            .iter()
            .copied()
            .find(|&x| self.p[u][x] || self.p[x][u]);
        let candidates: Vec<usize> = match anchor.and_then(|x| self.image[x]) {
            Some(fx) => (0..self.h.len())
                .filter(|&c| self.h[fx][c] || self.h[c][fx])
                .collect(),
            None => (0..self.h.len()).collect(),
        };
        for c in candidates {
            if !self.fits(u, c) {
                continue;
            }
            self.image[u] = Some(c);
            self.used[c] = true;
            let done = self.go(i + 1)?;
            if done {
                return Ok(true);
            }
            self.image[u] = None;
            self.used[c] = false;
        }
        Ok(false)
    }
}

fn degrees(a: &[Vec<bool>]) -> Vec<(usize, usize)> {
    (0..a.len())
        .map(|v| {
            (
                a[v].iter().filter(|&&e| e).count(),
                a.iter().filter(|row| row[v]).count(),
            )
        })
        .collect()
}

/// A map of `kind` from `p` into `h` (both directed or both undirected).
pub fn find_map(p: &Graph, h: &Graph, kind: MapKind, budget: &Budget) -> Result<Mapped, Stop> {
    let (pa, ha) = (adjacency(p), adjacency(h));
    // Each next vertex: the most neighbours already ordered, then the degree.
    let dp = degrees(&pa);
    let mut order: Vec<usize> = Vec::with_capacity(p.n);
    let mut placed = vec![false; p.n];
    while order.len() < p.n {
        let next = (0..p.n)
            .filter(|&v| !placed[v])
            .max_by_key(|&v| {
                let linked = order.iter().filter(|&&x| pa[v][x] || pa[x][v]).count();
                (linked, dp[v].0 + dp[v].1, std::cmp::Reverse(v))
            })
            .unwrap_or(0);
        placed[next] = true;
        order.push(next);
    }
    let mut s = Search {
        p: &pa,
        h: &ha,
        kind,
        order,
        image: vec![None; p.n],
        used: vec![false; h.n],
        degree_p: dp,
        degree_h: degrees(&ha),
        budget,
    };
    let found = match s.go(0) {
        Ok(found) => found,
        Err(Stop::Deadline) => return Ok(Mapped::Unknown),
        Err(e) => return Err(e),
    };
    if !found {
        return Ok(Mapped::None);
    }
    let f: Vec<usize> = s.image.iter().map(|x| x.unwrap_or(usize::MAX)).collect();
    check(&pa, &ha, kind, &f).map_err(Stop::CheckFailed)?;
    Ok(Mapped::Map(f))
}

/// Every pair of pattern vertices against its image pair.
fn check(p: &[Vec<bool>], h: &[Vec<bool>], kind: MapKind, f: &[usize]) -> Result<(), &'static str> {
    if f.iter().any(|&x| x >= h.len()) {
        return Err("a pattern vertex has no image");
    }
    for u in 0..p.len() {
        for v in 0..p.len() {
            if p[u][v] && !h[f[u]][f[v]] {
                return Err("an edge maps to a non-edge");
            }
            if let MapKind::Subgraph { induced } = kind {
                if u != v && f[u] == f[v] {
                    return Err("two vertices share an image");
                }
                if induced && !p[u][v] && h[f[u]][f[v]] {
                    return Err("a non-edge maps to an edge");
                }
            }
        }
    }
    Ok(())
}
