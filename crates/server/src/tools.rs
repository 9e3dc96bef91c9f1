//! The two tools and the catalog resource as an rmcp `ServerHandler`.

use crate::Config;
use crate::workers::Workers;
use hessian_contract::call::{RunAnswer, RunArgs};
use hessian_contract::error::bounded;
use hessian_contract::find::{self, FindAnswer, FindArgs};
use hessian_contract::rounds::{self, Guard, Resume, Rounds, Step};
use hessian_contract::runner::{InProcess, Runner};
use hessian_contract::state::Keys;
use hessian_contract::{Catalog, Ctx, MathError, Refusal};
use hessian_contract::{Code, Question, Tool as ToolName};
use hessian_kernels::{Budget, Stop};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, CompleteRequestParams, CompleteResult,
    CompletionInfo, ContentBlock, CustomRequest, CustomResult, ElicitRequest, ElicitRequestParams,
    GetPromptRequestParams, GetPromptResponse, Icon, Implementation, InputRequest,
    InputRequiredResult, ListPromptsResult, ListResourceTemplatesResult, ListResourcesResult,
    ListToolsResult, PaginatedRequestParams, ProgressNotificationParam, ReadResourceRequestParams,
    ReadResourceResponse, ReadResourceResult, Reference, Resource, ResourceContents,
    ResourceTemplate, ServerCapabilities, ServerConfig, Tool, ToolAnnotations,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use schemars::JsonSchema;
use serde_json::{Map, Value, json};
use std::sync::Arc;

const CATALOG_URI: &str = "hessian://catalog";
/// One operation's inspected contract, as math_find inspect answers it.
const OPERATION_TEMPLATE: &str = "hessian://operation/{operation_id}";
const OPERATION_PREFIX: &str = "hessian://operation/";
const DESCRIPTION: &str = "Exact, typed mathematics for AI agents: linear algebra, number theory, \
polynomials, graphs, combinatorics and more through two tools, each answer checked before it is returned.";
const WEBSITE: &str = env!("CARGO_PKG_REPOSITORY");
const ICON_SVG: &str = include_str!("../assets/icon.svg");
/// Tool lists never change within a version: let clients cache them a day.
const TOOLS_TTL_MS: u64 = 24 * 60 * 60 * 1000;

const FIND_DESCRIPTION: &str = "Find the exact math operation to run. Send exactly one form: \
{\"query\": \"determinant of a matrix\"} searches (optional \"domain\", \"limit\"); \
{\"browse\": true, \"domain\": \"matrix\"} lists in id order; \
{\"operation_id\": \"matrix.determinant.compute\"} inspects one: its input schema, contract digest and a \
complete example call. Flow: search → inspect → copy the example into math_run and change only the values.";

const RUN_DESCRIPTION: &str = "Run one exact operation: {\"operation_id\": \"…\", \"input\": {…}, \
\"contract\"?: \"sha256:…\", \"deadline_ms\"?: n}. `input` is an object shaped as the operation's input_schema: copy `example` \
from math_find inspect and change the values. Integers as JSON integers, decimal strings or expressions like \
\"2^61-1\"; rationals as \"p/q\", exact decimals like \"0.125\" or expressions; never JSON floats. A refused call names the wrong field, and \
`error.fix` often holds the corrected call to send as is.";

/// Arm 1 of the evaluation: the same tools, described without examples.
const FIND_DESCRIPTION_NO_EXAMPLE: &str = "Find the exact math operation to run. Send exactly one form: \
{\"query\": \"determinant of a matrix\"} searches (optional \"domain\", \"limit\"); \
{\"browse\": true, \"domain\": \"matrix\"} lists in id order; \
{\"operation_id\": \"matrix.determinant.compute\"} inspects one: its description, input schema and contract digest. \
Flow: search → inspect → build the input from the input schema and call math_run.";

const RUN_DESCRIPTION_NO_EXAMPLE: &str = "Run one exact operation: {\"operation_id\": \"…\", \"input\": {…}, \
\"contract\"?: \"sha256:…\", \"deadline_ms\"?: n}. `input` is an object shaped as the operation's input_schema \
from math_find inspect. Integers as JSON integers, decimal strings or expressions like \
\"2^61-1\"; rationals as \"p/q\", exact decimals like \"0.125\" or expressions; never JSON floats. A refused call names the wrong field, and \
`error.fix` often holds the corrected call to send as is.";

