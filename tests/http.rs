//! Streamable HTTP at the socket: what a browser page, a slow or idle
//! client, and one connection too many get from `hessian serve --http`.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use support::{Child, free_port, wait_healthy};

mod support;

fn serve(extra: &[&str]) -> (Child, u16) {
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

/// One raw HTTP POST of an MCP ping to /mcp with the given Origin header
/// (none when empty); the status line of the reply.
fn post_ping(port: u16, origin: &str) -> String {
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;
    let origin = if origin.is_empty() {
        String::new()
    } else {
        format!("Origin: {origin}\r\n")
    };
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        s,
        "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{origin}Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2025-06-18\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut reply = String::new();
    let _ = s.read_to_string(&mut reply);
    reply.lines().next().unwrap_or_default().to_string()
}

#[test]
fn a_foreign_origin_is_refused_and_loopback_or_none_passes() {
    let (_server, port) = serve(&[]);
    for (origin, ok) in [
        ("", true),
        (&format!("http://localhost:{port}") as &str, true),
        ("http://127.0.0.1:5173", true),
        ("https://evil.example", false),
        ("http://attacker.test:8080", false),
    ] {
        let status = post_ping(port, origin);
        assert_eq!(
            status.starts_with("HTTP/1.1 200"),
            ok,
            "Origin {origin:?}: {status}"
        );
    }
}

/// How long until the server closes `s` (reads return end of stream or an
/// error), reading and discarding whatever it sends; `None` after `limit`.
fn closed_within(s: &mut TcpStream, limit: Duration) -> Option<(Duration, String)> {
    let start = Instant::now();
    s.set_read_timeout(Some(limit)).unwrap();
    let mut seen = Vec::new();
    let mut buf = [0u8; 1024];
    loop {
        match s.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => seen.extend_from_slice(&buf[..n]),
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return None;
            }
            Err(_) => break,
        }
        if start.elapsed() > limit {
            return None;
        }
    }
    Some((start.elapsed(), String::from_utf8_lossy(&seen).into_owned()))
}

#[test]
fn idle_and_slow_clients_are_dropped_within_the_read_timeout() {
    let (_server, port) = serve(&["--read-timeout-ms", "1000"]);
    let limit = Duration::from_secs(4);

    // Connected, silent.
    let mut idle = TcpStream::connect(("127.0.0.1", port)).unwrap();
    let (after, _) = closed_within(&mut idle, limit).expect("an idle connection is closed");
    assert!(
        after >= Duration::from_millis(500),
        "closed too early: {after:?}"
    );

    // Headers one line every 200 ms, never finished (slow loris).
    let mut slow = TcpStream::connect(("127.0.0.1", port)).unwrap();
    let mut writer = slow.try_clone().unwrap();
    let dribble = std::thread::spawn(move || {
        let _ = writer.write_all(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n");
        for i in 0..50 {
            std::thread::sleep(Duration::from_millis(200));
            if write!(writer, "X-Slow-{i}: a\r\n").is_err() {
                return i;
            }
        }
        50
    });
    closed_within(&mut slow, limit).expect("a slow-loris client is dropped");
    assert!(
        dribble.join().unwrap() < 50,
        "the server kept reading headers"
    );

    // Whole headers, then a body that stops short.
    let mut short = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        short,
        "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 100\r\n\r\n{{\"jsonrpc\""
    )
    .unwrap();
    let (_, reply) =
        closed_within(&mut short, limit).expect("a stalled body is answered and closed");
    assert!(reply.starts_with("HTTP/1.1 408"), "{reply}");

    // The server still serves everyone else.
    assert!(post_ping(port, "").starts_with("HTTP/1.1 200"));
}

