//! Refusals an agent can act on (DESIGN §6): a code, a message, and where it
//! applies the path, what was expected and received, and one next step.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Code {
    InvalidInput,
    WrongWrapper,
    UnknownOperation,
    ContractMismatch,
    LimitExceeded,
    DeadlineExceeded,
    Cancelled,
    DomainError,
    /// A result failed its own check before it was returned: a defect in
    /// Hessian, never in the input. Nothing unchecked is returned.
    InternalError,
    /// The operation needs answers: sent with the questions and a corrected call.
    InputRequired,
    /// The caller declined or cancelled a question; nothing was computed.
    InputDeclined,
    /// The guard refused the caller (authentication or authorisation).
    Unauthorized,
    /// Every computation slot is taken; retry shortly.
    Busy,
    PlanChanged,
    ContinuationInvalid,
    ContinuationExpired,
    ContinuationMismatch,
    ContinuationOutdated,
}

/// The wire name (`invalid_input`), from serde's renaming: one spelling.
impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match serde_json::to_value(self) {
            Ok(Value::String(name)) => f.write_str(&name),
            _ => Err(std::fmt::Error),
        }
    }
}

/// The two tools. Hosts such as Claude Desktop, Cursor and Copilot accept
/// only names matching `^[a-zA-Z0-9_-]{1,64}$` and hide a server whose names
/// do not, so the advertised names use `_`; the dotted names of the first
/// releases are still accepted on call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    Find,
    Run,
}

impl Tool {
    /// The advertised name.
    pub fn name(self) -> &'static str {
        match self {
            Tool::Find => "math_find",
            Tool::Run => "math_run",
        }
    }

    /// The title hosts show ("math.find"), which is also the older name.
    pub fn title(self) -> &'static str {
        match self {
            Tool::Find => "math.find",
            Tool::Run => "math.run",
        }
    }

    /// The tool a `tools/call` name means: the advertised or the dotted name.
    pub fn from_name(name: &str) -> Option<Tool> {
        [Tool::Find, Tool::Run]
            .into_iter()
            .find(|t| t.name() == name || t.title() == name)
    }
}

/// A call that was not carried out, or stopped. Serialized under `"error"`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Refusal {
    pub code: Code,
    pub message: String,
    /// JSON path of the first wrong field, from the tool arguments' root
    /// (`input.matrix[1][0]`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub received: Option<String>,
    /// Nearest operation ids, for `unknown_operation`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub candidates: Option<Vec<String>>,
    /// The current digest, for `contract_mismatch`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contract: Option<String>,
    /// The one next call to make: `{"tool": "math_run" | "math_find", "arguments": {…}}`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<serde_json::Map<String, Value>>")]
    pub fix: Option<Value>,
    /// For `input_required`: the open questions `{key, message, form, example}`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<Vec<serde_json::Map<String, Value>>>")]
    pub questions: Option<Value>,
}

/// Diagnostics never echo large caller values.
pub const MAX_ECHO_CHARS: usize = 80;

impl Refusal {
    pub fn new(code: Code, message: impl Into<String>) -> Self {
        Self {
            code,
            message: bounded(&message.into(), 600),
            path: None,
            expected: None,
            received: None,
            candidates: None,
            contract: None,
            fix: None,
            questions: None,
        }
    }

    pub fn at(mut self, path: impl Into<String>) -> Self {
        self.path = Some(path.into());
        self
    }

    pub fn expected(mut self, e: impl Into<String>) -> Self {
        self.expected = Some(bounded(&e.into(), 300));
        self
    }

    pub fn received(mut self, r: impl Into<String>) -> Self {
        self.received = Some(bounded(&r.into(), MAX_ECHO_CHARS));
        self
    }

    pub fn fix(mut self, tool: Tool, arguments: Value) -> Self {
        self.fix = Some(serde_json::json!({ "tool": tool.name(), "arguments": arguments }));
        self
    }

    /// The structuredContent of a refused tool call: `{"error": …}`.
    pub fn to_json(&self) -> Value {
        let mut m = serde_json::Map::new();
        m.insert(
            "error".into(),
            serde_json::to_value(self).unwrap_or_default(),
        );
        Value::Object(m)
    }
}

/// Cuts `s` to at most `max` characters, marking the cut.
pub fn bounded(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(max.saturating_sub(1)).collect();
        t.push('…');
        t
    }
}

/// A compact, size-bounded rendering of a caller value for `received`.
pub fn echo(value: &Value) -> String {
    bounded(&value.to_string(), MAX_ECHO_CHARS)
}
