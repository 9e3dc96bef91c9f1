//! Graph operations against brute force on every small graph, and their
//! witnesses checked.

use serde_json::{Value, json};

fn run(id: &str, input: Value) -> Value {
    crate::run_operation(id, input).unwrap_or_else(|e| panic!("{id}: {e:?}"))
}

/// Every simple undirected graph on n vertices.
fn all_graphs(n: usize) -> Vec<Vec<[usize; 2]>> {
    let pairs = |g: Vec<(usize, usize)>| g.into_iter().map(|(u, v)| [u, v]).collect();
    hessian_kernels::graph::all_simple_graphs(n)
        .into_iter()
        .map(pairs)
        .collect()
}

/// Every graph up to 6 vertices: all labelled graphs on at most 5, and one
/// representative of each of the 156 isomorphism classes on 6 (every
/// quantity checked here is invariant under relabelling).
fn small_graphs() -> Vec<(usize, Vec<[usize; 2]>)> {
    let mut out: Vec<(usize, Vec<[usize; 2]>)> = (1..=5)
        .flat_map(|n| all_graphs(n).into_iter().map(move |e| (n, e)))
        .collect();
    let pairs: Vec<[usize; 2]> = (0..6)
        .flat_map(|u| (u + 1..6).map(move |v| [u, v]))
        .collect();
    let mut perms = Vec::new();
    let mut p: Vec<usize> = (0..6).collect();
    fn heap(k: usize, p: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if k == 1 {
            out.push(p.clone());
            return;
        }
        for i in 0..k {
            heap(k - 1, p, out);
            let j = if k.is_multiple_of(2) { i } else { 0 };
            p.swap(j, k - 1);
        }
    }
    heap(6, &mut p, &mut perms);
    let bit = |u: usize, v: usize| {
        pairs
            .iter()
            .position(|&e| e == [u.min(v), u.max(v)])
            .unwrap()
    };
    let maps: Vec<Vec<usize>> = perms
        .iter()
        .map(|p| pairs.iter().map(|&[u, v]| bit(p[u], p[v])).collect())
        .collect();
    let mut seen = std::collections::HashSet::new();
    for mask in 0u32..1 << 15 {
        let canonical = maps
            .iter()
            .map(|m| {
                (0..15)
                    .filter(|&i| mask >> i & 1 == 1)
                    .fold(0u32, |a, i| a | 1 << m[i])
            })
            .min()
            .unwrap();
        if seen.insert(canonical) {
            out.push((
                6,
                (0..15)
                    .filter(|&i| canonical >> i & 1 == 1)
                    .map(|i| pairs[i])
                    .collect(),
            ));
        }
    }
    assert_eq!(seen.len(), 156, "graphs on 6 vertices up to isomorphism");
    out
}

fn connected(n: usize, edges: &[[usize; 2]]) -> bool {
    let mut seen = vec![false; n];
    let mut stack = vec![0];
    while let Some(u) = stack.pop() {
        if !std::mem::replace(&mut seen[u], true) {
            for [a, b] in edges {
                if *a == u {
                    stack.push(*b)
                }
                if *b == u {
                    stack.push(*a)
                }
            }
        }
    }
    seen.iter().all(|&s| s)
}

