//! `math_find`: search, browse and inspect, each answer within a byte budget.

use crate::call::{parse_at, unknown_operation};
use crate::catalog::{Catalog, Entry, in_domain};
use crate::error::{Code, Refusal};
use crate::search::Ranking;
use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value, json};

/// Largest answer math_find sends, in bytes of JSON.
pub const RESPONSE_BUDGET: usize = 16 * 1024;
pub const MAX_LIMIT: u32 = 50;

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
    if let Some(d) = domain {
        known_domain(catalog, d, &a)?;
    }
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
            let ranking = catalog.rank(q, domain);
            if ranking.fits() {
                let mut found = page(catalog, &ranking.ids, offset, a.limit.unwrap_or(5) as usize);
                let top: Vec<&str> = ranking
                    .ids
                    .iter()
                    .skip(offset)
                    .take(3)
                    .map(|&i| catalog.entries()[i].op.id())
                    .collect();
                if let (Some(line), Some(o)) =
                    (crate::distinguish::tell_apart(&top), found.as_object_mut())
                {
                    o.insert("differs".into(), line.into());
                }
                Ok(found)
            } else {
                Ok(nothing_fits(catalog, &ranking, domain))
            }
        }
        _ => Err(Refusal::new(Code::InvalidInput, "give a `query`, `browse: true`, or an `operation_id`")
            .expected("one of {\"query\": \"determinant\"}, {\"browse\": true}, {\"operation_id\": \"matrix.determinant.compute\"}")),
    }
}

/// A `domain` no operation is in is refused with the families there are,
/// and the same call within the nearest one as its `fix`.
fn known_domain(catalog: &Catalog, d: &str, a: &FindArgs) -> Result<(), Refusal> {
    if catalog
        .entries()
        .iter()
        .any(|e| in_domain(e.op.id(), Some(d)))
    {
        return Ok(());
    }
    let families = catalog.domains();
    let mut r = Refusal::new(
        Code::InvalidInput,
        format!(
            "domain: no operation is in `{}`",
            crate::error::bounded(d, 60)
        ),
    )
    .at("domain")
    .expected(format!("a family: {}", families.join(", ")))
    .received(crate::error::echo(&Value::from(d)));
    let nearest = families
        .iter()
        .map(|f| (crate::catalog::edit_distance(f, d), *f))
        .min()
        .filter(|(dist, _)| *dist <= 2);
    if let Some((_, f)) = nearest {
        let mut call = Map::new();
        for (k, v) in [
            ("query", a.query.clone().map(Value::from)),
            ("browse", a.browse.map(Value::from)),
        ] {
            if let Some(v) = v {
                call.insert(k.into(), v);
            }
        }
        call.insert("domain".into(), Value::from(f));
        if let Some(l) = a.limit {
            call.insert("limit".into(), Value::from(l));
        }
        r = r.fix(crate::error::Tool::Find, Value::Object(call));
    }
    Err(r)
}

/// A copyable call: an operation's example input, with its contract digest
/// when inspected (a card leaves it out).
#[derive(Debug, Serialize, JsonSchema)]
pub struct Call {
    pub operation_id: String,
    #[schemars(with = "Map<String, Value>")]
    pub input: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contract: Option<String>,
}

/// One search or browse match: enough to choose, and a working skeleton.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Card {
    pub operation_id: String,
    pub title: String,
    pub summary: String,
    /// Absent only where a server is run without examples (an evaluation arm).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub call: Option<Call>,
}

/// A page of matches (search or browse).
#[derive(Debug, Serialize, JsonSchema)]
pub struct Page {
    pub matches: Vec<Card>,
    /// How many operations matched in all.
    pub total: usize,
    /// Send as `cursor` to continue.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_cursor: Option<String>,
    /// Said when nothing fits: why, and where to look instead.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
    /// When the top matches are near-duplicates (one subject in two
    /// families, or exact and numeric): how they differ, in one line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub differs: Option<String>,
    /// When nothing fits: the families nearest the query, nearest first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub nearest_families: Vec<String>,
    /// When nothing fits: the one math_find call most likely to help.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<Map<String, Value>>")]
    pub next_call: Option<Value>,
}

