//! The offline "sloppy agent" tier of the evaluation (evals/README.md): for
//! every operation, take its example call, make one typical weak-model
//! mistake, and recover only by following what the refusal says — the `fix`
//! call, the nearest operation id, or the literal named in `expected`.
//! Prints the recovery rate per mistake kind; every kind must recover every
//! time (wrapper mistakes, renamed id keys, misspelled ids and a required
//! field left out through the `fix` alone, floats and {num, den} objects through the literal in
//! `expected`).

use hessian_contract::call;
use hessian_contract::{Ctx, Refusal};
use serde_json::{Map, Value, json};

/// Applies one mistake to a correct call, or None when it does not apply.
fn mistake(kind: &str, call: &Map<String, Value>) -> Option<Map<String, Value>> {
    let id = call["operation_id"].clone();
    let input = call["input"].as_object()?.clone();
    let mut m = Map::new();
    m.insert("operation_id".into(), id.clone());
    match kind {
        "fields beside operation_id" => m.extend(input),
        "payload instead of input" => {
            m.insert("payload".into(), Value::Object(input));
        }
        "input as a JSON string" => {
            m.insert(
                "input".into(),
                Value::String(Value::Object(input).to_string()),
            );
        }
        "misspelled id" => {
            let s = id.as_str()?;
            // Drop one letter from the middle segment: "matrix.determnant.compute".
            let parts: Vec<&str> = s.split('.').collect();
            let mid = parts.get(1)?;
            if mid.len() < 4 {
                return None;
            }
            let cut = mid.len() / 2;
            let typo = format!("{}{}", &mid[..cut], &mid[cut + 1..]);
            let mut p: Vec<String> = parts.iter().map(|x| x.to_string()).collect();
            p[1] = typo;
            m.insert("operation_id".into(), Value::String(p.join(".")));
            m.insert("input".into(), Value::Object(input));
        }
        "`operation` for operation_id" | "`id` for operation_id" | "`tool` for operation_id" => {
            let key = kind.split('`').nth(1)?;
            m.remove("operation_id");
            m.insert(key.into(), id);
            m.insert("input".into(), Value::Object(input));
        }
        "swapped letters in the id" => {
            // Swap two neighbours in the middle segment: "matrix.detreminant.compute".
            let s = id.as_str()?;
            let (family, rest) = s.split_once('.')?;
            let (mid, verb) = rest.split_once('.')?;
            if mid.len() < 4 || !mid.is_ascii() {
                return None;
            }
            let mut b = mid.as_bytes().to_vec();
            let at = b.len() / 2;
            if b[at - 1] == b[at] {
                return None;
            }
            b.swap(at - 1, at);
            let typo = String::from_utf8(b).ok()?;
            m.insert(
                "operation_id".into(),
                Value::String(format!("{family}.{typo}.{verb}")),
            );
            m.insert("input".into(), Value::Object(input));
        }
        "JSON float for an exact number" | "{num, den} object for a rational" => {
            let mut input = Value::Object(input);
            let floats = kind.starts_with("JSON");
            if !replace_first_number(&mut input, floats) {
                return None;
            }
            m.insert("input".into(), input);
        }
        "a required field left out" => {
            // The first field of the example that the input schema requires.
            let entry = hessian_server::catalog()
                .entries()
                .iter()
                .find(|e| e.op.id() == id.as_str().unwrap_or_default())?;
            let required = entry.contract().document["input_schema"]["required"].clone();
            let names: Vec<&str> = required
                .as_array()?
                .iter()
                .filter_map(Value::as_str)
                .collect();
            let mut input = input;
            let name = input.keys().find(|k| names.contains(&k.as_str()))?.clone();
            input.remove(&name);
            m.insert("input".into(), Value::Object(input));
        }
        _ => unreachable!(),
    }
    Some(m)
}

/// Replaces the first exact number ("-3", 7, "1/2") with its float or a
/// {num, den} object.
fn replace_first_number(v: &mut Value, floats: bool) -> bool {
    let as_pair = |v: &Value| -> Option<(i64, i64)> {
        match v {
            Value::Number(n) => n.as_i64().map(|n| (n, 1)),
            Value::String(s) => match s.split_once('/') {
                Some((p, q)) => Some((p.parse().ok()?, q.parse().ok()?)),
                None => Some((s.parse().ok()?, 1)),
            },
            _ => None,
        }
    };
    match v {
        Value::Array(items) => items.iter_mut().any(|x| replace_first_number(x, floats)),
        Value::Object(fields) => fields.values_mut().any(|x| replace_first_number(x, floats)),
        other => match as_pair(other) {
            // Only values a float holds exactly, so a careful reader could recover.
            Some((p, q)) if q > 0 && (q as u64).is_power_of_two() && p.abs() < 1 << 20 => {
                *other = if floats {
                    json!(p as f64 / q as f64)
                } else {
                    json!({"num": p, "den": q})
                };
                true
            }
            _ => false,
        },
    }
}

