//! Planarity of simple undirected graphs, with a witness either way: a
//! rotation system (the cyclic order of neighbours at each vertex) for a
//! planar graph, or a subdivision of K5 or K3,3 for a non-planar one.
//!
//! Embedding: Demoucron–Malgrange–Pertuiset on each biconnected block (a
//! graph is planar iff its blocks are, and block rotations concatenate at
//! cut vertices). Witness: shrink to the shortest non-planar prefix of the
//! edge list, then delete every edge whose removal keeps it non-planar; what
//! remains is edge-minimal non-planar, hence a Kuratowski subdivision.

use super::Graph;
use crate::{Budget, Stop};
use std::collections::HashSet;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Planarity {
    /// rotation[v] lists v's neighbours in cyclic order around v.
    Planar { rotation: Vec<Vec<usize>> },
    /// Non-planar, with its witness unless the budget stopped the search
    /// for one (the embedding had already failed, so the answer stands).
    NonPlanar(Option<Kuratowski>),
}

/// A subdivision of K5 (`sides` empty) or K3,3 (`sides` its two triples):
/// the branch vertices and, for each pair that must be joined, the path
/// between them (internally disjoint, through degree-2 vertices).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kuratowski {
    pub k5: bool,
    pub branch: Vec<usize>,
    pub sides: Vec<Vec<usize>>,
    pub paths: Vec<Vec<usize>>,
}

/// The simple undirected edges (u < v) of g: loops, parallels and
/// directions do not change planarity.
pub fn simple_edges(g: &Graph) -> Vec<(usize, usize)> {
    let mut e: Vec<(usize, usize)> = g
        .edges
        .iter()
        .filter(|(u, v, _)| u != v)
        .map(|(u, v, _)| (*u.min(v), *u.max(v)))
        .collect();
    e.sort_unstable();
    e.dedup();
    e
}

/// Planarity of the simple graph on `edges` with its witness: a rotation
/// system or a Kuratowski subdivision. Postcondition: the rotation is a
/// plane embedding (Euler's formula on its faces) or the subdivision is one
/// of K5 or K3,3 made of graph edges.
pub fn planarity(n: usize, edges: &[(usize, usize)], budget: &Budget) -> Result<Planarity, Stop> {
    let failed = Stop::CheckFailed("the planarity witness does not hold");
    if let Some(rotation) = embed(n, edges, budget)? {
        if !is_plane_embedding(n, edges, &rotation) {
            return Err(failed);
        }
        return Ok(Planarity::Planar { rotation });
    }
    let k = witness(n, edges, budget).ok();
    if let Some(k) = &k
        && !is_kuratowski(n, edges, k)
    {
        return Err(failed);
    }
    Ok(Planarity::NonPlanar(k))
}