const INSTRUCTIONS: &str = "Hessian computes exact mathematics (matrices, integers, number theory). \
Use math_find to search and inspect an operation, then math_run with its copied example. Results are exact \
strings (\"-3/2\"); never compute by hand what an operation can compute.";

#[derive(Clone)]
pub struct HessianServer {
    catalog: &'static Catalog,
    config: Config,
    tools: Arc<Vec<Tool>>,
    keys: Arc<Keys>,
    /// One permit per call computing now.
    permits: Arc<tokio::sync::Semaphore>,
    /// Calls waiting for a permit now (at most `config.queue`).
    waiting: Arc<std::sync::atomic::AtomicUsize>,
    /// Where calls compute: worker processes, or this process's threads.
    runner: Arc<dyn Runner>,
    workers: Option<Arc<Workers>>,
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
        tracing::info!(target: "audit", principal, operation = bounded(operation_id, 80), round, "math_run round");
        Ok(())
    }
}

struct StopOnDrop(Budget);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// The authenticated principal of an HTTP request; `None` over stdio.
fn http_principal(context: &RequestContext<RoleServer>) -> Option<&crate::auth::Principal> {
    context
        .extensions
        .get::<axum::http::request::Parts>()
        .and_then(|parts| parts.extensions.get::<crate::auth::Principal>())
}

/// The principal's name, or the stdio user.
fn principal(context: &RequestContext<RoleServer>) -> String {
    http_principal(context).map_or_else(|| STDIO_PRINCIPAL.to_string(), |p| p.name.clone())
}

/// Refuses a tool the caller's token has no scope for (HTTP only: the
/// stdio user owns the process).
fn scope_refusal(context: &RequestContext<RoleServer>, tool: ToolName) -> Option<Refusal> {
    let scope = match tool {
        ToolName::Find => "find",
        ToolName::Run => "run",
    };
    let p = http_principal(context)?;
    (!p.may(scope)).then(|| {
        Refusal::new(
            Code::Unauthorized,
            format!(
                "the token of {} has no `{scope}` scope, so it cannot call {}; ask for a token with `--scopes {scope}`",
                p.name,
                tool.name()
            ),
        )
    })
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
    let modern = context
        .protocol_version()
        .is_some_and(|v| !v.has_initialize());
    // Stateless HTTP has no channel for a request back to the client
    // mid-call: only stdio sessions use in-call elicitation.
    let over_http = context
        .extensions
        .get::<axum::http::request::Parts>()
        .is_some();
    match (elicits, modern, over_http) {
        (false, _, _) => Asking::Refuse,
        (true, true, _) => Asking::InputRequired,
        (true, false, false) => Asking::Elicitation,
        (true, false, true) => Asking::Refuse,
    }
}

