//! Streamable HTTP: stateless rmcp service mounted in axum at `/mcp`, with
//! `/healthz`, `/readyz`, bearer-token authentication and graceful shutdown.
//! Replicas share nothing but the state key and the token file, so any
//! stock load balancer can spread calls, continuations included.
//!
//! Connections are hyper's HTTP/1.1, served here rather than by
//! `axum::serve` so that a client cannot hold one without sending: request
//! headers (and the wait for the next request on a kept-alive connection)
//! and request bodies must arrive within the read timeout, and at most
//! `max_connections` are open at once; one more is answered 503 and closed.

use crate::auth::{Principal, Tokens};
use crate::{Config, HessianServer, catalog, state_keys};
use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use http_body_util::BodyExt;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use rmcp::transport::streamable_http_server::session::never::NeverSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tokio::sync::{Semaphore, watch};
use tokio_util::sync::CancellationToken;

pub struct HttpOptions {
    pub addr: SocketAddr,
    /// Host header values accepted besides loopback (the proxy's public name).
    pub allowed_hosts: Vec<String>,
    pub token_file: Option<PathBuf>,
    pub max_body_bytes: usize,
    /// Sent as `x-hessian-replica` on every response, to tell replicas apart.
    pub replica: Option<String>,
    /// How long a request's headers, its body, or the next request on an
    /// idle kept-alive connection may take to arrive.
    pub read_timeout: Duration,
    /// Connections open at once; one more is answered 503 and closed.
    pub max_connections: usize,
    /// Connections one peer address may hold at once (behind a proxy every
    /// connection comes from the proxy: raise it or set it to the total).
    pub max_connections_per_peer: usize,
}

/// The open connections: how many each peer holds, and which are idle
/// (between requests) and can be closed to make room.
#[derive(Default)]
struct Connections {
    per_peer: std::collections::HashMap<std::net::IpAddr, usize>,
    open: Vec<Open>,
    next: u64,
}

struct Open {
    id: u64,
    /// Kept alive between requests after answering one: a connection that
    /// has not sent its first request yet, or is being answered, is not.
    idle: Arc<AtomicBool>,
    close: Arc<tokio::sync::Notify>,
}

impl Connections {
    /// Closes the idle connection open longest, if any: when free slots run
    /// low, a client's idle keep-alive connections make room for others.
    fn evict_idle(&mut self) {
        if let Some(i) = self.open.iter().position(|c| c.idle.load(Ordering::SeqCst)) {
            let c = self.open.remove(i);
            c.close.notify_one();
        }
    }
}

/// Keeps the registry in step when a connection ends, however it ends.
struct Registered {
    registry: Arc<std::sync::Mutex<Connections>>,
    id: u64,
    peer: std::net::IpAddr,
}

impl Drop for Registered {
    fn drop(&mut self) {
        let mut r = self.registry.lock().unwrap_or_else(|e| e.into_inner());
        r.open.retain(|c| c.id != self.id);
        if let Some(n) = r.per_peer.get_mut(&self.peer) {
            *n -= 1;
            if *n == 0 {
                r.per_peer.remove(&self.peer);
            }
        }
    }
}

struct Gate {
    tokens: Option<Tokens>,
    ready: AtomicBool,
    replica: Option<HeaderValue>,
    read_timeout: Duration,
    max_body_bytes: usize,
}

