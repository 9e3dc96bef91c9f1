//! Every call is bounded in time (issue 18): each operation's example,
//! grown to the bounds its own input schema states, runs under a short
//! deadline and must come back within that deadline plus a margin, as a
//! result or a refusal (`deadline_exceeded`, `limit_exceeded`, …). The
//! call returns only when its kernel has stopped, so a call that comes back
//! in time has freed its thread. New operations are covered by being in the
//! catalog. Calls carry the servers' default output budget, as over MCP.

use growth::{SHAPES, largest};
use hessian_contract::call;
use serde_json::Value;
use std::time::{Duration, Instant};

mod growth;

const DEADLINE: Duration = Duration::from_millis(300);
const MARGIN: Duration = Duration::from_millis(250);
/// How long an overrunning call is waited for before it is killed.
const PATIENCE: Duration = Duration::from_secs(3);
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
    let mut calls = 0;
    let mut times: Vec<(Duration, String)> = Vec::new();
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
            times.push((outcome.took, case.clone()));
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
    times.sort_by_key(|t| std::cmp::Reverse(t.0));
    // The five slowest show how much margin the catalog keeps.
    let slowest: Vec<String> = times
        .iter()
        .take(5)
        .map(|(t, case)| format!("{case} ({} ms)", t.as_millis()))
        .collect();
    let top: Vec<String> = peaks
        .iter()
        .take(5)
        .map(|(k, case)| format!("{case}: {} MiB", k / 1024))
        .collect();
    eprintln!(
        "{calls} calls under a {} ms deadline ({codes:?}); slowest: {}; highest peaks: {}",
        DEADLINE.as_millis(),
        slowest.join("; "),
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
