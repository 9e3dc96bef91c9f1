//! The MCP surface of Hessian: exactly two tools, `math_find` and
//! `math_run`, plus the `hessian://catalog` resource, over stdio.
//!
//! This crate only transports: every decision about a call is made by
//! `hessian_contract::call::run` and `hessian_contract::find::find`, which
//! the CLI uses too, so both surfaces answer identically.

mod auth;
mod http;
mod prompts;
mod stdio;
mod tools;
pub mod workers;

use hessian_contract::Catalog;
use hessian_contract::state::Keys;
use std::sync::OnceLock;
use std::time::Duration;

pub use auth::new_token;
pub use http::{HttpOptions, serve_http};
pub use tools::HessianServer;

/// The catalog of every capability package, built once per process.
pub fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        let ops = [
            hessian_matrix::operations(),
            hessian_integer::operations(),
            hessian_rational::operations(),
            hessian_combinatorics::operations(),
            hessian_sequence::operations(),
            hessian_finite_field::operations(),
            hessian_polynomial::operations(),
            hessian_graph::operations(),
            hessian_expression::operations(),
            hessian_equation::operations(),
            hessian_algebraic_number::operations(),
            hessian_logic::operations(),
            hessian_game::operations(),
            hessian_optimization::operations(),
            hessian_probability::operations(),
            hessian_statistics::operations(),
        ]
        .into_iter()
        .flatten();
        Catalog::new(ops).unwrap_or_else(|e| panic!("the operation lists are inconsistent: {e}"))
    })
}

/// Server settings that callers may only tighten.
#[derive(Debug, Clone)]
pub struct Config {
    /// Wall-clock limit of one math_run call.
    pub deadline: Duration,
    /// Calls computing at once; more are refused with `busy`, not queued.
    pub max_concurrent: usize,
    /// Bytes of compact JSON one tool result may carry, in structuredContent
    /// and in its text rendering alike, on every transport.
    pub max_output_bytes: usize,
    /// The request-state signing key file (`--state-key-file`); read
    /// before `HESSIAN_STATE_KEY_FILE`, after `HESSIAN_STATE_KEY`.
    pub state_key_file: Option<std::path::PathBuf>,
    /// False only in evaluation arm 1: math_find shows contracts without
    /// their examples, to measure what the example is worth.
    pub examples: bool,
    /// The binary whose `worker` subcommand computes calls (this one, as
    /// `hessian serve` sets it); None computes on the server's own threads,
    /// where a kernel that does not poll its budget cannot be stopped.
    pub worker_exe: Option<std::path::PathBuf>,
    /// How long past its deadline a call's worker is given before it is
    /// killed and the call answered `deadline_exceeded`.
    pub grace: Duration,
    /// Calls that may wait for a computation slot (stdio: a host pipelines
    /// its requests); beyond it they are refused with `busy`.
    pub queue: usize,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            deadline: Duration::from_secs(30),
            max_concurrent: 16,
            max_output_bytes: hessian_contract::call::DEFAULT_OUTPUT_BYTES,
            state_key_file: None,
            examples: true,
            worker_exe: None,
            grace: Duration::from_millis(100),
            queue: 0,
        }
    }
}

/// The request-state keys: `HESSIAN_STATE_KEY` (`key_id:base64url(32-byte
/// seed)`, as `hessian key new` writes it), or the file `key_file`
/// (`--state-key-file`, else `HESSIAN_STATE_KEY_FILE`) holding it, plus `HESSIAN_STATE_VERIFY_KEYS` (comma-separated
/// `key_id:base64url(public key)`) accepted during rotation. Without a
/// signing key, a fresh one per process: continuations then end with it.
/// That matters to replicas (`replicated`, warned about) and not to the one
/// process a desktop host starts over stdio (said at debug level only).
pub fn state_keys(key_file: Option<&std::path::Path>, replicated: bool) -> Result<Keys, String> {
    let file = key_file
        .map(std::path::Path::to_path_buf)
        .or_else(|| std::env::var_os("HESSIAN_STATE_KEY_FILE").map(Into::into));
    let configured = match (std::env::var("HESSIAN_STATE_KEY"), file) {
        (Ok(text), _) => Some(text),
        (_, Some(path)) => {
            private(&path)?;
            Some(
                std::fs::read_to_string(&path)
                    .map_err(|e| format!("state key file {}: {e}", path.display()))?,
            )
        }
        _ => None,
    };
    let mut keys = match configured {
        Some(text) => Keys::parse_signing(&text)?,
        None => {
            let keys = Keys::generate()?;
            let message = format!(
                "no state key (HESSIAN_STATE_KEY or --state-key-file; `hessian key new` makes one): signing request states with a fresh key ({}); multi-round calls cannot continue on another process",
                keys.key_id()
            );
            if replicated {
                tracing::warn!("{message}");
            } else {
                tracing::debug!("{message}");
            }
            keys
        }
    };
    if let Ok(list) = std::env::var("HESSIAN_STATE_VERIFY_KEYS") {
        for k in list.split(',').filter(|k| !k.trim().is_empty()) {
            keys.accept(k)?;
        }
    }
    Ok(keys)
}

/// Refuses a signing-key file that others may read, as ssh refuses such a
/// private key: whoever reads it can mint request states.
fn private(path: &std::path::Path) -> Result<(), String> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path)
            .map_err(|e| format!("state key file {}: {e}", path.display()))?
            .permissions()
            .mode();
        if mode & 0o077 != 0 {
            return Err(format!(
                "the state key file {} may be read by its group or by others (mode {:03o}); whoever reads it can sign request states. Run `chmod 600 {}`",
                path.display(),
                mode & 0o777,
                path.display()
            ));
        }
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

/// Serves MCP over stdin/stdout until the client closes the stream.
/// Lines pass through [`stdio`]'s framing, which answers non-JSON lines.
/// A client that closes stdin before `initialize` (hosts probe servers this
/// way) ends it quietly with success.
pub async fn serve_stdio(config: Config) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    use rmcp::ServiceExt;
    let (to_rmcp, rmcp_in) = tokio::io::duplex(1 << 16);
    let (rmcp_out, from_rmcp) = tokio::io::duplex(1 << 16);
    let (errors, answers) = tokio::sync::mpsc::channel(16);
    let ids = stdio::InFlight::default();
    tokio::spawn(stdio::read_lines(
        tokio::io::stdin(),
        to_rmcp,
        errors,
        ids.clone(),
    ));
    let writer = tokio::spawn(stdio::write_lines(
        from_rmcp,
        answers,
        tokio::io::stdout(),
        ids,
    ));
    catalog().warm_search();
    let server = HessianServer::new(
        catalog(),
        config.clone(),
        state_keys(config.state_key_file.as_deref(), false)?,
    );
    let computing = server.clone();
    let service = match server.serve((rmcp_in, rmcp_out)).await {
        Ok(service) => service,
        Err(rmcp::service::ServerInitializeError::ConnectionClosed(_)) => {
            computing.close();
            return Ok(());
        }
        Err(e) => {
            computing.close();
            return Err(e.into());
        }
    };
    // At the end of stdin rmcp gives in-flight calls 5 s to answer, then
    // cancels them (their workers are killed); a signal stops at once.
    tokio::select! {
        waited = service.waiting() => {
            waited?;
        }
        () = http::wait_for_signal() => {
            tracing::info!("stopping on a signal");
        }
    }
    computing.close();
    // rmcp has dropped its writer: everything it wrote is on its way out.
    let _ = tokio::time::timeout(std::time::Duration::from_secs(1), writer).await;
    Ok(())
}
