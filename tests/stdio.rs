//! End to end over stdio: start the real `hessian serve`, speak MCP to it
//! with a minimal, independent JSON-RPC client, and check what a host sees.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(60);

struct Server {
    child: Child,
    /// `None` once closed, as a host does when it quits.
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    next_id: u64,
}

impl Server {
    fn start(extra: &[&str]) -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hessian"))
            .arg("serve")
            .args(extra)
            .env("RUST_LOG", "debug") // logs must still stay off stdout
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start hessian serve");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Self {
            child,
            stdin: Some(stdin),
            lines,
            next_id: 1,
        }
    }

    fn send(&mut self, msg: Value) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        writeln!(stdin, "{msg}").unwrap();
        stdin.flush().unwrap();
    }

    /// Sends a request and returns its response; every stdout line on the way
    /// must be a JSON-RPC message.
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        let deadline = Instant::now() + WAIT;
        loop {
            let line = self
                .lines
                .recv_timeout(deadline - Instant::now())
                .expect("a response in time");
            let msg: Value = serde_json::from_str(&line)
                .unwrap_or_else(|e| panic!("stdout carried a non-JSON line {line:?}: {e}"));
            assert_eq!(
                msg["jsonrpc"], "2.0",
                "stdout carried a non-JSON-RPC message: {line}"
            );
            if msg["id"] == json!(id) {
                return msg;
            }
        }
    }

    fn initialize(&mut self) -> Value {
        let r = self.request(
            "initialize",
            json!({"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "e2e", "version": "0"}}),
        );
        self.send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        r["result"].clone()
    }

    fn call(&mut self, tool: &str, args: Value) -> Value {
        let r = self.request("tools/call", json!({"name": tool, "arguments": args}));
        assert!(r.get("error").is_none(), "protocol error for {tool}: {r}");
        let result = r["result"].clone();
        let text = result["content"][0]["text"].as_str().unwrap_or_default();
        assert!(!text.is_empty(), "every result carries a text rendering");
        result
    }

    fn ok(&mut self, tool: &str, args: Value) -> Value {
        let r = self.call(tool, args.clone());
        assert_eq!(r["isError"], false, "{tool} {args} refused: {r}");
        r["structuredContent"].clone()
    }

    fn refused(&mut self, tool: &str, args: Value) -> Value {
        let r = self.call(tool, args.clone());
        assert_eq!(r["isError"], true, "{tool} {args} should be refused: {r}");
        r["structuredContent"]["error"].clone()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn the_text_is_the_whole_answer_and_the_output_budget_refuses_more() {
    let mut s = Server::start(&["--max-output-bytes", "3000"]);
    s.initialize();
    let primes = |high: u64| json!({"operation_id": "integer.primes.enumerate", "input": {"lower": 0, "upper": high}});
    // Hosts that read only the text get all of it: the compact JSON itself.
    let r = s.call("math_run", primes(1000));
    assert_eq!(r["isError"], false, "{r}");
    let text: Value = serde_json::from_str(r["content"][0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(text, r["structuredContent"]);
    assert_eq!(text["output"].as_array().map(Vec::len), Some(168));
    let over = s.refused("math_run", primes(100_000));
    assert_eq!(over["code"], "limit_exceeded", "{over}");
    let message = over["message"].as_str().unwrap();
    assert!(
        message.contains("3000") && message.contains("`input.upper`"),
        "{message}"
    );
    drop(s);
    // The default budget (64 KiB) holds 1229 primes below 10^4.
    let mut s = Server::start(&[]);
    s.initialize();
    let all = s.ok("math_run", primes(10_000));
    assert_eq!(all["output"].as_array().map(Vec::len), Some(1229));
}

#[test]
fn server_info_templates_completions_and_prompts() {
    let mut s = Server::start(&[]);
    let init = s.initialize();
    let info = &init["serverInfo"];
    assert!(
        info["description"]
            .as_str()
            .is_some_and(|d| d.to_lowercase().contains("exact")),
        "{info}"
    );
    assert!(
        info["websiteUrl"]
            .as_str()
            .is_some_and(|w| w.starts_with("https://")),
        "{info}"
    );
    assert!(
        info["icons"][0]["src"]
            .as_str()
            .is_some_and(|i| i.starts_with("data:image/svg+xml;base64,")),
        "{info}"
    );
    for capability in ["tools", "resources", "prompts", "completions"] {
        assert!(
            init["capabilities"].get(capability).is_some(),
            "{capability} in {}",
            init["capabilities"]
        );
    }
    // Logging is deprecated (SEP-2577) and Hessian logs to stderr only.
    assert!(init["capabilities"].get("logging").is_none());

    // The operation template answers one contract, the same as math_find's inspect.
    let templates =
        s.request("resources/templates/list", json!({}))["result"]["resourceTemplates"].clone();
    assert_eq!(
        templates[0]["uriTemplate"],
        "hessian://operation/{operation_id}"
    );
    let read = s.request(
        "resources/read",
        json!({"uri": "hessian://operation/integer.gcd.compute"}),
    );
    let text = read["result"]["contents"][0]["text"]
        .as_str()
        .unwrap_or_default();
    let contract: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{read}: {e}"));
    let inspected = s.ok("math_find", json!({"operation_id": "integer.gcd.compute"}));
    assert_eq!(contract["contract"], inspected["contract"]);
    let missing = s.request(
        "resources/read",
        json!({"uri": "hessian://operation/integer.nope"}),
    );
    assert!(missing.get("error").is_some(), "{missing}");

    // Completion of operation ids by prefix, and of a prompt's domain.
    let complete = |s: &mut Server, r#ref: Value, name: &str, value: &str| {
        let r = s.request(
            "completion/complete",
            json!({"ref": r#ref, "argument": {"name": name, "value": value}}),
        );
        let values: Vec<String> =
            serde_json::from_value(r["result"]["completion"]["values"].clone()).unwrap_or_default();
        values
    };
    let ids = complete(
        &mut s,
        json!({"type": "ref/resource", "uri": "hessian://operation/{operation_id}"}),
        "operation_id",
        "integer.gc",
    );
    assert!(
        ids.contains(&"integer.gcd.compute".to_string())
            && ids.iter().all(|i| i.starts_with("integer.gc")),
        "{ids:?}"
    );
    let domains = complete(
        &mut s,
        json!({"type": "ref/prompt", "name": "exact"}),
        "domain",
        "ma",
    );
    assert_eq!(domains, ["matrix"]);

    // Two prompts; each names the tools and carries the caller's problem.
    let prompts = s.request("prompts/list", json!({}))["result"]["prompts"].clone();
    let names: Vec<&str> = prompts
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p["name"].as_str())
        .collect();
    assert_eq!(names, ["exact", "check"]);
    let got = s.request(
        "prompts/get",
        json!({"name": "check", "arguments": {"problem": "det [[1,2],[3,4]]", "answer": "-2"}}),
    );
    let body = got["result"]["messages"][0]["content"]["text"]
        .as_str()
        .unwrap_or_default();
    assert!(
        body.contains("math_find")
            && body.contains("math_run")
            && body.contains("det [[1,2],[3,4]]"),
        "{got}"
    );
    let without = s.request("prompts/get", json!({"name": "exact", "arguments": {}}));
    assert!(without.get("error").is_some(), "{without}");
}

#[test]
fn the_dotted_names_of_older_clients_still_call_the_tools() {
    let mut s = Server::start(&[]);
    s.initialize();
    let found = s.ok("math.find", json!({"query": "greatest common divisor"}));
    assert_eq!(found["matches"][0]["operation_id"], "integer.gcd.compute");
    let r = s.ok(
        "math.run",
        json!({"operation_id": "integer.gcd.compute", "input": {"integers": [12, 18]}}),
    );
    assert_eq!(r["output"], "6");
    let r = s.request("tools/call", json!({"name": "math-run", "arguments": {}}));
    assert!(
        r["error"]["message"].as_str().unwrap().contains("math_run"),
        "{r}"
    );
}

#[test]
fn initialize_and_list_exactly_two_read_only_tools() {
    let started = Instant::now();
    let mut s = Server::start(&[]);
    let info = s.initialize();
    assert_eq!(info["serverInfo"]["name"], "hessian");
    assert_eq!(info["serverInfo"]["version"], env!("CARGO_PKG_VERSION"));
    assert!(
        info["instructions"]
            .as_str()
            .is_some_and(|i| i.contains("math_find"))
    );
    let tools = s.request("tools/list", json!({}))["result"].clone();
    eprintln!(
        "cold start to a served tools/list: {:.1} ms",
        started.elapsed().as_secs_f64() * 1e3
    );
    let tools = tools["tools"].as_array().unwrap().clone();
    let names: Vec<&str> = tools.iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["math_find", "math_run"]);
    // Claude Desktop, Cursor and Copilot hide every tool of a server when
    // one name fails `^[a-zA-Z0-9_-]{1,64}$`; we keep to the stricter `_` set.
    for name in &names {
        assert!(
            (1..=64).contains(&name.len())
                && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'),
            "tool name {name:?} is not ^[a-zA-Z0-9_]{{1,64}}$"
        );
    }
    let titles: Vec<&str> = tools.iter().map(|t| t["title"].as_str().unwrap()).collect();
    assert_eq!(titles, ["math.find", "math.run"]);
    for t in &tools {
        let a = &t["annotations"];
        assert_eq!(
            (
                a["readOnlyHint"].clone(),
                a["idempotentHint"].clone(),
                a["openWorldHint"].clone()
            ),
            (json!(true), json!(true), json!(false))
        );
        assert_eq!(t["inputSchema"]["type"], "object");
        assert_eq!(
            t["inputSchema"]["additionalProperties"], false,
            "unknown arguments are refused by name"
        );
        assert_eq!(t["outputSchema"]["type"], "object");
        for side in ["inputSchema", "outputSchema"] {
            let problem = hessian_contract::portable::violation(&t[side]);
            assert_eq!(problem, None, "{} {side} is not portable", t["name"]);
        }
        assert!(t["description"].as_str().unwrap().contains("example"));
    }
    assert_eq!(
        tools[1]["inputSchema"]["required"],
        json!(["operation_id", "input"])
    );
}

#[test]
fn every_operation_runs_from_its_inspected_example_verbatim() {
    let mut s = Server::start(&[]);
    s.initialize();
    let mut ids = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let mut args = json!({"browse": true, "limit": 50});
        if let Some(c) = cursor.take() {
            args["cursor"] = json!(c);
        }
        let page = s.ok("math_find", args);
        ids.extend(
            page["matches"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["operation_id"].as_str().unwrap().to_string()),
        );
        match page["next_cursor"].as_str() {
            Some(c) => cursor = Some(c.to_string()),
            None => break,
        }
    }
    assert!(ids.len() >= 15, "{ids:?}");
    for id in ids {
        let contract = s.ok("math_find", json!({"operation_id": id}));
        let envelope = s.ok("math_run", contract["example"].clone());
        assert_eq!(envelope["output"], contract["expected_output"], "{id}");
        assert_eq!(envelope["contract"], contract["contract"], "{id}");
        assert_eq!(envelope["operation_id"], json!(id));
        assert!(envelope["elapsed_ms"].is_number());
    }
}

#[test]
fn search_then_run_the_demo_determinant() {
    let mut s = Server::start(&[]);
    s.initialize();
    let found = s.ok(
        "math_find",
        json!({"query": "determinant of a rational matrix"}),
    );
    assert_eq!(
        found["matches"][0]["operation_id"],
        "matrix.determinant.compute"
    );
    let r = s.ok("math_run", json!({"operation_id": "matrix.determinant.compute", "input": {"matrix": [["1", "2"], ["3", "4"]]}}));
    assert_eq!(r["output"], "-2");
}

#[test]
fn stale_contracts_and_wrong_wrappers_get_one_working_next_step() {
    let mut s = Server::start(&[]);
    s.initialize();
    let contract = s.ok(
        "math_find",
        json!({"operation_id": "matrix.inverse.compute"}),
    );
    let mut stale = contract["example"].clone();
    stale["contract"] = json!(format!("sha256:{}", "0".repeat(64)));
    let e = s.refused("math_run", stale);
    assert_eq!(e["code"], "contract_mismatch");
    assert_eq!(e["contract"], contract["contract"]);
    assert_eq!(e["fix"]["tool"], "math_find");
    let refreshed = s.ok("math_find", e["fix"]["arguments"].clone());
    assert_eq!(refreshed["contract"], contract["contract"]);

    let input = json!({"matrix": [["2", "1"], ["1", "1"]]});
    let id = "matrix.inverse.compute";
    let good = json!({"operation_id": id, "input": input});
    let shapes = [
        json!({"operation_id": id, "matrix": input["matrix"]}),
        json!({"operation_id": id, "input": input.to_string()}),
        json!({"operation_id": id, "payload": input}),
        json!({"operation_id": id, "arguments": input}),
        json!({"operation_id": id, "params": input}),
        json!({"input": good}),
    ];
    for bad in shapes {
        let e = s.refused("math_run", bad.clone());
        assert_eq!(e["code"], "wrong_wrapper", "{bad}");
        assert_eq!(e["fix"]["tool"], "math_run");
        let fixed = s.ok("math_run", e["fix"]["arguments"].clone());
        assert_eq!(fixed["output"], json!([["1", "-1"], ["-1", "2"]]), "{bad}");
    }
}

#[test]
fn refusals_are_precise_and_the_server_never_falls_over() {
    let mut s = Server::start(&[]);
    s.initialize();
    let det = "matrix.determinant.compute";
    let cases = [
        (
            json!({"matrix": [[0.1, "2"], ["3", "4"]]}),
            "invalid_input",
            "input.matrix[0][0]",
        ),
        (
            json!({"matrix": [["1", "2"], ["3"]]}),
            "invalid_input",
            "input.matrix[1]",
        ),
        (
            json!({"matrix": [["1", "2", "3"], ["4", "5", "6"]]}),
            "invalid_input",
            "input.matrix",
        ),
        (
            json!({"matrix": [["1"]], "extra": true}),
            "invalid_input",
            "input.extra",
        ),
        (
            json!({"matrix": [["1".repeat(10_001)]]}),
            "limit_exceeded",
            "input.matrix[0][0]",
        ),
    ];
    for (input, code, path) in cases {
        let e = s.refused("math_run", json!({"operation_id": det, "input": input}));
        assert_eq!(
            (e["code"].as_str(), e["path"].as_str()),
            (Some(code), Some(path)),
            "{e}"
        );
        assert!(e.to_string().len() < 2048, "diagnostics stay small: {e}");
    }
    let e = s.refused(
        "math_run",
        json!({"operation_id": "matrix.determinant", "input": {}}),
    );
    assert_eq!(e["code"], "unknown_operation");
    assert_eq!(e["candidates"][0], det);
    let e = s.refused("math_find", json!({"query": "det", "bogus": 1}));
    assert_eq!(
        (e["code"].as_str(), e["path"].as_str()),
        (Some("invalid_input"), Some("bogus"))
    );
    let r = s.request("tools/call", json!({"name": "math.solve", "arguments": {}}));
    assert!(
        r["error"]["message"]
            .as_str()
            .unwrap()
            .contains("math_find"),
        "{r}"
    );
    // Still serving after all of that.
    assert_eq!(
        s.ok(
            "math_run",
            json!({"operation_id": "integer.gcd.compute", "input": {"integers": [12, 18]}})
        )["output"],
        "6"
    );
}

#[test]
fn the_deadline_stops_long_work_with_a_typed_answer() {
    let mut s = Server::start(&["--deadline-ms", "300"]);
    s.initialize();
    // (2^61 − 1)(2^89 − 1): Pollard rho would need ~10^9 steps.
    let n = "1427247692705959880439315947500961989719490561";
    let started = Instant::now();
    let partial = s.ok(
        "math_run",
        json!({"operation_id": "integer.prime_factorization.compute", "input": {"n": n}}),
    );
    assert_eq!(partial["output"]["complete"], false);
    assert_eq!(partial["output"]["unfactored"], json!([n]));
    let e = s.refused(
        "math_run",
        json!({"operation_id": "integer.euler_totient.compute", "input": {"n": n}}),
    );
    assert_eq!(e["code"], "deadline_exceeded");
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "both calls stopped at their deadline"
    );
}

#[test]
fn the_catalog_resource_lists_every_operation() {
    let mut s = Server::start(&[]);
    s.initialize();
    let list = s.request("resources/list", json!({}));
    assert_eq!(list["result"]["resources"][0]["uri"], "hessian://catalog");
    // The catalog comes in pages within the output budget, linked by `next`.
    let (mut uri, mut seen, mut pages) = ("hessian://catalog".to_string(), 0, 0);
    let total = loop {
        let read = s.request("resources/read", json!({"uri": uri}));
        let text = read["result"]["contents"][0]["text"].as_str().unwrap();
        assert!(text.len() <= 64 << 10, "a page of {} bytes", text.len());
        let page: Value = serde_json::from_str(text).unwrap();
        let ops = page["operations"].as_array().unwrap();
        assert!(!ops.is_empty());
        assert!(
            ops.iter()
                .all(|o| o["contract"].as_str().unwrap().starts_with("sha256:"))
        );
        seen += ops.len();
        pages += 1;
        match page["next"].as_str() {
            Some(next) => uri = next.to_string(),
            None => break page["total"].as_u64().unwrap() as usize,
        }
    };
    assert_eq!(seen, total);
    assert!(
        pages > 1 && total >= 200,
        "{pages} pages, {total} operations"
    );
    let missing = s.request("resources/read", json!({"uri": "hessian://nothing"}));
    assert!(missing.get("error").is_some());
}

/// Issue 33: a second request with the id of one still in flight is
/// refused with an error reply of its own (rmcp would lose one reply).
#[test]
fn a_second_request_with_an_id_in_flight_is_refused() {
    let mut s = Server::start(&[]);
    s.initialize();
    let long = json!({"jsonrpc": "2.0", "id": 77, "method": "tools/call", "params": {
        "name": "math_run",
        "arguments": {"operation_id": "integer.prime_count.compute", "input": {"x": 10_000_000_000_000u64}}
    }});
    s.send(long.clone());
    std::thread::sleep(Duration::from_millis(200));
    s.send(long);
    let line = s.lines.recv_timeout(WAIT).expect("a reply");
    let msg: Value = serde_json::from_str(&line).unwrap();
    assert_eq!(msg["id"], 77, "{msg}");
    assert_eq!(msg["error"]["code"], -32600, "{msg}");
    s.send(
        json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 77}}),
    );
    // Once cancelled, the id may be used again.
    std::thread::sleep(Duration::from_millis(100));
    s.send(json!({"jsonrpc": "2.0", "id": 77, "method": "ping"}));
    let line = s.lines.recv_timeout(WAIT).expect("a reply");
    let msg: Value = serde_json::from_str(&line).unwrap();
    assert_eq!(msg["id"], 77, "{msg}");
    assert!(msg.get("result").is_some(), "{msg}");
}

