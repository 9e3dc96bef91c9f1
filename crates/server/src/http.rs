//! Streamable HTTP: stateless rmcp service mounted in axum at `/mcp`, with
//! `/healthz`, `/readyz`, bearer-token authentication and graceful shutdown.
//! Replicas share nothing but the state key and the token file, so any
//! stock load balancer can spread calls, continuations included.

use crate::auth::{Principal, Tokens};
use crate::{Config, HessianServer, catalog, state_keys};
use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use rmcp::transport::streamable_http_server::session::never::NeverSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tokio_util::sync::CancellationToken;

pub struct HttpOptions {
    pub addr: SocketAddr,
    /// Host header values accepted besides loopback (the proxy's public name).
    pub allowed_hosts: Vec<String>,
    pub token_file: Option<PathBuf>,
    pub max_body_bytes: usize,
    /// Sent as `x-hessian-replica` on every response, to tell replicas apart.
    pub replica: Option<String>,
}

struct Gate {
    tokens: Option<Tokens>,
    ready: AtomicBool,
    replica: Option<HeaderValue>,
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
    let keys = Arc::new(state_keys(config.state_key_file.as_deref())?);
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
    });
    let app = Router::new()
        .route("/healthz", get(|| async { "ok\n" }))
        .route("/readyz", get(readyz))
        .nest_service("/mcp", service)
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
    let shutdown = async move {
        wait_for_signal().await;
        gate.ready.store(false, Ordering::Relaxed);
        tracing::warn!("shutting down: finishing in-flight calls for at most {grace:?}");
        let ct = ct.clone();
        tokio::spawn(async move {
            tokio::time::sleep(grace).await;
            ct.cancel();
        });
    };
    axum::serve(listener, app)
        .with_graceful_shutdown(shutdown)
        .await?;
    Ok(())
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