#[test]
fn spanning_trees_matchings_and_trees_match_brute_force() {
    for (n, edges) in small_graphs() {
        {
            let graph = json!({"vertices": n, "edges": edges});
            // Spanning trees: (n−1)-edge subsets that connect all vertices.
            let m = edges.len();
            let mut trees = 0u64;
            let mut best_matching = 0;
            for mask in 0..1u32 << m {
                let chosen: Vec<[usize; 2]> = (0..m)
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| edges[i])
                    .collect();
                if chosen.len() + 1 == n && connected(n, &chosen) {
                    trees += 1;
                }
                let mut used = vec![false; n];
                if chosen.iter().all(|[a, b]| {
                    !std::mem::replace(&mut used[*a], true)
                        & !std::mem::replace(&mut used[*b], true)
                }) {
                    best_matching = best_matching.max(chosen.len());
                }
            }
            let count = run("graph.spanning_tree_count.compute", json!({"graph": graph}));
            assert_eq!(count, json!(trees.to_string()), "{edges:?}");
            let matching = run("graph.maximum_matching.compute", json!({"graph": graph}));
            assert_eq!(matching["size"], json!(best_matching), "{edges:?}");
            let mst = run(
                "graph.minimum_spanning_tree.compute",
                json!({"graph": graph}),
            );
            assert_eq!(mst["spanning_tree"], json!(trees > 0 || n == 1));
            // Eccentricities against BFS distances from the distance matrix's rows.
            let d = run("graph.distance_matrix.compute", json!({"graph": graph}));
            let e = run("graph.eccentricity.compute", json!({"graph": graph}));
            let diameter_is_infinite = !connected(n, &edges);
            assert_eq!(
                e["diameter"] == json!("inf"),
                diameter_is_infinite,
                "{edges:?}"
            );
            for (v, row) in d["distances"].as_array().unwrap().iter().enumerate() {
                let max = row
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|x| x.as_str().and_then(|s| s.parse::<i64>().ok()))
                    .collect::<Option<Vec<_>>>()
                    .map(|r| r.into_iter().max().unwrap());
                assert_eq!(
                    e["eccentricities"][v],
                    max.map_or(json!("inf"), |m| json!(m.to_string()))
                );
            }
        }
    }
}

#[test]
fn weighted_spanning_trees_and_paths_are_optimal() {
    // K5 with weights; the MST weight equals the brute-force minimum.
    let edges: Vec<[usize; 2]> = (0..5)
        .flat_map(|u| (u + 1..5).map(move |v| [u, v]))
        .collect();
    let weights: Vec<String> = (0..edges.len())
        .map(|k| format!("{}/{}", (k * 7 + 3) % 11 + 1, k % 3 + 1))
        .collect();
    let graph = json!({"vertices": 5, "edges": edges, "weights": weights});
    let mst = run(
        "graph.minimum_spanning_tree.compute",
        json!({"graph": graph}),
    );
    let w = |k: usize| -> (i64, i64) { (((k * 7 + 3) % 11 + 1) as i64, (k % 3 + 1) as i64) };
    let mut best: Option<(i64, i64)> = None;
    for mask in 0..1u32 << edges.len() {
        let chosen: Vec<usize> = (0..edges.len()).filter(|i| mask >> i & 1 == 1).collect();
        if chosen.len() == 4 && connected(5, &chosen.iter().map(|&k| edges[k]).collect::<Vec<_>>())
        {
            // Sum as a fraction over 6.
            let total: i64 = chosen.iter().map(|&k| w(k).0 * (6 / w(k).1)).sum();
            if best.is_none_or(|(b, _)| total < b) {
                best = Some((total, 6));
            }
        }
    }
    let (num, den) = best.unwrap();
    let g = num_integer::Integer::gcd(&num, &den);
    let want = if den / g == 1 {
        format!("{}", num / g)
    } else {
        format!("{}/{}", num / g, den / g)
    };
    assert_eq!(mst["weight"], json!(want));
    // A shortest path's edges add up to its distance, and it is no longer
    // than the distance matrix says.
    let p = run(
        "graph.shortest_path.find",
        json!({"graph": graph, "source": 0, "target": 4}),
    );
    let d = run("graph.distance_matrix.compute", json!({"graph": graph}));
    assert_eq!(p["distance"], d["distances"][0][4]);
}