/// Issue 33: a host that pipelines many calls has them queued for a slot,
/// not refused with `busy`.
#[test]
fn pipelined_calls_wait_for_a_slot_instead_of_busy() {
    let mut s = Server::start(&["--max-concurrent", "2"]);
    s.initialize();
    // The 1,000 of issue 33, where 711 were refused as busy.
    let n = 1000;
    let stdin = s.stdin.as_mut().unwrap();
    for i in 0..n {
        let call = json!({"jsonrpc": "2.0", "id": 1000 + i, "method": "tools/call", "params": {
            "name": "math_run",
            "arguments": {"operation_id": "integer.gcd.compute", "input": {"integers": [12 * i, 18]}}}});
        writeln!(stdin, "{call}").unwrap();
    }
    stdin.flush().unwrap();
    let mut ok = 0;
    for _ in 0..n {
        let line = s.lines.recv_timeout(WAIT).expect("every call answered");
        let msg: Value = serde_json::from_str(&line).unwrap();
        if msg["result"]["isError"] == false {
            ok += 1;
        } else {
            panic!("refused: {msg}");
        }
    }
    assert_eq!(ok, n);
}

/// Issue 33: a signing-key file others may read is refused, naming the
/// chmod to run.
#[test]
fn a_state_key_file_readable_by_others_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    let file = std::env::temp_dir().join(format!("hessian-key-{}", std::process::id()));
    std::fs::write(&file, "k1:AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA\n").unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_hessian"))
        .args(["serve", "--state-key-file"])
        .arg(&file)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("chmod 600"), "{stderr}");
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_hessian"))
        .args(["serve", "--state-key-file"])
        .arg(&file)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_file(file);
}

