//! Graphs on vertices 0..n with exact (rational) edge weights: traversal,
//! components, bipartiteness with witnesses, shortest paths (Dijkstra,
//! Bellman–Ford with a negative-cycle witness, Floyd–Warshall), topological
//! order with a cycle witness, spanning trees, cut vertices and bridges,
//! Eulerian trails, small-graph counts. Unweighted structure that petgraph
//! already solves soundly (strong components, matching, isomorphism) goes
//! through [`Graph::to_petgraph`].

pub mod matching;
pub mod planar;
pub mod six;
pub mod weighted_matching;

use crate::{Budget, Q, Stop};
use num_traits::{One, Zero};
use std::collections::VecDeque;

#[derive(Debug, Clone)]
pub struct Graph {
    pub n: usize,
    pub directed: bool,
    /// (u, v, weight); weight 1 when none was given.
    pub edges: Vec<(usize, usize, Q)>,
    /// For each vertex, (neighbour, edge index) for edges leaving it (both
    /// ways when undirected).
    pub adj: Vec<Vec<(usize, usize)>>,
}

impl Graph {
    /// The adjacency matrix: A[u][v] sums the weights (or, unweighted, the
    /// number) of the edges u → v; undirected edges count both ways and a
    /// loop once on the diagonal.
    pub fn adjacency(&self, weighted: bool) -> Vec<Vec<Q>> {
        let mut a = vec![vec![Q::zero(); self.n]; self.n];
        for (u, v, w) in &self.edges {
            let x = if weighted { w.clone() } else { Q::one() };
            if !self.directed && u != v {
                a[*v][*u] += &x;
            }
            a[*u][*v] += x;
        }
        a
    }

    /// The Laplacian L = D − A of the undirected multigraph without its
    /// loops (a loop joins no two vertices): row sums are 0, and by the
    /// matrix-tree theorem any cofactor counts the spanning trees.
    pub fn laplacian(&self) -> Vec<Vec<i64>> {
        let mut l = vec![vec![0i64; self.n]; self.n];
        for (u, v, _) in &self.edges {
            if u != v {
                l[*u][*u] += 1;
                l[*v][*v] += 1;
                l[*u][*v] -= 1;
                l[*v][*u] -= 1;
            }
        }
        l
    }

    pub fn new(n: usize, directed: bool, edges: Vec<(usize, usize, Q)>) -> Self {
        let mut adj = vec![Vec::new(); n];
        for (k, (u, v, _)) in edges.iter().enumerate() {
            adj[*u].push((*v, k));
            if !directed && u != v {
                adj[*v].push((*u, k));
            }
        }
        Graph {
            n,
            directed,
            edges,
            adj,
        }
    }

    pub fn unweighted(n: usize, directed: bool, edges: &[(usize, usize)]) -> Self {
        Self::new(
            n,
            directed,
            edges.iter().map(|&(u, v)| (u, v, Q::one())).collect(),
        )
    }