/// Reads a request body within the read timeout and the size bound, so a
/// client dribbling bytes is answered 408 instead of holding a connection.
async fn read_body(State(gate): State<Arc<Gate>>, req: Request, next: Next) -> Response {
    let (parts, body) = req.into_parts();
    let collected = tokio::time::timeout(
        gate.read_timeout,
        http_body_util::Limited::new(body, gate.max_body_bytes).collect(),
    )
    .await;
    let refuse = |status: StatusCode, message: String| {
        let mut r = (status, message).into_response();
        r.headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
        r
    };
    match collected {
        Ok(Ok(body)) => {
            let body = body.to_bytes();
            if parts.method == axum::http::Method::POST
                && let Some(refusal) = not_json_rpc(&body)
            {
                return refusal;
            }
            next.run(Request::from_parts(parts, Body::from(body))).await
        }
        Ok(Err(e)) if e.is::<http_body_util::LengthLimitError>() => refuse(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "a request body may carry at most {} bytes\n",
                gate.max_body_bytes
            ),
        ),
        Ok(Err(e)) => refuse(
            StatusCode::BAD_REQUEST,
            format!("the request body could not be read: {e}\n"),
        ),
        Err(_) => refuse(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "the request body did not arrive within {} ms\n",
                gate.read_timeout.as_millis()
            ),
        ),
    }
}

/// The answer to a POST body that is not one JSON-RPC message, as the MCP
/// transport says: 400 with a JSON-RPC error, `-32700` for what is not
/// JSON, `-32600` for a batch (MCP has none since 2025-06-18). Checked
/// without building the value; rmcp parses it once after.
fn not_json_rpc(body: &[u8]) -> Option<Response> {
    let (code, message) = match serde_json::from_slice::<serde::de::IgnoredAny>(body) {
        Err(e) => (-32700, format!("Parse error: {e}")),
        Ok(_) if body.trim_ascii_start().starts_with(b"[") => (
            -32600,
            "Invalid Request: a batch (JSON array); send one JSON-RPC message per request".into(),
        ),
        Ok(_) => return None,
    };
    let reply = serde_json::json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": {"code": code, "message": message},
    });
    let mut r = (StatusCode::BAD_REQUEST, reply.to_string()).into_response();
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    Some(r)
}

/// `Bearer <token>`, the scheme in any case (RFC 9110: schemes are
/// case-insensitive).
fn bearer(value: &str) -> Option<&str> {
    let (scheme, token) = value.trim_start().split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then_some(token)
}

/// Authenticates `/mcp` requests and attaches their [`Principal`].
async fn authenticate(State(gate): State<Arc<Gate>>, mut req: Request, next: Next) -> Response {
    if req.uri().path().starts_with("/mcp") {
        let principal = match &gate.tokens {
            // Without a token file (loopback only) every caller may do everything.
            None => Some(Principal {
                name: "anonymous".into(),
                scopes: vec!["run".into()],
            }),
            Some(tokens) => req
                .headers()
                .get(header::AUTHORIZATION)
                .and_then(|v| v.to_str().ok())
                .and_then(bearer)
                .and_then(|t| tokens.check(t.trim()))
                .cloned(),
        };
        let Some(principal) = principal else {
            let mut r = (
                StatusCode::UNAUTHORIZED,
                "a valid bearer token is required\n",
            )
                .into_response();
            r.headers_mut()
                .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
            return r;
        };
        req.extensions_mut().insert(principal);
    }
    let mut response = next.run(req).await;
    if let Some(name) = &gate.replica {
        response
            .headers_mut()
            .insert("x-hessian-replica", name.clone());
    }
    response
}

async fn readyz(State(gate): State<Arc<Gate>>) -> (StatusCode, &'static str) {
    if gate.ready.load(Ordering::Relaxed) {
        (StatusCode::OK, "ready\n")
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, "shutting down\n")
    }
}

