//! The one path of a `math_run` call: wrapper check → operation lookup →
//! contract check → parse the input once with the operation's own model →
//! run → envelope. The CLI and the MCP server both call [`run`].

use crate::catalog::{Catalog, Entry};
use crate::error::{Code, Refusal, Tool};
use crate::operation::{Ctx, Question};
use crate::runner::{InProcess, Ran, Runner};
use hessian_op::parse::diagnose;
pub use hessian_op::parse::{parse_at, parse_input};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use serde_path_to_error::Segment;
use std::time::Instant;

/// The arguments of `math_run`. Also the source of the tool's input schema.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RunArgs {
    /// The operation to run, e.g. "matrix.determinant.compute" (from math_find).
    pub operation_id: String,
    /// The operation's input object, exactly as its input_schema describes
    /// (copy the example from math_find inspect and change the values).
    pub input: Map<String, Value>,
    /// Optional contract digest ("sha256:…") from math_find inspect: the
    /// call is refused with contract_mismatch if the operation changed.
    #[serde(default)]
    #[schemars(regex(pattern = r"^sha256:[0-9a-f]{64}$"))]
    pub contract: Option<String>,
    /// Optional: stop this call after this many milliseconds, when that is
    /// sooner than the server's own deadline (it never extends it).
    #[serde(default)]
    pub deadline_ms: Option<u64>,
}

/// The output budget servers apply by default (DESIGN §2): about 64 KiB of
/// JSON fits within every host's limit on a tool result (Claude Code refuses
/// results over 25,000 tokens) with room for the text rendering.
pub const DEFAULT_OUTPUT_BYTES: usize = 64 << 10;

/// Keys agents send instead of `input`.
const INPUT_ALIASES: &[&str] = &[
    "payload",
    "arguments",
    "params",
    "parameters",
    "args",
    "inputs",
    "data",
];
const RUN_KEYS: &[&str] = &["operation_id", "input", "contract", "deadline_ms"];
/// Keys agents send for `operation_id` (other servers' names for it).
const ID_ALIASES: &[&str] = &[
    "operation",
    "id",
    "tool",
    "op",
    "operationId",
    "operation_name",
    "name",
];

/// The success envelope of `math_run` (DESIGN §2).
#[derive(Debug, Serialize, JsonSchema)]
pub struct Envelope {
    pub operation_id: String,
    pub version: u32,
    /// The contract digest the output was computed under.
    pub contract: String,
    /// The operation's output, as its output_schema describes.
    pub output: Value,
    pub elapsed_ms: f64,
}

impl Envelope {
    /// The envelope as a JSON value, its fields moved rather than
    /// re-serialized (the output may be large); a test holds it to serde's.
    pub fn into_value(self) -> Value {
        let mut m = Map::new();
        m.insert("operation_id".into(), self.operation_id.into());
        m.insert("version".into(), self.version.into());
        m.insert("contract".into(), self.contract.into());
        m.insert("output".into(), self.output);
        m.insert("elapsed_ms".into(), self.elapsed_ms.into());
        Value::Object(m)
    }
}

/// A refused call's structuredContent.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Refused {
    pub error: Refusal,
}

/// What math_run answers, for its outputSchema: the envelope or a refusal.
// Only its schema is used; no value of it is ever built.
#[allow(clippy::large_enum_variant)]
#[derive(JsonSchema)]
#[serde(untagged)]
pub enum RunAnswer {
    Envelope(Envelope),
    Refused(Refused),
}

/// A successful call: the envelope, and its compact JSON, written once —
/// the output budget measured these bytes and the server sends them as the
/// text content.
#[derive(Debug, Clone)]
pub struct Answer {
    pub envelope: Value,
    pub text: String,
}

/// Runs one call and returns the success envelope, or the refusal. Takes
/// the arguments by value: a large input is moved through, never copied.
/// This path cannot ask: an operation that needs answers is refused with
/// `input_required` and a corrected call (the CLI and offline tools).
pub fn run(catalog: &Catalog, args: Map<String, Value>, ctx: &Ctx) -> Result<Value, Refusal> {
    let args = parse_args(catalog, args)?;
    let entry = lookup(catalog, &args)?;
    let ctx = ctx.with_deadline_ms(args.deadline_ms);
    let input = Value::Object(args.input);
    match InProcess(catalog).first(entry, &input, &ctx)? {
        Ran::Ask(questions) => Err(input_required(entry, &input, &questions)),
        Ran::Answer(answer) => Ok(answer.envelope),
    }
}