    /// A maximum matching of the undirected graph (loops ignored), by
    /// petgraph's blossom-based search, as sorted pairs [u < v]; checked to be
    /// pairwise disjoint edges of the graph (`None` only if that check fails).
    pub fn maximum_matching(&self) -> Option<Vec<[usize; 2]>> {
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
                return None;
            }
            used[*a] = true;
            used[*b] = true;
        }
        Some(pairs)
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

    pub fn to_petgraph(&self) -> petgraph::Graph<(), (), petgraph::Directed, u32> {
        let mut g = petgraph::Graph::with_capacity(self.n, self.edges.len());
        let nodes: Vec<_> = (0..self.n).map(|_| g.add_node(())).collect();
        for (u, v, _) in &self.edges {
            g.add_edge(nodes[*u], nodes[*v], ());
            if !self.directed && u != v {
                g.add_edge(nodes[*v], nodes[*u], ());
            }
        }
        g
    }

    /// The same edges, directions and weights dropped.
    pub fn undirected(&self) -> Graph {
        let edges: Vec<(usize, usize)> = self.edges.iter().map(|(u, v, _)| (*u, *v)).collect();
        Graph::unweighted(self.n, false, &edges)
    }

    /// The strongly connected components (Tarjan, petgraph), each sorted,
    /// in a topological order of the condensation.
    pub fn strong_components(&self) -> Vec<Vec<usize>> {
        // Tarjan finishes components in reverse topological order.
        petgraph::algo::tarjan_scc(&self.to_petgraph())
            .into_iter()
            .rev()
            .map(|c| {
                let mut c: Vec<usize> = c.into_iter().map(|v| v.index()).collect();
                c.sort();
                c
            })
            .collect()
    }

    /// The edges as sorted (u, v) keys after relabelling vertices by `map`
    /// ((min, max) when undirected): equal for two graphs exactly when the
    /// relabelling carries one edge multiset onto the other.
    pub fn edge_keys(&self, map: impl Fn(usize) -> usize) -> Vec<(usize, usize)> {
        let mut keys: Vec<(usize, usize)> = self
            .edges
            .iter()
            .map(|(u, v, _)| {
                let (a, b) = (map(*u), map(*v));
                if self.directed {
                    (a, b)
                } else {
                    (a.min(b), a.max(b))
                }
            })
            .collect();
        keys.sort();
        keys
    }

    /// Vertices in breadth-first order from `start`, and each one's parent.
    pub fn bfs(&self, start: usize) -> (Vec<usize>, Vec<Option<usize>>) {
        let mut order = vec![start];
        let mut parent = vec![None; self.n];
        let mut seen = vec![false; self.n];
        seen[start] = true;
        let mut queue = VecDeque::from([start]);
        while let Some(u) = queue.pop_front() {
            for &(v, _) in &self.adj[u] {
                if !seen[v] {
                    seen[v] = true;
                    parent[v] = Some(u);
                    order.push(v);
                    queue.push_back(v);
                }
            }
        }
        (order, parent)
    }

    /// Vertices in depth-first preorder from `start` (neighbours in edge order).
    pub fn dfs(&self, start: usize) -> Vec<usize> {
        let mut order = Vec::new();
        let mut seen = vec![false; self.n];
        let mut stack = vec![start];
        while let Some(u) = stack.pop() {
            if seen[u] {
                continue;
            }
            seen[u] = true;
            order.push(u);
            for &(v, _) in self.adj[u].iter().rev() {
                if !seen[v] {
                    stack.push(v);
                }
            }
        }
        order
    }

    /// Connected components (weakly, for directed graphs), each sorted,
    /// ordered by their smallest vertex.
    pub fn components(&self) -> Vec<Vec<usize>> {
        let undirected = self.undirected();
        let mut seen = vec![false; self.n];
        let mut out = Vec::new();
        for s in 0..self.n {
            if !seen[s] {
                let mut c = undirected.bfs(s).0;
                for &v in &c {
                    seen[v] = true;
                }
                c.sort();
                out.push(c);
            }
        }
        out
    }

    /// A proper 2-colouring, or an odd cycle (as a closed vertex sequence
    /// without the repeated end) when there is none. Undirected view.
    pub fn bipartition(&self) -> Result<Vec<u8>, Vec<usize>> {
        let g = self.undirected();
        let mut colour = vec![u8::MAX; self.n];
        let mut depth = vec![0usize; self.n];
        for s in 0..self.n {
            if colour[s] != u8::MAX {
                continue;
            }
            let (order, parent) = g.bfs(s);
            colour[s] = 0;
            for &u in &order[1..] {
                let p = parent[u].expect("reached from s");
                colour[u] = 1 - colour[p];
                depth[u] = depth[p] + 1;
            }
            for &u in &order {
                for &(v, _) in &g.adj[u] {
                    if colour[u] == colour[v] {
                        // Tree paths from u and v up to their common ancestor.
                        let (mut a, mut b) = (vec![u], vec![v]);
                        let (mut x, mut y) = (u, v);
                        while depth[x] > depth[y] {
                            x = parent[x].expect("above the root");
                            a.push(x);
                        }
                        while depth[y] > depth[x] {
                            y = parent[y].expect("above the root");
                            b.push(y);
                        }
                        while x != y {
                            x = parent[x].expect("common ancestor");
                            y = parent[y].expect("common ancestor");
                            a.push(x);
                            b.push(y);
                        }
                        b.pop();
                        b.reverse();
                        a.extend(b);
                        return Err(a);
                    }
                }
            }
        }
        Ok(colour)
    }

    /// Single-source shortest distances and predecessor edges. Dijkstra when
    /// no weight is negative; otherwise Bellman–Ford, which returns
    /// `Err(cycle)` for a negative cycle reachable from the source.
    pub fn shortest_paths(
        &self,
        source: usize,
        budget: &Budget,
    ) -> Result<Result<(Vec<Option<Q>>, Vec<Option<usize>>), Vec<usize>>, Stop> {
        let negative = self.edges.iter().any(|(_, _, w)| *w < Q::zero());
        let mut dist: Vec<Option<Q>> = vec![None; self.n];
        let mut pred: Vec<Option<usize>> = vec![None; self.n];
        dist[source] = Some(Q::zero());
        if !negative {
            let mut done = vec![false; self.n];
            let mut heap = std::collections::BinaryHeap::new();
            heap.push(std::cmp::Reverse((Q::zero(), source)));
            while let Some(std::cmp::Reverse((d, u))) = heap.pop() {
                if done[u] {
                    continue;
                }
                done[u] = true;
                budget.check()?;
                for &(v, k) in &self.adj[u] {
                    let nd = &d + &self.edges[k].2;
                    if dist[v].as_ref().is_none_or(|old| nd < *old) {
                        dist[v] = Some(nd.clone());
                        pred[v] = Some(k);
                        heap.push(std::cmp::Reverse((nd, v)));
                    }
                }
            }
            return Ok(Ok((dist, pred)));
        }
        let mut last = None;
        for _ in 0..self.n {
            budget.check()?;
            last = None;
            for u in 0..self.n {
                let Some(du) = dist[u].clone() else { continue };
                for &(v, k) in &self.adj[u] {
                    let nd = &du + &self.edges[k].2;
                    if dist[v].as_ref().is_none_or(|old| nd < *old) {
                        dist[v] = Some(nd);
                        pred[v] = Some(k);
                        last = Some(v);
                    }
                }
            }
            if last.is_none() {
                return Ok(Ok((dist, pred)));
            }
        }
        // Still relaxing after n rounds: walk back n steps into the cycle.
        let mut v = last.expect("a relaxation in round n");
        for _ in 0..self.n {
            v = self.other_end(pred[v].expect("relaxed vertices have predecessors"), v);
        }
        let mut cycle = vec![v];
        let mut u = self.other_end(pred[v].expect("on the cycle"), v);
        while u != v {
            cycle.push(u);
            u = self.other_end(pred[u].expect("on the cycle"), u);
        }
        cycle.reverse();
        Ok(Err(cycle))
    }

    /// The end of edge k that is not `v` (for undirected edges walked either way).
    pub fn other_end(&self, k: usize, v: usize) -> usize {
        let (a, b, _) = &self.edges[k];
        if *b == v { *a } else { *b }
    }

    /// All-pairs distances (Floyd–Warshall); `Err(v)` when v lies on a
    /// negative cycle.
    pub fn distance_matrix(
        &self,
        budget: &Budget,
    ) -> Result<Result<Vec<Vec<Option<Q>>>, usize>, Stop> {
        let n = self.n;
        let mut d: Vec<Vec<Option<Q>>> = vec![vec![None; n]; n];
        for (i, row) in d.iter_mut().enumerate() {
            row[i] = Some(Q::zero());
        }
        for (u, v, w) in &self.edges {
            for (a, b) in [(*u, *v), (*v, *u)]
                .into_iter()
                .take(if self.directed { 1 } else { 2 })
            {
                if d[a][b].as_ref().is_none_or(|old| w < old) {
                    d[a][b] = Some(w.clone());
                }
            }
        }
        for k in 0..n {
            budget.check()?;
            for i in 0..n {
                let Some(dik) = d[i][k].clone() else { continue };
                for j in 0..n {
                    if let Some(dkj) = &d[k][j] {
                        let through = &dik + dkj;
                        if d[i][j].as_ref().is_none_or(|old| through < *old) {
                            d[i][j] = Some(through);
                        }
                    }
                }
            }
        }
        if let Some(v) = (0..n).find(|&i| d[i][i].as_ref().is_some_and(|x| *x < Q::zero())) {
            return Ok(Err(v));
        }
        Ok(Ok(d))
    }

    /// A topological order of a directed graph, or a directed cycle.
    pub fn topological_order(&self) -> Result<Vec<usize>, Vec<usize>> {
        let mut indegree = vec![0usize; self.n];
        for (_, v, _) in &self.edges {
            indegree[*v] += 1;
        }
        let mut queue: VecDeque<usize> = (0..self.n).filter(|&v| indegree[v] == 0).collect();
        let mut order = Vec::with_capacity(self.n);
        while let Some(u) = queue.pop_front() {
            order.push(u);
            for &(v, _) in &self.adj[u] {
                indegree[v] -= 1;
                if indegree[v] == 0 {
                    queue.push_back(v);
                }
            }
        }
        if order.len() == self.n {
            return Ok(order);
        }
        // Every vertex left has an incoming edge from another one left:
        // walk backwards until a vertex repeats.
        let left: Vec<bool> = indegree.iter().map(|&d| d > 0).collect();
        let mut back = vec![None; self.n];
        for (u, v, _) in &self.edges {
            if left[*u] && left[*v] {
                back[*v] = Some(*u);
            }
        }
        let mut v = (0..self.n).find(|&v| left[v]).expect("a vertex is left");
        let mut pos = vec![usize::MAX; self.n];
        let mut walk = Vec::new();
        while pos[v] == usize::MAX {
            pos[v] = walk.len();
            walk.push(v);
            v = back[v].expect("every vertex left has a predecessor left");
        }
        let mut cycle = walk[pos[v]..].to_vec();
        cycle.reverse();
        Err(cycle)
    }

    /// A minimum spanning forest (Kruskal): edge indices, in order taken.
    pub fn minimum_spanning_forest(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.edges.len()).collect();
        order.sort_by(|&a, &b| self.edges[a].2.cmp(&self.edges[b].2));
        let mut parent: Vec<usize> = (0..self.n).collect();
        fn find(p: &mut [usize], mut x: usize) -> usize {
            while p[x] != x {
                p[x] = p[p[x]];
                x = p[x];
            }
            x
        }
        let mut out = Vec::new();
        for k in order {
            let (u, v, _) = &self.edges[k];
            let (a, b) = (find(&mut parent, *u), find(&mut parent, *v));
            if a != b {
                parent[a] = b;
                out.push(k);
            }
        }
        out
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

    /// An Eulerian circuit or trail as an edge sequence starting at `start`
    /// (Hierholzer), when every edge is used exactly once; the caller checks
    /// degrees and connectivity first.
    pub fn euler_trail(&self, start: usize) -> Vec<usize> {
        let mut used = vec![false; self.edges.len()];
        let mut next = vec![0usize; self.n];
        let mut stack: Vec<(usize, Option<usize>)> = vec![(start, None)];
        let mut trail = Vec::new();
        while let Some(&(u, via)) = stack.last() {
            let mut advanced = false;
            while next[u] < self.adj[u].len() {
                let (v, k) = self.adj[u][next[u]];
                next[u] += 1;
                if !used[k] {
                    used[k] = true;
                    stack.push((v, Some(k)));
                    advanced = true;
                    break;
                }
            }
            if !advanced {
                stack.pop();
                if let Some(k) = via {
                    trail.push(k);
                }
            }
        }
        trail.reverse();
        trail
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

    /// Adjacency of the underlying simple undirected graph.
    pub fn simple_adjacency(&self) -> Vec<Vec<bool>> {
        let mut a = vec![vec![false; self.n]; self.n];
        for (u, v, _) in &self.edges {
            if u != v {
                a[*u][*v] = true;
                a[*v][*u] = true;
            }
        }
        a
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

/// A maximum flow from s to t (Edmonds–Karp: shortest augmenting paths,
/// exact rational capacities, so it terminates), and the source side of a
/// minimum cut: the vertices reachable from s in the residual graph.
/// Undirected edges carry flow either way up to their capacity.
pub fn maximum_flow(
    g: &Graph,
    s: usize,
    t: usize,
    budget: &Budget,
) -> Result<(Q, Vec<Q>, Vec<bool>), Stop> {
    // Residual arcs in pairs: 2k forward, 2k+1 backward.
    let m = g.edges.len();
    let mut cap: Vec<Q> = Vec::with_capacity(2 * m);
    let mut head = Vec::with_capacity(2 * m);
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); g.n];
    for (u, v, c) in &g.edges {
        let back = if g.directed { Q::zero() } else { c.clone() };
        out[*u].push(cap.len());
        head.push(*v);
        cap.push(c.clone());
        out[*v].push(cap.len());
        head.push(*u);
        cap.push(back);
    }
    let original = cap.clone();
    let mut total = Q::zero();
    loop {
        budget.check()?;
        let mut via = vec![usize::MAX; g.n];
        let mut seen = vec![false; g.n];
        seen[s] = true;
        let mut queue = VecDeque::from([s]);
        while let Some(u) = queue.pop_front() {
            for &a in &out[u] {
                let v = head[a];
                if !seen[v] && cap[a] > Q::zero() {
                    seen[v] = true;
                    via[v] = a;
                    queue.push_back(v);
                }
            }
        }
        if !seen[t] || s == t {
            // Net flow on each edge: what left the forward arc.
            let flow = (0..m).map(|k| &original[2 * k] - &cap[2 * k]).collect();
            return Ok((total, flow, seen));
        }
        let mut bottleneck: Option<Q> = None;
        let mut v = t;
        while v != s {
            let a = via[v];
            bottleneck = Some(bottleneck.map_or(cap[a].clone(), |b| b.min(cap[a].clone())));
            v = head[a ^ 1];
        }
        let b = bottleneck.expect("t != s");
        let mut v = t;
        while v != s {
            let a = via[v];
            cap[a] -= &b;
            cap[a ^ 1] += &b;
            v = head[a ^ 1];
        }
        total += b;
    }
}