pub async fn serve_http(
    config: Config,
    opts: HttpOptions,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let tokens = opts.token_file.as_deref().map(Tokens::load).transpose()?;
    if tokens.is_none() && !opts.addr.ip().is_loopback() {
        return Err(format!(
            "refusing to serve {} without --token-file: a non-loopback address needs authentication",
            opts.addr
        )
        .into());
    }
    if opts.max_connections == 0
        || opts.max_connections_per_peer == 0
        || opts.read_timeout.is_zero()
    {
        return Err("--max-connections, --max-connections-per-peer and --read-timeout-ms must be at least 1".into());
    }
    let keys = Arc::new(state_keys(config.state_key_file.as_deref(), true)?);
    crate::catalog().warm_search();
    let ct = CancellationToken::new();
    let mut hosts = vec!["localhost".to_string(), "127.0.0.1".into(), "::1".into()];
    hosts.extend(opts.allowed_hosts.iter().cloned());
    // A browser page may only reach the server from loopback or from the
    // allowed hosts' own origins (DNS rebinding, cross-site requests);
    // clients that send no Origin (agents, the CLI, proxies) pass.
    let mut origins: Vec<String> = ["localhost", "127.0.0.1", "[::1]"]
        .iter()
        .flat_map(|h| [format!("http://{h}:*"), format!("https://{h}:*")])
        .collect();
    for h in &opts.allowed_hosts {
        origins.push(format!("https://{h}:*"));
        origins.push(format!("http://{h}:*"));
    }
    let mcp_config = StreamableHttpServerConfig::default()
        .with_legacy_session_mode(false)
        .with_json_response(true)
        .with_allowed_hosts(hosts)
        .with_allowed_origins(origins)
        .with_max_request_body_bytes(opts.max_body_bytes)
        .with_cancellation_token(ct.child_token());
    let server = HessianServer::with_keys(catalog(), config.clone(), keys);
    let computing = server.clone();
    let service = StreamableHttpService::new(
        move || Ok(server.clone()),
        Arc::new(NeverSessionManager::default()),
        mcp_config,
    );
    let gate = Arc::new(Gate {
        tokens,
        ready: AtomicBool::new(true),
        replica: opts
            .replica
            .as_deref()
            .and_then(|r| HeaderValue::from_str(r).ok()),
        read_timeout: opts.read_timeout,
        max_body_bytes: opts.max_body_bytes,
    });
    let app = Router::new()
        .route("/healthz", get(|| async { "ok\n" }))
        .route("/readyz", get(readyz))
        .nest_service("/mcp", service)
        .layer(middleware::from_fn_with_state(gate.clone(), read_body))
        .layer(middleware::from_fn_with_state(gate.clone(), authenticate))
        .with_state(gate.clone());
    let listener = tokio::net::TcpListener::bind(opts.addr).await?;
    tracing::warn!(
        "serving MCP over HTTP at http://{}/mcp",
        listener.local_addr()?
    );
    // SIGTERM or Ctrl-C: stop being ready, stop accepting, let in-flight
    // calls finish for at most SHUTDOWN_LIMIT (or their deadline), then kill
    // what still computes and close.
    let grace = (config.deadline + config.grace).min(SHUTDOWN_LIMIT);
    let connections = Arc::new(Semaphore::new(opts.max_connections));
    let registry = Arc::new(std::sync::Mutex::new(Connections::default()));
    // Below this many free slots, each new connection closes an idle one.
    let reserve = (opts.max_connections / 16).max(1);
    let (closing, closed) = watch::channel(false);
    let signal = wait_for_signal();
    tokio::pin!(signal);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => (stream, peer.ip()),
                Err(e) => {
                    // Out of descriptors and the like: wait rather than spin.
                    tracing::warn!("accept failed: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut signal => break,
        };
        let admitted = {
            let mut r = registry.lock().unwrap_or_else(|e| e.into_inner());
            let held = r.per_peer.get(&peer).copied().unwrap_or(0);
            match connections.clone().try_acquire_owned() {
                Ok(permit) if held < opts.max_connections_per_peer => {
                    *r.per_peer.entry(peer).or_default() += 1;
                    r.next += 1;
                    let open = Open {
                        id: r.next,
                        idle: Arc::default(),
                        close: Arc::default(),
                    };
                    let (idle, close) = (open.idle.clone(), open.close.clone());
                    r.open.push(open);
                    if connections.available_permits() < reserve {
                        r.evict_idle();
                    }
                    let registered = Registered {
                        registry: registry.clone(),
                        id: r.next,
                        peer,
                    };
                    Some((permit, registered, idle, close))
                }
                // The peer holds its own share: refused, and nobody's idle
                // connection is closed for it (closing one of its own let
                // its next connection in, past the cap).
                Ok(_) => None,
                Err(_) => {
                    r.evict_idle();
                    None
                }
            }
        };
        let Some((permit, registered, idle, close)) = admitted else {
            tokio::spawn(over_capacity(stream, gate.clone()));
            continue;
        };
        // Idle from an answer to the next request's arrival.
        let inner = TowerToHyperService::new(app.clone());
        let service = hyper::service::service_fn(move |req| {
            idle.store(false, Ordering::SeqCst);
            let answer = hyper::service::Service::call(&inner, req);
            let idle = idle.clone();
            async move {
                let response = answer.await;
                idle.store(true, Ordering::SeqCst);
                response
            }
        });
        let mut closed = closed.clone();
        let read_timeout = opts.read_timeout;
        tokio::spawn(async move {
            let (_permit, _registered) = (permit, registered);
            let conn = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(read_timeout)
                .serve_connection(TokioIo::new(stream), service);
            tokio::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => {}
                _ = closed.changed() => {
                    conn.as_mut().graceful_shutdown();
                    let _ = conn.await;
                }
                () = close.notified() => {
                    conn.as_mut().graceful_shutdown();
                    let _ = conn.await;
                }
            }
        });
    }
    gate.ready.store(false, Ordering::Relaxed);
    tracing::warn!("shutting down: finishing in-flight calls for at most {grace:?}");
    let _ = closing.send(true);
    let everyone = u32::try_from(opts.max_connections).unwrap_or(u32::MAX);
    if tokio::time::timeout(grace, connections.acquire_many(everyone))
        .await
        .is_err()
    {
        // The calls still computing are answered `deadline_exceeded` as
        // their workers are killed; the connections then close.
        computing.close();
        ct.cancel();
        let _ = tokio::time::timeout(
            Duration::from_millis(500),
            connections.acquire_many(everyone),
        )
        .await;
    }
    computing.close();
    Ok(())
}