/// The wrapper check and the strict parse of `{operation_id, input,
/// contract?, deadline_ms?}`: nothing reads a field of the arguments before
/// this.
pub fn parse_args(catalog: &Catalog, args: Map<String, Value>) -> Result<RunArgs, Refusal> {
    if let Some(refusal) = wrong_wrapper(&args, &|id| catalog.get(id).is_some()) {
        return Err(refusal);
    }
    serde_path_to_error::deserialize(Value::Object(args)).map_err(|e| {
        let segments: Vec<Segment> = e.path().iter().cloned().collect();
        // The arguments were consumed; a top-level mistake needs no echo.
        diagnose(&e.into_inner().to_string(), "", &segments, &Value::Null)
    })
}

/// The operation lookup and the contract check: what every round of a call
/// passes before the operation's own parser.
pub fn lookup<'c>(catalog: &'c Catalog, args: &RunArgs) -> Result<&'c Entry, Refusal> {
    let Some(entry) = catalog.get(&args.operation_id) else {
        let mut r = unknown_operation(catalog, &args.operation_id);
        // One id a typo or two away and no other: the same call, corrected.
        if let Some(id) = catalog.respelt(&args.operation_id) {
            let mut call = json!({"operation_id": id, "input": args.input});
            if let Some(ms) = args.deadline_ms {
                call["deadline_ms"] = json!(ms);
            }
            r.message = format!(
                "there is no operation {:?}; did you mean {id}? The corrected call is in `fix` (nothing was run)",
                crate::error::bounded(&args.operation_id, 80)
            );
            r = r.fix(Tool::Run, call);
        }
        return Err(r);
    };
    let contract = entry.contract();
    if let Some(sent) = &args.contract
        && *sent != contract.digest
    {
        let mut r = Refusal::new(
            Code::ContractMismatch,
            format!(
                "the contract sent for {} is not its current contract (version {}); inspect it again and adapt the call",
                args.operation_id,
                entry.op.version()
            ),
        )
        .at("contract")
        .expected(contract.digest.clone())
        .received(sent.clone())
        .fix(Tool::Find, json!({ "operation_id": args.operation_id }));
        r.contract = Some(contract.digest.clone());
        return Err(r);
    }
    Ok(entry)
}

/// Wraps an operation's output in its envelope, serialized once, within the
/// output budget.
pub fn finish(
    catalog: &Catalog,
    entry: &Entry,
    input: &Value,
    output: Value,
    ctx: &Ctx,
    started: Instant,
) -> Result<Answer, Refusal> {
    let envelope = Envelope {
        operation_id: entry.op.id().into(),
        version: entry.op.version(),
        contract: entry.contract().digest.clone(),
        output,
        elapsed_ms: (started.elapsed().as_secs_f64() * 1e6).round() / 1e3,
    }
    .into_value();
    let text = envelope.to_string();
    if let Some(limit) = ctx.max_output_bytes
        && text.len() > limit
    {
        return Err(too_large(catalog, entry, input, Some(text.len()), limit));
    }
    Ok(Answer { envelope, text })
}

/// A refusal of a missing required field gains what the schema says of the
/// field and, when the example has a value at the same place, a `fix`: the
/// caller's input with that value added (to adapt before sending).
pub fn missing_field_help(entry: &Entry, input: &Value, mut r: Refusal) -> Refusal {
    let Some(path) = r.path.clone() else {
        return r;
    };
    let missing = r.code == Code::InvalidInput
        && r.received.as_deref() == Some("nothing")
        && r.expected
            .as_deref()
            .is_some_and(|e| e.starts_with("a value for"));
    let Some(steps) = missing.then(|| steps_of(&path)).flatten() else {
        return r;
    };
    let Some((Step::Key(name), parents)) = steps.split_last() else {
        return r;
    };
    let document = &entry.contract().document;
    let schema = &document["input_schema"];
    let field = schema_at(schema, &steps);
    let about = field
        .and_then(|f| f.get("description"))
        .and_then(Value::as_str)
        .map(|d| crate::error::bounded(d, 300));
    let example = entry.op.example_input();
    let value = value_at(&example, &steps).cloned();
    let mut expected = format!("a value for `{name}`");
    if let Some(about) = &about {
        expected.push_str(&format!(": {about}"));
    }
    if let Some(v) = &value {
        expected.push_str(&format!(" (the example has {})", crate::error::echo(v)));
    }
    r.expected = Some(expected);
    if let Some(about) = &about {
        r.message = format!("{}: {about}", r.message);
    }
    let mut fixed = input.clone();
    if let (Some(v), Some(Value::Object(parent))) = (value, value_at_mut(&mut fixed, parents)) {
        parent.insert(name.clone(), v);
        r = r.fix(
            Tool::Run,
            json!({"operation_id": entry.op.id(), "input": fixed, "contract": entry.contract().digest}),
        );
        r.message
            .push_str(" — `fix` adds the example's value for it (adapt it, then send)");
    }
    r
}