/// What an exact search for an NP-hard optimum found before its deadline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Search<T> {
    /// The optimum, with a witness.
    Exact(T),
    /// Stopped: the best witness found so far and a proven bound on the optimum.
    Unknown { best: T, bound: usize },
}

/// The chromatic number with an optimal colouring (DSATUR branch and bound
/// on the simple undirected graph), or, at the deadline, the best colouring
/// found and the clique lower bound.
pub fn chromatic(g: &Graph, budget: &Budget) -> Search<Vec<usize>> {
    let a = g.simple_adjacency();
    let n = g.n;
    // Any clique, even one found before a deadline, bounds χ from below.
    let lower = clique(g, budget).value().len().max(usize::from(n > 0));
    // Greedy DSATUR colouring as the first upper bound.
    let mut best: Vec<usize> = vec![0; n];
    let mut best_k = if n == 0 { 0 } else { n + 1 };
    let mut colour = vec![usize::MAX; n];
    fn go(
        a: &[Vec<bool>],
        colour: &mut Vec<usize>,
        used: usize,
        best: &mut Vec<usize>,
        best_k: &mut usize,
        lower: usize,
        budget: &Budget,
    ) -> Result<(), Stop> {
        budget.check()?;
        let n = a.len();
        // The uncoloured vertex with the most distinct neighbour colours.
        let pick = (0..n)
            .filter(|&v| colour[v] == usize::MAX)
            .max_by_key(|&v| {
                let mut seen: Vec<usize> = (0..n)
                    .filter(|&u| a[v][u] && colour[u] != usize::MAX)
                    .map(|u| colour[u])
                    .collect();
                seen.sort();
                seen.dedup();
                (seen.len(), (0..n).filter(|&u| a[v][u]).count())
            });
        let Some(v) = pick else {
            if used < *best_k {
                *best_k = used;
                *best = colour.clone();
            }
            return Ok(());
        };
        for c in 0..(used + 1).min(*best_k - 1) {
            if (0..n).any(|u| a[v][u] && colour[u] == c) {
                continue;
            }
            colour[v] = c;
            go(a, colour, used.max(c + 1), best, best_k, lower, budget)?;
            colour[v] = usize::MAX;
            if *best_k <= lower {
                return Ok(());
            }
        }
        Ok(())
    }
    let finished = go(&a, &mut colour, 0, &mut best, &mut best_k, lower, budget).is_ok();
    if best_k > n {
        // No complete colouring was found in time: each vertex its own colour.
        best = (0..n).collect();
    }
    if finished {
        Search::Exact(best)
    } else {
        Search::Unknown { best, bound: lower }
    }
}

