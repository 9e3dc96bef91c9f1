//! Structure: cut vertices, bridges and blocks (Hopcroft–Tarjan), triangle
//! counts, girth, maximum matching (with its check), isomorphism and
//! automorphism counting (through petgraph), the complement.

use super::Graph;
use crate::{Budget, Stop};
use std::collections::VecDeque;

/// A simple graph with the given degrees, or `None` when the sequence is not
/// graphical (Erdős–Gallai: an even sum and Σ_{i≤k} dᵢ ≤ k(k−1) +
/// Σ_{i>k} min(dᵢ, k) for every k, degrees descending). The graph comes from
/// Havel–Hakimi: join a vertex of largest remaining degree to the next
/// largest ones. Edges [u, v] with u < v, ascending. Postcondition: the
/// edges are distinct, loop-free, and give every vertex its degree.
pub fn realize_degrees(d: &[usize], budget: &Budget) -> Result<Option<Vec<[usize; 2]>>, Stop> {
    let n = d.len();
    let total: usize = d.iter().sum();
    let mut sorted = d.to_vec();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    if !total.is_multiple_of(2) {
        return Ok(None);
    }
    // Σ_{i>k} min(dᵢ, k) for descending d: the tail beyond the last index
    // with dᵢ ≥ k counts its degrees, the rest k each; one pointer walks it.
    let mut suffix = vec![0usize; n + 1];
    for i in (0..n).rev() {
        suffix[i] = suffix[i + 1] + sorted[i];
    }
    let (mut prefix, mut big) = (0usize, n);
    for k in 1..=n {
        if k % 1024 == 0 {
            budget.check()?;
        }
        prefix += sorted[k - 1];
        // big = the number of degrees ≥ k (non-increasing in k).
        while big > 0 && sorted[big - 1] < k {
            big -= 1;
        }
        let at_least = big.max(k);
        let tail = (at_least - k) * k + suffix[at_least];
        if prefix > k * (k - 1) + tail {
            return Ok(None);
        }
    }
    let ran_out = Stop::CheckFailed("Havel–Hakimi ran out on a graphical sequence");
    let mut left: Vec<(usize, usize)> =
        d.iter().copied().enumerate().map(|(v, k)| (k, v)).collect();
    let mut edges = Vec::with_capacity(total / 2);
    loop {
        budget.check()?;
        left.sort_unstable_by(|a, b| b.cmp(a));
        let Some(&(k, v)) = left.first().filter(|(k, _)| *k > 0) else {
            break;
        };
        left[0].0 = 0;
        for slot in left.iter_mut().skip(1).take(k) {
            if slot.0 == 0 {
                return Err(ran_out);
            }
            slot.0 -= 1;
            edges.push([v.min(slot.1), v.max(slot.1)]);
        }
    }
    edges.sort_unstable();
    let mut degree = vec![0usize; n];
    for [u, v] in &edges {
        degree[*u] += 1;
        degree[*v] += 1;
    }
    if degree != d || edges.windows(2).any(|w| w[0] == w[1]) || edges.iter().any(|[u, v]| u == v) {
        return Err(Stop::CheckFailed(
            "the realization does not have the degrees",
        ));
    }
    Ok(Some(edges))
}

/// The simple complement: u ~ v exactly when u ≠ v are not adjacent.
pub fn complement(g: &Graph) -> Graph {
    let a = g.simple_adjacency();
    let edges: Vec<(usize, usize)> = (0..g.n)
        .flat_map(|u| (u + 1..g.n).map(move |v| (u, v)))
        .filter(|&(u, v)| !a[u][v])
        .collect();
    Graph::unweighted(g.n, false, &edges)
}