/// The longest a replica finishes in-flight calls after SIGTERM or SIGINT
/// before it stops them (orchestrators wait about 30 s before killing).
const SHUTDOWN_LIMIT: Duration = Duration::from_secs(10);

/// The answer to a connection beyond the cap (or its peer's cap): a
/// health check is still answered (an orchestrator must not restart a
/// replica that is only busy), anything else gets 503 (a load balancer
/// tries another replica); then close after draining what the client sent.
async fn over_capacity(mut stream: tokio::net::TcpStream, gate: Arc<Gate>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    const BUSY: &str = "too many open connections; retry shortly\n";
    let mut head = [0u8; 64];
    let read = tokio::time::timeout(Duration::from_millis(500), stream.peek(&mut head)).await;
    let line = match read {
        Ok(Ok(n)) => String::from_utf8_lossy(&head[..n]).into_owned(),
        _ => String::new(),
    };
    let (status, body) = if line.starts_with("GET /healthz ") {
        ("200 OK", "ok\n")
    } else if line.starts_with("GET /readyz ") && gate.ready.load(Ordering::Relaxed) {
        ("200 OK", "ready\n")
    } else if line.starts_with("GET /readyz ") {
        ("503 Service Unavailable", "shutting down\n")
    } else {
        ("503 Service Unavailable", BUSY)
    };
    let reply = format!(
        "HTTP/1.1 {status}\r\ncontent-type: text/plain\r\ncontent-length: {}\r\nretry-after: 1\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let drain = async {
        let _ = stream.write_all(reply.as_bytes()).await;
        let _ = stream.shutdown().await;
        // Closing with unread bytes would reset the connection before the
        // client reads the reply.
        let mut sink = [0u8; 4096];
        while matches!(stream.read(&mut sink).await, Ok(n) if n > 0) {}
    };
    let _ = tokio::time::timeout(Duration::from_secs(1), drain).await;
}

pub(crate) async fn wait_for_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = term.recv() => {}
                _ = tokio::signal::ctrl_c() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}