#[test]
fn closing_stdin_ends_the_server() {
    let mut s = Server::start(&[]);
    s.initialize();
    s.stdin = None;
    let until = Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(status) = s.child.try_wait().unwrap() {
            assert!(status.success(), "{status}");
            break;
        }
        assert!(Instant::now() < until, "the server outlived its client");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Issue 32, quiet start: a host that probes by closing stdin before
/// `initialize` gets status 0 and no message; a normal single-process start
/// says nothing on stderr at the default log level.
#[test]
fn a_stdio_start_is_quiet_and_a_probe_exits_cleanly() {
    let probe = Command::new(env!("CARGO_BIN_EXE_hessian"))
        .arg("serve")
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .output()
        .expect("run hessian serve");
    assert!(probe.status.success(), "{}", probe.status);
    assert_eq!(String::from_utf8_lossy(&probe.stderr), "");
    assert_eq!(String::from_utf8_lossy(&probe.stdout), "");

    let mut child = Command::new(env!("CARGO_BIN_EXE_hessian"))
        .arg("serve")
        .env_remove("RUST_LOG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start hessian serve");
    let mut stdin = child.stdin.take().unwrap();
    let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "quiet-test", "version": "0"}}});
    let list = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"});
    writeln!(stdin, "{init}").unwrap();
    writeln!(
        stdin,
        "{}",
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"})
    )
    .unwrap();
    writeln!(stdin, "{list}").unwrap();
    let call = json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {
        "name": "math_run", "arguments": {"operation_id": "integer.gcd.compute",
        "input": {"integers": ["12", "18"]}}}});
    writeln!(stdin, "{call}").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", out.status);
    let answers = String::from_utf8_lossy(&out.stdout);
    assert_eq!(answers.lines().count(), 3, "{answers}");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "",
        "stderr at the default level"
    );
}

