//! Graphs on vertices 0..n with exact (rational) edge weights: traversal,
//! components, bipartiteness with witnesses, shortest paths (Dijkstra,
//! Bellman–Ford with a negative-cycle witness, Floyd–Warshall), topological
//! order with a cycle witness, spanning trees, cut vertices and bridges,
//! Eulerian trails, small-graph counts. Unweighted structure that petgraph
//! already solves soundly (strong components, matching, isomorphism) goes
//! through [`Graph::to_petgraph`].

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
        let undirected = Graph::unweighted(
            self.n,
            false,
            &self
                .edges
                .iter()
                .map(|(u, v, _)| (*u, *v))
                .collect::<Vec<_>>(),
        );
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
        let g = Graph::unweighted(
            self.n,
            false,
            &self
                .edges
                .iter()
                .map(|(u, v, _)| (*u, *v))
                .collect::<Vec<_>>(),
        );
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
        let g = Graph::unweighted(
            self.n,
            false,
            &self
                .edges
                .iter()
                .map(|(u, v, _)| (*u, *v))
                .collect::<Vec<_>>(),
        );
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

#[cfg(test)]
mod tests;
