//! Every call stoppable (issue 33), through the real server: the calls
//! whose work explodes through the size of their numbers come back within
//! the deadline plus 250 ms over stdio and HTTP and leave the CPU idle; a
//! kernel that cannot be interrupted is killed with its worker process;
//! cancellation, the end of stdin and SIGTERM free the CPU and end the
//! process within the limit it states; sixteen runaway calls do not lock
//! out a seventeenth; numbers beyond a double are answered.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};
use support::{Child, free_port, wait_healthy};

mod growth;
mod support;

const DEADLINE: Duration = Duration::from_secs(2);
const MARGIN: Duration = Duration::from_millis(250);

fn digits(n: usize) -> String {
    "7".repeat(n)
}

/// The four calls of issue 33 that once ran for minutes, and one whose
/// single multiplication no budget check can interrupt (the output budget
/// is raised so that it is not refused before it starts).
fn runaways() -> Vec<(&'static str, Value)> {
    let big = |n: usize| vec![digits(1000); n];
    vec![
        (
            "polynomial.power.compute",
            json!({"polynomial": big(11), "exponent": 100}),
        ),
        (
            "sequence.linear_recurrence.evaluate",
            json!({"coefficients": [digits(1000)], "initial_values": [1], "n": 10_000_000}),
        ),
        (
            "polynomial.taylor_shift.compute",
            json!({"polynomial": big(501), "shift": digits(1000)}),
        ),
        (
            "polynomial.compose.compute",
            json!({"outer": big(51), "inner": big(51)}),
        ),
        (
            "polynomial.power.compute",
            json!({"polynomial": vec![digits(3000); 30], "exponent": 64}),
        ),
    ]
}

/// A runaway whose last squaring (two 16 MB integers) no budget check can
/// interrupt, light enough in memory to run sixteen at once.
fn uninterruptible() -> (&'static str, Value) {
    (
        "polynomial.power.compute",
        json!({"polynomial": vec![digits(2000); 20], "exponent": 64}),
    )
}

fn run_args(id: &str, input: Value) -> Value {
    json!({"operation_id": id, "input": input})
}

/// Clock ticks of CPU the server and its worker processes use over `window`
/// (a process that ends within the window counts until its last sample).
fn cpu_ticks(server: u32, window: Duration) -> u64 {
    let sample = || -> std::collections::HashMap<String, u64> {
        let mut ticks = std::collections::HashMap::new();
        for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
            let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
                continue;
            };
            // Fields after the command name, which is in parentheses.
            let Some(rest) = stat.rsplit_once(") ").map(|(_, r)| r) else {
                continue;
            };
            let f: Vec<&str> = rest.split_whitespace().collect();
            let pid = entry.file_name().to_string_lossy().into_owned();
            if pid == server.to_string() || f.get(1) == Some(&server.to_string().as_str()) {
                let used = f[11].parse::<u64>().unwrap_or(0) + f[12].parse::<u64>().unwrap_or(0);
                ticks.insert(pid, used);
            }
        }
        ticks
    };
    let before = sample();
    std::thread::sleep(window);
    sample()
        .into_iter()
        .map(|(pid, t)| t.saturating_sub(before.get(&pid).copied().unwrap_or(0)))
        .sum()
}

/// The server's tree is idle within a second: less than a tenth of a core
/// over half a second, after waiting up to one second for it to settle.
fn assert_idle(server: u32, after: &str) {
    let started = Instant::now();
    loop {
        let ticks = cpu_ticks(server, Duration::from_millis(500));
        // 100 ticks a second: 5 ticks in half a second is a tenth of a core.
        if ticks <= 5 {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_millis(1000),
            "the server still computes after {after}: {ticks} ticks in 0.5 s"
        );
    }
}

/// A stdio server and the lines it writes.
struct StdioServer {
    child: Child,
    lines: Receiver<String>,
}

