//! How the deadline tests grow an operation's example to the bounds its
//! own input schema states: arrays to their length, string-encoded numbers
//! to their digits, counts and exponents to their range, in the [`SHAPES`]
//! every operation is run in.

use serde_json::{Map, Value, json};

/// Longest array built, whatever the schema allows.
const MAX_ITEMS: u64 = 100_000;
/// Largest input built, in bytes of JSON: beyond it a call spends its time
/// in the JSON parser, before any kernel (HTTP bounds the body at 8 MiB).
const MAX_INPUT_BYTES: usize = 1 << 20;

/// How far arrays are grown.
#[derive(Clone, Copy, Debug)]
pub enum Items {
    /// As long as in the example.
    Example,
    /// This many items (within the schema's bound).
    Count(u64),
    /// At the schema's bound.
    Bound,
}

/// How far JSON-integer fields (exponents, counts, indices) are grown.
#[derive(Clone, Copy, Debug)]
pub enum Ints {
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
pub struct Shape {
    pub name: &'static str,
    pub items: Items,
    /// Digits of every string-encoded number (capped at its maxLength);
    /// None keeps the example's numbers.
    pub digits: Option<u64>,
    pub ints: Ints,
}

/// The shapes every operation is run in. Numbers grow through their
/// digits as well as arrays through their length: a 1,000-digit
/// coefficient raised to the 100th power is as much work as a long array.
pub const SHAPES: [Shape; 6] = [
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
pub fn largest(schema: &Value, example: &Value, shape: Shape) -> Value {
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