#[test]
fn witnesses_hold() {
    // Strong components: u and v together iff each reaches the other.
    let graph = json!({"vertices": 6, "edges": [[0, 1], [1, 2], [2, 0], [2, 3], [3, 4], [4, 3], [5, 5]], "directed": true});
    let scc = run(
        "graph.strongly_connected_components.compute",
        json!({"graph": graph}),
    );
    assert_eq!(scc["components"], json!([[0, 1, 2], [3, 4], [5]]));
    let topo = run("graph.topological_order.compute", json!({"graph": graph}));
    assert_eq!(topo["acyclic"], json!(false));
    let cycle: Vec<usize> = serde_json::from_value(topo["cycle"].clone()).unwrap();
    let edges: Vec<[usize; 2]> = serde_json::from_value(graph["edges"].clone()).unwrap();
    for i in 0..cycle.len() {
        assert!(edges.contains(&[cycle[i], cycle[(i + 1) % cycle.len()]]));
    }
    // Euler: the walk uses every edge once and consecutive edges meet.
    let k5: Vec<[usize; 2]> = (0..5)
        .flat_map(|u| (u + 1..5).map(move |v| [u, v]))
        .collect();
    let e = run(
        "graph.eulerian.find",
        json!({"graph": {"vertices": 5, "edges": k5}}),
    );
    assert_eq!(e["kind"], json!("circuit"));
    let walk: Vec<usize> = serde_json::from_value(e["edges"].clone()).unwrap();
    let vertices: Vec<usize> = serde_json::from_value(e["vertices"].clone()).unwrap();
    let mut sorted = walk.clone();
    sorted.sort();
    assert_eq!(sorted, (0..10).collect::<Vec<_>>());
    for (i, &k) in walk.iter().enumerate() {
        let [a, b] = k5[k];
        assert!(
            (vertices[i] == a && vertices[i + 1] == b)
                || (vertices[i] == b && vertices[i + 1] == a)
        );
    }
    let none = run(
        "graph.eulerian.find",
        json!({"graph": {"vertices": 4, "edges": [[0, 1], [0, 2], [0, 3]]}}),
    );
    assert_eq!(none["kind"], json!("none"));
    // Negative cycles are reported, with a cycle whose weight is negative.
    let neg = json!({"vertices": 3, "edges": [[0, 1], [1, 2], [2, 1]], "weights": [1, -2, 1], "directed": true});
    let p = run(
        "graph.shortest_path.find",
        json!({"graph": neg, "source": 0, "target": 2}),
    );
    assert_eq!(p["negative_cycle"].as_array().map(Vec::len), Some(2));
    // Petersen graph: girth 5, no triangles, 2000 spanning trees, perfect matching.
    let petersen: Vec<[usize; 2]> = (0..5)
        .flat_map(|i| [[i, (i + 1) % 5], [i, i + 5], [i + 5, (i + 2) % 5 + 5]])
        .collect();
    let g = json!({"vertices": 10, "edges": petersen});
    assert_eq!(run("graph.girth.compute", json!({"graph": g})), json!("5"));
    assert_eq!(
        run(
            "graph.girth.compute",
            json!({"graph": {"vertices": 3, "edges": [[0, 1], [1, 2]]}})
        ),
        json!("inf")
    );
    assert_eq!(run("graph.triangles.count", json!({"graph": g})), json!(0));
    assert_eq!(
        run("graph.spanning_tree_count.compute", json!({"graph": g})),
        json!("2000")
    );
    assert_eq!(
        run("graph.maximum_matching.compute", json!({"graph": g}))["size"],
        json!(5)
    );
    let cp = run(
        "graph.characteristic_polynomial.compute",
        json!({"graph": g}),
    );
    // Spectrum 3, 1^5, (−2)^4: (x − 3)(x − 1)^5(x + 2)^4.
    assert_eq!(
        cp["polynomial"],
        json!("x^10 - 15*x^8 + 75*x^6 - 24*x^5 - 165*x^4 + 120*x^3 + 120*x^2 - 160*x + 48")
    );
    // Cross-field mistakes name the field.
    let err = crate::run_operation(
        "graph.connected_components.compute",
        json!({"graph": {"vertices": 2, "edges": [[0, 2]]}}),
    )
    .unwrap_err();
    assert_eq!(err.path.as_deref(), Some("input.graph.edges[0]"));
}

