//! Search quality over `evals/search/queries.json`: every operation has at
//! least two differently worded queries (terse and descriptive); the test
//! prints top-1 and recall@5 with the misses, and holds recall@5 ≥ 0.95.

use serde_json::Value;
use std::collections::HashSet;
use std::path::PathBuf;

#[test]
fn queries_find_their_operation_in_the_top_five() {
    let catalog = hessian_server::catalog();
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../evals/search/queries.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let set: Value = serde_json::from_str(&text).unwrap();
    let cases = set["cases"].as_array().unwrap();

    let covered: HashSet<&str> = cases
        .iter()
        .filter(|c| c["queries"].as_array().unwrap().len() >= 2)
        .map(|c| c["operation_id"].as_str().unwrap())
        .collect();
    let uncovered: Vec<&str> = catalog
        .entries()
        .iter()
        .map(|e| e.op.id())
        .filter(|id| !covered.contains(id))
        .collect();
    assert!(
        uncovered.is_empty(),
        "operations without two queries in evals/search/queries.json: {uncovered:?}"
    );

    let (mut total, mut top1, mut top5) = (0usize, 0usize, 0usize);
    let mut misses = Vec::new();
    for case in cases {
        let want = case["operation_id"].as_str().unwrap();
        for q in case["queries"].as_array().unwrap() {
            let q = q.as_str().unwrap();
            let ranked: Vec<&str> = catalog
                .search(q, None)
                .into_iter()
                .take(5)
                .map(|i| catalog.entries()[i].op.id())
                .collect();
            total += 1;
            match ranked.iter().position(|id| *id == want) {
                Some(0) => {
                    top1 += 1;
                    top5 += 1;
                }
                Some(_) => top5 += 1,
                None => misses.push(format!("{q:?} → {ranked:?}, wanted {want}")),
            }
        }
    }
    let (r1, r5) = (top1 as f64 / total as f64, top5 as f64 / total as f64);
    eprintln!("search quality over {total} queries: top-1 {r1:.3}, recall@5 {r5:.3}");
    for m in &misses {
        eprintln!("  miss: {m}");
    }
    assert!(
        r5 >= 0.95,
        "recall@5 {r5:.3} is below 0.95; misses:\n{}",
        misses.join("\n")
    );
}
