//! Who answers a chat-completions request: a real endpoint, or the scripted
//! careful agent that needs no model.

use crate::task::Task;
use serde_json::{Map, Value, json};
use std::time::Duration;

pub trait Model {
    /// The response body (OpenAI chat-completions shape) to `request`.
    fn complete(&mut self, task: &Task, request: &Value) -> Result<Value, String>;
    /// The model name the report shows.
    fn name(&self) -> String;
    /// Where it runs, for the report.
    fn endpoint(&self) -> String;
}

/// Any OpenAI-compatible `/v1/chat/completions`: llama.cpp, vLLM, Ollama, a
/// hosted API.
pub struct OpenAi {
    agent: ureq::Agent,
    base: String,
    model: String,
    key: Option<String>,
}

impl OpenAi {
    /// `base` is the API root, e.g. `http://127.0.0.1:8080/v1`.
    pub fn new(base: &str, model: &str, key: Option<String>, timeout: Duration) -> Self {
        let agent = ureq::Agent::config_builder()
            .timeout_global(Some(timeout))
            .http_status_as_error(false)
            .build()
            .into();
        Self {
            agent,
            base: base.trim_end_matches('/').to_string(),
            model: model.to_string(),
            key,
        }
    }
}

impl Model for OpenAi {
    fn complete(&mut self, _task: &Task, request: &Value) -> Result<Value, String> {
        let url = format!("{}/chat/completions", self.base);
        let mut call = self
            .agent
            .post(&url)
            .header("content-type", "application/json");
        if let Some(key) = &self.key {
            call = call.header("authorization", &format!("Bearer {key}"));
        }
        let mut response = call
            .send(request.to_string())
            .map_err(|e| format!("{url}: {e}"))?;
        let status = response.status();
        let body = response
            .body_mut()
            .read_to_string()
            .map_err(|e| format!("{url}: {e}"))?;
        if !status.is_success() {
            return Err(format!(
                "{url}: HTTP {status}: {}",
                body.chars().take(500).collect::<String>()
            ));
        }
        serde_json::from_str(&body).map_err(|e| format!("{url}: the response is not JSON ({e})"))
    }

    fn name(&self) -> String {
        self.model.clone()
    }

    fn endpoint(&self) -> String {
        self.base.clone()
    }
}

/// The offline tier's careful agent: searches with the task's words,
/// inspects the candidates until one takes the task's fields, copies its
/// example (keeping the required fields the task does not set), runs it,
/// follows a refusal's `fix` once, and reads the answer from the envelope.
/// It sees only what a model sees: the tool results' text.
pub struct Careful;

impl Model for Careful {
    fn complete(&mut self, task: &Task, request: &Value) -> Result<Value, String> {
        let messages = request
            .get("messages")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let Some(script) = &task.careful else {
            return Ok(reply_text("I do not need a tool for this. ANSWER: unknown"));
        };
        let history = exchanges(&messages);
        let has_tools = request.get("tools").is_some();
        let Some(last) = history.last() else {
            if !has_tools {
                return Ok(reply_text("I have no tools for this. ANSWER: unknown"));
            }
            return Ok(tool_call(
                &messages,
                "math_find",
                json!({"query": script.query}),
            ));
        };
        let searched: Vec<String> = history
            .iter()
            .find(|e| e.name == "math_find" && e.arguments.get("query").is_some())
            .and_then(|e| serde_json::from_str::<Value>(&e.result).ok())
            .and_then(|r| r.get("matches").and_then(Value::as_array).cloned())
            .unwrap_or_default()
            .iter()
            .filter_map(|m| {
                m.get("operation_id")
                    .and_then(Value::as_str)
                    .map(str::to_string)
            })
            .collect();
        let inspected = history
            .iter()
            .filter(|e| e.arguments.get("operation_id").is_some() && e.name == "math_find")
            .count();
        match last.name.as_str() {
            "math_find" => {
                if let Ok(contract) = serde_json::from_str::<Value>(&last.result)
                    && let Some(input) = adapt(&contract, &script.input)
                {
                    let id = contract.get("operation_id").cloned().unwrap_or_default();
                    let mut call = json!({"operation_id": id, "input": input});
                    if let Some(digest) = contract.get("contract") {
                        call["contract"] = digest.clone();
                    }
                    return Ok(tool_call(&messages, "math_run", call));
                }
                match searched.get(inspected) {
                    Some(id) if inspected < 5 => Ok(tool_call(
                        &messages,
                        "math_find",
                        json!({"operation_id": id}),
                    )),
                    _ => Ok(reply_text(
                        "No operation takes this task's input. ANSWER: unknown",
                    )),
                }
            }
            _ => {
                if let Ok(envelope) = serde_json::from_str::<Value>(&last.result)
                    && let Some(answer) = envelope.pointer(&script.answer_at)
                {
                    let answer = match (&script.each, answer) {
                        (Some(each), Value::Array(items)) => Value::Array(
                            items
                                .iter()
                                .filter_map(|i| i.pointer(each).cloned())
                                .collect(),
                        ),
                        _ => answer.clone(),
                    };
                    return Ok(reply_text(&format!(
                        "The tool computed it exactly.\nANSWER: {answer}"
                    )));
                }
                let runs = history.iter().filter(|e| e.name == "math_run").count();
                match last
                    .result
                    .split_once("\nfix: ")
                    .and_then(|(_, fix)| serde_json::from_str::<Value>(fix.lines().next()?).ok())
                {
                    Some(fix) if runs < 3 => Ok(tool_call(&messages, "math_run", fix)),
                    _ => Ok(reply_text(&format!(
                        "The call was refused: {}\nANSWER: unknown",
                        last.result
                    ))),
                }
            }
        }
    }