#[test]
fn graph6_sparse6_and_digraph6_strings_are_the_same_graphs() {
    use hessian_op::Code;
    // nauty's Petersen graph, against the standard construction.
    let petersen = run("graph.standard.construct", json!({"family": "petersen"}));
    let iso = run(
        "graph.isomorphism.find",
        json!({"first": "IheA@GUAo", "second": petersen}),
    );
    assert_eq!(iso["isomorphic"], json!(true));
    assert_eq!(
        run(
            "graph.girth.compute",
            json!({"graph": ">>graph6<<IheA@GUAo"})
        ),
        json!("5")
    );
    // formats.txt's sparse6 example: 0-1 0-2 1-2 5-6 on 7 vertices.
    let parts = run(
        "graph.connected_components.compute",
        json!({"graph": ":Fa@x^"}),
    );
    assert_eq!(parts["components"], json!([[0, 1, 2], [3], [4], [5, 6]]));
    // digraph6 "&BP?": arcs 0→1 and 1→2 on 3 vertices, read as directed.
    let order = run("graph.topological_order.compute", json!({"graph": "&BP?"}));
    assert_eq!(order["order"], json!([0, 1, 2]));
    // Malformed text names the character; oversize is limit_exceeded.
    let short = crate::run_operation("graph.girth.compute", json!({"graph": "DQ"})).unwrap_err();
    assert_eq!(
        (short.code, short.path.as_deref()),
        (Code::InvalidInput, Some("input.graph"))
    );
    assert!(
        short.message.contains("graph6 text at character 3"),
        "{}",
        short.message
    );
    let huge =
        crate::run_operation("graph.girth.compute", json!({"graph": "~~~~~~~~"})).unwrap_err();
    assert_eq!(huge.code, Code::LimitExceeded, "{huge:?}");
    // Each operation's vertex bound is in its schema and is limit_exceeded in either form.
    let empty61 = format!("|{}", "?".repeat(61 * 60 / 2 / 6));
    for g in [json!({"vertices": 61, "edges": []}), json!(empty61)] {
        let over = crate::run_operation("graph.hamiltonian.find", json!({"graph": g})).unwrap_err();
        assert_eq!(over.code, Code::LimitExceeded, "{over:?}");
        assert!(over.message.contains("at most 60"), "{}", over.message);
    }
    assert_eq!(
        run(
            "graph.connected_components.compute",
            json!({"graph": empty61})
        )["count"],
        json!(61)
    );
    // Inside the object form, paths still reach the field.
    let float = crate::run_operation(
        "graph.girth.compute",
        json!({"graph": {"vertices": 2, "edges": [[0, 1.5]]}}),
    )
    .unwrap_err();
    assert_eq!(float.path.as_deref(), Some("input.graph.edges[0][1]"));
}

#[test]
fn np_hard_and_flow_operations_match_brute_force() {
    for (n, edges) in small_graphs() {
        {
            let graph = json!({"vertices": n, "edges": edges});
            let has = |u: usize, v: usize| edges.contains(&[u.min(v), u.max(v)]);
            // χ: the least k with a proper k-colouring, by trying all.
            let chi = (1..=n)
                .find(|&k| {
                    (0..k.pow(n as u32)).any(|code| {
                        let c: Vec<usize> = (0..n).map(|v| code / k.pow(v as u32) % k).collect();
                        edges.iter().all(|[u, v]| c[*u] != c[*v])
                    })
                })
                .unwrap();
            let got = run("graph.chromatic_number.compute", json!({"graph": graph}));
            assert_eq!(got["colours"], json!(chi), "{edges:?}");
            assert_eq!(got["status"], json!("exact"));
            // ω: the largest vertex subset that is pairwise adjacent.
            let omega = (0..1u32 << n)
                .filter(|s| {
                    (0..n).all(|u| {
                        (u + 1..n).all(|v| s >> u & 1 == 0 || s >> v & 1 == 0 || has(u, v))
                    })
                })
                .map(|s| s.count_ones())
                .max()
                .unwrap();
            assert_eq!(
                run("graph.clique_number.compute", json!({"graph": graph}))["size"],
                json!(omega)
            );
            // Max flow 0 → n−1 with unit capacities = min over vertex
            // subsets S ∋ 0, ∌ n−1 of the edges crossing S.
            if n >= 2 {
                let cut = (0..1u32 << n)
                    .filter(|s| s & 1 == 1 && s >> (n - 1) & 1 == 0)
                    .map(|s| {
                        edges
                            .iter()
                            .filter(|[u, v]| (s >> u & 1) != (s >> v & 1))
                            .count()
                    })
                    .min()
                    .unwrap();
                let f = run(
                    "graph.maximum_flow.compute",
                    json!({"graph": graph, "source": 0, "sink": n - 1}),
                );
                assert_eq!(f["value"], json!(cut.to_string()), "{edges:?}");
            }
            // The degree sequence is graphical and the graph built realises it.
            let degrees: Vec<usize> = (0..n)
                .map(|v| edges.iter().filter(|e| e.contains(&v)).count())
                .collect();
            let g = run(
                "graph.degree_sequence.graphical.decide",
                json!({"degrees": degrees}),
            );
            assert_eq!(g["graphical"], json!(true));
            let built: Vec<[usize; 2]> = serde_json::from_value(g["edges"].clone()).unwrap();
            let built_degrees: Vec<usize> = (0..n)
                .map(|v| built.iter().filter(|e| e.contains(&v)).count())
                .collect();
            assert_eq!(built_degrees, degrees);
            // A relabelled copy is isomorphic by a mapping that carries edges.
            let perm: Vec<usize> = (0..n).map(|v| (2 * n - 1 - v + 1) % n).collect();
            let relabelled: Vec<[usize; 2]> =
                edges.iter().map(|[u, v]| [perm[*u], perm[*v]]).collect();
            let iso = run(
                "graph.isomorphism.find",
                json!({"first": graph, "second": {"vertices": n, "edges": relabelled}}),
            );
            assert_eq!(iso["isomorphic"], json!(true), "{edges:?}");
        }
    }
    // Non-graphical sequences and non-isomorphic graphs are refused.
    for bad in [json!([3, 3, 1, 1]), json!([1]), json!([4, 1, 1, 1])] {
        assert_eq!(
            run(
                "graph.degree_sequence.graphical.decide",
                json!({"degrees": bad})
            )["graphical"],
            json!(false)
        );
    }
    let path = json!({"vertices": 4, "edges": [[0, 1], [1, 2], [2, 3]]});
    let star = json!({"vertices": 4, "edges": [[0, 1], [0, 2], [0, 3]]});
    assert_eq!(
        run(
            "graph.isomorphism.find",
            json!({"first": path, "second": star})
        )["isomorphic"],
        json!(false)
    );
    // Constructions have their textbook counts.
    for (family, n, vertices, edges) in [
        ("complete", 6, 6, 15),
        ("hypercube", 4, 16, 32),
        ("petersen", 0, 10, 15),
        ("paley", 13, 13, 39),
        ("wheel", 5, 6, 10),
    ] {
        let g = run(
            "graph.standard.construct",
            json!({"family": family, "n": n}),
        );
        assert_eq!(
            (g["vertices"].clone(), g["edges"].as_array().unwrap().len()),
            (json!(vertices), edges),
            "{family}"
        );
    }
}

