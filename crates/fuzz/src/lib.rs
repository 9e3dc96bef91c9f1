//! The bodies of the cargo-fuzz targets in `fuzz/` (one per parser that
//! reads caller text, plus the whole `math_run` path), kept here so that
//! the ordinary test suite replays the committed corpus through exactly
//! what libFuzzer runs. Each body panics only when a property breaks:
//!
//! - a parser is total: any bytes give a value or a typed error, never a
//!   panic, and what it accepts renders to text that parses back the same;
//! - a call never ends in `internal_error` (a failed self-check or a caught
//!   panic, both defects of ours), and a refusal of a field names its path.

use hessian_contract::call;
use hessian_kernels::Budget;
use hessian_kernels::graph::six;
use hessian_kernels::poly::parse;
use hessian_op::{Code, Ctx};
use serde_json::Value;
use std::time::Duration;

/// The targets, by the name of their folder in `fuzz/corpus/` and their
/// binary in `fuzz/fuzz_targets/`.
pub const TARGETS: [(&str, fn(&[u8])); 3] = [
    ("math_run", math_run),
    ("polynomial_text", polynomial_text),
    ("graph_six", graph_six),
];

/// A deadline short enough for libFuzzer's pace, long enough that small
/// inputs finish and exercise the checks behind the answer.
const DEADLINE: Duration = Duration::from_millis(200);

/// `data` as the arguments of one `math_run` call, run to its answer.
pub fn math_run(data: &[u8]) {
    let Ok(Value::Object(args)) = serde_json::from_slice::<Value>(data) else {
        return;
    };
    let ctx =
        Ctx::new(Budget::with_timeout(DEADLINE)).with_output_limit(call::DEFAULT_OUTPUT_BYTES);
    if let Err(refusal) = call::run(hessian_server::catalog(), args, &ctx) {
        assert_ne!(refusal.code, Code::InternalError, "{}", refusal.to_json());
        if refusal.code == Code::InvalidInput {
            assert!(
                refusal.path.is_some(),
                "a field error without a path: {}",
                refusal.to_json()
            );
        }
    }
}

/// `data` as the polynomial grammar: total, and its rendering parses back.
pub fn polynomial_text(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // As a call parses: under its deadline, which stops a long expansion.
    let budget = || Budget::with_timeout(DEADLINE);
    if let Ok(p) = budget().while_parsing(|| parse::parse(text)) {
        let rendered = p.text();
        let again = match budget().while_parsing(|| parse::parse(&rendered)) {
            Ok(again) => again,
            // A short text can expand past the grammar's length bound, or
            // take longer than a deadline to parse again.
            Err(e) if e.limit => return,
            Err(e) => panic!("{text:?} rendered as {rendered:?}, which does not parse: {e:?}"),
        };
        // The rendering is canonical; variables that cancel (`x^0*y`) drop out of it.
        assert_eq!(again.text(), rendered, "{text:?}");
    }
}

/// `data` as graph6, sparse6 or digraph6: total, and every edge it yields
/// joins vertices that exist, within the bounds it was given.
pub fn graph_six(data: &[u8]) {
    const VERTICES: usize = 2_000;
    const EDGES: usize = 20_000;
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(g) = six::decode(text, VERTICES, EDGES) {
        assert!(g.n <= VERTICES && g.edges.len() <= EDGES, "{text:?}");
        for &(u, v) in &g.edges {
            assert!(
                u < g.n && v < g.n,
                "{text:?}: edge ({u}, {v}) on {} vertices",
                g.n
            );
        }
    }
}

/// Polynomial texts that reach every rule of the grammar.
const POLYNOMIAL_SEEDS: [&str; 12] = [
    "x^2 - 2",
    "(x + 1)^3 - 3x(x+1)",
    "x^2*y - 1/2 + 0.25*y",
    "2x**3 + x_1*x_2",
    "-(a - b)^2",
    "3/4*t^10 - 7",
    "((x))",
    "0",
    "x^^2",
    "x/(y)",
    "(x+1",
    "1.5e3 + x",
];

/// Graph texts in the three formats, valid and not (nauty's formats.txt).
const SIX_SEEDS: [&str; 9] = [
    "DQc",
    "IheA@GUAo",
    ":Fa@x^",
    ">>sparse6<<:Fa@x^",
    ">>graph6<<DQc",
    "&DI?AO?",
    "~?@cN",
    ";Fa",
    "D!c",
];

/// The committed seeds of every target, as (target, file name, bytes). The
/// math_run seeds are every operation's example call, named by its id, so
/// that fuzzing starts from inputs each operation's parser accepts.
/// `cargo run -p hessian-fuzz --bin fuzz-seeds` writes them.
pub fn seeds() -> Vec<(&'static str, String, Vec<u8>)> {
    let numbered = |target: &'static str, texts: &[&str]| -> Vec<(&'static str, String, Vec<u8>)> {
        texts
            .iter()
            .enumerate()
            .map(|(i, t)| (target, format!("seed-{i:02}"), t.as_bytes().to_vec()))
            .collect()
    };
    let mut all: Vec<_> = math_run_seeds()
        .into_iter()
        .map(|(name, bytes)| ("math_run", name, bytes))
        .collect();
    all.extend(numbered("polynomial_text", &POLYNOMIAL_SEEDS));
    all.extend(numbered("graph_six", &SIX_SEEDS));
    all
}

/// `fuzz/corpus` of this workspace.
pub fn corpus_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus")
}
fn math_run_seeds() -> Vec<(String, Vec<u8>)> {
    hessian_server::catalog()
        .entries()
        .iter()
        .map(|entry| {
            let call = serde_json::json!({
                "operation_id": entry.op.id(),
                "input": entry.op.example_input(),
            });
            (entry.op.id().to_string(), call.to_string().into_bytes())
        })
        .collect()
}
