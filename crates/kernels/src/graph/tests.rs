use super::Graph;
use crate::{Budget, Q};
use num_traits::Zero;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Every simple undirected graph on n vertices, as edge lists.
pub(crate) fn all_graphs(n: usize) -> Vec<Vec<(usize, usize)>> {
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
        .collect();
    (0..1u32 << pairs.len())
        .map(|mask| {
            pairs
                .iter()
                .enumerate()
                .filter(|(i, _)| mask >> i & 1 == 1)
                .map(|(_, &e)| e)
                .collect()
        })
        .collect()
}

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
        for edges in all_graphs(n) {
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
        for edges in all_graphs(n) {
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
