//! The two tools and the catalog resource as an rmcp `ServerHandler`.

use crate::Config;
use hessian_contract::call::{self, RunArgs};
use hessian_contract::error::bounded;
use hessian_contract::find::{self, FindArgs};
use hessian_contract::{Catalog, Ctx, Refusal};
use hessian_kernels::Budget;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
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
\"contract\"?: \"sha256:…\"}. `input` is an object shaped as the operation's input_schema: copy `example` \
from math.find inspect and change the values. Integers as JSON integers or decimal strings; rationals as \
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
            "fix": { "type": "object" }
        }
    })
}

fn as_object(v: Value) -> Arc<Map<String, Value>> {
    Arc::new(v.as_object().cloned().unwrap_or_default())
}

fn tools() -> Vec<Tool> {
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
            Some(FIND_DESCRIPTION.into()),
            object_schema::<FindArgs>(),
        )
        .with_title("Find a math operation")
        .with_raw_output_schema(as_object(find_output))
        .with_annotations(annotations("Find a math operation")),
        Tool::new_with_raw(
            "math.run",
            Some(RUN_DESCRIPTION.into()),
            object_schema::<RunArgs>(),
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
    pub fn new(catalog: &'static Catalog, config: Config) -> Self {
        Self {
            catalog,
            config,
            tools: Arc::new(tools()),
        }
    }

    /// A refusal is a tool result; only a crashed worker (a bug) is a
    /// protocol-level internal error.
    async fn run(
        &self,
        args: Map<String, Value>,
        context: &RequestContext<RoleServer>,
    ) -> Result<Result<Value, Refusal>, ErrorData> {
        let budget = Budget::with_timeout(self.config.deadline);
        let on_cancel = budget.clone();
        let ct = context.ct.clone();
        // MCP cancellation reaches the kernel through the budget's flag.
        let watcher = tokio::spawn(async move {
            ct.cancelled().await;
            on_cancel.cancel();
        });
        let catalog = self.catalog;
        let joined =
            tokio::task::spawn_blocking(move || call::run(catalog, args, &Ctx::new(budget))).await;
        watcher.abort();
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
        let args = request.arguments.unwrap_or_default();
        let result = match request.name.as_ref() {
            "math.find" => find::find(self.catalog, &args),
            "math.run" => self.run(args, &context).await?,
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