#[test]
fn covers_cycles_and_colouring_counts_match_brute_force() {
    for (n, edges) in small_graphs() {
        {
            let graph = json!({"vertices": n, "edges": edges});
            let has = |u: usize, v: usize| edges.contains(&[u.min(v), u.max(v)]);
            let alpha = (0..1u32 << n)
                .filter(|s| {
                    edges
                        .iter()
                        .all(|[u, v]| s >> u & 1 == 0 || s >> v & 1 == 0)
                })
                .map(|s| s.count_ones() as usize)
                .max()
                .unwrap();
            let ind = run("graph.independence_number.compute", json!({"graph": graph}));
            assert_eq!(ind["size"], json!(alpha), "{edges:?}");
            let cover = run("graph.vertex_cover.compute", json!({"graph": graph}));
            // Gallai: τ = n − α.
            assert_eq!(cover["size"], json!(n - alpha), "{edges:?}");
            // Hamiltonian cycle by trying every vertex order.
            fn perms(
                k: usize,
                rest: &mut Vec<usize>,
                out: &mut Vec<Vec<usize>>,
                cur: &mut Vec<usize>,
            ) {
                if cur.len() == k {
                    out.push(cur.clone());
                    return;
                }
                for i in 0..rest.len() {
                    let v = rest.remove(i);
                    cur.push(v);
                    perms(k, rest, out, cur);
                    cur.pop();
                    rest.insert(i, v);
                }
            }
            let mut all = Vec::new();
            perms(n, &mut (0..n).collect(), &mut all, &mut Vec::new());
            let cycle = n >= 3
                && all
                    .iter()
                    .any(|p| (0..n).all(|i| has(p[i], p[(i + 1) % n])));
            let h = run("graph.hamiltonian.find", json!({"graph": graph}));
            assert_eq!(
                h["status"],
                json!(if cycle { "found" } else { "none" }),
                "{edges:?}"
            );
            // P(k) counts proper k-colourings for k = 0..3.
            let p = run(
                "graph.chromatic_polynomial.compute",
                json!({"graph": graph}),
            );
            for k in 0..=3usize {
                let count = (0..k.pow(n as u32))
                    .filter(|code| {
                        let c: Vec<usize> = (0..n).map(|v| code / k.pow(v as u32) % k).collect();
                        edges.iter().all(|[u, v]| c[*u] != c[*v])
                    })
                    .count();
                let coeffs: Vec<i64> = p["coefficients"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c.as_str().unwrap().parse().unwrap())
                    .collect();
                let at_k: i64 = coeffs.iter().rev().fold(0, |acc, c| acc * k as i64 + c);
                assert_eq!(at_k, count as i64, "{edges:?} k={k}");
            }
        }
    }
}