#[test]
fn long_calls_report_progress_when_the_client_asks() {
    let mut s = Server::start(&["--deadline-ms", "2500"]);
    s.initialize();
    s.send(json!({"jsonrpc": "2.0", "id": 99, "method": "tools/call", "params": {
        "name": "math_run",
        "arguments": {"operation_id": "integer.prime_count.compute", "input": {"x": 10_000_000_000_000u64}},
        "_meta": {"progressToken": "p1"}
    }}));
    let mut ticks = Vec::new();
    let deadline = Instant::now() + WAIT;
    let response = loop {
        let line = s
            .lines
            .recv_timeout(deadline - Instant::now())
            .expect("a message in time");
        let msg: Value = serde_json::from_str(&line).unwrap();
        if msg["method"] == "notifications/progress" {
            assert_eq!(msg["params"]["progressToken"], "p1");
            ticks.push(msg["params"]["progress"].as_f64().unwrap());
        } else if msg["id"] == 99 {
            break msg;
        }
    };
    assert!(!ticks.is_empty(), "no progress during a multi-second call");
    assert!(
        ticks.windows(2).all(|w| w[0] < w[1]),
        "progress must increase: {ticks:?}"
    );
    let out = &response["result"]["structuredContent"];
    assert!(
        out["output"] == "346065536839" || out["error"]["code"] == "deadline_exceeded",
        "{response}"
    );
    // Without a token, no progress is sent.
    let quiet = s.request(
        "tools/call",
        json!({"name": "math_run", "arguments": {"operation_id": "integer.gcd.compute", "input": {"integers": [4, 6]}}}),
    );
    assert_eq!(quiet["result"]["structuredContent"]["output"], "2");
}