/// The full contract of one operation (inspect).
#[derive(Debug, Serialize, JsonSchema)]
pub struct Inspection {
    pub operation_id: String,
    pub version: u32,
    pub contract: String,
    pub title: String,
    pub description: String,
    #[schemars(with = "Map<String, Value>")]
    pub input_schema: Value,
    #[schemars(with = "Map<String, Value>")]
    pub output_schema: Value,
    /// The example call, ready to send to math_run (absent only where a
    /// server is run without examples, an evaluation arm).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub example: Option<Call>,
    /// What the example call answers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected_output: Option<Value>,
}

/// What math_find answers, for its outputSchema: a page (search, browse),
/// a contract (inspect), or a refusal.
// Only its schema is used; no value of it is ever built.
#[allow(clippy::large_enum_variant)]
#[derive(JsonSchema)]
#[serde(untagged)]
pub enum FindAnswer {
    Page(Page),
    Inspection(Inspection),
    Refused(crate::call::Refused),
}

fn card(e: &Entry) -> Card {
    Card {
        operation_id: e.op.id().into(),
        title: e.op.title().into(),
        summary: e.op.summary().into(),
        call: Some(Call {
            operation_id: e.op.id().into(),
            input: e.op.example_input(),
            contract: None,
        }),
    }
}

/// One page of cards from `offset`, cut at `limit` or at the byte budget.
fn page(catalog: &Catalog, ids: &[usize], offset: usize, limit: usize) -> Value {
    let mut matches = Vec::new();
    let mut used = 200;
    let mut next = offset;
    for &i in ids.iter().skip(offset).take(limit) {
        let c = card(&catalog.entries()[i]);
        let size = serde_json::to_string(&c).map_or(0, |t| t.len()) + 1;
        if used + size > RESPONSE_BUDGET && !matches.is_empty() {
            break;
        }
        used += size;
        matches.push(c);
        next += 1;
    }
    let page = Page {
        matches,
        total: ids.len(),
        next_cursor: (next < ids.len()).then(|| format!("o:{next}")),
        hint: ids.is_empty().then(|| {
            format!(
                "nothing matched; try other words, or browse one of the domains: {}",
                catalog.domains().join(", ")
            )
        }),
        differs: None,
        nearest_families: Vec::new(),
        next_call: None,
    };
    serde_json::to_value(page).unwrap_or_default()
}

/// The answer when no operation fits: no matches, the reason, the families
/// of the weak matches (nearest first), and a browse of the nearest one.
fn nothing_fits(catalog: &Catalog, ranking: &Ranking, domain: Option<&str>) -> Value {
    let mut families: Vec<String> = Vec::new();
    for &i in ranking.ids.iter().take(10) {
        let family = catalog.entries()[i]
            .op
            .id()
            .split('.')
            .next()
            .unwrap_or_default();
        if !families.iter().any(|f| f == family) {
            families.push(family.to_string());
        }
    }
    families.truncate(3);
    let why = match &ranking.out_of_scope {
        Some(word) => format!("no operation in the catalog covers `{word}`"),
        None if ranking.ids.is_empty() => "no operation in the catalog matches these words".into(),
        None => format!(
            "the closest operation matches only {:.0}% of what the query says",
            100.0 * ranking.coverage
        ),
    };
    let next_call = match (families.first(), domain) {
        (Some(f), _) => json!({"browse": true, "domain": f}),
        (None, Some(d)) => json!({"browse": true, "domain": d}),
        (None, None) => json!({"browse": true}),
    };
    let page = Page {
        matches: Vec::new(),
        total: 0,
        next_cursor: None,
        hint: Some(format!(
            "nothing fits: {why}. The catalog's families are {}; browse the nearest with `next_call`, or search again in other words",
            catalog.domains().join(", ")
        )),
        differs: None,
        nearest_families: families,
        next_call: Some(next_call),
    };
    serde_json::to_value(page).unwrap_or_default()
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
    let inspection = Inspection {
        operation_id: e.op.id().into(),
        version: e.op.version(),
        contract: c.digest.clone(),
        title: e.op.title().into(),
        description: e.op.description().into(),
        input_schema: c.document["input_schema"].clone(),
        output_schema: c.document["output_schema"].clone(),
        example: Some(e.example_call()),
        expected_output: Some(e.op.expected_output()),
    };
    Ok(serde_json::to_value(inspection).unwrap_or_default())
}