#[test]
fn automorphism_counts_match_brute_force() {
    for (n, edges) in small_graphs() {
        {
            let graph = json!({"vertices": n, "edges": edges});
            let mut perm: Vec<usize> = (0..n).collect();
            let mut count = 0u64;
            // Heap's algorithm over all n! permutations.
            fn heap(k: usize, perm: &mut Vec<usize>, edges: &[[usize; 2]], count: &mut u64) {
                if k == 1 {
                    let mut mapped: Vec<[usize; 2]> = edges
                        .iter()
                        .map(|[u, v]| {
                            let (a, b) = (perm[*u], perm[*v]);
                            [a.min(b), a.max(b)]
                        })
                        .collect();
                    mapped.sort();
                    if mapped == edges {
                        *count += 1;
                    }
                    return;
                }
                for i in 0..k {
                    heap(k - 1, perm, edges, count);
                    let j = if k.is_multiple_of(2) { i } else { 0 };
                    perm.swap(j, k - 1);
                }
            }
            heap(n, &mut perm, &edges, &mut count);
            let got = run(
                "graph.automorphism_group_order.compute",
                json!({"graph": graph}),
            );
            assert_eq!(
                got,
                json!({"status": "exact", "order": count.to_string()}),
                "{edges:?}"
            );
            let blocks = run(
                "graph.biconnected_components.compute",
                json!({"graph": graph}),
            );
            let total: usize = blocks["blocks"]
                .as_array()
                .unwrap()
                .iter()
                .map(|b| b.as_array().unwrap().len())
                .sum();
            assert_eq!(total, edges.len());
        }
    }
    // The Petersen graph has 120 automorphisms.
    let petersen: Vec<[usize; 2]> = (0..5)
        .flat_map(|i| [[i, (i + 1) % 5], [i, i + 5], [i + 5, (i + 2) % 5 + 5]])
        .collect();
    let got = run(
        "graph.automorphism_group_order.compute",
        json!({"graph": {"vertices": 10, "edges": petersen}}),
    );
    assert_eq!(got["order"], json!("120"));
}

#[test]
fn bipartite_and_weighted_matchings_match_brute_force_on_every_graph_up_to_6_vertices() {
    use hessian_kernels::BigRational;
    let mut bipartite_graphs = 0;
    for (n, edges) in small_graphs() {
        let graph = json!({"vertices": n, "edges": edges});
        let is_bipartite =
            run("graph.bipartite.decide", json!({"graph": graph}))["bipartite"] == json!(true);
        let hk = crate::run_operation("graph.bipartite_matching.compute", json!({"graph": graph}));
        assert_eq!(hk.is_ok(), is_bipartite, "{edges:?}");
        bipartite_graphs += usize::from(is_bipartite);
        // Weights from a fixed rule with negatives, zeros and fractions.
        let weights: Vec<String> = (0..edges.len())
            .map(|k| format!("{}/{}", (k as i64 * 7 + n as i64) % 11 - 3, 1 + k % 3))
            .collect();
        let w: Vec<BigRational> = weights.iter().map(|s| s.parse().unwrap()).collect();
        let (mut best_size, mut best_weight) = (0, BigRational::from_integer(0.into()));
        for mask in 0u32..1 << edges.len() {
            let mut used = vec![false; n];
            let chosen: Vec<usize> = (0..edges.len()).filter(|i| mask >> i & 1 == 1).collect();
            if chosen.iter().all(|&i| {
                let [a, b] = edges[i];
                !std::mem::replace(&mut used[a], true) & !std::mem::replace(&mut used[b], true)
            }) {
                best_size = best_size.max(chosen.len());
                let total: BigRational = chosen.iter().map(|&i| w[i].clone()).sum();
                if total > best_weight {
                    best_weight = total;
                }
            }
        }
        if let Ok(hk) = hk {
            assert_eq!(hk["size"], json!(best_size), "{edges:?}");
            assert_eq!(hk["vertex_cover"].as_array().unwrap().len(), best_size);
        }
        let weighted = run(
            "graph.maximum_weight_matching.compute",
            json!({"graph": {"vertices": n, "edges": edges, "weights": weights}}),
        );
        assert_eq!(
            weighted["weight"],
            json!(best_weight.to_string()),
            "{edges:?} {weights:?}"
        );
    }
    assert!(bipartite_graphs > 300);
}