/// Sets the value at a refusal path such as `input.terms[0]`.
fn set_at(call: &mut Map<String, Value>, path: &str, value: Value) -> bool {
    let mut cur: Option<&mut Value> = None;
    for (i, part) in path.split('.').enumerate() {
        let (name, indices) = match part.find('[') {
            Some(k) => (&part[..k], &part[k..]),
            None => (part, ""),
        };
        let next = if i == 0 {
            call.get_mut(name)
        } else {
            cur.and_then(|c| c.get_mut(name))
        };
        cur = next;
        for idx in indices.split(['[', ']']).filter(|s| !s.is_empty()) {
            cur = cur.and_then(|c| c.get_mut(idx.parse::<usize>().ok()?));
        }
    }
    match cur {
        Some(slot) => {
            *slot = value;
            true
        }
        None => false,
    }
}

/// The first "quoted" literal in an `expected` hint.
fn literal(expected: &str) -> Option<String> {
    let start = expected.find('"')? + 1;
    let end = start + expected[start..].find('"')?;
    Some(expected[start..end].to_string())
}

/// Follows the refusals' next steps for at most three calls; with
/// `fix_only`, nothing but a `math_run` fix may be followed.
fn recovers(mut call_args: Map<String, Value>, expected: &Value, fix_only: bool) -> bool {
    let catalog = hessian_server::catalog();
    for _ in 0..3 {
        let refusal: Refusal = match call::run(catalog, call_args.clone(), &Ctx::default()) {
            Ok(envelope) => return envelope["output"] == *expected,
            Err(r) => r,
        };
        if let Some(fix) = refusal.fix.as_ref().filter(|f| f["tool"] == "math_run") {
            call_args = fix["arguments"].as_object().cloned().unwrap_or_default();
        } else if fix_only {
            return false;
        } else if let Some(best) = refusal.candidates.as_ref().and_then(|c| c.first()) {
            call_args.insert("operation_id".into(), Value::String(best.clone()));
        } else if let (Some(path), Some(lit)) =
            (&refusal.path, refusal.expected.as_deref().and_then(literal))
        {
            // A bare integer goes back as a JSON integer (counts take no strings).
            let value = lit.parse::<i64>().map_or(Value::String(lit), Value::from);
            if !set_at(&mut call_args, path, value) {
                return false;
            }
        } else {
            return false;
        }
    }
    false
}

#[test]
fn a_sloppy_agent_recovers_by_following_the_diagnostics() {
    let kinds = [
        "fields beside operation_id",
        "payload instead of input",
        "input as a JSON string",
        "misspelled id",
        "swapped letters in the id",
        "`operation` for operation_id",
        "`id` for operation_id",
        "`tool` for operation_id",
        "JSON float for an exact number",
        "{num, den} object for a rational",
        "a required field left out",
    ];
    // Wrapper and id mistakes recover through the refusal's `fix` alone.
    let fix_only = |kind: &str| !kind.contains("number") && !kind.contains("rational");
    let catalog = hessian_server::catalog();
    println!("| mistake | operations | recovered | rate |\n|---|---|---|---|");
    for kind in kinds {
        let (mut tried, mut ok, mut failed) = (0, 0, Vec::new());
        for e in catalog.entries() {
            let call = serde_json::to_value(e.example_call()).unwrap();
            let Some(sloppy) = call.as_object().and_then(|c| mistake(kind, c)) else {
                continue;
            };
            tried += 1;
            if recovers(sloppy, &e.op.expected_output(), fix_only(kind)) {
                ok += 1;
            } else {
                failed.push(e.op.id());
            }
        }
        println!(
            "| {kind} | {tried} | {ok} | {:.0}% |",
            100.0 * ok as f64 / tried.max(1) as f64
        );
        assert!(tried > 0, "{kind}: applies to no operation");
        assert!(failed.is_empty(), "{kind}: no recovery for {failed:?}");
    }
}
