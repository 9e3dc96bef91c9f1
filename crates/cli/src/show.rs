//! What the CLI prints: the exact JSON for programs (`--json`, or any
//! stdout that is not a terminal), a readable layout for people
//! (`--text` or `HESSIAN_FORMAT=text` asks for it anywhere). Writing
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
    /// `--json` or `--text`, else `HESSIAN_FORMAT=json|text`, else text on
    /// a terminal and JSON anywhere else.
    pub fn choose(json: bool, text: bool) -> Style {
        match std::env::var("HESSIAN_FORMAT").as_deref() {
            _ if json => Style::Json,
            _ if text => Style::People,
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
        let mut s = String::from(
            v.get("hint")
                .and_then(Value::as_str)
                .unwrap_or("no operation matches"),
        );
        if let Some(families) = v.get("nearest_families").and_then(Value::as_array) {
            let names: Vec<&str> = families.iter().filter_map(Value::as_str).collect();
            s.push_str(&format!("\nnearest families: {}", names.join(", ")));
        }
        if let Some(next) = v.get("next_call") {
            let domain = next.get("domain").and_then(Value::as_str);
            s.push_str(&match domain {
                Some(d) => format!("\nnext: hessian browse --domain {d}"),
                None => "\nnext: hessian browse".into(),
            });
        }
        return s;
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
    if let Some(line) = v.get("differs").and_then(Value::as_str) {
        s.push_str(&format!("\nhow they differ: {line}\n"));
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

/// A run's result: the output first, laid out by its shape, then where it
/// came from.
pub fn envelope(v: &Value) -> String {
    format!(
        "{}\n\n({} version {}, {} ms)",
        layout(&v["output"]),
        str_of(v, "operation_id"),
        v["version"],
        v["elapsed_ms"]
    )
}

/// Entries longer than this are elided in grids and lists.
const WIDE: usize = 24;
/// A line of `key: value, …` or `[a, b, …]` stays on one line up to this.
const LINE: usize = 100;

/// An output for people: polynomials as text, factorizations as products,
/// matrices as aligned grids, short records on one line, long certificates
/// summarised (`--json` shows everything).
pub fn layout(v: &Value) -> String {
    if let Some(text) = polynomial(v).or_else(|| product(v)) {
        return text;
    }
    if let Some(grid) = grid(v) {
        return grid;
    }
    match v {
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(layout).collect();
            let one = format!("[{}]", parts.join(", "));
            if one.len() <= LINE && !one.contains('\n') {
                return one;
            }
            let shown: Vec<String> = parts
                .iter()
                .map(|p| format!("- {}", indent_rest(p, 2)))
                .collect();
            shown.join("\n")
        }
        Value::Object(fields) => {
            let parts: Vec<(String, String)> = fields
                .iter()
                .map(|(k, x)| (k.clone(), field(k, x)))
                .collect();
            let one = parts
                .iter()
                .map(|(k, x)| format!("{k}: {x}"))
                .collect::<Vec<_>>()
                .join(", ");
            if one.len() <= LINE && !one.contains('\n') {
                return one;
            }
            parts
                .iter()
                .map(|(k, x)| match x.contains('\n') {
                    true => format!("{k}:\n  {}", indent_rest(x, 2)),
                    false => format!("{k}: {x}"),
                })
                .collect::<Vec<_>>()
                .join("\n")
        }
        _ => scalar(v),
    }
}

/// A record's field; certificates and witnesses too long to read are summarised.
fn field(key: &str, v: &Value) -> String {
    let proof = ["certificate", "proof", "witness", "steps", "trace"]
        .iter()
        .any(|w| key.contains(w));
    let size = serde_json::to_string(v).map_or(0, |t| t.len());
    if proof && size > LINE {
        let what = match v {
            Value::Array(a) => format!("{} entries", a.len()),
            Value::Object(o) => format!(
                "fields {}",
                o.keys().map(String::as_str).collect::<Vec<_>>().join(", ")
            ),
            _ => format!("{size} bytes"),
        };
        return format!("({what}, checked; --json shows it)");
    }
    layout(v)
}

fn scalar(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => "none".into(),
        other => other.to_string(),
    }
}

/// Indents every line after the first.
fn indent_rest(s: &str, by: usize) -> String {
    s.replace('\n', &format!("\n{:by$}", ""))
}

/// `{"polynomial": "x + 1", "coefficients": …}` (and the sparse form) → its text.
fn polynomial(v: &Value) -> Option<String> {
    let o = v.as_object()?;
    let text = o.get("polynomial")?.as_str()?;
    let known = ["polynomial", "coefficients", "variables", "terms"];
    o.keys()
        .all(|k| known.contains(&k.as_str()))
        .then(|| text.to_string())
}

/// Coefficients from the constant term up → `x^2 + 3*x + 1` (the dense
/// lists finite-field factorizations carry).
fn dense(coefficients: &[Value]) -> Option<String> {
    let mut terms = Vec::new();
    for (k, c) in coefficients.iter().enumerate().rev() {
        let c = match c {
            Value::String(s) => s.clone(),
            Value::Number(n) => n.to_string(),
            _ => return None,
        };
        if c == "0" {
            continue;
        }
        let power = match k {
            0 => String::new(),
            1 => "x".into(),
            _ => format!("x^{k}"),
        };
        terms.push(match (c.as_str(), k) {
            (_, 0) => c,
            ("1", _) => power,
            _ => format!("{c}*{power}"),
        });
    }
    Some(if terms.is_empty() {
        "0".into()
    } else {
        terms.join(" + ")
    })
}

/// A factorization → a product: `2*(x - 1)^2*(x + 1)`, `2^3 * 3^2 * 5`.
/// Other fields of the record follow on their own lines.
fn product(v: &Value) -> Option<String> {
    let o = v.as_object()?;
    let (key, list) = ["factors", "parts"]
        .iter()
        .find_map(|k| Some((*k, o.get(*k)?.as_array()?)))?;
    let mut factors = Vec::new();
    for f in list {
        let f = f.as_object()?;
        let (base, exponent) = match (f.get("factor"), f.get("prime")) {
            (Some(p), None) => (
                polynomial(p).or_else(|| dense(p.as_array()?))?,
                f.get("multiplicity")?,
            ),
            (None, Some(p)) => (p.as_str()?.to_string(), f.get("exponent")?),
            _ => return None,
        };
        if f.len() != 2 {
            return None;
        }
        factors.push((base, exponent.as_u64()?));
    }
    let integers = list.first().is_some_and(|f| f.get("prime").is_some());
    let unit = ["content", "leading_coefficient", "unit"]
        .iter()
        .find_map(|k| Some((*k, o.get(*k)?.as_str()?)));
    let mut parts: Vec<String> = Vec::new();
    let mut sign = "";
    match unit.map(|(_, u)| u) {
        None | Some("1") => {}
        Some("-1") => sign = "-",
        Some(u) => parts.push(if u.contains('/') || u.starts_with('-') && integers {
            format!("({u})")
        } else {
            u.into()
        }),
    }
    for (base, e) in &factors {
        let simple = base.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        let base =
            if simple || (factors.len() == 1 && parts.is_empty() && *e == 1 && sign.is_empty()) {
                base.clone()
            } else {
                format!("({base})")
            };
        parts.push(if *e == 1 { base } else { format!("{base}^{e}") });
    }
    if parts.is_empty() {
        parts.push("1".into());
    }
    let join = if integers { " * " } else { "*" };
    let mut text = format!("{sign}{}", parts.join(join));
    for (k, x) in o {
        let skip = k == key || unit.is_some_and(|(u, _)| u == k);
        let dull = matches!(
            (k.as_str(), x),
            ("complete", Value::Bool(true)) | ("probable_primes", Value::Bool(false))
        ) || x.as_array().is_some_and(Vec::is_empty);
        if !skip && !dull {
            text.push_str(&format!("\n{k}: {}", field(k, x)));
        }
    }
    Some(text)
}

/// A matrix (rows of numbers, all the same length) → right-aligned columns,
/// entries wider than [`WIDE`] elided to their ends and their digit count.
fn grid(v: &Value) -> Option<String> {
    let rows = v.as_array()?;
    let width = rows.first()?.as_array()?.len();
    if width == 0 {
        return None;
    }
    let mut cells = Vec::with_capacity(rows.len());
    for r in rows {
        let r = r.as_array().filter(|r| r.len() == width)?;
        let row: Option<Vec<String>> = r
            .iter()
            .map(|c| match c {
                Value::String(s) => Some(elide(s)),
                Value::Number(n) => Some(n.to_string()),
                _ => None,
            })
            .collect();
        cells.push(row?);
    }
    let widths: Vec<usize> = (0..width)
        .map(|j| {
            cells
                .iter()
                .map(|r| r[j].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let lines: Vec<String> = cells
        .iter()
        .map(|r| {
            let row: Vec<String> = r
                .iter()
                .zip(&widths)
                .map(|(c, &w)| format!("{c:>w$}"))
                .collect();
            format!("[ {} ]", row.join("  "))
        })
        .collect();
    Some(lines.join("\n"))
}

/// `123456789…` (40 digits) → `12345678…12345678 (40 digits)`.
fn elide(s: &str) -> String {
    if s.chars().count() <= WIDE || !s.is_ascii() {
        return s.to_string();
    }
    let digits = s.bytes().filter(u8::is_ascii_digit).count();
    format!("{}…{} ({digits} digits)", &s[..8], &s[s.len() - 8..])
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
