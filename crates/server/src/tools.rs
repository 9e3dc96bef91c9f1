//! The two tools and the catalog resource as an rmcp `ServerHandler`.

use crate::Config;
use hessian_contract::call::RunArgs;
use hessian_contract::rounds::{self, Guard, Resume, Rounds, Step};
use hessian_contract::state::Keys;
use hessian_contract::{Code, Question};
use hessian_contract::error::bounded;
use hessian_contract::find::{self, FindArgs};
use hessian_contract::{Catalog, Ctx, Refusal};
use hessian_kernels::Budget;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ElicitRequest,
    ElicitRequestParams, Implementation, ProgressNotificationParam, InputRequest, InputRequiredResult,
    ListResourcesResult, ListToolsResult, PaginatedRequestParams, ReadResourceRequestParams,
    ReadResourceResponse, ReadResourceResult, Resource, ResourceContents, ServerCapabilities,
    ServerConfig, Tool, ToolAnnotations,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use schemars::JsonSchema;
use serde_json::{Map, Value, json};
use std::sync::Arc;

const CATALOG_URI: &str = "hessian://catalog";
/// Tool lists never change within a version: let clients cache them a day.
const TOOLS_TTL_MS: u64 = 24 * 60 * 60 * 1000;
/// Past this, the text rendering points at structuredContent instead.
const TEXT_BUDGET: usize = 8 * 1024;

const FIND_DESCRIPTION: &str = "Find the exact math operation to run. Send exactly one form: \
{\"query\": \"determinant of a matrix\"} searches (optional \"domain\", \"limit\"); \
{\"browse\": true, \"domain\": \"matrix\"} lists in id order; \
{\"operation_id\": \"matrix.determinant.compute\"} inspects one: its input schema, contract digest and a \
complete example call. Flow: search → inspect → copy the example into math.run and change only the values.";

const RUN_DESCRIPTION: &str = "Run one exact operation: {\"operation_id\": \"…\", \"input\": {…}, \
\"contract\"?: \"sha256:…\", \"deadline_ms\"?: n}. `input` is an object shaped as the operation's input_schema: copy `example` \
from math.find inspect and change the values. Integers as JSON integers or decimal strings; rationals as \
\"p/q\" or exact decimals like \"0.125\"; never JSON floats. A refused call names the wrong field, and \
`error.fix` often holds the corrected call to send as is.";

/// Arm 1 of the evaluation: the same tools, described without examples.
const FIND_DESCRIPTION_NO_EXAMPLE: &str = "Find the exact math operation to run. Send exactly one form: \
{\"query\": \"determinant of a matrix\"} searches (optional \"domain\", \"limit\"); \
{\"browse\": true, \"domain\": \"matrix\"} lists in id order; \
{\"operation_id\": \"matrix.determinant.compute\"} inspects one: its description, input schema and contract digest. \
Flow: search → inspect → build the input from the input schema and call math.run.";

const RUN_DESCRIPTION_NO_EXAMPLE: &str = "Run one exact operation: {\"operation_id\": \"…\", \"input\": {…}, \
\"contract\"?: \"sha256:…\", \"deadline_ms\"?: n}. `input` is an object shaped as the operation's input_schema \
from math.find inspect. Integers as JSON integers or decimal strings; rationals as \
\"p/q\" or exact decimals like \"0.125\"; never JSON floats. A refused call names the wrong field, and \
`error.fix` often holds the corrected call to send as is.";

const INSTRUCTIONS: &str = "Hessian computes exact mathematics (matrices, integers, number theory). \
Use math.find to search and inspect an operation, then math.run with its copied example. Results are exact \
strings (\"-3/2\"); never compute by hand what an operation can compute.";

#[derive(Clone)]
pub struct HessianServer {
    catalog: &'static Catalog,
    config: Config,
    tools: Arc<Vec<Tool>>,
    keys: Arc<Keys>,
    /// One permit per call computing now.
    permits: Arc<tokio::sync::Semaphore>,
}

/// Who calls over stdio: the one local user of this process.
const STDIO_PRINCIPAL: &str = "stdio";
/// How often a call that asked for progress hears of it.
const PROGRESS_EVERY: std::time::Duration = std::time::Duration::from_secs(1);
/// How long a question waits for its answer.
const QUESTION_TTL_SECS: u64 = 15 * 60;

/// Admits every round and writes its audit record to stderr. Stdio has one
/// local user; authentication belongs to the HTTP transport.
struct AuditLog;

impl Guard for AuditLog {
    fn admit(&self, principal: &str, operation_id: &str, round: usize) -> Result<(), Refusal> {
        tracing::info!(target: "audit", principal, operation = bounded(operation_id, 80), round, "math.run round");
        Ok(())
    }
}