impl Graph {
    /// A maximum matching of the undirected graph (loops ignored), by
    /// petgraph's blossom-based search, as sorted pairs [u < v]; checked to be
    /// pairwise disjoint edges of the graph (`Stop::CheckFailed` if not).
    pub fn maximum_matching(&self) -> Result<Vec<[usize; 2]>, Stop> {
        let mut ug = petgraph::graph::UnGraph::<(), ()>::with_capacity(self.n, self.edges.len());
        let nodes: Vec<_> = (0..self.n).map(|_| ug.add_node(())).collect();
        for (u, v, _) in &self.edges {
            if u != v {
                ug.add_edge(nodes[*u], nodes[*v], ());
            }
        }
        let m = petgraph::algo::maximum_matching(&ug);
        let mut pairs: Vec<[usize; 2]> = m
            .edges()
            .map(|(a, b)| {
                let (a, b) = (a.index(), b.index());
                [a.min(b), a.max(b)]
            })
            .collect();
        pairs.sort();
        let mut used = vec![false; self.n];
        for [a, b] in &pairs {
            let edge = self.adj[*a].iter().any(|&(x, _)| x == *b);
            if !edge || used[*a] || used[*b] {
                return Err(Stop::CheckFailed("the matching is not valid"));
            }
            used[*a] = true;
            used[*b] = true;
        }
        Ok(pairs)
    }

    /// An isomorphism self → other (same direction convention), as the image
    /// of each vertex, checked to carry the edge multiset exactly over.
    pub fn isomorphism(&self, other: &Graph, budget: &Budget) -> Result<Option<Vec<usize>>, Stop> {
        if self.directed != other.directed
            || self.n != other.n
            || self.edges.len() != other.edges.len()
        {
            return Ok(None);
        }
        let (pa, pb) = (self.to_petgraph(), other.to_petgraph());
        let (ra, rb) = (&pa, &pb);
        let mut node_match = |_: &(), _: &()| true;
        let mut edge_match = |_: &(), _: &()| true;
        let target = other.edge_keys(|v| v);
        let Some(candidates) =
            petgraph::algo::subgraph_isomorphisms_iter(&ra, &rb, &mut node_match, &mut edge_match)
        else {
            return Ok(None);
        };
        for mapping in candidates {
            budget.check()?;
            if self.edge_keys(|v| mapping[v]) == target {
                return Ok(Some(mapping));
            }
        }
        Ok(None)
    }

    /// The number of automorphisms (self-isomorphisms carrying the edge
    /// multiset onto itself), and whether the count is complete: a stopped
    /// budget ends the enumeration with the count so far.
    pub fn automorphism_count(&self, budget: &Budget) -> (u64, bool) {
        let p = self.to_petgraph();
        let r = &p;
        let target = self.edge_keys(|v| v);
        let mut node_match = |_: &(), _: &()| true;
        let mut edge_match = |_: &(), _: &()| true;
        let mut count = 0u64;
        if let Some(maps) =
            petgraph::algo::subgraph_isomorphisms_iter(&r, &r, &mut node_match, &mut edge_match)
        {
            for mapping in maps {
                if budget.check().is_err() {
                    return (count, false);
                }
                if self.edge_keys(|v| mapping[v]) == target {
                    count += 1;
                }
            }
        }
        (count, true)
    }

    /// Cut vertices and bridges of the undirected view (Tarjan's lowlink,
    /// iteratively), both sorted.
    pub fn cut_vertices_and_bridges(&self) -> (Vec<usize>, Vec<usize>) {
        let n = self.n;
        let (mut disc, mut low) = (vec![usize::MAX; n], vec![0; n]);
        let mut cut = vec![false; n];
        let mut bridges = Vec::new();
        let mut time = 0;
        for root in 0..n {
            if disc[root] != usize::MAX {
                continue;
            }
            // (vertex, edge used to reach it, next neighbour index)
            let mut stack = vec![(root, usize::MAX, 0usize)];
            disc[root] = time;
            low[root] = time;
            time += 1;
            let mut root_children = 0;
            while let Some(&mut (u, via, ref mut next)) = stack.last_mut() {
                if *next < self.adj[u].len() {
                    let (v, k) = self.adj[u][*next];
                    *next += 1;
                    if k == via {
                        continue;
                    }
                    if disc[v] == usize::MAX {
                        disc[v] = time;
                        low[v] = time;
                        time += 1;
                        if u == root {
                            root_children += 1;
                        }
                        stack.push((v, k, 0));
                    } else {
                        low[u] = low[u].min(disc[v]);
                    }
                } else {
                    stack.pop();
                    if let Some(&(p, _, _)) = stack.last() {
                        low[p] = low[p].min(low[u]);
                        if low[u] > disc[p] {
                            bridges.push(via);
                        }
                        if p != root && low[u] >= disc[p] {
                            cut[p] = true;
                        }
                    }
                }
            }
            if root_children > 1 {
                cut[root] = true;
            }
        }
        bridges.sort();
        ((0..n).filter(|&v| cut[v]).collect(), bridges)
    }

