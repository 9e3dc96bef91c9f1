//! `math_find`: search, browse and inspect, each answer within a byte budget.

use crate::call::{parse_at, unknown_operation};
use crate::catalog::{Catalog, Entry, in_domain};
use crate::error::{Code, Refusal};
use schemars::JsonSchema;
use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value, json};

/// Largest answer math_find sends, in bytes of JSON.
pub const RESPONSE_BUDGET: usize = 16 * 1024;
const MAX_LIMIT: u32 = 50;

/// The arguments of `math_find`: exactly one of the three forms. Also the
/// source of the tool's input schema.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FindArgs {
    /// Search: words describing what you need, e.g. "determinant of a rational matrix".
    #[serde(default)]
    pub query: Option<String>,
    /// Browse: set true to list operations in id order (optionally within `domain`).
    #[serde(default)]
    pub browse: Option<bool>,
    /// Inspect: an exact operation id; returns its full contract and a copyable example.
    #[serde(default)]
    pub operation_id: Option<String>,
    /// Restrict search or browse to one family, e.g. "matrix" or "integer".
    #[serde(default)]
    pub domain: Option<String>,
    /// How many matches to return (search default 5, browse default 20).
    #[serde(default, deserialize_with = "limit")]
    #[schemars(range(min = 1, max = 50))]
    pub limit: Option<u32>,
    /// The `next_cursor` of a previous answer, to continue it.
    #[serde(default)]
    pub cursor: Option<String>,
}

fn limit<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    let v = Option::<u32>::deserialize(d)?;
    match v {
        Some(n) if !(1..=MAX_LIMIT).contains(&n) => Err(serde::de::Error::custom(format!(
            "the limit {n}, expected a limit from 1 to {MAX_LIMIT}"
        ))),
        _ => Ok(v),
    }
}

pub fn find(catalog: &Catalog, args: &Map<String, Value>) -> Result<Value, Refusal> {
    let a: FindArgs = parse_at(&Value::Object(args.clone()), "")?;
    let conflict = |field: &str, form: &str| {
        Refusal::new(
            Code::InvalidInput,
            format!("`{field}` cannot be combined with {form}; send exactly one form"),
        )
        .at(field)
        .expected("one of {\"query\": …}, {\"browse\": true}, {\"operation_id\": …}")
    };
    if let Some(id) = &a.operation_id {
        for (present, field) in [
            (a.query.is_some(), "query"),
            (a.browse.is_some(), "browse"),
            (a.domain.is_some(), "domain"),
            (a.limit.is_some(), "limit"),
            (a.cursor.is_some(), "cursor"),
        ] {
            if present {
                return Err(conflict(field, "`operation_id` (inspect)"));
            }
        }
        return inspect(catalog, id);
    }
    let offset = match &a.cursor {
        None => 0,
        Some(c) => c
            .strip_prefix("o:")
            .and_then(|n| n.parse::<usize>().ok())
            .ok_or_else(|| {
                Refusal::new(
                    Code::InvalidInput,
                    "cursor: not a cursor this server issued",
                )
                .at("cursor")
                .expected("the next_cursor of a previous answer")
            })?,
    };
    let domain = a.domain.as_deref();
    if a.browse == Some(true) {
        if a.query.is_some() {
            return Err(conflict("query", "`browse`"));
        }
        let ids: Vec<usize> = (0..catalog.len())
            .filter(|&i| in_domain(catalog.entries()[i].op.id(), domain))
            .collect();
        return Ok(page(catalog, &ids, offset, a.limit.unwrap_or(20) as usize));
    }
    match &a.query {
        Some(q) if !q.trim().is_empty() => {
            let ids = catalog.search(q, domain);
            Ok(page(catalog, &ids, offset, a.limit.unwrap_or(5) as usize))
        }
        _ => Err(Refusal::new(Code::InvalidInput, "give a `query`, `browse: true`, or an `operation_id`")
            .expected("one of {\"query\": \"determinant\"}, {\"browse\": true}, {\"operation_id\": \"matrix.determinant.compute\"}")),
    }
}

fn card(e: &Entry) -> Value {
    json!({
        "operation_id": e.op.id(),
        "title": e.op.title(),
        "summary": e.op.summary(),
        "call": { "operation_id": e.op.id(), "input": e.op.example_input() },
    })
}

/// One page of cards from `offset`, cut at `limit` or at the byte budget.
fn page(catalog: &Catalog, ids: &[usize], offset: usize, limit: usize) -> Value {
    let mut matches = Vec::new();
    let mut used = 200;
    let mut next = offset;
    for &i in ids.iter().skip(offset).take(limit) {
        let c = card(&catalog.entries()[i]);
        let size = c.to_string().len() + 1;
        if used + size > RESPONSE_BUDGET && !matches.is_empty() {
            break;
        }
        used += size;
        matches.push(c);
        next += 1;
    }
    let mut out = json!({ "matches": matches, "total": ids.len() });
    if next < ids.len() {
        out["next_cursor"] = json!(format!("o:{next}"));
    }
    if ids.is_empty() {
        out["hint"] = json!(format!(
            "nothing matched; try other words, or browse one of the domains: {}",
            catalog.domains().join(", ")
        ));
    }
    out
}

/// Removes every example from a math_find answer: the cards' calls and the
/// inspected example with its output. Evaluation arm 1 only.
pub fn strip_examples(found: &mut Value) {
    if let Some(o) = found.as_object_mut() {
        o.remove("example");
        o.remove("expected_output");
    }
    for card in found
        .get_mut("matches")
        .and_then(Value::as_array_mut)
        .into_iter()
        .flatten()
    {
        if let Some(c) = card.as_object_mut() {
            c.remove("call");
        }
    }
}

/// The full contract of one operation, with its copyable example.
pub fn inspect(catalog: &Catalog, id: &str) -> Result<Value, Refusal> {
    let e = catalog
        .get(id)
        .ok_or_else(|| unknown_operation(catalog, id))?;
    let c = e.contract();
    Ok(json!({
        "operation_id": e.op.id(),
        "version": e.op.version(),
        "contract": c.digest,
        "title": e.op.title(),
        "description": e.op.description(),
        "input_schema": c.document["input_schema"],
        "output_schema": c.document["output_schema"],
        "example": e.example_call(),
        "expected_output": e.op.expected_output(),
    }))
}
