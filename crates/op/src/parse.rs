//! The one parse of an operation's input: serde with the path of the first
//! error, turned into a refusal that names the field, what was expected and
//! what came.

use crate::error::{Code, Refusal, echo};
use crate::wire::LIMIT_TAG;
use serde::de::DeserializeOwned;
use serde_json::Value;
use serde_path_to_error::Segment;

/// Parses an operation's input with its model; the only parse it gets.
pub fn parse_input<T: DeserializeOwned>(input: &Value) -> Result<T, Refusal> {
    parse_at(input, "input")
}

/// Deserializes `value` as `T`, turning the first error into a refusal that
/// names its path (prefixed by `root`), what was expected and what came.
pub fn parse_at<T: DeserializeOwned>(value: &Value, root: &str) -> Result<T, Refusal> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        let segments: Vec<Segment> = e.path().iter().cloned().collect();
        diagnose(&e.into_inner().to_string(), root, &segments, value)
    })
}

/// The refusal for serde's first error at `segments` below `root`.
pub fn diagnose(msg: &str, root: &str, segments: &[Segment], value: &Value) -> Refusal {
    let mut path = root.to_string();
    let mut at = Some(value);
    for s in segments {
        match s {
            Segment::Seq { index } => {
                path.push_str(&format!("[{index}]"));
                at = at.and_then(|v| v.get(index));
            }
            Segment::Map { key } | Segment::Enum { variant: key } => {
                push_key(&mut path, key);
                at = at.and_then(|v| v.get(key));
            }
            Segment::Unknown => {}
        }
    }
    let child = |path: &str, name: &str| {
        let mut path = path.to_string();
        push_key(&mut path, name);
        path
    };
    let last_key = match segments.last() {
        Some(Segment::Map { key }) => Some(key.as_str()),
        _ => None,
    };
    let (code, what, expected, received);
    if let Some(name) = field_name(msg, "missing field `") {
        path = child(&path, name);
        code = Code::InvalidInput;
        what = format!("the required field `{name}` is missing");
        expected = Some(format!("a value for `{name}`"));
        received = Some("nothing".to_string());
    } else if let Some(name) = field_name(msg, "unknown field `") {
        if last_key != Some(name) {
            path = child(&path, name);
        }
        code = Code::InvalidInput;
        what = format!("`{name}` is not a field here");
        expected = msg
            .split_once(", expected ")
            .map(|(_, e)| e.to_string())
            .or(Some("no fields".to_string()));
        received = Some(format!("the field `{name}`"));
    } else {
        let (head, tail) = match msg.split_once(", expected ") {
            Some((h, t)) => (h, Some(t.to_string())),
            None => (msg, None),
        };
        code = if head.starts_with(LIMIT_TAG) {
            Code::LimitExceeded
        } else {
            Code::InvalidInput
        };
        what = head.to_string();
        // serde names a JSON object "a map" and a struct by its Rust name.
        expected = tail.map(|t| {
            if t == "a map" || t.starts_with("struct ") {
                "a JSON object".to_string()
            } else {
                t
            }
        });
        received = at.map(echo);
    }
    let shown = if path.is_empty() { "arguments" } else { &path };
    let mut r = Refusal::new(code, format!("{shown}: {what}"));
    if !path.is_empty() {
        r = r.at(path);
    }
    if let Some(e) = expected {
        r = r.expected(e);
    }
    if let Some(rc) = received {
        r = r.received(rc);
    }
    r
}

/// Appends `.key` to a path, or `["key"]` (JSON-quoted) when the key is not
/// a plain name: `""`, `a.b` and `x[0]` stay unambiguous.
fn push_key(path: &mut String, key: &str) {
    let plain = key
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !plain {
        path.push('[');
        path.push_str(&serde_json::to_string(key).unwrap_or_default());
        path.push(']');
    } else {
        if !path.is_empty() {
            path.push('.');
        }
        path.push_str(key);
    }
}

fn field_name<'a>(msg: &'a str, prefix: &str) -> Option<&'a str> {
    msg.strip_prefix(prefix)
        .and_then(|rest| rest.split('`').next())
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde_json::json;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Inner {
        b: u8,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Outer {
        ab: Inner,
    }

    #[test]
    fn every_field_refusal_has_an_unambiguous_path() {
        for (value, path) in [
            (json!({"": 1}), r#"input[""]"#),
            (json!({"ab": {"b": 1, "x.y": 2}}), r#"input.ab["x.y"]"#),
            (json!({"ab": {"b": 1, "c": 2}}), "input.ab.c"),
            (json!({"ab": {"b": 1, "b": 1, "zb": 0}}), "input.ab.zb"),
            (json!({"ab": {"b": "1"}}), "input.ab.b"),
            (json!({"ab": {}}), "input.ab.b"),
        ] {
            let r = super::parse_input::<Outer>(&value).unwrap_err();
            assert_eq!(r.path.as_deref(), Some(path), "{value}: {}", r.to_json());
        }
    }
}