struct StopOnDrop(Budget);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// The authenticated principal of an HTTP request, or the stdio user.
fn principal(context: &RequestContext<RoleServer>) -> String {
    context
        .extensions
        .get::<axum::http::request::Parts>()
        .and_then(|parts| parts.extensions.get::<crate::auth::Principal>())
        .map_or_else(|| STDIO_PRINCIPAL.to_string(), |p| p.name.clone())
}

/// How the client can be asked a question.
#[derive(Clone, Copy, PartialEq)]
enum Asking {
    /// MCP 2026-07-28 with elicitation: `input_required` results.
    InputRequired,
    /// An older session with elicitation: `elicitation/create` inside the call.
    Elicitation,
    /// Not at all: refuse with the questions and a corrected call.
    Refuse,
}

fn asking(context: &RequestContext<RoleServer>) -> Asking {
    let elicits = context
        .client_capabilities()
        .is_some_and(|c| c.elicitation.is_some());
    let modern = context.protocol_version().is_some_and(|v| !v.has_initialize());
    // Stateless HTTP has no channel for a request back to the client
    // mid-call: only stdio sessions use in-call elicitation.
    let over_http = context.extensions.get::<axum::http::request::Parts>().is_some();
    match (elicits, modern, over_http) {
        (false, _, _) => Asking::Refuse,
        (true, true, _) => Asking::InputRequired,
        (true, false, false) => Asking::Elicitation,
        (true, false, true) => Asking::Refuse,
    }
}

fn form_request(q: &Question) -> Result<ElicitRequestParams, Refusal> {
    let schema = serde_json::from_value(q.form.clone()).map_err(|e| {
        Refusal::new(Code::DomainError, format!("question {} has no valid form ({e}); this is a bug in hessian", q.key))
    })?;
    Ok(ElicitRequestParams::FormElicitationParams {
        meta: None,
        message: q.message.clone(),
        requested_schema: schema,
    })
}

/// The form content of an accepted elicitation, or the refusal for a
/// declined or cancelled one (nothing is computed).
fn accepted(result: &Value) -> Result<Map<String, Value>, Refusal> {
    match result.get("action").and_then(Value::as_str) {
        Some("accept") => Ok(result.get("content").and_then(Value::as_object).cloned().unwrap_or_default()),
        other => Err(Refusal::new(
            Code::InputDeclined,
            format!(
                "the question was {}; nothing was computed. Call again and answer it, or add the field to `input`",
                if other == Some("cancel") { "cancelled" } else { "declined" }
            ),
        )),
    }
}

fn object_schema<T: JsonSchema>() -> Arc<Map<String, Value>> {
    let settings = schemars::generate::SchemaSettings::draft2020_12().with(|s| {
        s.inline_subschemas = true;
        s.meta_schema = None;
    });
    let mut v = settings
        .into_generator()
        .into_root_schema_for::<T>()
        .to_value();
    if let Some(m) = v.as_object_mut() {
        m.remove("title");
    }
    Arc::new(v.as_object().cloned().unwrap_or_default())
}

fn error_schema() -> Value {
    json!({
        "type": "object",
        "required": ["code", "message"],
        "properties": {
            "code": { "type": "string" },
            "message": { "type": "string" },
            "path": { "type": "string" },
            "expected": { "type": "string" },
            "received": { "type": "string" },
            "candidates": { "type": "array", "items": { "type": "string" } },
            "contract": { "type": "string" },
            "fix": { "type": "object" },
            "questions": { "type": "array", "items": { "type": "object" } }
        }
    })
}

fn as_object(v: Value) -> Arc<Map<String, Value>> {
    Arc::new(v.as_object().cloned().unwrap_or_default())
}

fn tools(examples: bool) -> Vec<Tool> {
    let (find_description, run_description) = if examples {
        (FIND_DESCRIPTION, RUN_DESCRIPTION)
    } else {
        (FIND_DESCRIPTION_NO_EXAMPLE, RUN_DESCRIPTION_NO_EXAMPLE)
    };
    let mut run_schema = object_schema::<RunArgs>();
    if !examples && let Some(input) = Arc::make_mut(&mut run_schema).get_mut("properties").and_then(|p| p.get_mut("input")) {
        input["description"] = json!("The operation's input object, exactly as its input_schema describes.");
    }
    let annotations = |title: &str| {
        ToolAnnotations::with_title(title)
            .read_only(true)
            .destructive(false)
            .idempotent(true)
            .open_world(false)
    };
    let find_output = json!({
        "type": "object",
        "description": "Search and browse answer {matches, total, next_cursor?}; inspect answers the full contract; a refusal answers {error}.",
        "properties": {
            "matches": { "type": "array", "items": { "type": "object" } },
            "total": { "type": "integer" },
            "next_cursor": { "type": "string" },
            "operation_id": { "type": "string" },
            "contract": { "type": "string" },
            "input_schema": { "type": "object" },
            "example": { "type": "object" },
            "error": error_schema()
        }
    });
    let run_output = json!({
        "type": "object",
        "description": "The envelope of a successful run, or {error} when the call was refused.",
        "properties": {
            "operation_id": { "type": "string" },
            "version": { "type": "integer" },
            "contract": { "type": "string" },
            "output": { "description": "The operation's output, as its output_schema describes." },
            "elapsed_ms": { "type": "number" },
            "error": error_schema()
        },
        "anyOf": [
            { "required": ["operation_id", "version", "contract", "output", "elapsed_ms"] },
            { "required": ["error"] }
        ]
    });
    vec![
        Tool::new_with_raw(
            "math.find",
            Some(find_description.into()),
            object_schema::<FindArgs>(),
        )
        .with_title("Find a math operation")
        .with_raw_output_schema(as_object(find_output))
        .with_annotations(annotations("Find a math operation")),
        Tool::new_with_raw(
            "math.run",
            Some(run_description.into()),
            run_schema,
        )
        .with_title("Run a math operation")
        .with_raw_output_schema(as_object(run_output))
        .with_annotations(annotations("Run a math operation")),
    ]
}

