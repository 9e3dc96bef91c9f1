//! Search quality over two query sets. `evals/search/queries.json` is the
//! dev set, tuned on: at least two differently worded queries (terse and
//! descriptive) per operation. `evals/search/held_out.json` is held out,
//! frozen before the ranker it measures and never tuned on: for 198
//! operations a problem description without the operation's name, a query
//! with a typo or abbreviation and one in a student's words, and 40
//! negative queries the catalog does not cover. The test prints top-1 and
//! recall@5 by kind with the misses, and holds the floors below.

use serde_json::Value;
use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;

fn load(name: &str) -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../evals/search")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap()
}

#[derive(Default)]
struct Figures {
    total: usize,
    top1: usize,
    top5: usize,
    misses: Vec<String>,
}

impl Figures {
    fn add(&mut self, want: &str, query: &str) {
        let catalog = hessian_server::catalog();
        let ranked: Vec<&str> = catalog
            .search(query, None)
            .into_iter()
            .take(5)
            .map(|i| catalog.entries()[i].op.id())
            .collect();
        self.total += 1;
        match ranked.iter().position(|id| *id == want) {
            Some(0) => {
                self.top1 += 1;
                self.top5 += 1;
            }
            Some(_) => self.top5 += 1,
            None => self
                .misses
                .push(format!("{query:?} → {ranked:?}, wanted {want}")),
        }
    }
    fn top1(&self) -> f64 {
        self.top1 as f64 / self.total as f64
    }
    fn recall5(&self) -> f64 {
        self.top5 as f64 / self.total as f64
    }
}

#[test]
fn dev_queries_find_their_operation_in_the_top_five() {
    let catalog = hessian_server::catalog();
    let set = load("queries.json");
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
    let mut f = Figures::default();
    for case in cases {
        for q in case["queries"].as_array().unwrap() {
            f.add(case["operation_id"].as_str().unwrap(), q.as_str().unwrap());
        }
    }
    eprintln!(
        "dev set, {} queries: top-1 {:.3}, recall@5 {:.3}",
        f.total,
        f.top1(),
        f.recall5()
    );
    for m in &f.misses {
        eprintln!("  miss: {m}");
    }
    assert!(
        f.recall5() >= 0.95,
        "dev recall@5 {:.3} is below 0.95; misses:\n{}",
        f.recall5(),
        f.misses.join("\n")
    );
}

#[test]
fn held_out_queries_measured_by_kind() {
    let set = load("held_out.json");
    let mut by_kind: BTreeMap<&str, Figures> = BTreeMap::new();
    let mut all = Figures::default();
    for case in set["cases"].as_array().unwrap() {
        let want = case["operation_id"].as_str().unwrap();
        for kind in ["problem", "typo", "student"] {
            let q = case[kind].as_str().unwrap();
            by_kind.entry(kind).or_default().add(want, q);
            all.add(want, q);
        }
    }
    eprintln!("held-out set (never tuned on):");
    eprintln!("| kind | queries | top-1 | recall@5 |");
    eprintln!("|---|---|---|---|");
    for (kind, f) in by_kind.iter().map(|(k, f)| (*k, f)).chain([("all", &all)]) {
        eprintln!(
            "| {kind} | {} | {:.3} | {:.3} |",
            f.total,
            f.top1(),
            f.recall5()
        );
    }
    for m in &all.misses {
        eprintln!("  miss: {m}");
    }
}
