//! Graph operations against brute force on every small graph, and their
//! witnesses checked.

use serde_json::{Value, json};

fn run(id: &str, input: Value) -> Value {
    crate::run_operation(id, input).unwrap_or_else(|e| panic!("{id}: {e:?}"))
}

/// Every simple undirected graph on n vertices.
fn all_graphs(n: usize) -> Vec<Vec<[usize; 2]>> {
    let pairs: Vec<[usize; 2]> = (0..n)
        .flat_map(|u| (u + 1..n).map(move |v| [u, v]))
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
    for n in 1..=5 {
        for edges in all_graphs(n) {
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
            let diameter_is_null = !connected(n, &edges);
            assert_eq!(e["diameter"].is_null(), diameter_is_null, "{edges:?}");
            for (v, row) in d["distances"].as_array().unwrap().iter().enumerate() {
                let max = row
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|x| x.as_str().map(|s| s.parse::<i64>().unwrap()))
                    .collect::<Option<Vec<_>>>()
                    .map(|r| r.into_iter().max().unwrap());
                assert_eq!(
                    e["eccentricities"][v],
                    max.map_or(Value::Null, |m| json!(m.to_string()))
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
    assert_eq!(run("graph.girth.compute", json!({"graph": g})), json!(5));
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
