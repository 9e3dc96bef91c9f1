//! One task in one arm: the chat loop between a [`Model`] and the two tools
//! of a real `hessian serve` child, recorded turn by turn and measured.

use crate::mcp::Server;
use crate::model::Model;
use crate::task::Task;
use crate::verify;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::io::Write;
use std::time::Instant;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Arm {
    /// Inspection shows schemas and descriptions, no example.
    ContractOnly,
    /// The normal server: contract plus the copyable example.
    Example,
    /// No tools at all.
    NoTool,
}

impl Arm {
    pub const ALL: [Arm; 3] = [Arm::ContractOnly, Arm::Example, Arm::NoTool];

    pub fn number(self) -> u8 {
        match self {
            Arm::ContractOnly => 1,
            Arm::Example => 2,
            Arm::NoTool => 3,
        }
    }

    pub fn from_number(n: u8) -> Option<Arm> {
        Arm::ALL.into_iter().find(|a| a.number() == n)
    }

    pub fn label(self) -> &'static str {
        match self {
            Arm::ContractOnly => "1 contract only",
            Arm::Example => "2 contract + example",
            Arm::NoTool => "3 no tool",
        }
    }
}

/// Codes refused before the operation ran (the call's shape); the rest are
/// refused by the operation (domain, limits, deadline).
const BEFORE_DISPATCH: &[&str] = &[
    "wrong_wrapper",
    "unknown_operation",
    "invalid_input",
    "contract_mismatch",
    "input_required",
    "input_declined",
    "plan_changed",
    "continuation_invalid",
    "continuation_expired",
    "continuation_mismatch",
    "continuation_outdated",
    // Harness-level: the model's arguments were not a JSON object, or it
    // named a tool that does not exist.
    "malformed_arguments",
    "unknown_tool",
];

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Record {
    pub task: String,
    pub arm: Option<Arm>,
    pub family: String,
    pub cue: String,
    pub control: bool,
    pub correct: bool,
    pub answered: bool,
    /// The reply had an `ANSWER:` line (else a scalar is its last number).
    pub marked: bool,
    pub answer: Option<String>,
    pub reason: Option<String>,
    pub find_calls: usize,
    pub run_calls: usize,
    pub runs_ok: usize,
    /// None when math_run was never called.
    pub first_run_valid: Option<bool>,
    pub refused_before_dispatch: usize,
    pub refused_after_dispatch: usize,
    pub retries: usize,
    /// math_find calls repeating an earlier call's exact arguments.
    pub repeated_discovery: usize,
    /// A math_find was followed by a math_run.
    pub continued: bool,
    /// Answered a tool task without a successful math_run.
    pub manual_fallback: bool,
    /// Bytes of tool definitions and tool results shown to the model.
    pub visible_bytes: usize,
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
    pub elapsed_ms: u64,
    pub turns: usize,
    /// "answer", "turn_limit" or the endpoint error.
    pub stop: String,
}

pub struct Settings {
    pub model: String,
    pub max_turns: usize,
    pub temperature: f64,
    pub seed: u64,
    /// Completion tokens per turn: a runaway reply ends here, not at the
    /// context limit. Unset, the request leaves it out (some hosted models
    /// refuse `max_tokens`).
    pub max_tokens: Option<u32>,
}

const SYSTEM_TOOLS: &str = "You solve mathematics problems exactly. You have two tools: math_find searches the \
catalog of exact operations and inspects one; math_run runs one operation. End your reply with one line \
`ANSWER: <value>`.";
const SYSTEM_NO_TOOLS: &str =
    "You solve mathematics problems exactly. End your reply with one line `ANSWER: <value>`.";

/// OpenAI function names allow no dots; the advertised names have none, and
/// a dotted name from an older server maps to the same function.
pub fn function_name(tool: &str) -> String {
    tool.replace('.', "_")
}

/// The server's tools as chat-completions function definitions.
pub fn functions(tools: &[Value]) -> Vec<Value> {
    tools
        .iter()
        .map(|t| {
            json!({"type": "function", "function": {
                "name": function_name(t.get("name").and_then(Value::as_str).unwrap_or_default()),
                "description": t.get("description").cloned().unwrap_or_default(),
                "parameters": t.get("inputSchema").cloned().unwrap_or_else(|| json!({"type": "object"})),
            }})
        })
        .collect()
}