fn form_request(q: &Question) -> Result<ElicitRequestParams, Refusal> {
    let schema = serde_json::from_value(q.form.clone()).map_err(|e| {
        Refusal::new(
            Code::DomainError,
            format!(
                "question {} has no valid form ({e}); this is a bug in hessian",
                q.key
            ),
        )
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
        Some("accept") => Ok(result
            .get("content")
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default()),
        other => Err(Refusal::new(
            Code::InputDeclined,
            format!(
                "the question was {}; nothing was computed. Call again and answer it, or add the field to `input`",
                if other == Some("cancel") {
                    "cancelled"
                } else {
                    "declined"
                }
            ),
        )),
    }
}

fn object_schema<T: JsonSchema>() -> Arc<Map<String, Value>> {
    let v = hessian_contract::portable::schema_for::<T>(true);
    Arc::new(v.as_object().cloned().unwrap_or_default())
}

/// A tool's outputSchema from the type of its answers: every variant is an
/// object, and MCP wants the schema itself to say so.
fn output_schema<T: JsonSchema>() -> Arc<Map<String, Value>> {
    let mut v = hessian_contract::portable::schema_for::<T>(false);
    if let Some(m) = v.as_object_mut() {
        m.insert("type".into(), json!("object"));
    }
    as_object(v)
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
    if !examples
        && let Some(input) = Arc::make_mut(&mut run_schema)
            .get_mut("properties")
            .and_then(|p| p.get_mut("input"))
    {
        input["description"] =
            json!("The operation's input object, exactly as its input_schema describes.");
    }
    let annotations = |title: &str| {
        ToolAnnotations::with_title(title)
            .read_only(true)
            .destructive(false)
            .idempotent(true)
            .open_world(false)
    };
    vec![
        Tool::new_with_raw(
            ToolName::Find.name(),
            Some(find_description.into()),
            object_schema::<FindArgs>(),
        )
        .with_title(ToolName::Find.title())
        .with_raw_output_schema(output_schema::<FindAnswer>())
        .with_annotations(annotations(ToolName::Find.title())),
        Tool::new_with_raw(
            ToolName::Run.name(),
            Some(run_description.into()),
            run_schema,
        )
        .with_title(ToolName::Run.title())
        .with_raw_output_schema(output_schema::<RunAnswer>())
        .with_annotations(annotations(ToolName::Run.title())),
    ]
}

/// The text rendering of a refusal, for hosts that show the model only
/// text content: the code and message as prose, then what to send.
fn render(r: &Refusal) -> String {
    let mut s = format!("error {}: {}", r.code, r.message);
    if let Some(e) = &r.expected {
        s.push_str(&format!("\nexpected: {e}"));
    }
    if let Some(fix) = &r.fix {
        s.push_str(&format!("\nfix: {fix}"));
    }
    s
}

/// A tool result within the output budget. An answer carries its compact
/// JSON, written once, as the text content beside structuredContent (hosts
/// such as Claude Code show only the structured side, others only the
/// text), so both hold the whole answer. An answer larger than the budget
/// (math_run results are refused earlier, with their smaller call; this
/// catches every other answer) becomes a `limit_exceeded` refusal.
fn tool_result(result: Result<(Value, String), Refusal>, budget: usize) -> CallToolResult {
    let result = match result {
        Ok((_, text)) if text.len() > budget => Err(Refusal::new(
            Code::LimitExceeded,
            format!(
                "the answer is {} bytes of JSON, more than the {budget} this server returns in one call (the output budget)",
                text.len()
            ),
        )),
        other => other,
    };
    let (mut out, text) = match result {
        Ok((v, text)) => (CallToolResult::structured(v), text),
        Err(r) => {
            let r = within(r, budget);
            (CallToolResult::structured_error(r.to_json()), render(&r))
        }
    };
    out.content = vec![ContentBlock::text(text)];
    out
}

/// A refusal within the output budget: a `fix` or a list of questions
/// that repeat a large input are left out (the message says so), since the
/// rest of a refusal is bounded by construction.
fn within(mut r: Refusal, budget: usize) -> Refusal {
    let size = |r: &Refusal| r.to_json().to_string().len() + render(r).len();
    if size(&r) > budget && (r.fix.is_some() || r.questions.is_some()) {
        r.fix = None;
        r.questions = None;
        r.message.push_str(
            " (the corrected call repeats an input too large to send back within the output budget; apply the change to your own call)",
        );
    }
    r
}

impl HessianServer {
    pub fn new(catalog: &'static Catalog, config: Config, keys: Keys) -> Self {
        Self::with_keys(catalog, config, Arc::new(keys))
    }

    /// For transports that build one server per request (HTTP): clones
    /// share the keys and the concurrency permits.
    pub fn with_keys(catalog: &'static Catalog, config: Config, keys: Arc<Keys>) -> Self {
        let workers = config
            .worker_exe
            .clone()
            .map(|exe| Workers::new(exe, config.max_concurrent, config.grace));
        let runner: Arc<dyn Runner> = match &workers {
            Some(w) => w.clone(),
            None => Arc::new(InProcess(catalog)),
        };
        Self {
            catalog,
            permits: Arc::new(tokio::sync::Semaphore::new(config.max_concurrent.max(1))),
            waiting: Arc::default(),
            tools: Arc::new(tools(config.examples)),
            config,
            keys,
            runner,
            workers,
        }
    }

    /// Stops every computation: waiting calls kill their worker processes
    /// and answer, idle workers end. For shutdown.
    pub fn close(&self) {
        if let Some(w) = &self.workers {
            w.close();
        }
    }

    /// A computation slot: at once, or after waiting in the queue (stdio
    /// hosts pipeline their calls) while the queue has room; `busy` beyond
    /// it. The wait counts against the call's deadline.
    async fn permit(
        &self,
        context: &RequestContext<RoleServer>,
    ) -> Result<tokio::sync::OwnedSemaphorePermit, Refusal> {
        use std::sync::atomic::Ordering;
        if let Ok(p) = self.permits.clone().try_acquire_owned() {
            return Ok(p);
        }
        let busy = || {
            Refusal::new(
                Code::Busy,
                format!(
                    "all {} computation slots of this server are in use; retry in a moment",
                    self.config.max_concurrent
                ),
            )
        };
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.config.queue {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(busy());
        }
        let acquired = tokio::select! {
            p = self.permits.clone().acquire_owned() => p.map_err(|_| busy()),
            () = tokio::time::sleep(self.config.deadline) => Err(MathError::Stopped(Stop::Deadline).into()),
            () = context.ct.cancelled() => Err(MathError::Stopped(Stop::Cancelled).into()),
        };
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        acquired
    }

    fn result(&self, result: Result<Value, Refusal>) -> CallToolResult {
        let rendered = result.map(|v| {
            let text = v.to_string();
            (v, text)
        });
        tool_result(rendered, self.config.max_output_bytes)
    }

    /// math_run: rounds until the operation runs, is refused, or a question
    /// goes to the client in the way it can be asked.
    async fn run(
        &self,
        request: CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let args = request.arguments.unwrap_or_default();
        let how = asking(context);
        let queued = std::time::Instant::now();
        let _permit = match self.permit(context).await {
            Ok(p) => p,
            Err(r) => return Ok(self.result(Err(r)).into()),
        };
        let deadline = self.config.deadline.saturating_sub(queued.elapsed());
        let principal = principal(context);
        let mut resume = match request.request_state {
            None => None,
            Some(state) => {
                // One question per round: its response is the only entry,
                // under the question's key (checked against the state).
                let responses = request.input_responses.unwrap_or_default();
                let answer = match responses.len() {
                    0 => None,
                    1 => {
                        let Some((key, result)) = responses.into_iter().next() else {
                            unreachable!("one entry")
                        };
                        match accepted(&result) {
                            Ok(content) => Some((key, content)),
                            Err(r) => return Ok(self.result(Err(r)).into()),
                        }
                    }
                    n => {
                        let keys: Vec<String> = responses.keys().map(|k| bounded(k, 40)).collect();
                        let r = Refusal::new(
                            Code::InvalidInput,
                            format!(
                                "inputResponses holds {n} answers ({}); a round asks one question, so send only the answer under its key",
                                keys.join(", ")
                            ),
                        )
                        .at("inputResponses");
                        return Ok(self.result(Err(r)).into());
                    }
                };
                Some(Resume { state, answer })
            }
        };
        loop {
            let step = match self
                .round(args.clone(), resume.take(), &principal, deadline, context)
                .await?
            {
                Ok(step) => step,
                Err(r) => return Ok(self.result(Err(r)).into()),
            };
            let (question, state, refusal) = match step {
                Step::Done(answer) => {
                    let done = tool_result(
                        Ok((answer.envelope, answer.text)),
                        self.config.max_output_bytes,
                    );
                    return Ok(done.into());
                }
                Step::Ask {
                    question,
                    state,
                    refusal,
                    ..
                } => (question, state, refusal),
            };
            let params = match form_request(&question) {
                Ok(p) => p,
                Err(r) => return Ok(self.result(Err(r)).into()),
            };
            match how {
                Asking::Refuse => return Ok(self.result(Err(refusal)).into()),
                Asking::InputRequired => {
                    let requests = [(
                        question.key.clone(),
                        InputRequest::Elicitation(ElicitRequest::new(params)),
                    )];
                    return Ok(InputRequiredResult::new(
                        Some(requests.into_iter().collect()),
                        Some(state),
                    )
                    .into());
                }
                Asking::Elicitation => {
                    let result = match context.peer.create_elicitation(params).await {
                        Ok(r) => r,
                        Err(e) => {
                            tracing::warn!("elicitation failed: {e}");
                            return Ok(self.result(Err(refusal)).into());
                        }
                    };
                    let content = match accepted(&serde_json::to_value(&result).unwrap_or_default())
                    {
                        Ok(c) => c,
                        Err(r) => return Ok(self.result(Err(r)).into()),
                    };
                    resume = Some(Resume {
                        state,
                        answer: Some((question.key.clone(), content)),
                    });
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
        deadline: std::time::Duration,
        context: &RequestContext<RoleServer>,
    ) -> Result<Result<Step, Refusal>, ErrorData> {
        // The server's deadline less the time queued; a call's own
        // `deadline_ms` may shorten it, which the engine applies after the
        // strict parse of the arguments.
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
                        .with_message(format!(
                            "computing: {spent:.0} s of the {limit:.0} s deadline"
                        ));
                    if peer.notify_progress(note).await.is_err() {
                        break;
                    }
                }
            })
        });
        let (catalog, keys, principal) = (self.catalog, self.keys.clone(), principal.to_string());
        let max_output = self.config.max_output_bytes;
        let runner = self.runner.clone();
        let joined = tokio::task::spawn_blocking(move || {
            let rounds = Rounds {
                keys: &keys,
                guard: &AuditLog,
                runner: runner.as_ref(),
                ttl_secs: QUESTION_TTL_SECS,
            };
            let ctx = Ctx::new(budget).with_output_limit(max_output);
            rounds::call(catalog, &rounds, &principal, args, resume, &ctx)
        })
        .await;
        watcher.abort();
        if let Some(t) = ticker {
            t.abort();
        }
        joined.map_err(|e| {
            tracing::error!("math_run worker failed: {e}");
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
                .enable_prompts()
                .enable_completions()
                .build(),
        )
        .with_server_info(
            Implementation::new("hessian", env!("CARGO_PKG_VERSION"))
                .with_title("Hessian")
                .with_description(DESCRIPTION)
                .with_website_url(WEBSITE)
                .with_icons(vec![icon()]),
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

    /// A request rmcp could not read as its method: for a method this server
    /// serves, its params were malformed (-32602, saying what to send),
    /// not an unknown method.
    async fn on_custom_request(
        &self,
        request: CustomRequest,
        _context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, ErrorData> {
        let shape = match request.method.as_str() {
            "tools/call" => {
                r#"{"name": "math_find" | "math_run", "arguments": {…}} (arguments an object)"#
            }
            "resources/read" => r#"{"uri": "hessian://catalog"}"#,
            "prompts/get" => r#"{"name": "exact", "arguments": {…}}"#,
            "completion/complete" => r#"{"ref": {…}, "argument": {"name": …, "value": …}}"#,
            other => {
                return Err(ErrorData::new(
                    rmcp::model::ErrorCode::METHOD_NOT_FOUND,
                    other.to_string(),
                    None,
                ));
            }
        };
        Err(ErrorData::invalid_params(
            format!("{} needs params {shape}", request.method),
            None,
        ))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        if let Some(refusal) =
            ToolName::from_name(request.name.as_ref()).and_then(|t| scope_refusal(&context, t))
        {
            return Ok(self.result(Err(refusal)).into());
        }
        let result = match ToolName::from_name(request.name.as_ref()) {
            Some(ToolName::Find) => {
                find::find(self.catalog, &request.arguments.unwrap_or_default()).map(|mut found| {
                    if !self.config.examples {
                        find::strip_examples(&mut found);
                    }
                    found
                })
            }
            Some(ToolName::Run) => return self.run(request, &context).await,
            None => {
                return Err(ErrorData::invalid_params(
                    format!(
                        "unknown tool {:?}; the tools are math_find and math_run",
                        bounded(&request.name, 60)
                    ),
                    None,
                ));
            }
        };
        Ok(self.result(result).into())
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let r = Resource::new(CATALOG_URI, "catalog")
            .with_title("Hessian operation catalog")
            .with_description(
                "Every operation's id, version, contract digest, summary and schemas, as JSON pages within the output budget; `next` names the following page (hessian://catalog?cursor=o:N).",
            )
            .with_mime_type("application/json");
        Ok(ListResourcesResult::with_all_items(vec![r]))
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        let t = ResourceTemplate::new(OPERATION_TEMPLATE, "operation")
            .with_title("One Hessian operation")
            .with_description("One operation's contract: schemas, digest and a copyable example call, as math_find inspect answers it.")
            .with_mime_type("application/json");
        Ok(ListResourceTemplatesResult::with_all_items(vec![t]))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        if let Some(r) = scope_refusal(&context, ToolName::Find) {
            return Err(ErrorData::invalid_request(r.message, None));
        }
        let text = if let Some(offset) = catalog_offset(&request.uri) {
            let (mut page, next) = self
                .catalog
                .export_page(offset, self.config.max_output_bytes);
            if let Some(next) = next {
                page["next"] = json!(format!("{CATALOG_URI}?cursor=o:{next}"));
            }
            page.to_string()
        } else if let Some(id) = request.uri.strip_prefix(OPERATION_PREFIX) {
            match find::inspect(self.catalog, id) {
                Ok(mut v) => {
                    if !self.config.examples {
                        find::strip_examples(&mut v);
                    }
                    v.to_string()
                }
                Err(r) => return Err(ErrorData::resource_not_found(r.message, None)),
            }
        } else {
            return Err(ErrorData::resource_not_found(
                format!(
                    "no resource {:?}; the resources are {CATALOG_URI} and {OPERATION_TEMPLATE}",
                    bounded(&request.uri, 80)
                ),
                None,
            ));
        };
        let contents =
            ResourceContents::text(text, request.uri.clone()).with_mime_type("application/json");
        Ok(ReadResourceResult::new(vec![contents]).into())
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, ErrorData> {
        let typed = request.argument.value.as_str();
        let values: Vec<String> = match (&request.r#ref, request.argument.name.as_str()) {
            (Reference::Resource(_), "operation_id") => self
                .catalog
                .entries()
                .iter()
                .map(|e| e.op.id())
                .filter(|id| id.starts_with(typed))
                .map(String::from)
                .collect(),
            (Reference::Prompt(_), "domain") => self
                .catalog
                .domains()
                .into_iter()
                .filter(|d| d.starts_with(typed))
                .map(String::from)
                .collect(),
            _ => Vec::new(),
        };
        let total = values.len();
        let shown: Vec<String> = values
            .into_iter()
            .take(CompletionInfo::MAX_VALUES)
            .collect();
        let more = total > shown.len();
        let info = CompletionInfo::with_pagination(shown, Some(total as u32), more)
            .map_err(|e| ErrorData::internal_error(e, None))?;
        Ok(CompleteResult::new(info))
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        Ok(ListPromptsResult::with_all_items(crate::prompts::list()))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        crate::prompts::get(&request.name, request.arguments.as_ref())
            .map(Into::into)
            .map_err(|e| ErrorData::invalid_params(e, None))
    }
}

/// The offset a catalog page URI names: `hessian://catalog` is the first
/// page, `hessian://catalog?cursor=o:40` starts at the 41st operation.
fn catalog_offset(uri: &str) -> Option<usize> {
    match uri.strip_prefix(CATALOG_URI)? {
        "" => Some(0),
        rest => rest.strip_prefix("?cursor=o:")?.parse().ok(),
    }
}

/// The server's icon, embedded so no host fetches anything.
fn icon() -> Icon {
    use base64::Engine;
    let data = base64::engine::general_purpose::STANDARD.encode(ICON_SVG);
    let mut icon = Icon::new(format!("data:image/svg+xml;base64,{data}"));
    icon.mime_type = Some("image/svg+xml".into());
    icon.sizes = Some(vec!["any".into()]);
    icon
}
