//! Every call is bounded in time (issue 18): each operation's example,
//! grown to the bounds its own input schema states, runs under a short
//! deadline and must come back within that deadline plus a margin, as a
//! result or a refusal (`deadline_exceeded`, `limit_exceeded`, …). The
//! call returns only when its kernel has stopped, so a call that comes back
//! in time has freed its thread. New operations are covered by being in the
//! catalog. Calls carry the servers' default output budget, as over MCP.

use hessian_contract::call;
use serde_json::{Map, Value, json};
use std::time::{Duration, Instant};

const DEADLINE: Duration = Duration::from_millis(300);
const MARGIN: Duration = Duration::from_millis(250);
/// How long an overrunning call is waited for before it is killed.
const PATIENCE: Duration = Duration::from_secs(3);
/// Longest array built, whatever the schema allows.
const MAX_ITEMS: u64 = 100_000;
/// Largest input built, in bytes of JSON: beyond it a call spends its time
/// in the JSON parser, before any kernel (HTTP bounds the body at 8 MiB).
const MAX_INPUT_BYTES: usize = 1 << 20;

/// How far arrays are grown.
#[derive(Clone, Copy, Debug)]
enum Items {
    /// As long as in the example.
    Example,
    /// This many items (within the schema's bound).
    Count(u64),
    /// At the schema's bound.
    Bound,
}

/// How far JSON-integer fields (exponents, counts, indices) are grown.
#[derive(Clone, Copy, Debug)]
enum Ints {
    Example,
    /// A tenth of the schema's maximum: large, but inside the bounds that
    /// tie several fields together (degree × exponent).
    Tenth,
    Max,
}

/// How an example is grown: its arrays, the digits of every number that
/// may be a string (integers, rationals, moduli, polynomial coefficients),
/// and its JSON-integer fields.
#[derive(Clone, Copy, Debug)]
struct Shape {
    name: &'static str,
    items: Items,
    /// Digits of every string-encoded number (capped at its maxLength);
    /// None keeps the example's numbers.
    digits: Option<u64>,
    ints: Ints,
}

/// The shapes every operation is run in. Numbers grow through their
/// digits as well as arrays through their length: a 1,000-digit
/// coefficient raised to the 100th power is as much work as a long array.
const SHAPES: [Shape; 6] = [
    Shape {
        name: "long",
        items: Items::Bound,
        digits: None,
        ints: Ints::Example,
    },
    Shape {
        name: "wide",
        items: Items::Example,
        digits: Some(u64::MAX),
        ints: Ints::Max,
    },
    Shape {
        name: "digits",
        items: Items::Example,
        digits: Some(u64::MAX),
        ints: Ints::Example,
    },
    Shape {
        name: "long, 30 digits",
        items: Items::Bound,
        digits: Some(30),
        ints: Ints::Max,
    },
    Shape {
        name: "long, all digits",
        items: Items::Bound,
        digits: Some(u64::MAX),
        ints: Ints::Example,
    },
    Shape {
        name: "middle",
        items: Items::Count(11),
        digits: Some(1000),
        ints: Ints::Tenth,
    },
];

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
    schema.get("anyOf")?.as_array()?.iter().find(|b| {
        b["type"] == "string" && b.get("maxLength").is_some() && b.get("pattern").is_some()
    })
}

/// The array-of-numbers branch of a value that may also be text (a
/// polynomial as coefficients or as "x + 1").
fn numbers_branch(schema: &Value) -> Option<&Value> {
    schema
        .get("anyOf")?
        .as_array()?
        .iter()
        .find(|b| b["type"] == "array" && digits_branch(&b["items"]).is_some())
}

/// A number of `n` digits (at least one) as its string form.
fn digits(n: u64, cap: u64) -> Value {
    json!("9".repeat(n.min(cap).max(1) as usize))
}

