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

/// Held-out negatives that operations added since now answer, with the
/// operation (`evals/search/covered_since.json`; held_out.json stays frozen).
fn covered_since() -> Vec<(String, String)> {
    load("covered_since.json")["negatives"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let s = |k: &str| c[k].as_str().unwrap().to_string();
            (s("query"), s("operation_id"))
        })
        .collect()
}

/// A set's negative queries (less those covered since), and how many of
/// them are answered "nothing fits".
fn negatives(set: &Value) -> (Vec<&str>, usize) {
    let catalog = hessian_server::catalog();
    let covered = covered_since();
    let negatives: Vec<&str> = set["negatives"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| q.as_str().unwrap())
        .filter(|q| !covered.iter().any(|(c, _)| c == q))
        .collect();
    let refused = negatives
        .iter()
        .filter(|q| catalog.search(q, None).is_empty())
        .count();
    (negatives, refused)
}

/// A markdown table of figures, one row per (name, figures).
fn print_table<'a>(head: &str, rows: impl Iterator<Item = (&'a str, &'a Figures)>) {
    eprintln!("| {head} | queries | top-1 | recall@5 |");
    eprintln!("|---|---|---|---|");
    for (name, f) in rows {
        eprintln!(
            "| {name} | {} | {:.3} | {:.3} |",
            f.total,
            f.top1(),
            f.recall5()
        );
    }
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
        self.tally(want, query, &ranked);
    }
    fn tally<S: AsRef<str> + std::fmt::Debug>(&mut self, want: &str, query: &str, ranked: &[S]) {
        self.total += 1;
        match ranked.iter().position(|id| id.as_ref() == want) {
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
    let (negatives, refused) = negatives(&set);
    eprintln!(
        "dev set, {} queries: top-1 {:.3}, recall@5 {:.3}; {refused} of {} negatives answered 'nothing fits'",
        f.total,
        f.top1(),
        f.recall5(),
        negatives.len()
    );
    if std::env::var_os("HESSIAN_SEARCH_COVERAGE").is_some() {
        // Calibration aid for FIT_THRESHOLD: the dev set's coverage figures.
        for case in cases {
            for q in case["queries"].as_array().unwrap() {
                let q = q.as_str().unwrap();
                eprintln!(
                    "coverage positive {:.3} {q}",
                    catalog.rank(q, None).coverage
                );
            }
        }
        for q in &negatives {
            let r = catalog.rank(q, None);
            eprintln!(
                "coverage negative {:.3} {q} fits={} out_of_scope={:?}",
                r.coverage,
                r.fits(),
                r.out_of_scope
            );
        }
    }
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
    print_table(
        "kind",
        by_kind.iter().map(|(k, f)| (*k, f)).chain([("all", &all)]),
    );
    for m in &all.misses {
        eprintln!("  miss: {m}");
    }
    // Positives the fit threshold (not the ranking) dropped from the top five.
    let catalog = hessian_server::catalog();
    let mut dropped = Vec::new();
    for case in set["cases"].as_array().unwrap() {
        let want = case["operation_id"].as_str().unwrap();
        for kind in ["problem", "typo", "student"] {
            let q = case[kind].as_str().unwrap();
            let r = catalog.rank(q, None);
            let in_top5 = r
                .ids
                .iter()
                .take(5)
                .any(|&i| catalog.entries()[i].op.id() == want);
            if in_top5 && !r.fits() {
                dropped.push(q);
            }
        }
    }
    let (negatives, refused) = negatives(&set);
    eprintln!(
        "held-out negatives: {refused} of {} answered 'nothing fits'; {} positives lost from the top five by the fit threshold: {dropped:?}",
        negatives.len(),
        dropped.len()
    );
    let mut since = Figures::default();
    for (q, want) in covered_since() {
        since.add(&want, &q);
    }
    eprintln!(
        "held-out negatives covered since ({}): top-1 {:.3}, recall@5 {:.3}",
        since.total,
        since.top1(),
        since.recall5()
    );
    for m in &since.misses {
        eprintln!("  miss (covered since): {m}");
    }
    // Latency, for the record (never asserted): median and worst of one
    // search per held-out query, in process, after the index is built.
    let mut micros: Vec<u128> = set["cases"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| ["problem", "typo", "student"].map(|k| c[k].as_str().unwrap()))
        .chain(negatives.iter().copied())
        .map(|q| {
            let t = std::time::Instant::now();
            let _ = catalog.search(q, None);
            t.elapsed().as_micros()
        })
        .collect();
    micros.sort_unstable();
    eprintln!(
        "search latency over {} queries: median {} µs, max {} µs",
        micros.len(),
        micros[micros.len() / 2],
        micros[micros.len() - 1]
    );
    // Floors at the figures measured when the set was first used with this
    // ranker (see evals/README.md): a change that loses ground fails here.
    assert!(
        all.top1() >= 0.83 && all.recall5() >= 0.955,
        "held-out fell below its floor"
    );
}

#[test]
fn nothing_fits_says_why_and_gives_a_next_call_that_answers() {
    let catalog = hessian_server::catalog();
    let find = |args: Value| {
        hessian_contract::find::find(catalog, args.as_object().unwrap()).expect("an answer")
    };
    let page = find(serde_json::json!({"query": "volume of a cone with radius 3 and height 5"}));
    assert_eq!(page["matches"], serde_json::json!([]), "{page}");
    assert_eq!(page["total"], 0);
    let hint = page["hint"].as_str().unwrap();
    assert!(hint.starts_with("nothing fits"), "{hint}");
    let families = page["nearest_families"].as_array().unwrap();
    assert!(!families.is_empty() && families.len() <= 3, "{page}");
    // The next call is a browse that lists operations.
    let next = find(page["next_call"].clone());
    assert!(!next["matches"].as_array().unwrap().is_empty(), "{next}");
    // A query that fits still answers cards.
    let page = find(serde_json::json!({"query": "determinant of a matrix"}));
    assert_eq!(
        page["matches"][0]["operation_id"], "matrix.determinant.compute",
        "{page}"
    );
    assert!(page.get("next_call").is_none() && page.get("nearest_families").is_none());
}

#[test]
fn near_duplicates_are_told_apart_in_one_line() {
    let catalog = hessian_server::catalog();
    for family in catalog.domains() {
        assert!(
            hessian_contract::distinguish::knows_family(family),
            "crates/contract/src/distinguish.rs does not say what `{family}` takes"
        );
    }
    let find = |q: &str| {
        let args = serde_json::json!({ "query": q });
        hessian_contract::find::find(catalog, args.as_object().unwrap()).expect("an answer")
    };
    let page = find("derivative of x^3 - 2x");
    let line = page["differs"].as_str().unwrap_or_default();
    assert!(
        line.contains("`polynomial.derivative.compute`")
            && line.contains("`expression.derivative.compute`"),
        "{page}"
    );
    let page = find("eigenvalues numerically");
    assert!(
        page["differs"]
            .as_str()
            .unwrap_or_default()
            .contains("floating point"),
        "{page}"
    );
    assert!(find("prime factorization of 360").get("differs").is_none());
}

/// The catalog tripled with near-duplicates, as families landing will make
/// it: every operation gets two twins in other families whose texts are
/// its own phrasings, title and summary plus a qualifier it lacks. Dev
/// queries (which never say a qualifier) must still find the original;
/// the same queries with a twin's qualifier must find that twin.
#[test]
fn quality_holds_when_near_duplicates_triple_the_catalog() {
    use hessian_contract::search::{SearchIndex, Text};
    const QUALIFIERS: [&str; 2] = ["over a quaternion algebra", "for tropical semirings"];
    let catalog = hessian_server::catalog();
    let ops: Vec<_> = catalog.entries().iter().map(|e| e.op).collect();
    let twins: Vec<[String; 5]> = ops
        .iter()
        .flat_map(|op| {
            QUALIFIERS.iter().enumerate().map(move |(k, q)| {
                let (family, rest) = op.id().split_once('.').unwrap();
                let phrasings: Vec<String> =
                    op.phrasings().iter().map(|p| format!("{p} {q}")).collect();
                [
                    format!("{family}_twin{k}.{rest}"),
                    format!("{} {q}", op.title()),
                    format!("{} {q}", op.summary()),
                    op.keywords().join(", "),
                    phrasings.join("\n"),
                ]
            })
        })
        .collect();
    let texts = ops
        .iter()
        .map(|op| Text::of(*op))
        .chain(twins.iter().map(|t| Text {
            id: &t[0],
            title: &t[1],
            summary: &t[2],
            keywords: vec![&t[3]],
            phrasings: t[4].lines().collect(),
        }));
    let index = SearchIndex::of_texts(texts);
    let id = |i: usize| -> String {
        if i < ops.len() {
            ops[i].id().to_string()
        } else {
            twins[i - ops.len()][0].clone()
        }
    };
    let set = load("queries.json");
    let (mut plain, mut qualified) = (Figures::default(), Figures::default());
    for case in set["cases"].as_array().unwrap() {
        let want = case["operation_id"].as_str().unwrap();
        for (n, q) in case["queries"].as_array().unwrap().iter().enumerate() {
            let q = q.as_str().unwrap();
            let top5 = |query: &str| -> Vec<String> {
                index
                    .search(query)
                    .ids
                    .into_iter()
                    .take(5)
                    .map(id)
                    .collect()
            };
            plain.tally(want, q, &top5(q));
            let k = n % 2;
            let (family, rest) = want.split_once('.').unwrap();
            let twin = format!("{family}_twin{k}.{rest}");
            let asked = format!("{q} {}", QUALIFIERS[k]);
            qualified.tally(&twin, &asked, &top5(&asked));
        }
    }
    eprintln!(
        "tripled catalog ({} operations): dev queries top-1 {:.3}, recall@5 {:.3}; with a twin's qualifier, the twin top-1 {:.3}, recall@5 {:.3}",
        ops.len() * 3,
        plain.top1(),
        plain.recall5(),
        qualified.top1(),
        qualified.recall5()
    );
    assert!(plain.recall5() >= 0.95 && qualified.recall5() >= 0.95);
}

/// Held-out queries for the 112 operations added after held_out.json was
/// frozen (`evals/search/held_out_families.json`, written 2026-12-07 by a
/// session that saw neither the ranker nor the phrasings), by family.
#[test]
fn held_out_families_measured_by_family() {
    let catalog = hessian_server::catalog();
    let set = load("held_out_families.json");
    let mut by_family: BTreeMap<&str, Figures> = BTreeMap::new();
    let mut by_kind: BTreeMap<&str, Figures> = BTreeMap::new();
    let mut all = Figures::default();
    let mut batches: Vec<Figures> = BATCHES.iter().map(|_| Figures::default()).collect();
    for (i, case) in set["cases"].as_array().unwrap().iter().enumerate() {
        let want = case["operation_id"].as_str().unwrap();
        assert!(catalog.get(want).is_some(), "{want} is not in the catalog");
        let family = want.split('.').next().unwrap();
        let batch = BATCHES
            .iter()
            .position(|b| i < b.0)
            .expect("every case belongs to a batch with a floor");
        for kind in ["problem", "typo", "student"] {
            let q = case[kind].as_str().unwrap();
            by_family.entry(family).or_default().add(want, q);
            by_kind.entry(kind).or_default().add(want, q);
            batches[batch].add(want, q);
            all.add(want, q);
        }
    }
    eprintln!("held-out, operations added since (never tuned on):");
    print_table(
        "family or kind",
        by_family
            .iter()
            .chain(by_kind.iter())
            .map(|(k, f)| (*k, f))
            .chain([("all", &all)]),
    );
    for m in &all.misses {
        eprintln!("  miss: {m}");
    }
    for ((end, (top1, recall5), written), f) in BATCHES.iter().zip(&batches) {
        eprintln!(
            "batch ending at case {end} ({written}): {} queries, top-1 {:.3}, recall@5 {:.3} (floor {top1}, {recall5})",
            f.total,
            f.top1(),
            f.recall5()
        );
        assert!(
            f.top1() >= *top1 && f.recall5() >= *recall5,
            "held-out (families) batch ending at case {end} fell below its floor"
        );
    }
}

/// Batches of held_out_families.json as they were frozen — (cases up to,
/// the figures the batch measured when first used, when written) — each
/// floored at its own first measurement: appending a batch of new
/// operations' queries must not lower the floor of the queries frozen
/// before it, nor hide a later regression of its own.
const BATCHES: &[(usize, (f64, f64), &str)] = &[
    (
        141,
        (0.74, 0.91),
        "2026-12-07, the 112 operations after held_out.json and additions to the 7th",
    ),
    (
        164,
        (0.76, 0.89),
        "2026-12-07, issue 37's tests, joint tables, combinatorial probability and numeric laws",
    ),
    (165, (1.0, 1.0), "2026-12-07, graph reliability"),
];

/// Issue 37's acceptance: four everyday questions find their operation
/// first, and it answers them exactly (answers worked by hand: 1 − P(X ≤ 2)
/// for Binomial(10, 1/6); Conway's 2 + 8 for HTH; π = (1/3, 2/3) solving
/// πP = π; Σ(x − 5)² = 32 over 7).
#[test]
fn everyday_probability_questions_find_their_operation_first_and_answer_exactly() {
    use serde_json::json;
    let catalog = hessian_server::catalog();
    let cases = [
        (
            "probability of at least 3 sixes in 10 rolls",
            "probability.binomial.probability.compute",
            json!({"trials": 10, "p": "1/6", "at_least": 3}),
            "/probability/exact",
            json!("566299/2519424"),
        ),
        (
            "expected number of flips until HTH",
            "probability.pattern_waiting_time.compute",
            json!({"pattern": "HTH"}),
            "/expected/exact",
            json!("10"),
        ),
        (
            "stationary distribution of this chain",
            "probability.markov_chain.stationary_distribution.compute",
            json!({"transition": [["1/2", "1/2"], ["1/4", "3/4"]]}),
            "/distributions/0",
            json!(["1/3", "2/3"]),
        ),
        (
            "sample standard deviation of 2, 4, 4, 4, 5, 5, 7, 9",
            "statistics.standard_deviation.compute",
            json!({"data": [2, 4, 4, 4, 5, 5, 7, 9], "kind": "sample"}),
            "/standard_deviation/exact",
            json!("4*sqrt(14)/7"),
        ),
    ];
    for (query, id, input, at, answer) in cases {
        let first = catalog
            .search(query, None)
            .first()
            .map(|&i| catalog.entries()[i].op.id());
        assert_eq!(first, Some(id), "{query}");
        let out = catalog
            .get(id)
            .unwrap()
            .op
            .run_json(&input, &hessian_contract::Ctx::default())
            .unwrap_or_else(|r| panic!("{query}: {r:?}"));
        assert_eq!(out.pointer(at), Some(&answer), "{query}: {out}");
    }
}