impl StdioServer {
    fn start(extra: &[&str]) -> StdioServer {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hessian"))
            .arg("serve")
            .args(extra)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start hessian serve");
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut s = StdioServer {
            child: Child(child),
            lines,
        };
        s.send(
            json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "stoppable", "version": "0"}}}),
        );
        s.reply(0);
        s.send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        s
    }

    fn send(&mut self, msg: Value) {
        let stdin = self.child.0.stdin.as_mut().expect("stdin is open");
        writeln!(stdin, "{msg}").unwrap();
        stdin.flush().unwrap();
    }

    fn call(&mut self, id: u64, args: Value) {
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": "math_run", "arguments": args}}));
    }

    /// The reply to request `id`; other lines are skipped.
    fn reply(&mut self, id: u64) -> Value {
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(60))
                .expect("a reply in time");
            let msg: Value = serde_json::from_str(&line).unwrap();
            if msg["id"] == json!(id) {
                return msg;
            }
        }
    }

    fn pid(&self) -> u32 {
        self.child.0.id()
    }
}

/// One `math_run` over HTTP (a fresh connection): the tool result.
fn http_call(port: u16, args: &Value) -> Value {
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {"name": "math_run", "arguments": args}})
    .to_string();
    let reply = http_post(port, &body, "");
    let json = reply.split_once("\r\n\r\n").map(|(_, b)| b).unwrap_or("");
    let msg: Value = serde_json::from_str(json).unwrap_or_else(|e| panic!("{e}: {reply}"));
    msg["result"].clone()
}

/// A raw POST /mcp with `extra` header lines; the whole reply.
fn http_post(port: u16, body: &str, extra: &str) -> String {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        s,
        "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2025-06-18\r\n{extra}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut reply = String::new();
    let _ = s.read_to_string(&mut reply);
    reply
}

fn serve_http(extra: &[&str]) -> (Child, u16) {
    let port = free_port();
    let child = Command::new(env!("CARGO_BIN_EXE_hessian"))
        .args(["serve", "--http", &format!("127.0.0.1:{port}")])
        .args(extra)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start hessian serve --http");
    let child = Child(child);
    wait_healthy(port);
    (child, port)
}

fn code(result: &Value) -> String {
    match result["structuredContent"]["error"]["code"].as_str() {
        Some(c) => c.to_string(),
        None => "ok".into(),
    }
}

const SERVE: [&str; 4] = ["--deadline-ms", "2000", "--max-output-bytes", "1000000000"];

#[test]
fn runaway_calls_come_back_by_the_deadline_over_stdio_and_leave_the_cpu_idle() {
    let mut s = StdioServer::start(&SERVE);
    for (i, (id, input)) in runaways().into_iter().enumerate() {
        let started = Instant::now();
        s.call(10 + i as u64, run_args(id, input));
        let reply = s.reply(10 + i as u64);
        let took = started.elapsed();
        let outcome = code(&reply["result"]);
        eprintln!("stdio {id}: {outcome} in {} ms", took.as_millis());
        assert!(took < DEADLINE + MARGIN, "{id}: {took:?} ({outcome})");
        assert_idle(s.pid(), id);
    }
    s.call(
        99,
        run_args("integer.gcd.compute", json!({"integers": [4, 6]})),
    );
    assert_eq!(s.reply(99)["result"]["structuredContent"]["output"], "2");
}

#[test]
fn runaway_calls_come_back_by_the_deadline_over_http_and_leave_the_cpu_idle() {
    let (server, port) = serve_http(&SERVE);
    for (id, input) in runaways() {
        let started = Instant::now();
        let result = http_call(port, &run_args(id, input));
        let took = started.elapsed();
        eprintln!("http {id}: {} in {} ms", code(&result), took.as_millis());
        assert!(took < DEADLINE + MARGIN, "{id}: {took:?}");
        assert_idle(server.0.id(), id);
    }
}

