//! The evaluation harness, offline: the scripted careful agent must solve
//! every frozen task through a real `hessian serve`, and a fake
//! OpenAI-compatible endpoint replaying a recorded model transcript must
//! give back the recorded measures.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn out_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hessian-eval-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn records(dir: &Path) -> Vec<Value> {
    std::fs::read_to_string(dir.join("runs.jsonl"))
        .expect("runs.jsonl")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON record"))
        .collect()
}

fn eval(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_hessian"))
        .arg("eval")
        .args(["--tasks", root().join("evals/tasks").to_str().unwrap()])
        .args(args)
        .output()
        .expect("hessian eval runs")
}

#[test]
fn the_frozen_tasks_cover_every_family_and_name_real_operations() {
    let tasks = hessian_eval::task::load_dir(&root().join("evals/tasks")).unwrap();
    let controls = tasks.iter().filter(|t| t.control).count();
    assert!(
        tasks.len() - controls >= 40,
        "{} tool tasks",
        tasks.len() - controls
    );
    assert_eq!(controls, 5);
    let catalog = hessian_server::catalog();
    for family in [
        "matrix",
        "integer",
        "rational",
        "polynomial",
        "graph",
        "combinatorics",
        "sequence",
        "finite_field",
    ] {
        assert!(tasks.iter().any(|t| t.family == family), "no {family} task");
    }
    for t in tasks.iter().filter(|t| !t.control) {
        let id = t.expected_operation.as_deref().unwrap_or_default();
        assert!(catalog.get(id).is_some(), "{}: no operation {id}", t.id);
        assert!(t.careful.is_some(), "{}: no careful script", t.id);
    }
    let cues: std::collections::HashSet<_> = tasks.iter().map(|t| t.cue).collect();
    assert_eq!(cues.len(), 2, "both cue levels are used");
}

