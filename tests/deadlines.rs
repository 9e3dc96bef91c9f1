//! Every call is bounded in time (issue 18): each operation's example,
//! grown to the bounds its own input schema states, runs under a short
//! deadline and must come back within that deadline plus a margin, as a
//! result or a refusal (`deadline_exceeded`, `limit_exceeded`, …). The
//! call returns only when its kernel has stopped, so a call that comes back
//! in time has freed its thread. New operations are covered by being in the
//! catalog. Calls carry the servers' default output budget, as over MCP.

use hessian_contract::{Ctx, call};
use hessian_kernels::Budget;
use serde_json::{Map, Value, json};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const DEADLINE: Duration = Duration::from_millis(300);
const MARGIN: Duration = Duration::from_millis(250);
/// How long an overrunning call is waited for, to report by how much.
const PATIENCE: Duration = Duration::from_secs(20);
/// Longest array built, whatever the schema allows.
const MAX_ITEMS: u64 = 100_000;
/// Largest input built, in bytes of JSON: beyond it a call spends its time
/// in the JSON parser, before any kernel (HTTP bounds the body at 8 MiB).
const MAX_INPUT_BYTES: usize = 1 << 20;

/// How an example is grown.
#[derive(Clone, Copy, Debug)]
enum Shape {
    /// Every array at its bound, scalars as in the example.
    Long,
    /// Every number at its bound (the most digits a string may carry),
    /// arrays as in the example.
    Wide,
    /// Arrays at their bound and numbers of 30 digits.
    Both,
}

/// The branch of an `anyOf` that describes `value`'s JSON type.
fn branch<'s>(schema: &'s Value, value: &Value) -> &'s Value {
    let Some(options) = schema.get("anyOf").or(schema.get("oneOf")) else {
        return schema;
    };
    let kind = match value {
        Value::Number(_) => "integer",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
        Value::Bool(_) => "boolean",
        Value::Null => "null",
    };
    options
        .as_array()
        .and_then(|o| o.iter().find(|b| b["type"] == kind))
        .unwrap_or(schema)
}

/// The string branch of a number's `anyOf`, when numbers may be strings.
fn digits_branch(schema: &Value) -> Option<&Value> {
    schema
        .get("anyOf")?
        .as_array()?
        .iter()
        .find(|b| b["type"] == "string" && b.get("maxLength").is_some())
}

fn digits(n: u64) -> String {
    "9".repeat(n.max(1) as usize)
}

fn grow(schema: &Value, value: &Value, shape: Shape, max_items: u64) -> Value {
    let numbers = matches!(shape, Shape::Wide | Shape::Both);
    let arrays = matches!(shape, Shape::Long | Shape::Both);
    match value {
        Value::Object(m) => {
            let props = &branch(schema, value)["properties"];
            Value::Object(
                m.iter()
                    .map(|(k, v)| (k.clone(), grow(&props[k], v, shape, max_items)))
                    .collect::<Map<_, _>>(),
            )
        }
        Value::Array(items) => {
            let s = branch(schema, value);
            let item_schema = &s["items"];
            let grown: Vec<Value> = items
                .iter()
                .map(|v| grow(item_schema, v, shape, max_items))
                .collect();
            let bound = s["maxItems"].as_u64().unwrap_or(items.len() as u64);
            let len = if arrays && !grown.is_empty() && item_schema.is_object() {
                bound.min(max_items) as usize
            } else {
                grown.len()
            };
            Value::Array(grown.iter().cycle().take(len).cloned().collect())
        }
        Value::Number(n) if numbers && n.is_i64() => {
            let s = branch(schema, value);
            match (s["maximum"].as_i64(), digits_branch(schema)) {
                (_, Some(d)) => {
                    let n = d["maxLength"].as_u64().unwrap_or(20);
                    json!(digits(if matches!(shape, Shape::Both) {
                        n.min(30)
                    } else {
                        n
                    }))
                }
                (Some(max), None) => json!(max),
                (None, None) => value.clone(),
            }
        }
        Value::String(t) if numbers && t.parse::<i64>().is_ok() => {
            let n = branch(schema, value)["maxLength"].as_u64().unwrap_or(20);
            json!(digits(if matches!(shape, Shape::Both) {
                n.min(30)
            } else {
                n
            }))
        }
        _ => value.clone(),
    }
}

/// The example grown in `shape`, its arrays halved until the input fits
/// [`MAX_INPUT_BYTES`].
fn largest(schema: &Value, example: &Value, shape: Shape) -> Value {
    let mut max_items = MAX_ITEMS;
    let mut input = grow(schema, example, shape, max_items);
    while input.to_string().len() > MAX_INPUT_BYTES && max_items > 1 {
        max_items /= 2;
        input = grow(schema, example, shape, max_items);
    }
    input
}

