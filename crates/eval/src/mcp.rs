//! A `hessian serve` child over stdio, spoken to as an MCP host does:
//! initialize, tools/list, tools/call, resources/read. Line-delimited
//! JSON-RPC, one request at a time.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

pub struct Server {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    next_id: u64,
    /// `serverInfo` from initialize.
    pub info: Value,
    /// The tools exactly as tools/list returned them.
    pub tools: Vec<Value>,
}

impl Server {
    /// Starts `program args…` and completes the MCP handshake.
    pub fn spawn(program: &Path, args: &[&str]) -> Result<Self, String> {
        let mut child = Command::new(program)
            .args(args)
            .env("RUST_LOG", "warn")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", program.display()))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err("the server's stdio was not captured".into());
        };
        let mut server = Server {
            child,
            stdin,
            stdout: BufReader::new(stdout),
            next_id: 1,
            info: Value::Null,
            tools: vec![],
        };
        let init = server.request(
            "initialize",
            json!({"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "hessian-eval", "version": env!("CARGO_PKG_VERSION")}}),
        )?;
        server.info = init.get("serverInfo").cloned().unwrap_or_default();
        server.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))?;
        let list = server.request("tools/list", json!({}))?;
        server.tools = list
            .get("tools")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        Ok(server)
    }

    fn send(&mut self, message: &Value) -> Result<(), String> {
        writeln!(self.stdin, "{message}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("server stdin: {e}"))
    }

    /// Sends one request and returns its result; notifications and requests
    /// from the server in between are skipped or declined.
    pub fn request(&mut self, method: &str, params: Value) -> Result<Value, String> {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))?;
        loop {
            let mut line = String::new();
            let n = self
                .stdout
                .read_line(&mut line)
                .map_err(|e| format!("server stdout: {e}"))?;
            if n == 0 {
                return Err("the server closed its output".into());
            }
            let Ok(message) = serde_json::from_str::<Value>(&line) else {
                continue;
            };
            if message.get("method").is_some() {
                if let Some(request_id) = message.get("id") {
                    self.send(&json!({"jsonrpc": "2.0", "id": request_id, "error": {"code": -32601, "message": "not supported by the eval host"}}))?;
                }
                continue;
            }
            if message.get("id") != Some(&json!(id)) {
                continue;
            }
            if let Some(error) = message.get("error") {
                return Err(format!("{method}: {error}"));
            }
            return Ok(message.get("result").cloned().unwrap_or_default());
        }
    }

    /// tools/call: the CallToolResult.
    pub fn call_tool(&mut self, name: &str, arguments: Value) -> Result<Value, String> {
        self.request("tools/call", json!({"name": name, "arguments": arguments}))
    }

    /// The text of a resource.
    pub fn read_resource(&mut self, uri: &str) -> Result<String, String> {
        let r = self.request("resources/read", json!({"uri": uri}))?;
        r.pointer("/contents/0/text")
            .and_then(Value::as_str)
            .map(str::to_string)
            .ok_or_else(|| format!("{uri} has no text"))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