/// One step of a refusal path below `input`.
enum Step {
    Key(String),
    Index(usize),
}

/// `input.a[2]["x.y"]` → [a, 2, x.y]; None for a path not below `input`.
fn steps_of(path: &str) -> Option<Vec<Step>> {
    let mut rest = path.strip_prefix("input")?;
    let mut steps = Vec::new();
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('.') {
            let end = r.find(['.', '[']).unwrap_or(r.len());
            steps.push(Step::Key(r[..end].to_string()));
            rest = &r[end..];
        } else if let Some(quoted) = rest.strip_prefix('[').filter(|r| r.starts_with('"')) {
            // A quoted key: a JSON string, then `]`.
            let mut de = serde_json::Deserializer::from_str(quoted).into_iter::<String>();
            let key = de.next()?.ok()?;
            steps.push(Step::Key(key));
            rest = quoted[de.byte_offset()..].strip_prefix(']')?;
        } else if let Some(r) = rest.strip_prefix('[') {
            let end = r.find(']')?;
            steps.push(Step::Index(r[..end].parse().ok()?));
            rest = &r[end + 1..];
        } else {
            return None;
        }
    }
    Some(steps)
}

/// The subschema at `steps`, following `$ref`s into `$defs` (schemars'
/// layout), `items` for array elements, and the first `anyOf`/`oneOf`/`allOf`
/// branch that has the step.
fn schema_at<'s>(root: &'s Value, steps: &[Step]) -> Option<&'s Value> {
    let resolve = |mut s: &'s Value| -> &'s Value {
        for _ in 0..16 {
            match s.get("$ref").and_then(Value::as_str) {
                Some(r) => match r.strip_prefix("#/").map(|p| root.pointer(&format!("/{p}"))) {
                    Some(Some(t)) => s = t,
                    _ => break,
                },
                None => break,
            }
        }
        s
    };
    fn step<'s>(
        s: &'s Value,
        st: &Step,
        resolve: &dyn Fn(&'s Value) -> &'s Value,
    ) -> Option<&'s Value> {
        let s = resolve(s);
        let direct = match st {
            Step::Key(k) => s.get("properties").and_then(|p| p.get(k)),
            Step::Index(_) => s
                .get("items")
                .or_else(|| s.get("prefixItems").and_then(|p| p.get(0))),
        };
        direct.or_else(|| {
            ["anyOf", "oneOf", "allOf"].iter().find_map(|k| {
                s.get(*k)?
                    .as_array()?
                    .iter()
                    .find_map(|branch| step(branch, st, resolve))
            })
        })
    }
    let mut at = root;
    for st in steps {
        at = step(at, st, &resolve)?;
    }
    Some(resolve(at))
}

/// The value at `steps`; an index beyond an example's array takes its first element.
fn value_at<'v>(v: &'v Value, steps: &[Step]) -> Option<&'v Value> {
    steps.iter().try_fold(v, |at, st| match st {
        Step::Key(k) => at.get(k),
        Step::Index(i) => at.get(i).or_else(|| at.get(0)),
    })
}

fn value_at_mut<'v>(v: &'v mut Value, steps: &[Step]) -> Option<&'v mut Value> {
    steps.iter().try_fold(v, |at, st| match st {
        Step::Key(k) => at.get_mut(k),
        Step::Index(i) => at.get_mut(*i),
    })
}