/// Every operation's example with its string-encoded numbers at their
/// 10,000 digits (alone, and with counts at their bounds) comes back within
/// the deadline plus 250 ms through the real server, over stdio and HTTP,
/// and the server is idle after the sweep.
#[test]
fn every_operation_grown_to_its_digit_bounds_comes_back_by_the_deadline() {
    let catalog = hessian_server::catalog();
    let shapes: Vec<_> = growth::SHAPES
        .into_iter()
        .filter(|s| ["wide", "digits"].contains(&s.name))
        .collect();
    let cases: Vec<(String, Value)> = catalog
        .entries()
        .iter()
        .flat_map(|e| {
            let (schema, example) = (e.op.input_schema(), e.op.example_input());
            shapes
                .iter()
                .map(move |shape| {
                    (
                        e.op.id().to_string(),
                        growth::largest(&schema, &example, *shape),
                    )
                })
                .collect::<Vec<_>>()
        })
        .collect();
    let mut over = Vec::new();
    let mut s = StdioServer::start(&["--deadline-ms", "2000"]);
    for (i, (id, input)) in cases.iter().enumerate() {
        let started = Instant::now();
        s.call(1000 + i as u64, run_args(id, input.clone()));
        let reply = s.reply(1000 + i as u64);
        if started.elapsed() > DEADLINE + MARGIN {
            over.push(format!(
                "stdio {id}: {} in {:?}",
                code(&reply["result"]),
                started.elapsed()
            ));
        }
    }
    assert_idle(s.pid(), "the stdio sweep");
    let (server, port) = serve_http(&["--deadline-ms", "2000"]);
    for (id, input) in &cases {
        let started = Instant::now();
        let result = http_call(port, &run_args(id, input.clone()));
        if started.elapsed() > DEADLINE + MARGIN {
            over.push(format!(
                "http {id}: {} in {:?}",
                code(&result),
                started.elapsed()
            ));
        }
    }
    assert_idle(server.0.id(), "the HTTP sweep");
    eprintln!("{} calls on each transport", cases.len());
    assert!(over.is_empty(), "{}", over.join("\n"));
}

/// Sixteen runaway calls take every slot; a tiny call sent a second after
/// their deadline is answered normally, because their workers were killed.
#[test]
fn sixteen_runaway_calls_do_not_outlive_their_deadline() {
    let (server, port) = serve_http(&SERVE);
    let started = Instant::now();
    let (id, input) = uninterruptible();
    let calls: Vec<_> = (0..16)
        .map(|_| {
            let args = run_args(id, input.clone());
            std::thread::spawn(move || code(&http_call(port, &args)))
        })
        .collect();
    std::thread::sleep(DEADLINE + Duration::from_secs(1) - started.elapsed());
    let tiny = http_call(
        port,
        &run_args("integer.gcd.compute", json!({"integers": [4, 6]})),
    );
    assert_eq!(tiny["structuredContent"]["output"], "2", "{tiny}");
    for c in calls {
        let outcome = c.join().unwrap();
        assert!(
            ["deadline_exceeded", "busy", "limit_exceeded"].contains(&outcome.as_str()),
            "{outcome}"
        );
    }
    assert_idle(server.0.id(), "sixteen runaway calls");
}

#[test]
fn cancellation_at_half_the_deadline_frees_the_cpu() {
    let mut s = StdioServer::start(&SERVE);
    let (id, input) = uninterruptible();
    s.call(7, run_args(id, input));
    std::thread::sleep(DEADLINE / 2);
    s.send(
        json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 7}}),
    );
    assert_idle(s.pid(), "the cancellation");
    s.call(
        8,
        run_args("integer.gcd.compute", json!({"integers": [4, 6]})),
    );
    assert_eq!(s.reply(8)["result"]["structuredContent"]["output"], "2");
}