#[test]
fn planarity_answers_and_witnesses_on_named_graphs() {
    let planar = |g: Value| run("graph.planarity.decide", json!({"graph": g}));
    for (family, n, expect) in [
        ("complete", 4, true),
        ("complete", 5, false),
        ("hypercube", 3, true),
        ("hypercube", 4, false),
        ("petersen", 0, false),
        ("wheel", 8, true),
    ] {
        let g = run(
            "graph.standard.construct",
            json!({"family": family, "n": n}),
        );
        let out = planar(g.clone());
        assert_eq!(out["planar"], json!(expect), "{family} {n}");
        if expect {
            // Euler: V − E + F = 2 for these connected graphs.
            let (v, e) = (
                g["vertices"].as_i64().unwrap(),
                g["edges"].as_array().unwrap().len() as i64,
            );
            assert_eq!(v - e + out["faces"].as_i64().unwrap(), 2);
        } else {
            // K5 itself; the cubic Petersen graph has no degree-4 branch vertices.
            let kind = out["kuratowski"]["kind"].as_str().unwrap();
            match family {
                "complete" => assert_eq!(kind, "K5"),
                "petersen" => assert_eq!(kind, "K3,3"),
                _ => assert!(kind == "K5" || kind == "K3,3"),
            }
        }
    }
    // K3,3 itself, directed and with a parallel edge: still the utility graph.
    let k33 = json!({"vertices": 6, "edges": [[0,3],[0,4],[0,5],[1,3],[1,4],[1,5],[2,3],[2,4],[2,5],[5,2]], "directed": true});
    let out = planar(k33);
    assert_eq!(out["kuratowski"]["sides"], json!([[0, 1, 2], [3, 4, 5]]));
}

/// The domination number of every graph up to 6 vertices (and random ones
/// on 9) against the least dominating subset by brute force, the set
/// checked to dominate; directed edges dominate both ways.
#[test]
fn dominating_sets_are_minimum_against_every_subset() {
    let brute = |n: usize, edges: &[[usize; 2]]| -> usize {
        (0..1u32 << n)
            .filter(|s| {
                (0..n).all(|v| {
                    s >> v & 1 == 1
                        || edges.iter().any(|[a, b]| {
                            (*a == v && s >> b & 1 == 1) || (*b == v && s >> a & 1 == 1)
                        })
                })
            })
            .map(|s| s.count_ones() as usize)
            .min()
            .unwrap_or(0)
    };
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut random = Vec::new();
    for _ in 0..40 {
        let mut edges = Vec::new();
        for u in 0..9usize {
            for v in u + 1..9 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                if seed.is_multiple_of(4) {
                    edges.push([u, v]);
                }
            }
        }
        random.push((9, edges));
    }
    for (directed, (n, edges)) in small_graphs()
        .into_iter()
        .map(|g| (false, g))
        .chain(random.into_iter().map(|g| (true, g)))
    {
        let out = run(
            "graph.dominating_set.compute",
            json!({"graph": {"vertices": n, "edges": edges, "directed": directed}}),
        );
        assert_eq!(out["status"], "exact");
        assert_eq!(out["size"], json!(brute(n, &edges)), "{n} {edges:?}");
        let set: Vec<usize> = serde_json::from_value(out["set"].clone()).unwrap();
        assert_eq!(set.len(), brute(n, &edges));
        for v in 0..n {
            assert!(
                set.contains(&v)
                    || edges
                        .iter()
                        .any(|[a, b]| (*a == v && set.contains(b)) || (*b == v && set.contains(a))),
                "{v} undominated in {edges:?}"
            );
        }
    }
}