/// A maximum clique (branch and bound on the simple undirected graph), or at
/// the deadline the largest found and an upper bound (the vertex count
/// reduced by a greedy colouring bound).
pub fn clique(g: &Graph, budget: &Budget) -> Search<Vec<usize>> {
    let a = g.simple_adjacency();
    let n = g.n;
    let mut best: Vec<usize> = Vec::new();
    fn go(
        a: &[Vec<bool>],
        current: &mut Vec<usize>,
        candidates: Vec<usize>,
        best: &mut Vec<usize>,
        budget: &Budget,
    ) -> Result<(), Stop> {
        budget.check()?;
        if candidates.is_empty() {
            if current.len() > best.len() {
                *best = current.clone();
            }
            return Ok(());
        }
        // Greedy colouring of the candidates bounds the clique they can add.
        let mut classes: Vec<Vec<usize>> = Vec::new();
        for &v in &candidates {
            match classes.iter_mut().find(|c| c.iter().all(|&u| !a[u][v])) {
                Some(c) => c.push(v),
                None => classes.push(vec![v]),
            }
        }
        if current.len() + classes.len() <= best.len() {
            return Ok(());
        }
        for (i, &v) in candidates.iter().enumerate() {
            if current.len() + candidates.len() - i <= best.len() {
                break;
            }
            current.push(v);
            let next: Vec<usize> = candidates[i + 1..]
                .iter()
                .copied()
                .filter(|&u| a[v][u])
                .collect();
            go(a, current, next, best, budget)?;
            current.pop();
        }
        Ok(())
    }
    let finished = go(&a, &mut Vec::new(), (0..n).collect(), &mut best, budget).is_ok();
    best.sort();
    if finished {
        Search::Exact(best)
    } else {
        Search::Unknown { bound: n, best }
    }
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

/// A Hamiltonian cycle (or, with `closed` false, path) of the simple graph
/// as a vertex order, by backtracking; `None` when there is none. Directed
/// graphs follow their directions; undirected cycles have ≥ 3 vertices.
pub fn hamiltonian(g: &Graph, closed: bool, budget: &Budget) -> Result<Option<Vec<usize>>, Stop> {
    let n = g.n;
    let mut a = vec![vec![false; n]; n];
    for (u, v, _) in &g.edges {
        if u != v {
            a[*u][*v] = true;
            if !g.directed {
                a[*v][*u] = true;
            }
        }
    }
    fn go(
        a: &[Vec<bool>],
        path: &mut Vec<usize>,
        used: &mut [bool],
        closed: bool,
        budget: &Budget,
    ) -> Result<bool, Stop> {
        budget.check()?;
        let n = a.len();
        let last = path[path.len() - 1];
        if path.len() == n {
            return Ok(!closed || a[last][path[0]]);
        }
        for v in 0..n {
            if !used[v] && a[last][v] {
                used[v] = true;
                path.push(v);
                if go(a, path, used, closed, budget)? {
                    return Ok(true);
                }
                path.pop();
                used[v] = false;
            }
        }
        Ok(false)
    }
    // An undirected cycle needs three vertices (two would reuse its edge).
    if n == 0 || (closed && !g.directed && n < 3) {
        return Ok(None);
    }
    // A cycle may start anywhere; a path must try every start.
    let starts: Vec<usize> = if closed { vec![0] } else { (0..n).collect() };
    for s in starts {
        let mut used = vec![false; n];
        used[s] = true;
        let mut path = vec![s];
        if go(&a, &mut path, &mut used, closed, budget)? {
            return Ok(Some(path));
        }
    }
    Ok(None)
}

/// The chromatic polynomial of the simple graph as Σ_j a_j·x(x−1)…(x−j+1),
/// where a_j counts the partitions of the vertices into j independent sets
/// (enumerated as restricted-growth strings, pruned at the first conflict);
/// coefficients lowest degree first.
pub fn chromatic_polynomial(g: &Graph, budget: &Budget) -> Result<Vec<num_bigint::BigInt>, Stop> {
    use num_bigint::BigInt;
    let n = g.n;
    let a = g.simple_adjacency();
    let mut counts = vec![0u64; n + 1];
    let mut block = vec![0usize; n];
    fn go(
        a: &[Vec<bool>],
        block: &mut [usize],
        v: usize,
        blocks: usize,
        counts: &mut [u64],
        budget: &Budget,
    ) -> Result<(), Stop> {
        if v == a.len() {
            counts[blocks] += 1;
            return Ok(());
        }
        if v.is_multiple_of(4) {
            budget.check()?;
        }
        for b in 0..=blocks {
            if (0..v).any(|u| block[u] == b && a[u][v]) {
                continue;
            }
            block[v] = b;
            go(a, block, v + 1, blocks.max(b + 1), counts, budget)?;
        }
        Ok(())
    }
    go(&a, &mut block, 0, 0, &mut counts, budget)?;
    let mut out = vec![BigInt::zero(); n + 1];
    let mut falling = vec![BigInt::one()]; // x(x−1)…(x−j+1), lowest first
    for (j, &c) in counts.iter().enumerate() {
        for (k, f) in falling.iter().enumerate() {
            out[k] += f * BigInt::from(c);
        }
        // falling ← falling·(x − j)
        let mut next = vec![BigInt::zero(); falling.len() + 1];
        for (k, f) in falling.iter().enumerate() {
            next[k + 1] += f;
            next[k] -= f * BigInt::from(j);
        }
        falling = next;
    }
    while out.last().is_some_and(Zero::is_zero) {
        out.pop();
    }
    Ok(out)
}

impl<T> Search<T> {
    /// (whether the answer is proven, the witness, the bound when it is
    /// not), the shape the operations report.
    pub fn into_parts(self) -> (bool, T, Option<usize>) {
        match self {
            Search::Exact(t) => (true, t, None),
            Search::Unknown { best, bound } => (false, best, Some(bound)),
        }
    }

    pub fn value(self) -> T {
        match self {
            Search::Exact(t) | Search::Unknown { best: t, .. } => t,
        }
    }
}

#[cfg(test)]
mod tests;