#[test]
fn cancellation_stops_the_kernel_and_frees_its_slot_within_100_ms() {
    // One computation slot and room for one call to wait: a third is busy.
    let mut s = Server::start(&["--max-concurrent", "1", "--queue", "1"]);
    s.initialize();
    let call = |id: u64, args: Value| json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": "math_run", "arguments": args}});
    let gcd = json!({"operation_id": "integer.gcd.compute", "input": {"integers": [4, 6]}});
    s.send(call(
        500,
        json!({"operation_id": "integer.prime_count.compute", "input": {"x": 10_000_000_000_000u64}}),
    ));
    std::thread::sleep(Duration::from_millis(300));
    s.send(call(501, gcd.clone()));
    std::thread::sleep(Duration::from_millis(50));
    assert_eq!(s.refused("math_run", gcd)["code"], "busy");
    s.send(json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 500}}));
    let cancelled = Instant::now();
    // The waiting call takes the freed slot.
    loop {
        let line = s.lines.recv_timeout(WAIT).expect("an answer in time");
        let msg: Value = serde_json::from_str(&line).unwrap();
        if msg["id"] == json!(501) {
            assert_eq!(msg["result"]["structuredContent"]["output"], "2", "{msg}");
            break;
        }
    }
    let waited = cancelled.elapsed();
    assert!(waited < Duration::from_millis(100), "{waited:?}");
}