fn grow(schema: &Value, value: &Value, shape: Shape, max_items: u64) -> Value {
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
            // Grown arrays are capped at `max_items`; the example's are not.
            let len = match shape.items {
                _ if grown.is_empty() || !item_schema.is_object() => grown.len() as u64,
                Items::Example => grown.len() as u64,
                Items::Count(n) => n.min(bound).min(max_items),
                Items::Bound => bound.min(max_items),
            };
            Value::Array(grown.iter().cycle().take(len as usize).cloned().collect())
        }
        Value::Number(n) if n.is_i64() => {
            let s = branch(schema, value);
            match (s["maximum"].as_i64(), digits_branch(schema), shape.digits) {
                (_, Some(d), Some(n)) => digits(n, d["maxLength"].as_u64().unwrap_or(20)),
                (Some(max), None, _) => match shape.ints {
                    Ints::Example => value.clone(),
                    Ints::Tenth => json!((max / 10).max(n.as_i64().unwrap_or(0))),
                    Ints::Max => json!(max),
                },
                _ => value.clone(),
            }
        }
        Value::String(t) if t.parse::<i64>().is_ok() => match shape.digits {
            Some(n) => digits(n, branch(schema, value)["maxLength"].as_u64().unwrap_or(20)),
            None => value.clone(),
        },
        // Text where numbers may go instead: grown as a list of numbers
        // when the shape grows numbers or lists.
        Value::String(_) if !matches!((shape.items, shape.digits), (Items::Example, None)) => {
            match numbers_branch(schema) {
                Some(list) => {
                    let example = json!(["3", "2", "1"]);
                    grow(list, &example, shape, max_items)
                }
                None => value.clone(),
            }
        }
        _ => value.clone(),
    }
}

/// The example grown in `shape`, its arrays as long as fits
/// [`MAX_INPUT_BYTES`]: lengths double from 1 while the input fits (so no
/// gigabyte-sized input is ever built to be cut down).
fn largest(schema: &Value, example: &Value, shape: Shape) -> Value {
    let mut input = grow(schema, example, shape, 1);
    let mut max_items = 1;
    while max_items < MAX_ITEMS {
        max_items = (max_items * 2).min(MAX_ITEMS);
        let longer = grow(schema, example, shape, max_items);
        if longer.to_string().len() > MAX_INPUT_BYTES {
            break;
        }
        let grew = longer != input;
        input = longer;
        if !grew {
            break;
        }
    }
    input
}

/// The memory ceiling of one call, documented in docs/DECISIONS.md.
const CEILING_KIB: u64 = 1 << 20;

/// What one call in its own `hessian run` process came to.
struct Outcome {
    /// From spawn to exit (or to the kill, past [`PATIENCE`]).
    took: Duration,
    /// "ok", the refusal's code, or "still running" (killed).
    code: String,
    /// Peak resident set, when the process lived to report it.
    peak_kib: Option<u64>,
}

/// Runs one call in its own `hessian run` process under the deadline and
/// the servers' output budget, killed past [`PATIENCE`] so an overrun
/// cannot hold a core for the rest of the suite. The hard stop (a call
/// ends at deadline + grace whatever its kernel does) is set far out, so
/// this measures the kernels' own, cooperative stop.
fn timed(id: &str, input: &Value, dir: &std::path::Path) -> Outcome {
    use std::io::Read;
    let file = dir.join("input.json");
    std::fs::write(&file, input.to_string()).unwrap();
    let started = Instant::now();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_hessian"))
        .args(["run", id])
        .arg(format!("@{}", file.display()))
        .args(["--deadline-ms", &DEADLINE.as_millis().to_string()])
        .args(["--grace-ms", &(PATIENCE.as_millis() * 2).to_string()])
        .args([
            "--max-output-bytes",
            &call::DEFAULT_OUTPUT_BYTES.to_string(),
        ])
        .env("HESSIAN_REPORT_PEAK_RSS", "1")
        .env("HESSIAN_FORMAT", "json")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Read both pipes on threads so a large answer cannot block the child.
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = pipe.read_to_string(&mut text);
            text
        })
    };
    let stdout = drain(Box::new(child.stdout.take().unwrap()));
    let stderr = drain(Box::new(child.stderr.take().unwrap()));
    let mut killed = false;
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if started.elapsed() > PATIENCE {
            let _ = child.kill();
            let _ = child.wait();
            killed = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let took = started.elapsed();
    let (stdout, stderr) = (stdout.join().unwrap(), stderr.join().unwrap());
    let code = if killed {
        "still running".to_string()
    } else {
        match serde_json::from_str::<Value>(&stdout) {
            Ok(v) => v["error"]["code"].as_str().unwrap_or("ok").to_string(),
            Err(_) => format!("no answer ({})", stderr.lines().last().unwrap_or("")),
        }
    };
    let peak_kib = stderr
        .lines()
        .find_map(|l| l.strip_prefix("peak_rss_kib "))
        .and_then(|k| k.trim().parse::<u64>().ok());
    Outcome {
        took,
        code,
        peak_kib,
    }
}