/// A Kuratowski subdivision inside a graph known to be non-planar.
fn witness(n: usize, edges: &[(usize, usize)], budget: &Budget) -> Result<Kuratowski, Stop> {
    // Shortest non-planar prefix (binary search), then edge deletion.
    let (mut lo, mut hi) = (0, edges.len());
    while lo + 1 < hi {
        let mid = (lo + hi) / 2;
        if embed(n, &edges[..mid], budget)?.is_some() {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    // Delete in chunks that halve down to single edges: a witness of w
    // edges costs O(w log m) tests instead of one per edge.
    let mut kept: Vec<(usize, usize)> = edges[..hi].to_vec();
    let mut chunk = kept.len().div_ceil(2);
    loop {
        let mut i = 0;
        while i < kept.len() {
            let end = (i + chunk).min(kept.len());
            let trial: Vec<(usize, usize)> =
                kept[..i].iter().chain(&kept[end..]).copied().collect();
            if embed(n, &trial, budget)?.is_none() {
                kept = trial;
            } else {
                i = end;
            }
        }
        if chunk == 1 {
            break;
        }
        chunk = chunk.div_ceil(2);
    }
    Ok(kuratowski(n, &kept))
}

/// The named subdivision in an edge-minimal non-planar graph.
fn kuratowski(n: usize, edges: &[(usize, usize)]) -> Kuratowski {
    let mut adj = vec![Vec::new(); n];
    for &(u, v) in edges {
        adj[u].push(v);
        adj[v].push(u);
    }
    let branch: Vec<usize> = (0..n).filter(|&v| adj[v].len() >= 3).collect();
    // Walk from each branch vertex along each edge to the next branch vertex.
    let mut paths = Vec::new();
    for &b in &branch {
        for &first in &adj[b] {
            let mut path = vec![b, first];
            while adj[*path.last().unwrap_or(&b)].len() == 2 {
                let (cur, prev) = (path[path.len() - 1], path[path.len() - 2]);
                let next = if adj[cur][0] == prev {
                    adj[cur][1]
                } else {
                    adj[cur][0]
                };
                path.push(next);
            }
            if b < *path.last().unwrap_or(&b) {
                paths.push(path);
            }
        }
    }
    paths.sort();
    let k5 = branch.len() == 5;
    let sides = if k5 {
        Vec::new()
    } else {
        // The side of the first branch vertex: itself and the ends it does not reach.
        let reached: HashSet<usize> = paths
            .iter()
            .filter(|p| p[0] == branch[0] || p[p.len() - 1] == branch[0])
            .map(|p| {
                if p[0] == branch[0] {
                    p[p.len() - 1]
                } else {
                    p[0]
                }
            })
            .collect();
        let (a, b): (Vec<usize>, Vec<usize>) = branch.iter().partition(|v| !reached.contains(v));
        vec![a, b]
    };
    Kuratowski {
        k5,
        branch,
        sides,
        paths,
    }
}

/// A rotation system when the graph is planar, else None.
pub fn embed(
    n: usize,
    edges: &[(usize, usize)],
    budget: &Budget,
) -> Result<Option<Vec<Vec<usize>>>, Stop> {
    if n >= 3 && edges.len() > 3 * n - 6 {
        return Ok(None);
    }
    let g = Graph::unweighted(n, false, edges);
    let mut rotation = vec![Vec::new(); n];
    for block in g.blocks() {
        budget.check()?;
        if let [k] = block[..] {
            let (u, v) = edges[k];
            rotation[u].push(v);
            rotation[v].push(u);
            continue;
        }
        let block_edges: Vec<(usize, usize)> = block.iter().map(|&k| edges[k]).collect();
        match embed_biconnected(&block_edges, budget)? {
            None => return Ok(None),
            Some(rot) => {
                for (v, around) in rot {
                    rotation[v].extend(around);
                }
            }
        }
    }
    Ok(Some(rotation))
}

/// Demoucron–Malgrange–Pertuiset on a biconnected graph with a cycle:
/// (vertex, its neighbours in rotation order) for each vertex.
fn embed_biconnected(
    edges: &[(usize, usize)],
    budget: &Budget,
) -> Result<Option<Vec<(usize, Vec<usize>)>>, Stop> {
    // Local numbering 0..k.
    let mut ids: Vec<usize> = edges.iter().flat_map(|&(u, v)| [u, v]).collect();
    ids.sort_unstable();
    ids.dedup();
    let local = |v: usize| ids.binary_search(&v).unwrap_or(0);
    let k = ids.len();
    let mut adj = vec![Vec::new(); k];
    for &(u, v) in edges {
        let (u, v) = (local(u), local(v));
        adj[u].push(v);
        adj[v].push(u);
    }
    let key = |u: usize, v: usize| (u.min(v), u.max(v));
    // A first cycle, from a DFS back edge.
    let cycle = {
        let mut parent = vec![usize::MAX; k];
        let mut depth = vec![usize::MAX; k];
        let mut stack = vec![0usize];
        depth[0] = 0;
        let mut found = None;
        'dfs: while let Some(u) = stack.pop() {
            for &w in &adj[u] {
                if depth[w] == usize::MAX {
                    depth[w] = depth[u] + 1;
                    parent[w] = u;
                    stack.push(w);
                } else if w != parent[u] && parent[w] != u {
                    found = Some((u, w));
                    break 'dfs;
                }
            }
        }
        // Biconnected with at least two edges, so a non-tree edge u–w
        // exists; the cycle runs u → lowest common ancestor → w.
        let Some((u, w)) = found else { return Ok(None) };
        let mut ancestors = HashSet::from([u]);
        let mut y = u;
        while parent[y] != usize::MAX {
            y = parent[y];
            ancestors.insert(y);
        }
        let mut from_w = vec![w];
        let mut z = w;
        while !ancestors.contains(&z) {
            z = parent[z];
            from_w.push(z);
        }
        let mut c = vec![u];
        let mut y = u;
        while y != z {
            y = parent[y];
            c.push(y);
        }
        from_w.pop();
        c.extend(from_w.into_iter().rev());
        c
    };
    let mut in_h = vec![false; k];
    let mut h_edges: HashSet<(usize, usize)> = HashSet::new();
    for i in 0..cycle.len() {
        in_h[cycle[i]] = true;
        h_edges.insert(key(cycle[i], cycle[(i + 1) % cycle.len()]));
    }
    let mut faces: Vec<Vec<usize>> = vec![cycle.clone(), cycle.iter().rev().copied().collect()];
    let mut face_sets: Vec<HashSet<usize>> =
        faces.iter().map(|f| f.iter().copied().collect()).collect();
    // The faces each embedded vertex lies on, so admissible faces come from
    // one attachment's few faces instead of all of them.
    let mut on_faces: Vec<Vec<usize>> = vec![Vec::new(); k];
    for &v in &cycle {
        on_faces[v] = vec![0, 1];
    }
    let total = edges.len();
    while h_edges.len() < total {
        budget.check()?;
        // Fragments: (attachments, a path between two of them through the fragment).
        let mut fragments: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
        for u in 0..k {
            if in_h[u] {
                for &v in &adj[u] {
                    if u < v && in_h[v] && !h_edges.contains(&key(u, v)) {
                        fragments.push((vec![u, v], vec![u, v]));
                    }
                }
            }
        }
        let mut comp = vec![usize::MAX; k];
        for s in 0..k {
            if in_h[s] || comp[s] != usize::MAX {
                continue;
            }
            let mut members = vec![s];
            comp[s] = s;
            let mut attach = HashSet::new();
            let mut i = 0;
            while i < members.len() {
                let u = members[i];
                i += 1;
                for &w in &adj[u] {
                    if in_h[w] {
                        attach.insert(w);
                    } else if comp[w] == usize::MAX {
                        comp[w] = s;
                        members.push(w);
                    }
                }
            }
            let attach: Vec<usize> = attach.into_iter().collect();
            let path = fragment_path(&adj, &in_h, &comp, s, &members, &attach);
            fragments.push((attach, path));
        }
        let admissible = |attach: &[usize]| -> Vec<usize> {
            on_faces[attach[0]]
                .iter()
                .copied()
                .filter(|&f| attach.iter().all(|a| face_sets[f].contains(a)))
                .collect()
        };
        let mut choice = None;
        for (idx, (attach, _)) in fragments.iter().enumerate() {
            let fs = admissible(attach);
            match fs.len() {
                0 => return Ok(None),
                1 => {
                    choice = Some((idx, fs[0]));
                    break;
                }
                _ if choice.is_none() => choice = Some((idx, fs[0])),
                _ => {}
            }
        }
        let Some((idx, f)) = choice else {
            return Ok(None);
        };
        let path = &fragments[idx].1;
        // Split face f along the path a … b.
        let face = &faces[f];
        let (a, b) = (path[0], path[path.len() - 1]);
        let i = face.iter().position(|&x| x == a).unwrap_or(0);
        let rotated: Vec<usize> = face[i..].iter().chain(&face[..i]).copied().collect();
        let j = rotated.iter().position(|&x| x == b).unwrap_or(0);
        let inner = &path[1..path.len() - 1];
        let mut one: Vec<usize> = rotated[..=j].to_vec();
        one.extend(inner.iter().rev());
        let mut two: Vec<usize> = rotated[j..].to_vec();
        two.push(a);
        two.extend(inner);
        for w in path.windows(2) {
            h_edges.insert(key(w[0], w[1]));
        }
        for &x in inner {
            in_h[x] = true;
        }
        let new = faces.len();
        for &x in &faces[f] {
            on_faces[x].retain(|&g| g != f);
        }
        for &x in &one {
            on_faces[x].push(f);
        }
        for &x in &two {
            on_faces[x].push(new);
        }
        face_sets[f] = one.iter().copied().collect();
        faces[f] = one;
        face_sets.push(two.iter().copied().collect());
        faces.push(two);
    }
    // Corner (u → v → w) of a face: w follows u in v's rotation.
    let mut next: Vec<std::collections::HashMap<usize, usize>> = vec![Default::default(); k];
    for face in &faces {
        let m = face.len();
        for i in 0..m {
            let (u, v, w) = (face[i], face[(i + 1) % m], face[(i + 2) % m]);
            next[v].insert(u, w);
        }
    }
    let mut out = Vec::with_capacity(k);
    for (v, around) in next.iter().enumerate() {
        let start = adj[v][0];
        let mut order = vec![ids[start]];
        let mut x = around.get(&start).copied().unwrap_or(start);
        while x != start && order.len() <= adj[v].len() {
            order.push(ids[x]);
            x = around.get(&x).copied().unwrap_or(start);
        }
        out.push((ids[v], order));
    }
    Ok(Some(out))
}

/// In a component fragment (members, attachments ≥ 2 by biconnectivity): a
/// path attachment → members … → another attachment.
fn fragment_path(
    adj: &[Vec<usize>],
    in_h: &[bool],
    comp: &[usize],
    id: usize,
    members: &[usize],
    attach: &[usize],
) -> Vec<usize> {
    let a = attach[0];
    let start = members
        .iter()
        .copied()
        .find(|&m| adj[m].contains(&a))
        .unwrap_or(members[0]);
    let mut parent = std::collections::HashMap::new();
    parent.insert(start, usize::MAX);
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(u) = queue.pop_front() {
        if let Some(&b) = adj[u].iter().find(|&&w| in_h[w] && w != a) {
            let mut path = vec![b, u];
            let mut x = u;
            while let Some(&p) = parent.get(&x) {
                if p == usize::MAX {
                    break;
                }
                path.push(p);
                x = p;
            }
            path.push(a);
            path.reverse();
            return path;
        }
        for &w in &adj[u] {
            if !in_h[w] && comp[w] == id && !parent.contains_key(&w) {
                parent.insert(w, u);
                queue.push_back(w);
            }
        }
    }
    vec![a, start]
}

/// The embedding check: each rotation is a permutation of the vertex's
/// neighbours, and tracing faces gives V − E + F = 2 on every component
/// with an edge (Euler), which holds exactly for plane embeddings.
pub fn is_plane_embedding(n: usize, edges: &[(usize, usize)], rotation: &[Vec<usize>]) -> bool {
    let g = Graph::unweighted(n, false, edges);
    if rotation.len() != n {
        return false;
    }
    let mut pos = vec![std::collections::HashMap::new(); n];
    for v in 0..n {
        let mut around = rotation[v].clone();
        around.sort_unstable();
        let mut nbrs: Vec<usize> = g.adj[v].iter().map(|&(w, _)| w).collect();
        nbrs.sort_unstable();
        if around != nbrs {
            return false;
        }
        for (i, &w) in rotation[v].iter().enumerate() {
            pos[v].insert(w, i);
        }
    }
    let mut seen: HashSet<(usize, usize)> = HashSet::new();
    let mut faces = 0i64;
    for &(a, b) in edges {
        for start in [(a, b), (b, a)] {
            if seen.contains(&start) {
                continue;
            }
            faces += 1;
            let mut dart = start;
            while seen.insert(dart) {
                let (u, v) = dart;
                let around = &rotation[v];
                dart = (v, around[(pos[v][&u] + 1) % around.len()]);
            }
        }
    }
    let with_edges = g.components().iter().filter(|c| c.len() > 1).count() as i64;
    let used = (0..n).filter(|&v| !g.adj[v].is_empty()).count() as i64;
    used - edges.len() as i64 + faces == 2 * with_edges
}

/// The witness check: paths of the graph joining the branch vertices as K5
/// or K3,3 does, internally disjoint and avoiding the branch vertices.
pub fn is_kuratowski(n: usize, edges: &[(usize, usize)], k: &Kuratowski) -> bool {
    let present: HashSet<(usize, usize)> =
        edges.iter().map(|&(u, v)| (u.min(v), u.max(v))).collect();
    let branch: HashSet<usize> = k.branch.iter().copied().collect();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut inner = HashSet::new();
    for p in &k.paths {
        let (a, b) = (p[0], p[p.len() - 1]);
        let ok = p.len() >= 2
            && branch.contains(&a)
            && branch.contains(&b)
            && p.windows(2)
                .all(|w| present.contains(&(w[0].min(w[1]), w[0].max(w[1]))))
            && p[1..p.len() - 1]
                .iter()
                .all(|&x| x < n && !branch.contains(&x) && inner.insert(x));
        if !ok {
            return false;
        }
        pairs.push((a.min(b), a.max(b)));
    }
    pairs.sort_unstable();
    let mut want: Vec<(usize, usize)> = if k.k5 {
        if k.branch.len() != 5 {
            return false;
        }
        let b = &k.branch;
        (0..5)
            .flat_map(|i| (i + 1..5).map(move |j| (b[i].min(b[j]), b[i].max(b[j]))))
            .collect()
    } else {
        let [s, t] = &k.sides[..] else { return false };
        let mut all: Vec<usize> = s.iter().chain(t).copied().collect();
        all.sort_unstable();
        let mut sorted_branch = k.branch.clone();
        sorted_branch.sort_unstable();
        if s.len() != 3 || t.len() != 3 || all != sorted_branch {
            return false;
        }
        s.iter()
            .flat_map(|&a| t.iter().map(move |&b| (a.min(b), a.max(b))))
            .collect()
    };
    want.sort_unstable();
    branch.len() == k.branch.len() && pairs == want
}