/// A short text for hosts that show only text content to the model.
fn render(result: &Result<Value, Refusal>) -> String {
    match result {
        Ok(v) => {
            let text = v.to_string();
            if text.len() <= TEXT_BUDGET {
                text
            } else {
                format!(
                    "{}… (cut at {TEXT_BUDGET} bytes; the whole result is in structuredContent)",
                    bounded(&text, TEXT_BUDGET)
                )
            }
        }
        Err(r) => {
            let mut s = format!("error {}: {}", r.code.as_str(), r.message);
            if let Some(e) = &r.expected {
                s.push_str(&format!("\nexpected: {e}"));
            }
            if let Some(fix) = &r.fix {
                s.push_str(&format!("\nfix: {fix}"));
            }
            s
        }
    }
}

fn tool_result(result: Result<Value, Refusal>) -> CallToolResult {
    let text = render(&result);
    let mut out = match result {
        Ok(v) => CallToolResult::structured(v),
        Err(r) => CallToolResult::structured_error(r.to_json()),
    };
    out.content = vec![ContentBlock::text(text)];
    out
}

impl HessianServer {
    pub fn new(catalog: &'static Catalog, config: Config, keys: Keys) -> Self {
        Self::with_keys(catalog, config, Arc::new(keys))
    }

    /// For transports that build one server per request (HTTP): clones
    /// share the keys and the concurrency permits.
    pub fn with_keys(catalog: &'static Catalog, config: Config, keys: Arc<Keys>) -> Self {
        Self {
            catalog,
            permits: Arc::new(tokio::sync::Semaphore::new(config.max_concurrent.max(1))),
            tools: Arc::new(tools(config.examples)),
            config,
            keys,
        }
    }

    /// math.run: rounds until the operation runs, is refused, or a question
    /// goes to the client in the way it can be asked.
    async fn run(
        &self,
        request: CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let args = request.arguments.unwrap_or_default();
        let how = asking(context);
        let Ok(_permit) = self.permits.clone().try_acquire_owned() else {
            let busy = Refusal::new(
                Code::Busy,
                format!(
                    "all {} computation slots of this server are in use; retry in a moment",
                    self.config.max_concurrent
                ),
            );
            return Ok(tool_result(Err(busy)).into());
        };
        let principal = principal(context);
        let mut resume = match request.request_state {
            None => None,
            Some(state) => {
                // One question per round: its response is the only entry.
                let answer = match request.input_responses.as_ref().and_then(|r| r.values().next()) {
                    None => None,
                    Some(result) => match accepted(result) {
                        Ok(content) => Some(content),
                        Err(r) => return Ok(tool_result(Err(r)).into()),
                    },
                };
                Some(Resume { state, answer })
            }
        };
        loop {
            let step = match self.round(args.clone(), resume.take(), &principal, context).await? {
                Ok(step) => step,
                Err(r) => return Ok(tool_result(Err(r)).into()),
            };
            let (question, state, refusal) = match step {
                Step::Done(envelope) => return Ok(tool_result(Ok(envelope)).into()),
                Step::Ask { question, state, refusal, .. } => (question, state, refusal),
            };
            let params = match form_request(&question) {
                Ok(p) => p,
                Err(r) => return Ok(tool_result(Err(r)).into()),
            };
            match how {
                Asking::Refuse => return Ok(tool_result(Err(refusal)).into()),
                Asking::InputRequired => {
                    let requests = [(question.key.clone(), InputRequest::Elicitation(ElicitRequest::new(params)))];
                    return Ok(InputRequiredResult::new(Some(requests.into_iter().collect()), Some(state)).into());
                }
                Asking::Elicitation => {
                    let result = match context.peer.create_elicitation(params).await {
                        Ok(r) => r,
                        Err(e) => {
                            tracing::warn!("elicitation failed: {e}");
                            return Ok(tool_result(Err(refusal)).into());
                        }
                    };
                    let content = match accepted(&serde_json::to_value(&result).unwrap_or_default()) {
                        Ok(c) => c,
                        Err(r) => return Ok(tool_result(Err(r)).into()),
                    };
                    resume = Some(Resume { state, answer: Some(content) });
                }
            }
        }
    }

