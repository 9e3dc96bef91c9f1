//! The MCP surface of Hessian: exactly two tools, `math.find` and
//! `math.run`, plus the `hessian://catalog` resource, over stdio.
//!
//! This crate only transports: every decision about a call is made by
//! `hessian_contract::call::run` and `hessian_contract::find::find`, which
//! the CLI uses too, so both surfaces answer identically.

mod tools;

use hessian_contract::Catalog;
use std::sync::OnceLock;
use std::time::Duration;

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
        ]
        .into_iter()
        .flatten();
        Catalog::new(ops).unwrap_or_else(|e| panic!("the operation lists are inconsistent: {e}"))
    })
}

/// Server settings that callers may only tighten.
#[derive(Debug, Clone)]
pub struct Config {
    /// Wall-clock limit of one math.run call.
    pub deadline: Duration,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            deadline: Duration::from_secs(30),
        }
    }
}

/// Serves MCP over stdin/stdout until the client closes the stream.
pub async fn serve_stdio(config: Config) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    use rmcp::ServiceExt;
    let service = HessianServer::new(catalog(), config)
        .serve(rmcp::transport::stdio())
        .await?;
    service.waiting().await?;
    Ok(())
}