    fn name(&self) -> String {
        "careful (scripted, no model)".into()
    }

    fn endpoint(&self) -> String {
        "none".into()
    }
}

/// The task's fields over the contract's example, keeping from the example
/// only the required fields the task leaves out. `None` when the contract
/// does not take the task's fields. Without an example (arm 1), the task's
/// fields alone, checked against the schema.
fn adapt(contract: &Value, task_input: &Map<String, Value>) -> Option<Map<String, Value>> {
    let schema = contract.get("input_schema")?;
    let properties = schema.get("properties").and_then(Value::as_object)?;
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    if !task_input.keys().all(|k| properties.contains_key(k)) {
        return None;
    }
    let example = contract
        .pointer("/example/input")
        .and_then(Value::as_object);
    let mut input = Map::new();
    for key in &required {
        match (task_input.get(*key), example.and_then(|e| e.get(*key))) {
            (Some(v), _) | (None, Some(v)) => {
                input.insert(key.to_string(), v.clone());
            }
            (None, None) => return None,
        }
    }
    for (k, v) in task_input {
        input.insert(k.clone(), v.clone());
    }
    Some(input)
}

/// One tool call of the conversation with the text it got back.
pub struct Exchange {
    pub name: String,
    pub arguments: Value,
    pub result: String,
}

/// The tool calls of a conversation, in order, paired with their results.
pub fn exchanges(messages: &[Value]) -> Vec<Exchange> {
    let mut out = Vec::new();
    for (i, m) in messages.iter().enumerate() {
        for call in m
            .get("tool_calls")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let id = call.get("id").cloned().unwrap_or_default();
            let result = messages[i + 1..]
                .iter()
                .find(|r| {
                    r.get("role") == Some(&json!("tool")) && r.get("tool_call_id") == Some(&id)
                })
                .and_then(|r| r.get("content").and_then(Value::as_str))
                .unwrap_or_default();
            out.push(Exchange {
                name: call
                    .pointer("/function/name")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string(),
                arguments: call
                    .pointer("/function/arguments")
                    .and_then(Value::as_str)
                    .and_then(|a| serde_json::from_str(a).ok())
                    .unwrap_or_default(),
                result: result.to_string(),
            });
        }
    }
    out
}

fn reply(message: Value) -> Value {
    let finish = if message.get("tool_calls").is_some() {
        "tool_calls"
    } else {
        "stop"
    };
    json!({
        "object": "chat.completion",
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
        "usage": {"prompt_tokens": 0, "completion_tokens": 0}
    })
}

fn reply_text(text: &str) -> Value {
    reply(json!({"role": "assistant", "content": text}))
}

/// A call whose id is the conversation's length: unique and reproducible.
fn tool_call(messages: &[Value], name: &str, arguments: Value) -> Value {
    let n = messages.len();
    reply(json!({
        "role": "assistant",
        "content": null,
        "tool_calls": [{"id": format!("call_{n}"), "type": "function", "function": {"name": name, "arguments": arguments.to_string()}}]
    }))
}
