//! Schemas every host accepts. Gemini-based clients refuse type arrays
//! (`["string", "null"]`), and validators of several hosts refuse formats
//! outside JSON Schema's own list (`uint32`, `double`). So a published schema
//! is generated once by schemars and then made portable: an optional value is
//! written by leaving it out, never as `null`, and integer ranges are stated
//! by `minimum`/`maximum` alone. Outputs follow the same rule: a null object
//! member is dropped before the output is returned ([`drop_nulls`]).

use schemars::JsonSchema;
use schemars::generate::SchemaSettings;
use serde_json::Value;

/// The formats JSON Schema 2020-12 defines; any other is dropped.
const STANDARD_FORMATS: &[&str] = &[
    "date-time",
    "date",
    "time",
    "duration",
    "email",
    "idn-email",
    "hostname",
    "idn-hostname",
    "ipv4",
    "ipv6",
    "uri",
    "uri-reference",
    "iri",
    "iri-reference",
    "uuid",
    "uri-template",
    "json-pointer",
    "relative-json-pointer",
    "regex",
];

/// The portable schema of `T`, as read by a deserializer (`input`) or
/// written by a serializer (output), with subschemas inlined.
pub fn schema_for<T: JsonSchema>(input: bool) -> Value {
    let settings = SchemaSettings::draft2020_12();
    let settings = if input {
        settings.for_deserialize()
    } else {
        settings.for_serialize()
    };
    let mut v = settings
        .with(|s| {
            s.inline_subschemas = true;
            s.meta_schema = None;
        })
        .into_generator()
        .into_root_schema_for::<T>()
        .to_value();
    if let Some(map) = v.as_object_mut() {
        // The Rust type name says nothing to a caller.
        map.remove("title");
    }
    make_portable(&mut v);
    v
}

/// Rewrites a schema in place so that no `type` is an array, no branch
/// admits only `null`, no optional property is listed as required and no
/// format is outside the standard list.
pub fn make_portable(v: &mut Value) {
    match v {
        Value::Array(items) => items.iter_mut().for_each(make_portable),
        Value::Object(map) => {
            // Properties that admitted null are optional: their absence is the null.
            if let Some(Value::Object(props)) = map.get("properties") {
                let nullable: Vec<String> = props
                    .iter()
                    .filter(|(_, s)| admits_null(s))
                    .map(|(k, _)| k.clone())
                    .collect();
                if let Some(Value::Array(required)) = map.get_mut("required") {
                    required
                        .retain(|r| r.as_str().is_none_or(|r| !nullable.iter().any(|n| n == r)));
                }
            }
            map.values_mut().for_each(make_portable);
            if let Some(Value::Array(types)) = map.get_mut("type") {
                types.retain(|t| t != "null");
                if types.len() == 1 {
                    let only = types.remove(0);
                    map.insert("type".into(), only);
                }
            }
            for key in ["anyOf", "oneOf"] {
                let Some(Value::Array(branches)) = map.get_mut(key) else {
                    continue;
                };
                branches.retain(|b| b.get("type").is_none_or(|t| t != "null"));
                if branches.len() == 1 {
                    let Some(Value::Object(only)) = map
                        .remove(key)
                        .and_then(|mut b| b.get_mut(0).map(Value::take))
                    else {
                        continue;
                    };
                    for (k, s) in only {
                        map.entry(k).or_insert(s);
                    }
                }
            }
            if map
                .get("format")
                .and_then(Value::as_str)
                .is_some_and(|f| !STANDARD_FORMATS.contains(&f))
            {
                map.remove("format");
            }
            if map.get("default").is_some_and(Value::is_null) {
                map.remove("default");
            }
        }
        _ => {}
    }
}

fn admits_null(schema: &Value) -> bool {
    let typed_null = |s: &Value| match s.get("type") {
        Some(Value::String(t)) => t == "null",
        Some(Value::Array(ts)) => ts.iter().any(|t| t == "null"),
        _ => false,
    };
    typed_null(schema)
        || ["anyOf", "oneOf"].iter().any(|k| {
            schema
                .get(k)
                .and_then(Value::as_array)
                .is_some_and(|bs| bs.iter().any(admits_null))
        })
}

/// Why `schema` is not portable, if it is not: the JSON pointer of the first
/// type array, null type or non-standard format.
pub fn violation(schema: &Value) -> Option<String> {
    fn walk(v: &Value, at: &str) -> Option<String> {
        match v {
            Value::Array(items) => items
                .iter()
                .enumerate()
                .find_map(|(i, x)| walk(x, &format!("{at}/{i}"))),
            Value::Object(map) => {
                match map.get("type") {
                    Some(Value::Array(_)) => return Some(format!("{at}/type is an array")),
                    Some(Value::String(t)) if t == "null" => {
                        return Some(format!("{at}/type is null"));
                    }
                    _ => {}
                }
                if let Some(f) = map.get("format").and_then(Value::as_str)
                    && !STANDARD_FORMATS.contains(&f)
                {
                    return Some(format!("{at}/format {f:?} is not a JSON Schema format"));
                }
                map.iter().find_map(|(k, x)| walk(x, &format!("{at}/{k}")))
            }
            _ => None,
        }
    }
    walk(schema, "")
}

/// Drops every null member of every object in `v`: an absent field is how
/// an output says "none" (arrays keep their items).
pub fn drop_nulls(v: &mut Value) {
    match v {
        Value::Array(items) => items.iter_mut().for_each(drop_nulls),
        Value::Object(map) => {
            map.retain(|_, x| !x.is_null());
            map.values_mut().for_each(drop_nulls);
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn optional_values_are_written_by_absence() {
        let mut s = json!({
            "type": "object",
            "required": ["a", "b", "c"],
            "properties": {
                "a": {"type": ["string", "null"]},
                "b": {"anyOf": [{"type": "integer", "format": "uint32", "minimum": 0}, {"type": "null"}]},
                "c": {"type": "number", "format": "double"}
            }
        });
        assert!(violation(&s).is_some());
        make_portable(&mut s);
        assert_eq!(
            s,
            json!({
                "type": "object",
                "required": ["c"],
                "properties": {
                    "a": {"type": "string"},
                    "b": {"type": "integer", "minimum": 0},
                    "c": {"type": "number"}
                }
            })
        );
        assert_eq!(violation(&s), None);
        let mut out = json!({"x": null, "y": [null, {"z": null, "w": 1}]});
        drop_nulls(&mut out);
        assert_eq!(out, json!({"y": [null, {"w": 1}]}));
    }
}