/// Runs `task`; `server` is None in the no-tool arm. Every turn goes to
/// `transcript` as one JSON line.
pub fn run_task(
    model: &mut dyn Model,
    mut server: Option<&mut Server>,
    task: &Task,
    arm: Arm,
    settings: &Settings,
    transcript: &mut dyn Write,
) -> Record {
    let started = Instant::now();
    let mut r = Record {
        task: task.id.clone(),
        arm: Some(arm),
        family: task.family.clone(),
        cue: format!("{:?}", task.cue).to_lowercase(),
        control: task.control,
        stop: "turn_limit".into(),
        ..Record::default()
    };
    let tools = server
        .as_deref()
        .map(|s| functions(&s.tools))
        .unwrap_or_default();
    let system = if server.is_some() {
        SYSTEM_TOOLS
    } else {
        SYSTEM_NO_TOOLS
    };
    let mut messages = vec![
        json!({"role": "system", "content": system}),
        json!({"role": "user", "content": task.prompt}),
    ];
    if !tools.is_empty() {
        r.visible_bytes += serde_json::to_string(&tools).map_or(0, |s| s.len());
    }
    let mut finds: Vec<Value> = Vec::new();
    let mut sent = 0;
    let mut final_text = None;
    for turn in 0..settings.max_turns {
        let mut request = json!({
            "model": settings.model,
            "messages": messages,
            "temperature": settings.temperature,
            "seed": settings.seed,
        });
        if let Some(n) = settings.max_tokens {
            request["max_tokens"] = json!(n);
        }
        if !tools.is_empty() {
            request["tools"] = json!(tools);
            request["tool_choice"] = json!("auto");
        }
        let t0 = Instant::now();
        let response = model.complete(task, &request);
        let turn_ms = t0.elapsed().as_millis() as u64;
        r.turns = turn + 1;
        let line = json!({
            "task": task.id, "arm": arm, "turn": turn, "sent": messages[sent..],
            "response": response.as_ref().map_or_else(|e| json!({"error": e}), Clone::clone),
            "elapsed_ms": turn_ms,
        });
        let _ = writeln!(transcript, "{line}");
        sent = messages.len();
        let response = match response {
            Ok(v) => v,
            Err(e) => {
                r.stop = format!("endpoint_error: {e}");
                break;
            }
        };
        r.prompt_tokens += response
            .pointer("/usage/prompt_tokens")
            .and_then(Value::as_u64)
            .unwrap_or(0);
        r.completion_tokens += response
            .pointer("/usage/completion_tokens")
            .and_then(Value::as_u64)
            .unwrap_or(0);
        let message = response
            .pointer("/choices/0/message")
            .cloned()
            .unwrap_or_default();
        let calls = message
            .get("tool_calls")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        // Content is always a string: llama-cpp-python refuses null and its
        // templates read the field even beside tool calls.
        let content = message
            .get("content")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let mut assistant = json!({"role": "assistant", "content": content});
        if calls.is_empty() {
            messages.push(assistant);
            final_text = Some(
                message
                    .get("content")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string(),
            );
            r.stop = "answer".into();
            break;
        }
        assistant["tool_calls"] = json!(calls);
        messages.push(assistant);
        for call in &calls {
            let id = call.get("id").cloned().unwrap_or_default();
            let name = call
                .pointer("/function/name")
                .and_then(Value::as_str)
                .unwrap_or_default();
            let arguments = call
                .pointer("/function/arguments")
                .and_then(Value::as_str)
                .unwrap_or("{}");
            let text = dispatch(server.as_deref_mut(), name, arguments, &mut r, &mut finds);
            r.visible_bytes += text.len();
            messages.push(json!({"role": "tool", "tool_call_id": id, "content": text}));
        }
    }
    if sent < messages.len() {
        let _ = writeln!(
            transcript,
            "{}",
            json!({"task": task.id, "arm": arm, "turn": r.turns, "sent": messages[sent..]})
        );
    }
    r.retries = r.run_calls.saturating_sub(1);
    r.marked = final_text
        .as_deref()
        .and_then(verify::answer_text)
        .is_some();
    r.answer = final_text
        .as_deref()
        .and_then(|t| verify::answer_text(t).or_else(|| verify::last_value(t, task.answer.kind)));
    r.answered = r.answer.is_some();
    let verdict = match &r.answer {
        Some(a) => verify::verify(task, a),
        None => Err("no answer found".into()),
    };
    let used_tools = r.find_calls + r.run_calls > 0;
    r.correct = verdict.is_ok() && !(task.control && used_tools);
    r.reason = match verdict {
        Err(e) => Some(e),
        Ok(()) if !r.correct => Some("a control task needs no tool call".into()),
        Ok(()) => None,
    };
    r.manual_fallback = !task.control && arm != Arm::NoTool && r.answered && r.runs_ok == 0;
    r.elapsed_ms = started.elapsed().as_millis() as u64;
    r
}

/// One tool call through the bridge: the text the model sees back.
fn dispatch(
    server: Option<&mut Server>,
    name: &str,
    arguments: &str,
    r: &mut Record,
    finds: &mut Vec<Value>,
) -> String {
    let tool = match name {
        "math_find" => "math_find",
        "math_run" => "math_run",
        _ => {
            r.refused_before_dispatch += 1;
            return format!(
                "error unknown_tool: there is no tool {name:?}; the tools are math_find and math_run"
            );
        }
    };
    if tool == "math_find" {
        r.find_calls += 1;
    } else {
        r.run_calls += 1;
    }
    let Some(server) = server else {
        r.refused_before_dispatch += 1;
        return "error unknown_tool: no tools are available in this conversation".into();
    };
    let args = match serde_json::from_str::<Value>(arguments) {
        Ok(v @ Value::Object(_)) => v,
        _ => {
            r.refused_before_dispatch += 1;
            if tool == "math_run" && r.first_run_valid.is_none() {
                r.first_run_valid = Some(false);
            }
            return "error malformed_arguments: the tool arguments must be one JSON object".into();
        }
    };
    if tool == "math_find" {
        if finds.contains(&args) {
            r.repeated_discovery += 1;
        }
        finds.push(args.clone());
    }
    let result = match server.call_tool(tool, args) {
        Ok(v) => v,
        Err(e) => return format!("error: the server failed: {e}"),
    };
    let refused = result
        .get("isError")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let code = result
        .pointer("/structuredContent/error/code")
        .and_then(Value::as_str)
        .filter(|_| refused);
    // A call that reached its operation was valid, whatever the operation said.
    let malformed = code.is_some_and(|c| BEFORE_DISPATCH.contains(&c));
    match code {
        Some(_) if malformed => r.refused_before_dispatch += 1,
        Some(_) => r.refused_after_dispatch += 1,
        None => {}
    }
    if tool == "math_run" {
        if r.first_run_valid.is_none() {
            r.first_run_valid = Some(!malformed);
        }
        if !refused {
            r.runs_ok += 1;
        }
        if !finds.is_empty() {
            r.continued = true;
        }
    }
    result
        .get("content")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|c| c.get("text").and_then(Value::as_str))
        .collect::<Vec<_>>()
        .join("\n")
}