/// A host that closes stdin mid-call: in-flight calls get rmcp's 5 s to
/// answer, then the process and its workers are gone.
#[test]
fn closing_stdin_mid_call_ends_the_server_and_its_workers() {
    let mut s = StdioServer::start(&["--deadline-ms", "30000", "--max-output-bytes", "1000000000"]);
    let (id, input) = uninterruptible();
    s.call(7, run_args(id, input));
    std::thread::sleep(Duration::from_secs(1));
    let pid = s.pid();
    let workers = children(pid);
    assert!(!workers.is_empty(), "calls run in worker processes");
    drop(s.child.0.stdin.take());
    let closed = Instant::now();
    while s.child.0.try_wait().unwrap().is_none() {
        assert!(
            closed.elapsed() < Duration::from_secs(7),
            "the server outlived its stdin by {:?}",
            closed.elapsed()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(300));
    for w in workers {
        assert!(
            !std::path::Path::new(&format!("/proc/{w}")).exists()
                || std::fs::read_to_string(format!("/proc/{w}/stat"))
                    .is_ok_and(|s| s.contains(") Z ")),
            "worker {w} outlived its server"
        );
    }
}

/// SIGTERM with runaway calls in flight: the replica states its limit and
/// exits within it.
#[test]
fn sigterm_with_runaway_calls_in_flight_exits_within_the_logged_limit() {
    let port = free_port();
    let mut child = Command::new(env!("CARGO_BIN_EXE_hessian"))
        .args(["serve", "--http", &format!("127.0.0.1:{port}")])
        .args(["--deadline-ms", "60000", "--max-output-bytes", "1000000000"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start hessian serve --http");
    wait_healthy(port);
    let (id, input) = uninterruptible();
    let _calls: Vec<_> = (0..3)
        .map(|_| {
            let args = run_args(id, input.clone());
            std::thread::spawn(move || code(&http_call(port, &args)))
        })
        .collect();
    std::thread::sleep(Duration::from_secs(1));
    let pid = child.id();
    let workers = children(pid);
    Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .unwrap();
    let signalled = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(
            signalled.elapsed() < Duration::from_secs(15),
            "still running 15 s after SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    let took = signalled.elapsed();
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let limit: f64 = stderr
        .split("for at most ")
        .nth(1)
        .and_then(|r| r.split('s').next())
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no limit logged: {stderr}"));
    assert!(status.success(), "{status}");
    assert!(
        took.as_secs_f64() < limit + 1.0,
        "exited {took:?} after SIGTERM; the logged limit was {limit} s"
    );
    std::thread::sleep(Duration::from_millis(300));
    for w in workers {
        assert!(
            !std::path::Path::new(&format!("/proc/{w}")).exists()
                || std::fs::read_to_string(format!("/proc/{w}/stat"))
                    .is_ok_and(|s| s.contains(") Z ")),
            "worker {w} outlived its server"
        );
    }
}

/// The processes whose parent is `pid`.
fn children(pid: u32) -> Vec<u32> {
    std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let stat = std::fs::read_to_string(e.path().join("stat")).ok()?;
            let rest = stat.rsplit_once(") ")?.1;
            let ppid: u32 = rest.split_whitespace().nth(1)?.parse().ok()?;
            (ppid == pid).then(|| e.file_name().to_str()?.parse().ok())?
        })
        .collect()
}

/// JSON numbers beyond a double, and integers beyond 2^53, over both
/// transports: each gets a reply, and integers are read exactly.
#[test]
fn numbers_beyond_a_double_get_replies_and_long_integers_are_exact() {
    let long = format!("1{}", "0".repeat(399));
    let thirty = "123456789012345678901234567890";
    // Raw JSON text: the numbers must reach the server as written.
    let calls = [
        format!(r#"{{"operation_id": "integer.prime.decide", "input": {{"n": {long}}}}}"#),
        r#"{"operation_id": "integer.prime.decide", "input": {"n": 1e400}}"#.to_string(),
        format!(
            r#"{{"operation_id": "integer.digit_sum.compute", "input": {{"n": {thirty}, "base": 10}}}}"#
        ),
    ];
    let check = |results: Vec<Value>| {
        assert_eq!(results[0]["structuredContent"]["output"]["prime"], false);
        let e = &results[1]["structuredContent"]["error"];
        assert_eq!(e["code"], "invalid_input", "{e}");
        assert!(e["expected"].as_str().unwrap().contains("10^400"), "{e}");
        // 1+2+…+9+0, three times.
        assert_eq!(results[2]["structuredContent"]["output"], "135");
    };
    let mut s = StdioServer::start(&[]);
    let mut results = Vec::new();
    for (i, args) in calls.iter().enumerate() {
        let line = format!(
            r#"{{"jsonrpc": "2.0", "id": {}, "method": "tools/call", "params": {{"name": "math_run", "arguments": {args}}}}}"#,
            20 + i
        );
        let stdin = s.child.0.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
        results.push(s.reply(20 + i as u64)["result"].clone());
    }
    check(results);
    let (_server, port) = serve_http(&[]);
    let results = calls
        .iter()
        .map(|args| {
            let body = format!(
                r#"{{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {{"name": "math_run", "arguments": {args}}}}}"#
            );
            let reply = http_post(port, &body, "");
            let json = reply.split_once("\r\n\r\n").map(|(_, b)| b).unwrap_or("");
            serde_json::from_str::<Value>(json).unwrap()["result"].clone()
        })
        .collect();
    check(results);
}