/// The refusal for a caller that cannot be asked: each open question, and
/// the call with example answers added to `input` to adapt and send.
pub fn input_required(entry: &Entry, input: &Value, questions: &[Question]) -> Refusal {
    let mut fixed = input.as_object().cloned().unwrap_or_default();
    for q in questions {
        fixed.insert(q.key.clone(), q.example.clone());
    }
    let keys: Vec<&str> = questions.iter().map(|q| q.key.as_str()).collect();
    let asked: Vec<String> = questions
        .iter()
        .map(|q| format!("`{}`: {}", q.key, q.message))
        .collect();
    let mut r = Refusal::new(
        Code::InputRequired,
        format!(
            "{} needs more input: {} Add {} to `input` (the example values in `fix` show the shape) and send the call again",
            entry.op.id(),
            asked.join("; "),
            keys.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ")
        ),
    )
    .at(format!("input.{}", keys.first().copied().unwrap_or_default()))
    .fix(
        Tool::Run,
        json!({ "operation_id": entry.op.id(), "input": fixed, "contract": entry.contract().digest }),
    );
    r.questions = Some(json!(questions));
    r
}

/// The refusal for a result over the output budget: its size, and the
/// smaller call that gets the answer where the catalog has one: the count
/// beside an enumeration (offered as `fix` when it takes the same input),
/// or the input's own limiting field.
/// The refusal of an answer beyond the output budget, with the smaller call
/// where one exists. `bytes` is the answer's size, or None when its digits
/// alone were found to pass the budget before it was written.
pub fn too_large(
    catalog: &Catalog,
    entry: &Entry,
    input: &Value,
    bytes: Option<usize>,
    limit: usize,
) -> Refusal {
    let id = entry.op.id();
    let stem = id.rsplit_once('.').map_or(id, |(stem, _)| stem);
    let count = [format!("{stem}.count"), format!("{stem}.compute")]
        .into_iter()
        .filter(|c| c != id)
        .find_map(|c| catalog.get(&c));
    let properties = entry.contract().document["input_schema"]["properties"].clone();
    let limiting = [
        "limit",
        "max_count",
        "count",
        "terms",
        "precision",
        "digits",
        "upper",
        "n",
    ]
    .into_iter()
    .find(|f| properties.get(f).is_some());
    let size = match bytes {
        Some(b) => format!("{b} bytes"),
        None => format!("more than {limit} bytes"),
    };
    let mut message = format!(
        "the result is {size} of JSON, more than the {limit} this server returns in one call (its output budget, set by `hessian serve --max-output-bytes`)"
    );
    let mut fix = None;
    if let Some(c) = count {
        let fits = c.op.check_input(input).is_ok();
        message.push_str(&format!(
            "; {} answers how many without listing them",
            c.op.id()
        ));
        if fits {
            fix = Some(json!({ "operation_id": c.op.id(), "input": input }));
        }
    }
    match limiting {
        Some(f) => message.push_str(&format!("; or make `input.{f}` smaller")),
        None if count.is_none() => message.push_str(
            "; ask for a smaller instance or a smaller quantity (a determinant or rank instead of a full inverse)",
        ),
        None => {}
    }
    let mut r = Refusal::new(Code::LimitExceeded, message).received(size);
    r = r.expected(format!("at most {limit} bytes"));
    if let Some(f) = fix {
        r = r.fix(Tool::Run, f);
    }
    r
}

/// Runs `id` on `input` without a deadline and returns only the output:
/// for tests and offline tools that already know the operation.
pub fn output_of(catalog: &Catalog, id: &str, input: Value) -> Result<Value, Refusal> {
    let mut args = Map::new();
    args.insert("operation_id".into(), Value::String(id.into()));
    args.insert("input".into(), input);
    run(catalog, args, &Ctx::default()).map(|mut envelope| envelope["output"].take())
}

pub fn unknown_operation(catalog: &Catalog, id: &str) -> Refusal {
    let candidates: Vec<String> = catalog
        .nearest(id, 3)
        .into_iter()
        .map(String::from)
        .collect();
    let query = id.replace(['.', '_', '-'], " ");
    let mut r = Refusal::new(
        Code::UnknownOperation,
        match candidates.first() {
            Some(best) => format!(
                "there is no operation {:?}; the nearest is {best}",
                crate::error::bounded(id, 80)
            ),
            None => format!("there is no operation {:?}", crate::error::bounded(id, 80)),
        },
    )
    .at("operation_id")
    .received(id.to_string())
    .fix(
        Tool::Find,
        json!({ "query": crate::error::bounded(query.trim(), 80) }),
    );
    r.candidates = Some(candidates);
    r
}

