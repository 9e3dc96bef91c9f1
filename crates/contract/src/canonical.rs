//! RFC 8785 (JSON Canonicalization Scheme) serialization and the `sha256:`
//! digests taken over it.

use serde_json::Value;
use sha2::{Digest, Sha256};
use std::fmt::Write;

/// The canonical text of a JSON value: object keys sorted by UTF-16 code
/// units, no insignificant whitespace, ECMAScript number formatting, minimal
/// string escaping.
pub fn to_canonical(value: &Value) -> String {
    let mut out = String::new();
    write_value(&mut out, value);
    out
}

/// `sha256:` followed by the lowercase hex digest of `bytes`.
pub fn sha256_digest(bytes: &[u8]) -> String {
    let hash = Sha256::digest(bytes);
    let mut s = String::with_capacity(71);
    s.push_str("sha256:");
    for b in hash {
        let _ = write!(s, "{b:02x}");
    }
    s
}

fn write_value(out: &mut String, value: &Value) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                let _ = write!(out, "{i}");
            } else if let Some(u) = n.as_u64() {
                let _ = write!(out, "{u}");
            } else {
                write_f64(out, n.as_f64().unwrap_or(0.0));
            }
        }
        Value::String(s) => write_string(out, s),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_value(out, item);
            }
            out.push(']');
        }
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort_by(|a, b| a.encode_utf16().cmp(b.encode_utf16()));
            out.push('{');
            for (i, k) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(out, k);
                out.push(':');
                write_value(out, &map[k]);
            }
            out.push('}');
        }
    }
}

fn write_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\u{c}' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// ECMAScript Number::toString: shortest round-trip digits, plain notation
/// for exponents in [-7, 21), exponent notation otherwise.
fn write_f64(out: &mut String, x: f64) {
    if x == 0.0 || !x.is_finite() {
        out.push('0');
        return;
    }
    // `{:e}` gives the shortest round-trip digits as d.ddde±x.
    let sci = format!("{:e}", x.abs());
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let digits: String = mantissa.chars().filter(|c| c.is_ascii_digit()).collect();
    let exp: i32 = exp.parse().unwrap_or(0);
    let k = digits.len() as i32;
    let n = exp + 1; // position of the decimal point relative to the digits
    if x < 0.0 {
        out.push('-');
    }
    if k <= n && n <= 21 {
        out.push_str(&digits);
        out.extend(std::iter::repeat_n('0', (n - k) as usize));
    } else if 0 < n && n <= 21 {
        out.push_str(&digits[..n as usize]);
        out.push('.');
        out.push_str(&digits[n as usize..]);
    } else if -6 < n && n <= 0 {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', (-n) as usize));
        out.push_str(&digits);
    } else {
        out.push_str(&digits[..1]);
        if k > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        let e = n - 1;
        let _ = write!(out, "e{}{}", if e >= 0 { "+" } else { "-" }, e.abs());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn sorts_keys_by_utf16_and_strips_whitespace() {
        // RFC 8785 §3.2.3 example of UTF-16 ordering.
        let v = json!({"\u{20ac}": "Euro Sign", "\r": "Carriage Return", "\u{fb33}": "Hebrew Letter Dalet With Dagesh",
            "1": "One", "\u{1f600}": "Emoji: Grinning Face", "\u{80}": "Control", "\u{f6}": "Latin Small Letter O With Diaeresis"});
        let keys: Vec<String> = match serde_json::from_str::<Value>(&to_canonical(&v)).unwrap() {
            Value::Object(m) => m.keys().cloned().collect(),
            _ => unreachable!(),
        };
        assert_eq!(
            keys,
            [
                "\r",
                "1",
                "\u{80}",
                "\u{f6}",
                "\u{20ac}",
                "\u{1f600}",
                "\u{fb33}"
            ]
        );
        assert_eq!(
            to_canonical(&json!({"b": [1, {"d": null, "c": true}], "a": "x\ny\u{1}"})),
            r#"{"a":"x\ny\u0001","b":[1,{"c":true,"d":null}]}"#
        );
    }

    #[test]
    fn formats_numbers_like_ecmascript() {
        // Values from the RFC 8785 number test table.
        let cases = [
            (1e21, "1e+21"),
            (1e20, "100000000000000000000"),
            (333333333.3333332, "333333333.3333332"),
            (1e-7, "1e-7"),
            (0.000001, "0.000001"),
            (-5e-324, "-5e-324"),
            (1.7976931348623157e308, "1.7976931348623157e+308"),
            (4.5, "4.5"),
            (-0.0, "0"),
        ];
        for (x, want) in cases {
            assert_eq!(to_canonical(&json!(x)), want, "{x:e}");
        }
    }

    #[test]
    fn digest_is_sha256_of_the_canonical_bytes() {
        // sha256 of the empty string, a published test vector.
        assert_eq!(
            sha256_digest(b""),
            "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }
}
