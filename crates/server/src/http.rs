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
            next.run(Request::from_parts(parts, Body::from(body.to_bytes())))
                .await
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
                .and_then(|v| v.strip_prefix("Bearer "))
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
    if opts.max_connections == 0 || opts.read_timeout.is_zero() {
        return Err("--max-connections and --read-timeout-ms must be at least 1".into());
    }
    let keys = Arc::new(state_keys(config.state_key_file.as_deref(), true)?);
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
    // calls finish within their deadline, then stop what is left.
    let grace = config.deadline + Duration::from_secs(2);
    let connections = Arc::new(Semaphore::new(opts.max_connections));
    let (closing, closed) = watch::channel(false);
    let signal = wait_for_signal();
    tokio::pin!(signal);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    // Out of descriptors and the like: wait rather than spin.
                    tracing::warn!("accept failed: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut signal => break,
        };
        let Ok(permit) = connections.clone().try_acquire_owned() else {
            tokio::spawn(over_capacity(stream));
            continue;
        };
        let service = TowerToHyperService::new(app.clone());
        let mut closed = closed.clone();
        let read_timeout = opts.read_timeout;
        tokio::spawn(async move {
            let _permit = permit;
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
        ct.cancel();
        let _ =
            tokio::time::timeout(Duration::from_secs(2), connections.acquire_many(everyone)).await;
    }
    Ok(())
}

/// The answer to a connection beyond the cap: 503 (a load balancer tries
/// another replica), then close after draining what the client sent.
async fn over_capacity(mut stream: tokio::net::TcpStream) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    const BODY: &str = "too many open connections; retry shortly\n";
    let reply = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain\r\ncontent-length: {}\r\nretry-after: 1\r\nconnection: close\r\n\r\n{BODY}",
        BODY.len()
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

async fn wait_for_signal() {
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
