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
    // Two kept-alive connections, each served once, so both hold a slot.
    let mut held: Vec<TcpStream> = (0..2)
        .map(|_| {
            let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
            s.write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                .unwrap();
            // One read may return only part of the status line on a busy machine.
            let mut buf = Vec::new();
            let mut chunk = [0u8; 256];
            while buf.len() < 12 {
                let n = s.read(&mut chunk).unwrap();
                assert!(n > 0, "closed before answering: {buf:?}");
                buf.extend_from_slice(&chunk[..n]);
            }
            assert!(
                buf.starts_with(b"HTTP/1.1 200"),
                "{}",
                String::from_utf8_lossy(&buf)
            );
            s
        })
        .collect();
    let mut third = TcpStream::connect(("127.0.0.1", port)).unwrap();
    third
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .unwrap();
    let (_, reply) =
        closed_within(&mut third, Duration::from_secs(4)).expect("answered and closed");
    assert!(reply.starts_with("HTTP/1.1 503"), "{reply}");
    assert!(
        reply.to_ascii_lowercase().contains("retry-after: 1"),
        "{reply}"
    );

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