#[test]
fn the_careful_agent_solves_every_task_in_both_tool_arms() {
    let dir = out_dir("careful");
    let out = eval(&["--careful", "--arms", "1,2", "--out", dir.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let records = records(&dir);
    assert!(records.len() >= 80, "{} records", records.len());
    for r in &records {
        let what = format!("{} arm {}: {r}", r["task"], r["arm"]);
        assert_eq!(r["correct"], true, "{what}");
        assert_eq!(r["first_run_valid"], true, "{what}");
        assert_eq!(r["manual_fallback"], false, "{what}");
        assert_eq!(r["refused_before_dispatch"], 0, "{what}");
    }
    // Arm 1 shows no example: the same work costs fewer visible bytes.
    let bytes = |arm: &str| -> u64 {
        records
            .iter()
            .filter(|r| r["arm"] == arm)
            .map(|r| r["visible_bytes"].as_u64().unwrap())
            .sum()
    };
    assert!(bytes("contract_only") < bytes("example"));
    let report = std::fs::read_to_string(dir.join("report.md")).unwrap();
    assert!(
        report.contains("sha256:") && report.contains("| 2 contract + example | 54/54 (100%)"),
        "{report}"
    );
    let png = std::fs::read(dir.join("chart.png")).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let transcripts = std::fs::read_to_string(dir.join("transcripts.jsonl")).unwrap();
    // Arm 1 really hides the example: no inspected contract carries one.
    for line in transcripts
        .lines()
        .filter(|l| l.contains("\"arm\":\"contract_only\""))
    {
        assert!(!line.contains("\\\"example\\\":"), "{line}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Serves the recorded responses in order, checking that each request
/// continues the recorded conversation (same last role and tool call id).
fn fake_endpoint(turns: Vec<Value>) -> (String, std::thread::JoinHandle<Result<usize, String>>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/v1", listener.local_addr().unwrap());
    let handle = std::thread::spawn(move || {
        let mut served = 0;
        for turn in &turns {
            let (mut stream, _) = listener.accept().map_err(|e| e.to_string())?;
            let mut reader = BufReader::new(stream.try_clone().map_err(|e| e.to_string())?);
            let mut line = String::new();
            reader.read_line(&mut line).map_err(|e| e.to_string())?;
            if !line.starts_with("POST /v1/chat/completions ") {
                return Err(format!("unexpected request line {line:?}"));
            }
            let mut length = 0;
            loop {
                let mut header = String::new();
                reader.read_line(&mut header).map_err(|e| e.to_string())?;
                if header.trim().is_empty() {
                    break;
                }
                if let Some((k, v)) = header.split_once(':')
                    && k.eq_ignore_ascii_case("content-length")
                {
                    length = v
                        .trim()
                        .parse()
                        .map_err(|_| "bad content-length".to_string())?;
                }
            }
            let mut body = vec![0; length];
            reader.read_exact(&mut body).map_err(|e| e.to_string())?;
            let request: Value = serde_json::from_slice(&body).map_err(|e| e.to_string())?;
            let last = request["messages"]
                .as_array()
                .and_then(|m| m.last())
                .cloned()
                .unwrap_or_default();
            let expected = turn["sent"]
                .as_array()
                .and_then(|m| m.last())
                .cloned()
                .unwrap_or_default();
            if last["role"] != expected["role"]
                || last.get("tool_call_id") != expected.get("tool_call_id")
            {
                return Err(format!(
                    "turn {turn}: the request ends with {last}, the recording with {expected}"
                ));
            }
            if request["temperature"] != json!(0.0) || request.get("seed").is_none() {
                return Err("temperature 0 and a seed are sent".into());
            }
            let (status, body) = match turn["response"].get("error") {
                Some(e) => (
                    "500 Internal Server Error",
                    json!({"error": {"message": e}}).to_string(),
                ),
                None => ("200 OK", turn["response"].to_string()),
            };
            write!(
                stream,
                "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                body.len()
            )
            .map_err(|e| e.to_string())?;
            served += 1;
        }
        Ok(served)
    });
    (url, handle)
}

#[test]
fn a_recorded_model_transcript_replays_to_the_recorded_measures() {
    let data = root().join("tests/data/eval-replay");
    let recorded: Vec<Value> = std::fs::read_to_string(data.join("transcripts.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let turns: Vec<Value> = recorded
        .iter()
        .filter(|t| t.get("response").is_some())
        .cloned()
        .collect();
    let expected = records(&data);
    let tasks: std::collections::BTreeSet<&str> =
        expected.iter().filter_map(|r| r["task"].as_str()).collect();
    let (url, endpoint) = fake_endpoint(turns.clone());
    let dir = out_dir("replay");
    let only = tasks.into_iter().collect::<Vec<_>>().join(",");
    let out = eval(&[
        "--endpoint",
        &url,
        "--model",
        "SmolLM2-135M-Instruct-Q4_1",
        "--arms",
        "1,2,3",
        "--only",
        &only,
        "--max-turns",
        "6",
        "--max-tokens",
        "512",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        endpoint.join().unwrap(),
        Ok(turns.len()),
        "every recorded response was asked for, in order"
    );
    // Timing, the size of the server's texts and the endpoint's address in
    // an error may change; what the model did and how it was judged may not.
    let strip = |mut r: Value| {
        for k in ["elapsed_ms", "visible_bytes"] {
            r.as_object_mut().unwrap().remove(k);
        }
        let stop = r["stop"].as_str().unwrap_or_default();
        r["stop"] = json!(stop.split(':').next().unwrap_or_default());
        r
    };
    let got: Vec<Value> = records(&dir).into_iter().map(strip).collect();
    let want: Vec<Value> = expected.into_iter().map(strip).collect();
    assert_eq!(got, want);
    let report = std::fs::read_to_string(dir.join("report.md")).unwrap();
    assert!(
        report.contains("SmolLM2-135M-Instruct-Q4_1") && report.contains(&url),
        "{report}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