    /// One round on a worker thread, under the call's deadline and the
    /// client's cancellation. A refusal is a tool result; only a crashed
    /// worker (a bug) is a protocol-level internal error.
    async fn round(
        &self,
        args: Map<String, Value>,
        resume: Option<Resume>,
        principal: &str,
        context: &RequestContext<RoleServer>,
    ) -> Result<Result<Step, Refusal>, ErrorData> {
        // A call may shorten its deadline, never lengthen it.
        let asked = args.get("deadline_ms").and_then(Value::as_u64).map(std::time::Duration::from_millis);
        let deadline = asked.map_or(self.config.deadline, |a| a.min(self.config.deadline));
        let budget = Budget::with_timeout(deadline);
        let on_cancel = budget.clone();
        let ct = context.ct.clone();
        // MCP cancellation reaches the kernel through the budget's flag.
        let watcher = tokio::spawn(async move {
            ct.cancelled().await;
            on_cancel.cancel();
        });
        // If this future is dropped (an HTTP client went away), the kernel
        // stops at its next budget check instead of running to the deadline.
        let _stop = StopOnDrop(budget.clone());
        // Kernels do not know their fraction done; a caller that asked for
        // progress hears, once a second, how much of the deadline is spent.
        let ticker = context.meta.get_progress_token().map(|token| {
            let (peer, limit) = (context.peer.clone(), deadline.as_secs_f64());
            tokio::spawn(async move {
                let started = tokio::time::Instant::now();
                let mut tick = tokio::time::interval_at(started + PROGRESS_EVERY, PROGRESS_EVERY);
                loop {
                    tick.tick().await;
                    let spent = started.elapsed().as_secs_f64();
                    let note = ProgressNotificationParam::new(token.clone(), spent.min(limit))
                        .with_total(limit)
                        .with_message(format!("computing: {spent:.0} s of the {limit:.0} s deadline"));
                    if peer.notify_progress(note).await.is_err() {
                        break;
                    }
                }
            })
        });
        let (catalog, keys, principal) = (self.catalog, self.keys.clone(), principal.to_string());
        let joined = tokio::task::spawn_blocking(move || {
            let rounds = Rounds { keys: &keys, guard: &AuditLog, ttl_secs: QUESTION_TTL_SECS };
            rounds::call(catalog, &rounds, &principal, args, resume, &Ctx::new(budget))
        })
        .await;
        watcher.abort();
        if let Some(t) = ticker {
            t.abort();
        }
        joined.map_err(|e| {
            tracing::error!("math.run worker failed: {e}");
            ErrorData::internal_error(
                "the computation failed unexpectedly; this is a bug in hessian",
                None,
            )
        })
    }
}

impl ServerHandler for HessianServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_resources()
                .build(),
        )
        .with_server_info(
            Implementation::new("hessian", env!("CARGO_PKG_VERSION")).with_title("Hessian"),
        )
        .with_instructions(INSTRUCTIONS)
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.tools.as_ref().clone()).with_ttl_ms(TOOLS_TTL_MS))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let result = match request.name.as_ref() {
            "math.find" => find::find(self.catalog, &request.arguments.unwrap_or_default()).map(|mut found| {
                if !self.config.examples {
                    find::strip_examples(&mut found);
                }
                found
            }),
            "math.run" => return self.run(request, &context).await,
            other => {
                return Err(ErrorData::invalid_params(
                    format!(
                        "unknown tool {:?}; the tools are math.find and math.run",
                        bounded(other, 60)
                    ),
                    None,
                ));
            }
        };
        Ok(tool_result(result).into())
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let r = Resource::new(CATALOG_URI, "catalog")
            .with_title("Hessian operation catalog")
            .with_description(
                "Every operation's id, version, contract digest, summary and schemas, as JSON.",
            )
            .with_mime_type("application/json");
        Ok(ListResourcesResult::with_all_items(vec![r]))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        if request.uri != CATALOG_URI {
            return Err(ErrorData::resource_not_found(
                format!(
                    "no resource {:?}; the only resource is {CATALOG_URI}",
                    bounded(&request.uri, 80)
                ),
                None,
            ));
        }
        let text = self.catalog.export().to_string();
        let contents = ResourceContents::text(text, CATALOG_URI).with_mime_type("application/json");
        Ok(ReadResourceResult::new(vec![contents]).into())
    }
}
