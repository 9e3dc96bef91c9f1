//! Traversal and order: breadth- and depth-first search, components,
//! strong components, bipartiteness with an odd-cycle witness, topological
//! order with a cycle witness, Eulerian trails (Hierholzer).

use super::Graph;
use crate::Stop;
use std::collections::VecDeque;

impl Graph {
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

    /// The condensation: the strong components in topological order, each
    /// vertex's component, and the distinct edges between components.
    /// Postcondition: every such edge goes forward in that order (which is
    /// what makes the order topological and the condensation acyclic).
    pub fn condensation(&self) -> Result<(Vec<Vec<usize>>, Vec<usize>, Vec<[usize; 2]>), Stop> {
        let components = self.strong_components();
        let mut component = vec![0; self.n];
        for (i, c) in components.iter().enumerate() {
            for &v in c {
                component[v] = i;
            }
        }
        let mut edges: Vec<[usize; 2]> = self
            .edges
            .iter()
            .map(|(u, v, _)| [component[*u], component[*v]])
            .filter(|[a, b]| a != b)
            .collect();
        edges.sort();
        edges.dedup();
        if edges.iter().any(|[a, b]| a > b) {
            return Err(Stop::CheckFailed("components out of order"));
        }
        Ok((components, component, edges))
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

    /// An Eulerian circuit or trail, as the edges in the order walked and the
    /// vertices visited (one more), or `None` when there is none: the degree
    /// conditions (all even or exactly two odd; directed, in = out except
    /// one start with one more out and one end with one more in) and then
    /// Hierholzer's walk, which must use every edge (else the edges are not
    /// connected). Postcondition: every edge is walked exactly once, each
    /// from the vertex the walk is at.
    pub fn eulerian(&self) -> Result<Option<(Vec<usize>, Vec<usize>)>, Stop> {
        if self.edges.is_empty() {
            return Ok(None);
        }
        let (mut out_deg, mut in_deg) = (vec![0i64; self.n], vec![0i64; self.n]);
        for (u, v, _) in &self.edges {
            out_deg[*u] += 1;
            in_deg[*v] += 1;
        }
        let start = if self.directed {
            let starts: Vec<usize> = (0..self.n)
                .filter(|&v| out_deg[v] - in_deg[v] == 1)
                .collect();
            let ends = (0..self.n).filter(|&v| in_deg[v] - out_deg[v] == 1).count();
            let balanced = (0..self.n).all(|v| (out_deg[v] - in_deg[v]).abs() <= 1);
            match (starts.len(), ends, balanced) {
                (0, 0, true) => self.edges[0].0,
                (1, 1, true) => starts[0],
                _ => return Ok(None),
            }
        } else {
            let odd: Vec<usize> = (0..self.n)
                .filter(|&v| (out_deg[v] + in_deg[v]) % 2 == 1)
                .collect();
            match odd.len() {
                0 => self.edges[0].0,
                2 => odd[0],
                _ => return Ok(None),
            }
        };
        let edges = self.euler_trail(start);
        if edges.len() != self.edges.len() {
            return Ok(None);
        }
        let mut vertices = vec![start];
        let mut walked = vec![false; self.edges.len()];
        for &k in &edges {
            let at = vertices[vertices.len() - 1];
            let (u, v, _) = &self.edges[k];
            let next = if *u == at {
                *v
            } else if !self.directed && *v == at {
                *u
            } else {
                return Err(Stop::CheckFailed("the walk leaves from the wrong vertex"));
            };
            if std::mem::replace(&mut walked[k], true) {
                return Err(Stop::CheckFailed("the walk repeats an edge"));
            }
            vertices.push(next);
        }
        Ok(Some((edges, vertices)))
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
}
