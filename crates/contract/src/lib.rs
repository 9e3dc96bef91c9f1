//! The engine: contract digests, the catalog and its search, math_find,
//! the one path a `math_run` call takes from JSON arguments to an envelope,
//! multi-round calls and their signed state, and the schemas/ writer. What an
//! operation is (trait, wire values, parse) lives in `hessian-op`.
//!
//! Data flows one way: arguments → [`call::run`] checks the wrapper, finds
//! the operation, checks the contract, parses the input once with the
//! operation's own serde model → the operation's `run` → output → envelope.

pub mod call;
pub mod canonical;
pub mod catalog;
pub mod distinguish;
pub mod find;
pub mod rounds;
pub mod runner;
pub mod schemas;
pub mod search;
pub mod semantic;
pub mod state;

// The author's API lives in hessian-op; the engine re-exports it whole.
pub use catalog::Catalog;
pub use hessian_op::{Code, Refusal, Tool, error, operation, operations, parse, portable, wire};
pub use hessian_op::{Ctx, DynOperation, MathError, Operation, Plan, Question, StaticQuestion};

#[doc(hidden)]
pub use serde_json;