#[test]
fn one_connection_beyond_the_cap_is_answered_503_until_one_closes() {
    let (_server, port) = serve(&["--max-connections", "2", "--read-timeout-ms", "30000"]);
    // Two connections in the middle of a request (headers sent, the body
    // still coming), so neither is idle and neither can be closed for room.
    let mut held: Vec<TcpStream> = (0..2)
        .map(|_| {
            let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
            s.write_all(
                b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
            )
            .unwrap();
            s
        })
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    let mut third = TcpStream::connect(("127.0.0.1", port)).unwrap();
    third
        .write_all(b"GET /nothing HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .unwrap();
    let (_, reply) =
        closed_within(&mut third, Duration::from_secs(4)).expect("answered and closed");
    assert!(reply.starts_with("HTTP/1.1 503"), "{reply}");
    assert!(
        reply.to_ascii_lowercase().contains("retry-after: 1"),
        "{reply}"
    );
    // A health check beyond the cap is still answered.
    let mut health = TcpStream::connect(("127.0.0.1", port)).unwrap();
    health
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .unwrap();
    let (_, reply) =
        closed_within(&mut health, Duration::from_secs(4)).expect("answered and closed");
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");

    held.pop();
    let start = Instant::now();
    while !post_ping(port, "").starts_with("HTTP/1.1 200") {
        assert!(
            start.elapsed() < Duration::from_secs(4),
            "the freed slot was not reused"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A raw POST /mcp with `body` and extra header lines: the whole reply.
fn post(port: u16, body: &str, extra: &str) -> String {
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

fn reply_json(reply: &str) -> serde_json::Value {
    let body = reply.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {reply}"))
}

/// Issue 33: a body that is no JSON-RPC message is 400 with a JSON-RPC
/// error, as the MCP transport says (was 415 with plain text).
#[test]
fn malformed_bodies_and_batches_are_400_with_a_json_rpc_error() {
    let (_server, port) = serve(&[]);
    for (body, code) in [
        ("{not json", -32700),
        ("\u{FFFD}\u{0}", -32700),
        (r#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#, -32600),
    ] {
        let reply = post(port, body, "");
        assert!(reply.starts_with("HTTP/1.1 400"), "{body}: {reply}");
        let msg = reply_json(&reply);
        assert_eq!(msg["error"]["code"], code, "{body}: {msg}");
        assert!(msg["id"].is_null());
    }
    assert!(post_ping(port, "").starts_with("HTTP/1.1 200"));
}

/// The auth scheme is case-insensitive (RFC 9110); a wrong token is 401.
#[test]
fn the_bearer_scheme_is_read_in_any_case() {
    let hessian = env!("CARGO_BIN_EXE_hessian");
    let issued = std::process::Command::new(hessian)
        .args(["token", "new", "--principal", "ci"])
        .output()
        .unwrap();
    let issued = String::from_utf8(issued.stdout).unwrap();
    let token = issued
        .lines()
        .next()
        .and_then(|l| l.rsplit(' ').next())
        .unwrap()
        .to_string();
    let file = std::env::temp_dir().join(format!("hessian-tokens-{}", std::process::id()));
    std::fs::write(&file, format!("{}\n", issued.lines().last().unwrap())).unwrap();
    let (_server, port) = serve(&["--token-file", file.to_str().unwrap()]);
    let ping = r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;
    for scheme in ["Bearer", "bearer", "BEARER"] {
        let reply = post(port, ping, &format!("Authorization: {scheme} {token}\r\n"));
        assert!(reply.starts_with("HTTP/1.1 200"), "{scheme}: {reply}");
    }
    let wrong = post(port, ping, "Authorization: Bearer nope\r\n");
    assert!(wrong.starts_with("HTTP/1.1 401"), "{wrong}");
    let _ = std::fs::remove_file(file);
}

/// One peer holding its connection maximum does not deny a second peer,
/// and a health check beyond every cap is still answered.
#[test]
fn one_peer_at_its_connection_cap_does_not_deny_another() {
    let (_server, port) = serve(&[
        "--max-connections",
        "8",
        "--max-connections-per-peer",
        "4",
        "--read-timeout-ms",
        "30000",
    ]);
    let open = || TcpStream::connect(("127.0.0.1", port)).unwrap();
    // Peer A (127.0.0.1) opens more connections than its share and keeps
    // them alive, idle.
    let mut held = Vec::new();
    for _ in 0..6 {
        let mut s = open();
        let _ = s.write_all(b"GET /nothing HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        held.push(s);
    }
    // Its fifth and sixth are refused: 503.
    let mut statuses = Vec::new();
    for s in &mut held {
        s.set_read_timeout(Some(Duration::from_secs(2))).unwrap();
        let mut buf = [0u8; 64];
        let n = s.read(&mut buf).unwrap_or(0);
        statuses.push(String::from_utf8_lossy(&buf[..n]).into_owned());
    }
    let refused = statuses
        .iter()
        .filter(|s| s.starts_with("HTTP/1.1 503"))
        .count();
    assert!(refused >= 2, "{statuses:?}");
    // Peer B, from 127.0.0.2, is served.
    let b = peer_post(port, [127, 0, 0, 2]);
    assert!(b.starts_with("HTTP/1.1 200"), "{b}");
    // A health check is answered even beyond the caps.
    let mut more: Vec<TcpStream> = (0..4).map(|_| open()).collect();
    let mut probe = open();
    probe
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .unwrap();
    let (_, reply) = closed_within(&mut probe, Duration::from_secs(4)).expect("answered");
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
    more.clear();
}

/// A ping POSTed from the local address `from` (any 127/8 address is
/// loopback, and another peer to the server).
fn peer_post(port: u16, from: [u8; 4]) -> String {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut s = runtime.block_on(async {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind((from, 0).into()).unwrap();
        let stream = socket.connect(([127, 0, 0, 1], port).into()).await.unwrap();
        let stream = stream.into_std().unwrap();
        stream.set_nonblocking(false).unwrap();
        stream
    });
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;
    write!(
        s,
        "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2025-06-18\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut reply = String::new();
    let _ = s.read_to_string(&mut reply);
    reply
}