/// Recognises the wrapper mistakes of DESIGN §6 and builds the corrected
/// call. The call is never executed: the caller sends the fix back.
pub fn wrong_wrapper(args: &Map<String, Value>, known: &dyn Fn(&str) -> bool) -> Option<Refusal> {
    let (fixed, what) = correct(args, known, 0)?;
    Some(
        Refusal::new(
            Code::WrongWrapper,
            format!("{what}; resend the corrected call in `fix` (nothing was run)"),
        )
        .expected("{\"operation_id\": \"…\", \"input\": {…}, \"contract\"?: \"sha256:…\"}")
        .fix(Tool::Run, Value::Object(fixed)),
    )
}

/// The corrected arguments and what was wrong, or `None` if the wrapper is right.
fn correct(
    args: &Map<String, Value>,
    known: &dyn Fn(&str) -> bool,
    depth: usize,
) -> Option<(Map<String, Value>, String)> {
    if depth > 2 {
        return None;
    }
    // `{"operation": "matrix.determinant.compute", …}`: a known id under
    // another name; the same call with the key renamed.
    if !args.contains_key("operation_id")
        && let Some((key, id)) = ID_ALIASES
            .iter()
            .find_map(|k| Some((*k, args.get(*k)?.as_str()?)))
        && known(id)
    {
        let mut renamed = Map::new();
        for (k, v) in args {
            let k = if k == key { "operation_id" } else { k.as_str() };
            renamed.insert(k.to_string(), v.clone());
        }
        let (fixed, more) = correct(&renamed, known, depth + 1)
            .map(|(f, w)| (f, format!("; {w}")))
            .unwrap_or((renamed, String::new()));
        return Some((
            fixed,
            format!("the operation id was sent as `{key}` instead of `operation_id`{more}"),
        ));
    }
    // The whole call nested inside `input` (or an alias of it).
    for key in std::iter::once("input").chain(INPUT_ALIASES.iter().copied()) {
        if let Some(inner) = args.get(key).and_then(as_object)
            && inner.contains_key("operation_id")
        {
            let inner = inner.clone();
            let fixed = correct(&inner, known, depth + 1)
                .map(|(f, _)| f)
                .unwrap_or(inner);
            return Some((
                fixed,
                format!("the whole math_run call was nested inside `{key}`"),
            ));
        }
    }
    let id = args.get("operation_id")?.as_str()?.to_string();
    let mut fixed = Map::new();
    fixed.insert("operation_id".into(), Value::String(id));
    let mut input: Map<String, Value>;
    let mut what: Vec<String> = Vec::new();
    match args.get("input") {
        Some(Value::String(s)) => {
            input = serde_json::from_str::<Value>(s)
                .ok()
                .and_then(|v| v.as_object().cloned())?;
            what.push("`input` was sent as a JSON string instead of an object".into());
        }
        Some(Value::Object(m)) => input = m.clone(),
        Some(_) => return None,
        None => {
            let alias = INPUT_ALIASES
                .iter()
                .find(|k| args.get(**k).and_then(as_object).is_some());
            match alias {
                Some(k) => {
                    input = args.get(*k).and_then(as_object)?;
                    what.push(format!("`{k}` was used instead of `input`"));
                }
                None => input = Map::new(),
            }
        }
    }
    let strays: Vec<&String> = args
        .keys()
        .filter(|k| {
            // `data` may be an operation's own field (a list) as well as a
            // name agents give the input object.
            let wrapper =
                INPUT_ALIASES.contains(&k.as_str()) && as_object(&args[k.as_str()]).is_some();
            !RUN_KEYS.contains(&k.as_str()) && !wrapper
        })
        .collect();
    if !strays.is_empty() {
        if strays.iter().any(|k| input.contains_key(k.as_str())) {
            return None;
        }
        for k in &strays {
            input.insert((*k).clone(), args[k.as_str()].clone());
        }
        let names: Vec<String> = strays.iter().map(|k| format!("`{k}`")).collect();
        what.push(format!(
            "input fields {} were placed beside `operation_id` instead of inside `input`",
            names.join(", ")
        ));
    }
    if what.is_empty() {
        return None;
    }
    fixed.insert("input".into(), Value::Object(input));
    for key in ["contract", "deadline_ms"] {
        if let Some(v) = args.get(key) {
            fixed.insert(key.into(), v.clone());
        }
    }
    Some((fixed, what.join("; ")))
}

