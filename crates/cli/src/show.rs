//! What the CLI prints: the exact JSON for programs (`--json`, or any
//! stdout that is not a terminal), a readable layout for people
//! (`HESSIAN_FORMAT=text` asks for it anywhere). Writing
//! into a closed pipe (`hessian find gcd | head -1`) ends the process
//! quietly with status 0, as other Unix tools do.

use hessian_contract::Refusal;
use serde_json::Value;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

/// How answers are printed.
#[derive(Clone, Copy, PartialEq)]
pub enum Style {
    Json,
    People,
}

impl Style {
    /// `--json`, else `HESSIAN_FORMAT=json|text`, else text on a terminal
    /// and JSON anywhere else.
    pub fn choose(json: bool) -> Style {
        match std::env::var("HESSIAN_FORMAT").as_deref() {
            _ if json => Style::Json,
            Ok("json") => Style::Json,
            Ok("text") => Style::People,
            _ if std::io::stdout().is_terminal() => Style::People,
            _ => Style::Json,
        }
    }
}

/// Writes `text` and a newline to stdout; a closed pipe ends the process.
pub fn out(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let written = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.write_all(b"\n"))
        .and_then(|()| stdout.flush());
    if let Err(e) = written {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("hessian: cannot write to stdout: {e}");
        std::process::exit(1);
    }
}

pub fn json(v: &Value) {
    out(&serde_json::to_string_pretty(v).unwrap_or_default());
}

/// Which command's answer is being printed.
#[derive(Clone, Copy)]
pub enum Kind {
    Matches,
    Contract,
    Envelope,
}

/// Prints a math_find / math_run answer; a refusal exits with 2.
pub fn answer(result: Result<Value, Refusal>, style: Style, kind: Kind) -> ExitCode {
    match (result, style) {
        (Ok(v), Style::Json) => {
            json(&v);
            ExitCode::SUCCESS
        }
        (Err(r), Style::Json) => {
            json(&r.to_json());
            ExitCode::from(2)
        }
        (Ok(v), Style::People) => {
            out(&match kind {
                Kind::Matches => matches(&v),
                Kind::Contract => contract(&v),
                Kind::Envelope => envelope(&v),
            });
            ExitCode::SUCCESS
        }
        (Err(r), Style::People) => {
            out(&refusal(&r));
            ExitCode::from(2)
        }
    }
}

fn str_of<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key).and_then(Value::as_str).unwrap_or_default()
}

/// A search or browse page: one block per card.
pub fn matches(v: &Value) -> String {
    let cards = v["matches"].as_array().cloned().unwrap_or_default();
    if cards.is_empty() {
        return "no operation matches".into();
    }
    let width = cards
        .iter()
        .map(|c| str_of(c, "operation_id").len())
        .max()
        .unwrap_or(0);
    let mut s = String::new();
    for c in &cards {
        s.push_str(&format!(
            "{:width$}  {}\n",
            str_of(c, "operation_id"),
            str_of(c, "title")
        ));
        let summary = str_of(c, "summary");
        if !summary.is_empty() {
            s.push_str(&format!("{:width$}  {summary}\n", ""));
        }
    }
    s.push_str(&format!("\n{} of {} shown", cards.len(), v["total"]));
    if let Some(next) = v.get("next_cursor").and_then(Value::as_str) {
        s.push_str(&format!("; more with --cursor {next}"));
    }
    s.push_str("; `hessian inspect <id>` shows one");
    s
}

/// One contract: what it computes, its fields, and the example as a command.
pub fn contract(v: &Value) -> String {
    let id = str_of(v, "operation_id");
    let mut s = format!(
        "{id}  (version {}, {})\n{}\n",
        v["version"],
        str_of(v, "contract"),
        str_of(v, "title")
    );
    let description = str_of(v, "description");
    if !description.is_empty() {
        s.push_str(&format!("\n{description}\n"));
    }
    let schema = &v["input_schema"];
    let required: Vec<&str> = schema["required"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    if let Some(props) = schema["properties"].as_object() {
        s.push_str("\ninput fields:\n");
        for (name, p) in props {
            let mark = if required.contains(&name.as_str()) {
                "required"
            } else {
                "optional"
            };
            let about = p
                .get("description")
                .and_then(Value::as_str)
                .unwrap_or_default();
            s.push_str(&format!("  {name} ({mark}) {about}\n"));
        }
    }
    if let Some(example) = v.get("example") {
        let input = serde_json::to_string(&example["input"]).unwrap_or_default();
        s.push_str(&format!("\nexample:\n  hessian run {id} '{input}'\n"));
        s.push_str(&format!("expected output:\n  {}\n", v["expected_output"]));
    }
    s.push_str("\n(--json prints the full contract with its schemas)");
    s
}

/// A run's result: the output first, then where it came from.
pub fn envelope(v: &Value) -> String {
    let output = match &v["output"] {
        Value::String(s) => s.clone(),
        other => serde_json::to_string_pretty(other).unwrap_or_default(),
    };
    format!(
        "{output}\n\n({} version {}, {} ms)",
        str_of(v, "operation_id"),
        v["version"],
        v["elapsed_ms"]
    )
}

pub fn refusal(r: &Refusal) -> String {
    let mut s = format!("refused ({}): {}", r.code, r.message);
    for (label, value) in [
        ("at", &r.path),
        ("expected", &r.expected),
        ("received", &r.received),
    ] {
        if let Some(v) = value {
            s.push_str(&format!("\n  {label}: {v}"));
        }
    }
    if let Some(fix) = &r.fix {
        let args = &fix["arguments"];
        let command = match fix["tool"].as_str() {
            Some("math_run") => format!(
                "hessian run {} '{}'",
                str_of(args, "operation_id"),
                serde_json::to_string(&args["input"]).unwrap_or_default()
            ),
            _ if args.get("operation_id").is_some() => {
                format!("hessian inspect {}", str_of(args, "operation_id"))
            }
            _ => format!("hessian find {}", str_of(args, "query")),
        };
        s.push_str(&format!("\n  try: {command}"));
    }
    s
}