#[test]
fn malformed_tool_calls_are_invalid_params_naming_the_shape() {
    let mut s = Server::start(&[]);
    s.initialize();
    for params in [json!(null), json!({"name": "math_run", "arguments": [1]})] {
        let r = s.request("tools/call", params.clone());
        assert_eq!(r["error"]["code"], -32602, "{params}: {r}");
        let message = r["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains("\"arguments\""), "{message}");
    }
    // An unknown method is still method-not-found, and the server goes on.
    assert_eq!(s.request("no/such", json!({}))["error"]["code"], -32601);
    assert!(s.request("ping", json!({})).get("result").is_some());
}

#[test]
fn a_line_that_is_not_json_is_a_parse_error_with_id_null() {
    let mut s = Server::start(&[]);
    s.initialize();
    let stdin = s.stdin.as_mut().expect("stdin is open");
    writeln!(stdin, "this is not json").unwrap();
    writeln!(stdin, "{{\"jsonrpc\": \"2.0\", \"id\": 9, \"method\"").unwrap();
    stdin.flush().unwrap();
    for _ in 0..2 {
        let line = s.lines.recv_timeout(WAIT).expect("an answer in time");
        let msg: Value = serde_json::from_str(&line).expect("a JSON answer");
        assert_eq!(msg["error"]["code"], -32700, "{msg}");
        assert_eq!(msg["id"], Value::Null, "{msg}");
        assert!(msg.get("id").is_some(), "id must be present: {msg}");
    }
    // The stream is still in step: the next request is answered.
    assert!(s.request("ping", json!({})).get("result").is_some());
}
