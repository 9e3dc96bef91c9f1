use super::Graph;
use crate::{Budget, Q};
use num_traits::Zero;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn component_count(n: usize, edges: &[(usize, usize)], removed: Option<usize>) -> usize {
    let mut p: Vec<usize> = (0..n).collect();
    fn find(p: &mut [usize], x: usize) -> usize {
        if p[x] == x {
            x
        } else {
            let r = find(p, p[x]);
            p[x] = r;
            r
        }
    }
    for &(u, v) in edges {
        if Some(u) == removed || Some(v) == removed {
            continue;
        }
        let (a, b) = (find(&mut p, u), find(&mut p, v));
        p[a] = b;
    }
    (0..n)
        .filter(|&v| Some(v) != removed && find(&mut p, v) == v)
        .count()
}

fn has_cycle_of(len: usize, n: usize, edges: &[(usize, usize)]) -> bool {
    fn search(len: usize, path: &mut Vec<usize>, n: usize, edges: &[(usize, usize)]) -> bool {
        let has = |a: usize, b: usize| edges.contains(&(a.min(b), a.max(b)));
        if path.len() == len {
            return has(path[0], path[len - 1]);
        }
        for v in 0..n {
            if !path.contains(&v) && has(path[path.len() - 1], v) {
                path.push(v);
                if search(len, path, n, edges) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }
    (0..n).any(|s| search(len, &mut vec![s], n, edges))
}

#[test]
fn structure_matches_brute_force_on_all_small_graphs() {
    for n in 1..=5 {
        for edges in super::all_simple_graphs(n) {
            let g = Graph::unweighted(n, false, &edges);
            let before = component_count(n, &edges, None);
            assert_eq!(g.components().len(), before);
            let brute =
                (0..1u32 << n).any(|c| edges.iter().all(|&(u, v)| (c >> u & 1) != (c >> v & 1)));
            match g.bipartition() {
                Ok(colour) => {
                    assert!(brute);
                    assert!(edges.iter().all(|&(u, v)| colour[u] != colour[v]));
                }
                Err(cycle) => {
                    assert!(!brute);
                    assert_eq!(cycle.len() % 2, 1);
                    for i in 0..cycle.len() {
                        let (a, b) = (cycle[i], cycle[(i + 1) % cycle.len()]);
                        assert!(
                            edges.contains(&(a.min(b), a.max(b))),
                            "{cycle:?} in {edges:?}"
                        );
                    }
                }
            }
            let triangles = (0..n)
                .flat_map(|a| (a + 1..n).flat_map(move |b| (b + 1..n).map(move |c| (a, b, c))))
                .filter(|&(a, b, c)| {
                    edges.contains(&(a, b)) && edges.contains(&(a, c)) && edges.contains(&(b, c))
                })
                .count() as u64;
            assert_eq!(g.triangles(), triangles);
            let (cuts, bridges) = g.cut_vertices_and_bridges();
            for v in 0..n {
                assert_eq!(
                    cuts.contains(&v),
                    component_count(n, &edges, Some(v)) > before,
                    "{edges:?} v={v}"
                );
            }
            for k in 0..edges.len() {
                let without: Vec<_> = edges
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| *i != k)
                    .map(|(_, &e)| e)
                    .collect();
                assert_eq!(
                    bridges.contains(&k),
                    component_count(n, &without, None) > before
                );
            }
            let girth = (3..=n).find(|&len| has_cycle_of(len, n, &edges));
            assert_eq!(g.girth(), girth, "{edges:?}");
        }
    }
}

#[test]
fn shortest_path_algorithms_agree() {
    let mut rng = StdRng::seed_from_u64(70);
    let b = Budget::unlimited();
    for trial in 0..60 {
        let n = rng.gen_range(2..9);
        let directed = trial % 2 == 0;
        let negative = directed && trial % 4 == 0;
        let edges: Vec<(usize, usize, Q)> = (0..rng.gen_range(1..20))
            .map(|_| {
                let w = rng.gen_range(if negative { -3 } else { 0 }..10i64);
                (
                    rng.gen_range(0..n),
                    rng.gen_range(0..n),
                    Q::new(w.into(), rng.gen_range(1..4i64).into()),
                )
            })
            .collect();
        let g = Graph::new(n, directed, edges.clone());
        let matrix = g.distance_matrix(&b).unwrap();
        match g.shortest_paths(0, &b).unwrap() {
            Ok((dist, pred)) => {
                if let Ok(m) = matrix {
                    assert_eq!(dist, m[0]);
                }
                for v in 1..n {
                    if let Some(d) = &dist[v] {
                        let (mut total, mut x) = (Q::zero(), v);
                        while x != 0 {
                            let k = pred[x].unwrap();
                            total += &edges[k].2;
                            x = g.other_end(k, x);
                        }
                        assert_eq!(total, *d);
                    }
                }
            }
            Err(cycle) => {
                assert!(matrix.is_err());
                let sum: Q = (0..cycle.len())
                    .map(|i| {
                        let (a, b) = (cycle[i], cycle[(i + 1) % cycle.len()]);
                        edges
                            .iter()
                            .filter(|(u, v, _)| *u == a && *v == b)
                            .map(|(_, _, w)| w.clone())
                            .min()
                            .expect("cycle edge exists")
                    })
                    .sum();
                assert!(sum < Q::zero(), "{cycle:?}");
            }
        }
    }
}

#[test]
fn topological_orders_respect_edges_and_cycles_are_real() {
    let mut rng = StdRng::seed_from_u64(71);
    for _ in 0..200 {
        let n = rng.gen_range(1..8);
        let edges: Vec<(usize, usize)> = (0..rng.gen_range(0..12))
            .map(|_| (rng.gen_range(0..n), rng.gen_range(0..n)))
            .collect();
        let g = Graph::unweighted(n, true, &edges);
        match g.topological_order() {
            Ok(order) => {
                let pos: Vec<usize> = (0..n)
                    .map(|v| order.iter().position(|&x| x == v).unwrap())
                    .collect();
                assert!(edges.iter().all(|&(u, v)| pos[u] < pos[v]));
            }
            Err(cycle) => {
                for i in 0..cycle.len() {
                    assert!(
                        edges.contains(&(cycle[i], cycle[(i + 1) % cycle.len()])),
                        "{cycle:?} {edges:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn blocks_partition_the_edges_into_maximal_biconnected_pieces() {
    for n in 1..=5 {
        for edges in super::all_simple_graphs(n) {
            let g = Graph::unweighted(n, false, &edges);
            let blocks = g.blocks();
            let mut all: Vec<usize> = blocks.iter().flatten().copied().collect();
            all.sort();
            assert_eq!(all, (0..edges.len()).collect::<Vec<_>>(), "{edges:?}");
            // Two edges share a block iff they lie on a common cycle (or
            // are equal): brute force with the cycle search above, via
            // "removing any one vertex keeps them connected" within the block.
            let block_of = |k: usize| blocks.iter().position(|b| b.contains(&k)).unwrap();
            let (cuts, bridges) = g.cut_vertices_and_bridges();
            // Maximality: a vertex lies in two or more blocks exactly when
            // it is a cut vertex.
            for v in 0..n {
                let count = blocks
                    .iter()
                    .filter(|b| b.iter().any(|&k| edges[k].0 == v || edges[k].1 == v))
                    .count();
                assert_eq!(count >= 2, cuts.contains(&v), "{edges:?} v={v}");
            }
            for &k in &bridges {
                assert_eq!(blocks[block_of(k)], vec![k], "a bridge is its own block");
            }
            // A block with more than one edge has no cut vertex of its own.
            for b in &blocks {
                if b.len() > 1 {
                    let sub: Vec<(usize, usize)> = b.iter().map(|&k| edges[k]).collect();
                    let (cuts, _) = Graph::unweighted(n, false, &sub).cut_vertices_and_bridges();
                    assert!(cuts.is_empty(), "{edges:?}: block {b:?}");
                }
            }
        }
    }
}

/// The formats.txt encoders, written from the specification as the oracle
/// for the decoder.
mod six_encode {
    fn n_bytes(n: usize) -> Vec<u8> {
        let groups = |bits: usize| {
            (0..bits / 6)
                .rev()
                .map(move |g| (n >> (6 * g) & 63) as u8 + 63)
        };
        match n {
            0..=62 => vec![n as u8 + 63],
            63..=258047 => std::iter::once(126).chain(groups(18)).collect(),
            _ => [126, 126].into_iter().chain(groups(36)).collect(),
        }
    }
    fn r(bits: &[bool]) -> Vec<u8> {
        bits.chunks(6)
            .map(|c| (0..6).fold(0u8, |a, i| a << 1 | u8::from(c.get(i) == Some(&true))) + 63)
            .collect()
    }
    pub fn graph6(n: usize, edges: &[(usize, usize)]) -> String {
        let mut bits = Vec::new();
        for v in 1..n {
            for u in 0..v {
                bits.push(edges.contains(&(u, v)) || edges.contains(&(v, u)));
            }
        }
        String::from_utf8([n_bytes(n), r(&bits)].concat()).unwrap()
    }
    pub fn digraph6(n: usize, arcs: &[(usize, usize)]) -> String {
        let bits: Vec<bool> = (0..n * n).map(|i| arcs.contains(&(i / n, i % n))).collect();
        String::from_utf8([b"&".to_vec(), n_bytes(n), r(&bits)].concat()).unwrap()
    }
    /// Edges as (x, v) with x ≤ v, sorted by v; padding as nauty writes it.
    pub fn sparse6(n: usize, edges: &[(usize, usize)]) -> String {
        let k = (usize::BITS - n.saturating_sub(1).leading_zeros()) as usize;
        let mut e: Vec<(usize, usize)> = edges.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
        e.sort_by_key(|&(x, v)| (v, x));
        let mut bits = Vec::new();
        let put = |b: bool, x: usize, bits: &mut Vec<bool>| {
            bits.push(b);
            bits.extend((0..k).rev().map(|i| x >> i & 1 == 1));
        };
        let mut cur = 0;
        for (x, v) in e {
            if v == cur {
                put(false, x, &mut bits);
            } else if v == cur + 1 {
                put(true, x, &mut bits);
                cur = v;
            } else {
                put(true, v, &mut bits);
                put(false, x, &mut bits);
                cur = v;
            }
        }
        // Padding: the special case keeps a final 0-bit from reading as an edge.
        if k < 6 && n == 1 << k && bits.len() % 6 > k && cur + 2 == n {
            bits.push(false);
        }
        while bits.len() % 6 != 0 {
            bits.push(true);
        }
        String::from_utf8([b":".to_vec(), n_bytes(n), r(&bits)].concat()).unwrap()
    }
}

#[test]
fn six_formats_decode_the_specification_examples() {
    use super::six::decode;
    // formats.txt: "DQc" is 0-2 0-4 1-3 3-4; ":Fa@x^" is 0-1 0-2 1-2 5-6 on 7 vertices.
    let g = decode("DQc", 100, 100).unwrap();
    let mut e = g.edges.clone();
    e.sort();
    assert_eq!(
        (g.n, g.directed, e),
        (5, false, vec![(0, 2), (0, 4), (1, 3), (3, 4)])
    );
    let s = decode(":Fa@x^", 100, 100).unwrap();
    assert_eq!((s.n, &s.edges), (7, &vec![(0, 1), (0, 2), (1, 2), (5, 6)]));
    assert_eq!(decode(">>sparse6<<:Fa@x^", 100, 100).unwrap(), s);
    // The Petersen graph as nauty's generators print it.
    let p = decode("IheA@GUAo", 100, 100).unwrap();
    assert_eq!((p.n, p.edges.len()), (10, 15));
    let mut deg = [0; 10];
    for (u, v) in &p.edges {
        deg[*u] += 1;
        deg[*v] += 1;
    }
    assert!(deg.iter().all(|&d| d == 3));
    assert_eq!(Graph::unweighted(10, false, &p.edges).girth(), Some(5));
}

#[test]
fn six_formats_round_trip_every_small_graph() {
    use super::six::decode;
    let sorted = |mut e: Vec<(usize, usize)>| {
        e.sort();
        e
    };
    for n in 0..=6 {
        for edges in super::all_simple_graphs(n) {
            let g = decode(&six_encode::graph6(n, &edges), 10, 100).unwrap();
            assert_eq!(
                (g.n, g.directed, sorted(g.edges)),
                (n, false, edges.clone())
            );
            let s = decode(&six_encode::sparse6(n, &edges), 10, 100).unwrap();
            assert_eq!(
                (s.n, s.directed, sorted(s.edges)),
                (n, false, edges.clone()),
                "{}",
                six_encode::sparse6(n, &edges)
            );
            // The same pairs read as arcs both ways, plus a loop at 0.
            let mut arcs: Vec<(usize, usize)> = edges.iter().map(|&(u, v)| (v, u)).collect();
            if n > 0 {
                arcs.push((0, 0));
            }
            let d = decode(&six_encode::digraph6(n, &arcs), 10, 100).unwrap();
            assert_eq!((d.n, d.directed, sorted(d.edges)), (n, true, sorted(arcs)));
        }
    }
    // Loops and parallel edges survive sparse6; large vertex counts use N(n)'s long forms.
    let multi = [(0, 0), (2, 2), (1, 3), (1, 3)];
    assert_eq!(
        decode(&six_encode::sparse6(4, &multi), 10, 100)
            .unwrap()
            .edges,
        multi.to_vec()
    );
    for n in [62, 63, 100, 258047, 258048] {
        let s = decode(&six_encode::sparse6(n, &[(0, n - 1)]), 300_000, 10).unwrap();
        assert_eq!((s.n, s.edges), (n, vec![(0, n - 1)]));
    }
    let big = six_encode::graph6(200, &[(5, 150)]);
    assert_eq!(decode(&big, 1000, 10).unwrap().edges, vec![(5, 150)]);
}

#[test]
fn six_formats_refuse_malformed_and_oversized_texts() {
    use super::six::{SixError, decode};
    let at = |t: &str| match decode(t, 1000, 1000) {
        Err(SixError::Malformed { position, .. }) => position,
        other => panic!("{t}: {other:?}"),
    };
    assert_eq!(at("DQ"), 3); // one character short
    assert_eq!(at("DQcc"), 4); // one too many
    assert_eq!(at("DQ c"), 3); // a space
    assert_eq!(at(";Fa@x^"), 1);
    assert_eq!(at(">>digraph6<<DQc"), 13);
    assert_eq!(at(""), 1);
    assert!(matches!(
        decode("~~~~~~~~", 1000, 1000),
        Err(SixError::TooLarge(_))
    ));
    let k8 = six_encode::graph6(
        8,
        &(0..8)
            .flat_map(|u| (u + 1..8).map(move |v| (u, v)))
            .collect::<Vec<_>>(),
    );
    assert!(matches!(decode(&k8, 100, 27), Err(SixError::TooLarge(_))));
    assert_eq!(decode(&k8, 100, 28).unwrap().edges.len(), 28);
}

/// Non-planar on at most 6 vertices means holding K3,3, K5, or K5 with one
/// edge subdivided by the sixth vertex (no other subdivision fits).
fn non_planar_by_brute_force(n: usize, edges: &[(usize, usize)]) -> bool {
    let has = |u: usize, v: usize| edges.contains(&(u.min(v), u.max(v)));
    let subsets = |k: usize| (0u32..1 << n).filter(move |m| m.count_ones() as usize == k);
    let members = |m: u32| (0..n).filter(move |i| m >> i & 1 == 1).collect::<Vec<_>>();
    let complete_but = |s: &[usize], skip: Option<(usize, usize)>| {
        s.iter().enumerate().all(|(i, &a)| {
            s[i + 1..]
                .iter()
                .all(|&b| skip == Some((a, b)) || has(a, b))
        })
    };
    for m in subsets(5) {
        let s = members(m);
        if complete_but(&s, None) {
            return true;
        }
        for x in (0..n).filter(|x| m >> x & 1 == 0) {
            for (i, &a) in s.iter().enumerate() {
                for &b in &s[i + 1..] {
                    if has(x, a) && has(x, b) && complete_but(&s, Some((a, b))) {
                        return true;
                    }
                }
            }
        }
    }
    n == 6
        && subsets(3).any(|m| {
            let (s, t) = (members(m), members(!m & 63));
            s.iter().all(|&a| t.iter().all(|&b| has(a, b)))
        })
}

#[test]
fn planarity_matches_kuratowski_brute_force_on_all_graphs_up_to_6_vertices() {
    use super::planar::{Planarity, is_kuratowski, is_plane_embedding, planarity};
    let budget = Budget::unlimited();
    let mut non_planar = 0;
    for n in 0..=6 {
        for edges in super::all_simple_graphs(n) {
            match planarity(n, &edges, &budget).unwrap() {
                Planarity::Planar { rotation } => {
                    assert!(!non_planar_by_brute_force(n, &edges), "{edges:?}");
                    assert!(
                        is_plane_embedding(n, &edges, &rotation),
                        "{edges:?} {rotation:?}"
                    );
                }
                Planarity::NonPlanar(k) => {
                    assert!(non_planar_by_brute_force(n, &edges), "{edges:?}");
                    let k = k.expect("no deadline, so a witness");
                    assert!(is_kuratowski(n, &edges, &k), "{edges:?} {k:?}");
                    non_planar += 1;
                }
            }
        }
    }
    // K5 on 5 vertices; on 6 vertices the oracle's count of labelled non-planar graphs.
    assert!(non_planar > 1);
}

#[test]
fn planarity_witnesses_hold_on_larger_graphs() {
    use super::planar::{Planarity, is_kuratowski, is_plane_embedding, planarity};
    let budget = Budget::unlimited();
    let mut rng = StdRng::seed_from_u64(7);
    // Triangulated grids are planar with 3n − 6 − O(√n) edges; one extra
    // long diagonal across a 3×3 grid of triangulated squares may or may not be.
    for side in [3usize, 6, 12] {
        let n = side * side;
        let id = |r: usize, c: usize| r * side + c;
        let mut edges = Vec::new();
        for r in 0..side {
            for c in 0..side {
                if c + 1 < side {
                    edges.push((id(r, c), id(r, c + 1)));
                }
                if r + 1 < side {
                    edges.push((id(r, c), id(r + 1, c)));
                }
                if r + 1 < side && c + 1 < side {
                    edges.push((id(r, c), id(r + 1, c + 1)));
                }
            }
        }
        let Planarity::Planar { rotation } = planarity(n, &edges, &budget).unwrap() else {
            panic!("a triangulated grid is planar")
        };
        assert!(is_plane_embedding(n, &edges, &rotation));
        // Join two far interior vertices: non-planar once the grid is large
        // enough to be 3-connected around them.
        let mut more = edges.clone();
        more.push((id(1, 1), id(side - 2, side - 2)));
        if side >= 6 {
            match planarity(n, &more, &budget).unwrap() {
                Planarity::NonPlanar(k) => assert!(is_kuratowski(n, &more, &k.unwrap())),
                Planarity::Planar { .. } => panic!("grid plus a far chord is not planar"),
            }
        }
    }
    // Random graphs on 12 vertices: whatever the answer, its witness holds.
    for _ in 0..300 {
        let n = 12;
        let m = rng.gen_range(10..30);
        let mut edges: Vec<(usize, usize)> = (0..m)
            .map(|_| {
                let (u, v) = (rng.gen_range(0..n), rng.gen_range(0..n));
                (u.min(v), u.max(v))
            })
            .filter(|(u, v)| u != v)
            .collect();
        edges.sort();
        edges.dedup();
        match planarity(n, &edges, &budget).unwrap() {
            Planarity::Planar { rotation } => {
                assert!(is_plane_embedding(n, &edges, &rotation), "{edges:?}")
            }
            Planarity::NonPlanar(k) => assert!(is_kuratowski(n, &edges, &k.unwrap()), "{edges:?}"),
        }
    }
}

#[test]
fn weighted_blossom_matches_brute_force() {
    use super::weighted_matching::max_weight_matching;
    let budget = Budget::unlimited();
    let mut rng = StdRng::seed_from_u64(11);
    let mut cases: Vec<(usize, Vec<(usize, usize, Q)>)> = Vec::new();
    for n in 1..=6 {
        for edges in super::all_simple_graphs(n) {
            let weighted = edges
                .iter()
                .map(|&(u, v)| {
                    (
                        u,
                        v,
                        Q::new(
                            rng.gen_range(-3i64..12).into(),
                            rng.gen_range(1i64..4).into(),
                        ),
                    )
                })
                .collect();
            cases.push((n, weighted));
        }
    }
    // Denser random graphs on 8–10 vertices, where blossoms nest.
    for _ in 0..300 {
        let n = rng.gen_range(8..=10);
        let edges = (0..rng.gen_range(10..30))
            .map(|_| {
                (
                    rng.gen_range(0..n),
                    rng.gen_range(0..n),
                    Q::from_integer(rng.gen_range(1i64..20).into()),
                )
            })
            .collect();
        cases.push((n, edges));
    }
    for (n, edges) in cases {
        let mate = max_weight_matching(n, &edges, &budget)
            .unwrap()
            .expect("certified");
        // The matching is symmetric and uses edges of the graph.
        let mut total = Q::zero();
        for v in 0..n {
            if let Some(u) = mate[v] {
                assert_eq!(mate[u], Some(v));
                let w = edges
                    .iter()
                    .filter(|(a, b, _)| (*a == u && *b == v) || (*a == v && *b == u))
                    .map(|e| e.2.clone())
                    .max()
                    .expect("an edge");
                if u < v {
                    total += w;
                }
            }
        }
        // Brute force: the best matching by recursion over the lowest free vertex.
        fn best(free: u32, n: usize, w: &[Vec<Option<Q>>]) -> Q {
            let Some(v) = (0..n).find(|&v| free >> v & 1 == 1) else {
                return Q::zero();
            };
            let rest = free & !(1 << v);
            let mut b = best(rest, n, w);
            for u in 0..n {
                if rest >> u & 1 == 1
                    && let Some(x) = &w[v][u]
                {
                    let c = x + best(rest & !(1 << u), n, w);
                    if c > b {
                        b = c;
                    }
                }
            }
            b
        }
        let mut w = vec![vec![None::<Q>; n]; n];
        for (a, b, x) in &edges {
            if a != b {
                for (i, j) in [(*a, *b), (*b, *a)] {
                    if w[i][j].as_ref().is_none_or(|y| x > y) {
                        w[i][j] = Some(x.clone());
                    }
                }
            }
        }
        assert_eq!(total, best((1 << n) - 1, n, &w), "{n} {edges:?}");
    }
}

/// Successive shortest paths against the exact simplex on the same program
/// (min Σ cₑfₑ, conservation rows, 0 ≤ fₑ ≤ capₑ): equal optimal costs, and
/// infeasible exactly when the simplex proves it; random networks with
/// negative costs, parallel arcs, loops and rational data.
#[test]
fn minimum_cost_flow_matches_the_simplex() {
    use super::{CostFlow, CostFlowProblem, minimum_cost_flow};
    use crate::lp::{self, Answer, Problem, Relation, Row};
    let mut rng = StdRng::seed_from_u64(36);
    let (mut optimal, mut infeasible) = (0, 0);
    for _ in 0..300 {
        let n = rng.gen_range(2..8);
        let arcs: Vec<(usize, usize)> = (0..rng.gen_range(1..16))
            .map(|_| (rng.gen_range(0..n), rng.gen_range(0..n)))
            .collect();
        let m = arcs.len();
        let q = |a: i64, b: i64| Q::new(a.into(), b.into());
        let capacities: Vec<Q> = (0..m)
            .map(|_| q(rng.gen_range(0..6), rng.gen_range(1..3)))
            .collect();
        let costs: Vec<Q> = (0..m).map(|_| q(rng.gen_range(-3..8), 1)).collect();
        let mut supplies: Vec<Q> = (0..n)
            .map(|_| q(rng.gen_range(-4..5), rng.gen_range(1..3)))
            .collect();
        let total: Q = supplies.iter().sum();
        supplies[n - 1] -= total;
        let p = CostFlowProblem {
            n,
            arcs: &arcs,
            capacities: &capacities,
            costs: &costs,
            supplies: &supplies,
        };
        let ours = minimum_cost_flow(&p, &Budget::unlimited()).expect("solves");
        let lp = Problem {
            cost: costs.clone(),
            rows: (0..n)
                .map(|v| Row {
                    coefficients: arcs
                        .iter()
                        .map(|&(a, b)| q(i64::from(a == v) - i64::from(b == v), 1))
                        .collect(),
                    relation: Relation::Eq,
                    rhs: supplies[v].clone(),
                })
                .collect(),
            lower: vec![Some(Q::zero()); m],
            upper: capacities.iter().cloned().map(Some).collect(),
        };
        match (ours, lp::solve(&lp, &Budget::unlimited()).expect("simplex")) {
            (CostFlow::Optimal { cost, .. }, Answer::Optimal { x, .. }) => {
                assert_eq!(
                    cost,
                    lp::objective(&lp, &x),
                    "{arcs:?} {capacities:?} {costs:?} {supplies:?}"
                );
                optimal += 1;
            }
            (CostFlow::Infeasible { .. }, Answer::Infeasible { .. }) => infeasible += 1,
            (a, b) => {
                panic!("disagree: {a:?} vs {b:?} on {arcs:?} {capacities:?} {costs:?} {supplies:?}")
            }
        }
    }
    assert!(
        optimal > 50 && infeasible > 50,
        "{optimal} optimal, {infeasible} infeasible"
    );
}

/// The chromatic index by SAT against the chromatic number of the line
/// graph by DSATUR branch and bound: every simple graph on up to 5
/// vertices and random multigraphs on up to 7.
#[test]
fn chromatic_index_is_the_line_graphs_chromatic_number() {
    use super::{all_simple_graphs, chromatic, edge_colouring};
    use crate::sat::cdcl::Limits;
    let limits = Limits {
        proof_words: 1 << 24,
    };
    let mut rng = StdRng::seed_from_u64(37);
    let mut cases: Vec<(usize, Vec<(usize, usize)>)> = (1..=5)
        .flat_map(|n| all_simple_graphs(n).into_iter().map(move |e| (n, e)))
        .collect();
    for _ in 0..200 {
        let n = rng.gen_range(2..8);
        let edges = (0..rng.gen_range(0..14))
            .map(|_| (rng.gen_range(0..n), rng.gen_range(0..n)))
            .filter(|(u, v)| u != v)
            .collect();
        cases.push((n, edges));
    }
    let mut proofs = 0;
    for (n, edges) in cases {
        let g = Graph::unweighted(n, false, &edges);
        let line: Vec<(usize, usize)> = (0..edges.len())
            .flat_map(|e| (e + 1..edges.len()).map(move |f| (e, f)))
            .filter(|&(e, f)| {
                let ((a, b), (c, d)) = (edges[e], edges[f]);
                a == c || a == d || b == c || b == d
            })
            .collect();
        let oracle = chromatic(
            &Graph::unweighted(edges.len(), false, &line),
            &Budget::unlimited(),
        )
        .unwrap();
        let super::Search::Exact(c) = oracle else {
            panic!("oracle stopped")
        };
        let expected = c.iter().map(|x| x + 1).max().unwrap_or(0);
        let ours = edge_colouring(&g, &limits, &Budget::unlimited()).unwrap();
        assert_eq!(
            (ours.count, ours.lower),
            (expected, expected),
            "{n} {edges:?}"
        );
        proofs += usize::from(matches!(ours.bound, super::IndexBound::Proof { .. }));
    }
    assert!(proofs > 10, "{proofs} answers rest on a replayed proof");
}

/// Ramsey colourings against all 2^C(n,2) colourings of Kₙ for n ≤ 6 and
/// cliques of 2 to 4, and the known R(3,3) = 6, R(3,4) = 9.
#[test]
fn ramsey_colourings_exist_exactly_when_brute_force_finds_one() {
    use super::{Ramsey, ramsey_colouring};
    use crate::sat::cdcl::Limits;
    let limits = Limits {
        proof_words: 1 << 24,
    };
    let b = Budget::unlimited();
    for n in 1..=6usize {
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect();
        for s in 2..=4usize {
            for t in 2..=4usize {
                let clique = |mask: u32, k: usize, colour: bool| {
                    (0u32..1 << n)
                        .filter(|v| v.count_ones() as usize == k)
                        .any(|v| {
                            pairs.iter().enumerate().all(|(e, &(i, j))| {
                                v >> i & 1 == 0 || v >> j & 1 == 0 || (mask >> e & 1 == 1) == colour
                            })
                        })
                };
                let exists =
                    (0u32..1 << pairs.len()).any(|m| !clique(m, s, true) && !clique(m, t, false));
                let found = ramsey_colouring(n, s, t, &limits, &b).unwrap();
                assert_eq!(
                    matches!(found, Ramsey::Colouring(_)),
                    exists,
                    "K_{n}, {s}, {t}"
                );
                assert!(!matches!(found, Ramsey::Unknown(_)));
            }
        }
    }
    for (s, t, r) in [(3, 3, 6), (3, 4, 9)] {
        assert!(matches!(
            ramsey_colouring(r - 1, s, t, &limits, &b).unwrap(),
            Ramsey::Colouring(_)
        ));
        assert!(matches!(
            ramsey_colouring(r, s, t, &limits, &b).unwrap(),
            Ramsey::None { .. }
        ));
    }
}

/// Maximum cuts against every 2^(n−1) partition: all graphs on up to 5
/// vertices with weights of both signs, and random weighted graphs on 11.
#[test]
fn maximum_cut_matches_brute_force() {
    use super::maximum_cut;
    let mut rng = StdRng::seed_from_u64(38);
    let mut cases: Vec<(usize, Vec<(usize, usize)>)> = (1..=5)
        .flat_map(|n| super::all_simple_graphs(n).into_iter().map(move |e| (n, e)))
        .collect();
    for _ in 0..60 {
        let edges = (0..rng.gen_range(0..40))
            .map(|_| (rng.gen_range(0..11), rng.gen_range(0..11)))
            .collect();
        cases.push((11, edges));
    }
    for (n, edges) in cases {
        let weighted: Vec<(usize, usize, Q)> = edges
            .iter()
            .map(|&(u, v)| {
                (
                    u,
                    v,
                    Q::new(
                        rng.gen_range(-4..9i64).into(),
                        rng.gen_range(1..4i64).into(),
                    ),
                )
            })
            .collect();
        let g = Graph::new(n, false, weighted.clone());
        let brute = (0u32..1 << n)
            .map(|m| {
                weighted
                    .iter()
                    .filter(|(u, v, _)| (m >> u & 1) != (m >> v & 1))
                    .map(|(_, _, w)| w.clone())
                    .sum::<Q>()
            })
            .max()
            .unwrap();
        let cut = maximum_cut(&g, &Budget::unlimited()).unwrap();
        assert_eq!(
            (cut.value, cut.upper_bound),
            (brute, None),
            "{n} {weighted:?}"
        );
    }
}

/// At a deadline the cut found is below the upper bound reported, and the
/// bound is at least the optimum's (a 60-vertex random graph, stopped early).
#[test]
fn maximum_cut_stops_with_a_valid_bound() {
    use super::maximum_cut;
    let mut rng = StdRng::seed_from_u64(39);
    let edges: Vec<(usize, usize)> = (0..600)
        .map(|_| (rng.gen_range(0..60), rng.gen_range(0..60)))
        .collect();
    let g = Graph::unweighted(60, false, &edges);
    let cut = maximum_cut(
        &g,
        &Budget::with_timeout(std::time::Duration::from_millis(50)),
    )
    .unwrap();
    let upper = cut
        .upper_bound
        .expect("a dense 60-vertex graph is not finished in 50 ms");
    let non_loops = edges.iter().filter(|(u, v)| u != v).count();
    assert!(cut.value <= upper && upper <= Q::from_integer(non_loops.into()));
}

/// Homomorphisms and (induced) subgraph isomorphisms against every map
/// from the pattern's vertices to the host's: random directed and
/// undirected pairs with loops, pattern ≤ 4 vertices, host ≤ 5.
#[test]
fn maps_exist_exactly_when_some_map_of_all_works() {
    use super::{MapKind, Mapped, find_map};
    let mut rng = StdRng::seed_from_u64(40);
    let kinds = [
        MapKind::Homomorphism,
        MapKind::Subgraph { induced: false },
        MapKind::Subgraph { induced: true },
    ];
    let mut found = [0usize; 3];
    for _ in 0..400 {
        let directed = rng.gen_bool(0.3);
        let (k, n) = (rng.gen_range(1..5usize), rng.gen_range(1..6usize));
        let random_edges = |rng: &mut StdRng, n: usize, m: usize| -> Vec<(usize, usize)> {
            (0..m)
                .map(|_| (rng.gen_range(0..n), rng.gen_range(0..n)))
                .collect()
        };
        let (pm, hm) = (rng.gen_range(0..6), rng.gen_range(0..12));
        let pe = random_edges(&mut rng, k, pm);
        let he = random_edges(&mut rng, n, hm);
        let (p, h) = (
            Graph::unweighted(k, directed, &pe),
            Graph::unweighted(n, directed, &he),
        );
        let edge = |es: &[(usize, usize)], a: usize, b: usize| {
            es.iter()
                .any(|&(u, v)| (u, v) == (a, b) || (!directed && (v, u) == (a, b)))
        };
        for (i, kind) in kinds.into_iter().enumerate() {
            let works = |f: &[usize]| {
                let injective = !matches!(kind, MapKind::Homomorphism);
                (0..k).all(|a| {
                    (0..k).all(|b| {
                        let (pe_ab, he_ab) = (edge(&pe, a, b), edge(&he, f[a], f[b]));
                        (!pe_ab || he_ab)
                            && (!injective || a == b || f[a] != f[b])
                            && (kind != (MapKind::Subgraph { induced: true }) || pe_ab == he_ab)
                    })
                })
            };
            let exists = (0..n.pow(k as u32)).any(|code| {
                let f: Vec<usize> = (0..k).map(|j| code / n.pow(j as u32) % n).collect();
                works(&f)
            });
            match find_map(&p, &h, kind, &Budget::unlimited()).unwrap() {
                Mapped::Map(f) => {
                    assert!(exists && works(&f), "{kind:?} {pe:?} -> {he:?}: {f:?}");
                    found[i] += 1;
                }
                Mapped::None => assert!(!exists, "{kind:?} {pe:?} -> {he:?} missed"),
                Mapped::Unknown => panic!("no deadline was set"),
            }
        }
    }
    assert!(found.iter().all(|&f| f > 40 && f < 360), "{found:?}");
}

/// Longest simple paths against every simple path: random directed
/// (often acyclic) and undirected graphs on up to 7 vertices with signed
/// rational weights, with and without given ends.
#[test]
fn longest_paths_match_every_simple_path() {
    use super::longest_path;
    let mut rng = StdRng::seed_from_u64(41);
    for round in 0..300 {
        let n = rng.gen_range(1..8usize);
        let directed = rng.gen_bool(0.5);
        let acyclic = directed && round % 2 == 0;
        let edges: Vec<(usize, usize, Q)> = (0..rng.gen_range(0..14))
            .map(|_| {
                let (a, b) = (rng.gen_range(0..n), rng.gen_range(0..n));
                let (a, b) = if acyclic {
                    (a.min(b), a.max(b))
                } else {
                    (a, b)
                };
                (
                    a,
                    b,
                    Q::new(
                        rng.gen_range(-3..7i64).into(),
                        rng.gen_range(1..3i64).into(),
                    ),
                )
            })
            .filter(|(a, b, _)| !acyclic || a != b)
            .collect();
        let g = Graph::new(n, directed, edges.clone());
        let source = rng.gen_bool(0.5).then(|| rng.gen_range(0..n));
        let target = rng.gen_bool(0.5).then(|| rng.gen_range(0..n));
        // Every simple path by depth-first enumeration.
        fn all(g: &Graph, path: &mut Vec<usize>, len: Q, out: &mut Vec<(Vec<usize>, Q)>) {
            out.push((path.clone(), len.clone()));
            let v = *path.last().unwrap();
            for &(u, e) in &g.adj[v] {
                if !path.contains(&u) {
                    path.push(u);
                    all(g, path, &len + &g.edges[e].2, out);
                    path.pop();
                }
            }
        }
        let mut paths = Vec::new();
        for s in 0..n {
            all(&g, &mut vec![s], Q::zero(), &mut paths);
        }
        let brute = paths
            .into_iter()
            .filter(|(p, _)| {
                source.is_none_or(|s| p[0] == s) && target.is_none_or(|t| *p.last().unwrap() == t)
            })
            .map(|(_, l)| l)
            .max();
        let ours = longest_path(&g, source, target, &Budget::unlimited()).unwrap();
        assert_eq!(
            ours.path.map(|p| p.length),
            brute,
            "{n} {directed} {edges:?} {source:?} {target:?}"
        );
        assert!(ours.upper_bound.is_none());
    }
}

/// Minimum feedback vertex sets against every vertex subset: all graphs on
/// up to 5 vertices and random directed and undirected multigraphs with
/// loops on up to 8.
#[test]
fn feedback_vertex_sets_match_brute_force() {
    use super::{Search, feedback_vertex_set};
    let mut rng = StdRng::seed_from_u64(42);
    let mut cases: Vec<(usize, bool, Vec<(usize, usize)>)> = (1..=5)
        .flat_map(|n| {
            super::all_simple_graphs(n)
                .into_iter()
                .map(move |e| (n, false, e))
        })
        .collect();
    for _ in 0..200 {
        let n = rng.gen_range(1..9);
        let edges = (0..rng.gen_range(0..14))
            .map(|_| (rng.gen_range(0..n), rng.gen_range(0..n)))
            .collect();
        cases.push((n, rng.gen_bool(0.5), edges));
    }
    let acyclic = |n: usize, directed: bool, edges: &[(usize, usize)], keep: u32| {
        let kept: Vec<(usize, usize)> = edges
            .iter()
            .copied()
            .filter(|&(u, v)| keep >> u & 1 == 1 && keep >> v & 1 == 1)
            .collect();
        if kept.iter().any(|(u, v)| u == v) {
            return false;
        }
        if directed {
            Graph::unweighted(n, true, &kept)
                .topological_order()
                .is_ok()
        } else {
            // A forest: edges = vertices − components among the kept.
            let vertices = (0..n).filter(|&v| keep >> v & 1 == 1).count();
            component_count(n, &kept, None) - (n - vertices) + kept.len() == vertices
        }
    };
    for (n, directed, edges) in cases {
        let brute = (0u32..1 << n)
            .filter(|&keep| acyclic(n, directed, &edges, keep))
            .map(|keep| n - keep.count_ones() as usize)
            .min()
            .unwrap();
        let g = Graph::unweighted(n, directed, &edges);
        let Search::Exact(set) = feedback_vertex_set(&g, &Budget::unlimited()).unwrap() else {
            panic!("no deadline was set")
        };
        assert_eq!(set.len(), brute, "{n} {directed} {edges:?}");
    }
}

/// Steiner trees against the lightest connected edge subset holding the
/// terminals, over every subset of edges: random weighted graphs on up to
/// 6 vertices and 9 edges, 1 to 4 terminals.
#[test]
fn steiner_trees_match_every_edge_subset() {
    use super::steiner_tree;
    let mut rng = StdRng::seed_from_u64(43);
    for _ in 0..300 {
        let n = rng.gen_range(1..7usize);
        let edges: Vec<(usize, usize, Q)> = (0..rng.gen_range(0..10))
            .map(|_| {
                (
                    rng.gen_range(0..n),
                    rng.gen_range(0..n),
                    Q::new(rng.gen_range(0..7i64).into(), rng.gen_range(1..3i64).into()),
                )
            })
            .collect();
        let mut terminals: Vec<usize> = (0..n).filter(|_| rng.gen_bool(0.5)).collect();
        if terminals.is_empty() {
            terminals.push(rng.gen_range(0..n));
        }
        let connected = |mask: u32| {
            let chosen: Vec<(usize, usize)> = (0..edges.len())
                .filter(|&e| mask >> e & 1 == 1)
                .map(|e| (edges[e].0, edges[e].1))
                .collect();
            let mut reach = vec![false; n];
            reach[terminals[0]] = true;
            for _ in 0..n {
                for &(u, v) in &chosen {
                    if reach[u] || reach[v] {
                        reach[u] = true;
                        reach[v] = true;
                    }
                }
            }
            terminals.iter().all(|&t| reach[t])
        };
        let brute = (0u32..1 << edges.len())
            .filter(|&m| connected(m))
            .map(|m| {
                (0..edges.len())
                    .filter(|&e| m >> e & 1 == 1)
                    .map(|e| edges[e].2.clone())
                    .sum::<Q>()
            })
            .min();
        let g = Graph::new(n, false, edges.clone());
        let ours = steiner_tree(&g, &terminals, &Budget::unlimited()).unwrap();
        assert_eq!(ours.map(|t| t.weight), brute, "{n} {edges:?} {terminals:?}");
    }
}