/// An object, or a string holding a JSON object (a doubly encoded payload).
fn as_object(v: &Value) -> Option<Map<String, Value>> {
    match v {
        Value::Object(m) => Some(m.clone()),
        Value::String(s) => serde_json::from_str::<Value>(s)
            .ok()
            .and_then(|v| v.as_object().cloned()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::operation::{MathError, Operation};

    #[test]
    fn the_envelope_value_is_serdes() {
        let e = || Envelope {
            operation_id: "a.b.compute".into(),
            version: 3,
            contract: "sha256:00".into(),
            output: json!({"x": ["1", 2]}),
            elapsed_ms: 0.5,
        };
        assert_eq!(e().into_value(), serde_json::to_value(e()).unwrap());
    }

    #[derive(Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    struct Input {
        n: i64,
    }

    /// Returns n + 1 after "checking" it against n + 2: a defect on purpose.
    struct Broken;

    impl Operation for Broken {
        type Input = Input;
        type Output = i64;
        const ID: &'static str = "test.broken.compute";
        const VERSION: u32 = 1;
        const TITLE: &'static str = "A successor whose check always fails";
        const SUMMARY: &'static str = "n + 1, checked against the wrong value.";
        const DESCRIPTION: &'static str = "For this test only.";
        const KEYWORDS: &'static [&'static str] = &[];
        const EXAMPLE: &'static str = r#"{"n": 1}"#;
        const EXPECTED: &'static str = "2";

        fn run(input: Input, _: &Ctx) -> Result<i64, MathError> {
            let answer = input.n + 1;
            if answer != input.n + 2 {
                return Err(MathError::Internal("n + 1 is not n + 2".into()));
            }
            Ok(answer)
        }
    }

    /// Panics on odd n: a bug on purpose.
    struct Panics;

    impl Operation for Panics {
        type Input = Input;
        type Output = i64;
        const ID: &'static str = "test.panics.compute";
        const VERSION: u32 = 1;
        const TITLE: &'static str = "Halving that panics on odd numbers";
        const SUMMARY: &'static str = "n / 2, or a panic.";
        const DESCRIPTION: &'static str = "For this test only.";
        const KEYWORDS: &'static [&'static str] = &[];
        const EXAMPLE: &'static str = r#"{"n": 2}"#;
        const EXPECTED: &'static str = "1";

        fn run(input: Input, _: &Ctx) -> Result<i64, MathError> {
            assert!(input.n % 2 == 0, "odd input {}", input.n);
            Ok(input.n / 2)
        }
    }

    #[test]
    fn a_panic_is_that_calls_internal_error_and_the_next_call_runs() {
        let catalog = Catalog::new([&Panics as &'static dyn crate::DynOperation]).unwrap();
        let r = output_of(&catalog, "test.panics.compute", json!({"n": 3})).unwrap_err();
        assert_eq!(r.code, Code::InternalError, "{r:?}");
        assert!(r.message.contains("odd input 3"), "{}", r.message);
        let next = output_of(&catalog, "test.panics.compute", json!({"n": 8})).unwrap();
        assert_eq!(next, json!(4));
    }

    #[test]
    fn a_failed_self_check_is_an_internal_error_not_the_callers_fault() {
        let catalog = Catalog::new([&Broken as &'static dyn crate::DynOperation]).unwrap();
        let r = output_of(&catalog, "test.broken.compute", json!({"n": 1})).unwrap_err();
        assert_eq!(r.code, Code::InternalError);
        assert_eq!(r.code.to_string(), "internal_error");
        assert!(
            r.message.contains("n + 1 is not n + 2") && r.message.contains("not in the input"),
            "{}",
            r.message
        );
        assert!(
            r.path.is_none() && r.fix.is_none(),
            "nothing for the caller to change: {r:?}"
        );
    }
}