/// Every operation's example grown in every [`SHAPES`] runs in its own
/// process under a short deadline: it must come back within the deadline
/// plus a margin (as a result or a refusal: `deadline_exceeded`,
/// `limit_exceeded`, …) with its kernel stopped, and stay under the memory
/// ceiling.
#[test]
fn every_operation_keeps_its_deadline_and_memory_ceiling_on_its_largest_inputs() {
    let catalog = hessian_server::catalog();
    let dir = std::env::temp_dir().join(format!("hessian-deadlines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut overruns = Vec::new();
    let mut peaks: Vec<(u64, String)> = Vec::new();
    let mut codes: std::collections::BTreeMap<String, usize> = Default::default();
    let (mut calls, mut worst) = (0, (Duration::ZERO, String::new()));
    // HESSIAN_DEADLINES_ONLY=polynomial.power runs the operations whose id
    // contains it (for working on one kernel).
    let only = std::env::var("HESSIAN_DEADLINES_ONLY").unwrap_or_default();
    for e in catalog
        .entries()
        .iter()
        .filter(|e| e.op.id().contains(&only))
    {
        let schema = e.op.input_schema();
        let example = e.op.example_input();
        for shape in SHAPES {
            let input = largest(&schema, &example, shape);
            // A shared machine can stall any call once; an overrun counts
            // when the same call overruns twice.
            let mut outcome = timed(e.op.id(), &input, &dir);
            if outcome.took > DEADLINE + MARGIN {
                outcome = timed(e.op.id(), &input, &dir);
            }
            calls += 1;
            *codes.entry(outcome.code.clone()).or_default() += 1;
            let case = format!("{} {} ({})", e.op.id(), shape.name, outcome.code);
            if outcome.took > worst.0 {
                worst = (outcome.took, case.clone());
            }
            if outcome.took > DEADLINE + MARGIN {
                eprintln!("overrun: {case}: {} ms", outcome.took.as_millis());
                overruns.push(format!("{case}: {} ms", outcome.took.as_millis()));
            }
            if let Some(k) = outcome.peak_kib {
                peaks.push((k, case));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    peaks.sort_by_key(|p| std::cmp::Reverse(p.0));
    let top: Vec<String> = peaks
        .iter()
        .take(5)
        .map(|(k, case)| format!("{case}: {} MiB", k / 1024))
        .collect();
    eprintln!(
        "{calls} calls under a {} ms deadline ({codes:?}); slowest: {} ({} ms); highest peaks: {}",
        DEADLINE.as_millis(),
        worst.1,
        worst.0.as_millis(),
        top.join("; ")
    );
    let over: Vec<&(u64, String)> = peaks.iter().filter(|(k, _)| *k > CEILING_KIB).collect();
    assert!(
        overruns.is_empty() && over.is_empty(),
        "{} calls overran {} ms + {} ms:\n{}\ncalls over the {} MiB ceiling: {over:?}",
        overruns.len(),
        DEADLINE.as_millis(),
        MARGIN.as_millis(),
        overruns.join("\n"),
        CEILING_KIB / 1024
    );
}