/// Runs one call on its own thread under the deadline: how long it took to
/// come back, and its outcome ("ok" or the refusal's code).
fn timed(
    catalog: &'static hessian_contract::Catalog,
    args: &Map<String, Value>,
) -> (Duration, String) {
    let (tx, rx) = mpsc::channel();
    let args = args.clone();
    let started = Instant::now();
    std::thread::spawn(move || {
        let ctx =
            Ctx::new(Budget::with_timeout(DEADLINE)).with_output_limit(call::DEFAULT_OUTPUT_BYTES);
        let code = match call::run(catalog, args, &ctx) {
            Ok(_) => "ok".to_string(),
            Err(r) => r.code.to_string(),
        };
        let _ = tx.send(code);
    });
    let outcome = rx
        .recv_timeout(PATIENCE)
        .unwrap_or_else(|_| "still running".into());
    (started.elapsed(), outcome)
}

#[test]
fn every_operation_keeps_its_deadline_on_its_largest_inputs() {
    let catalog = hessian_server::catalog();
    let mut overruns = Vec::new();
    let (mut calls, mut worst) = (0, (Duration::ZERO, String::new()));
    for e in catalog.entries() {
        let schema = e.op.input_schema();
        let example = e.op.example_input();
        for shape in [Shape::Long, Shape::Wide, Shape::Both] {
            let input = largest(&schema, &example, shape);
            let mut args = Map::new();
            args.insert("operation_id".into(), json!(e.op.id()));
            args.insert("input".into(), input);
            // A shared machine can stall any call once; an overrun counts
            // when the same call overruns twice.
            let (mut took, mut outcome) = timed(catalog, &args);
            if took > DEADLINE + MARGIN {
                (took, outcome) = timed(catalog, &args);
            }
            calls += 1;
            let case = format!("{} {shape:?} ({outcome})", e.op.id());
            if took > worst.0 {
                worst = (took, case.clone());
            }
            if took > DEADLINE + MARGIN {
                overruns.push(format!("{case}: {} ms", took.as_millis()));
            }
        }
    }
    eprintln!(
        "{calls} calls under a {} ms deadline; slowest: {} ({} ms)",
        DEADLINE.as_millis(),
        worst.1,
        worst.0.as_millis()
    );
    assert!(
        overruns.is_empty(),
        "{} calls overran {} ms + {} ms:\n{}",
        overruns.len(),
        DEADLINE.as_millis(),
        MARGIN.as_millis(),
        overruns.join("\n")
    );
}

/// The memory ceiling of one call, documented in docs/DECISIONS.md.
const CEILING_KIB: u64 = 1 << 20;

/// Every operation's largest inputs (the same growth as above), each run in
/// its own `hessian run` process under the deadline and the output budget:
/// the process's peak resident set must stay under the ceiling.
#[test]
fn every_operation_stays_under_the_memory_ceiling_on_its_largest_inputs() {
    let catalog = hessian_server::catalog();
    let dir = std::env::temp_dir().join(format!("hessian-memory-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut peaks: Vec<(u64, String)> = Vec::new();
    for e in catalog.entries() {
        let schema = e.op.input_schema();
        let example = e.op.example_input();
        for shape in [Shape::Long, Shape::Wide, Shape::Both] {
            let input = largest(&schema, &example, shape);
            let file = dir.join("input.json");
            std::fs::write(&file, input.to_string()).unwrap();
            let out = std::process::Command::new(env!("CARGO_BIN_EXE_hessian"))
                .args(["run", e.op.id()])
                .arg(format!("@{}", file.display()))
                .args(["--deadline-ms", &DEADLINE.as_millis().to_string()])
                .args([
                    "--max-output-bytes",
                    &call::DEFAULT_OUTPUT_BYTES.to_string(),
                ])
                .env("HESSIAN_REPORT_PEAK_RSS", "1")
                .env("HESSIAN_FORMAT", "json")
                .stdout(std::process::Stdio::null())
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            let peak = stderr
                .lines()
                .find_map(|l| l.strip_prefix("peak_rss_kib "))
                .and_then(|k| k.trim().parse::<u64>().ok())
                .unwrap_or_else(|| panic!("{} {shape:?}: no peak reported: {stderr}", e.op.id()));
            peaks.push((peak, format!("{} {shape:?}", e.op.id())));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    peaks.sort_by_key(|p| std::cmp::Reverse(p.0));
    let top: Vec<String> = peaks
        .iter()
        .take(5)
        .map(|(k, case)| format!("{case}: {} MiB", k / 1024))
        .collect();
    eprintln!("{} calls; highest peaks: {}", peaks.len(), top.join("; "));
    let over: Vec<&(u64, String)> = peaks.iter().filter(|(k, _)| *k > CEILING_KIB).collect();
    assert!(
        over.is_empty(),
        "calls over the {} MiB ceiling: {over:?}",
        CEILING_KIB / 1024
    );
}