    /// The biconnected components (blocks) of the undirected view as sorted
    /// lists of edge indices, ordered by their first edge: Hopcroft–Tarjan
    /// with an edge stack (iterative). A loop is a block of its own;
    /// isolated vertices have none.
    pub fn blocks(&self) -> Vec<Vec<usize>> {
        let n = self.n;
        let (mut disc, mut low) = (vec![usize::MAX; n], vec![0; n]);
        let mut time = 0;
        let mut out: Vec<Vec<usize>> = Vec::new();
        let mut edge_stack: Vec<usize> = Vec::new();
        for root in 0..n {
            if disc[root] != usize::MAX {
                continue;
            }
            disc[root] = time;
            low[root] = time;
            time += 1;
            let mut stack = vec![(root, usize::MAX, 0usize)];
            while let Some(&mut (u, via, ref mut next)) = stack.last_mut() {
                if *next < self.adj[u].len() {
                    let (v, k) = self.adj[u][*next];
                    *next += 1;
                    if k == via || u == v {
                        continue;
                    }
                    if disc[v] == usize::MAX {
                        disc[v] = time;
                        low[v] = time;
                        time += 1;
                        edge_stack.push(k);
                        stack.push((v, k, 0));
                    } else if disc[v] < disc[u] {
                        // A back edge, seen from its lower end only.
                        edge_stack.push(k);
                        low[u] = low[u].min(disc[v]);
                    }
                } else {
                    stack.pop();
                    if let Some(&(p, _, _)) = stack.last() {
                        low[p] = low[p].min(low[u]);
                        if low[u] >= disc[p] {
                            let mut block = Vec::new();
                            while let Some(e) = edge_stack.pop() {
                                block.push(e);
                                if e == via {
                                    break;
                                }
                            }
                            block.sort();
                            out.push(block);
                        }
                    }
                }
            }
        }
        for (k, (u, v, _)) in self.edges.iter().enumerate() {
            if u == v {
                out.push(vec![k]);
            }
        }
        out.sort();
        out
    }

    /// Number of triangles (undirected view, simple edges only).
    pub fn triangles(&self) -> u64 {
        let a = self.simple_adjacency();
        let mut count = 0;
        for u in 0..self.n {
            for v in u + 1..self.n {
                if a[u][v] {
                    count += (v + 1..self.n).filter(|&w| a[u][w] && a[v][w]).count() as u64;
                }
            }
        }
        count
    }

    /// Length of a shortest cycle of the undirected view (loops count 1,
    /// parallel edges 2); `None` for a forest.
    pub fn girth(&self) -> Option<usize> {
        if self.edges.iter().any(|(u, v, _)| u == v) {
            return Some(1);
        }
        let mut best: Option<usize> = None;
        let mut seen_pairs = std::collections::HashSet::new();
        for (u, v, _) in &self.edges {
            if !seen_pairs.insert((*u.min(v), *u.max(v))) {
                best = Some(2);
            }
        }
        if best.is_some() {
            return best;
        }
        let g = self.undirected();
        for s in 0..self.n {
            let mut dist = vec![usize::MAX; self.n];
            let mut via = vec![usize::MAX; self.n];
            dist[s] = 0;
            let mut queue = VecDeque::from([s]);
            while let Some(u) = queue.pop_front() {
                for &(v, k) in &g.adj[u] {
                    if dist[v] == usize::MAX {
                        dist[v] = dist[u] + 1;
                        via[v] = k;
                        queue.push_back(v);
                    } else if k != via[u] {
                        let c = dist[u] + dist[v] + 1;
                        best = Some(best.map_or(c, |b| b.min(c)));
                    }
                }
            }
        }
        best
    }
}
