//! What a Hessian operation is, and everything that is the same for all of
//! them: wire values, contract digests, the catalog and its search, and the
//! one path a `math.run` call takes from JSON arguments to an envelope.
//!
//! Data flows one way: arguments → [`call::run`] checks the wrapper, finds
//! the operation, checks the contract, parses the input once with the
//! operation's own serde model → the operation's `run` → output → envelope.

pub mod call;
pub mod canonical;
pub mod catalog;
pub mod error;
pub mod find;
pub mod operation;
pub mod schemas;
mod search;
pub mod wire;

pub use catalog::Catalog;
pub use error::{Code, Refusal};
pub use operation::{Ctx, DynOperation, MathError, Operation};

/// Declares a capability package's operations, one line each: the module
/// holding the operation and the unit struct implementing [`Operation`].
///
/// ```ignore
/// hessian_contract::operations! {
///     determinant => Determinant,
/// }
/// ```
#[macro_export]
macro_rules! operations {
    ($($module:ident => $op:ident),* $(,)?) => {
        $(mod $module;)*
        /// Every operation of this package, in declaration order.
        pub fn operations() -> Vec<&'static dyn $crate::DynOperation> {
            vec![$(&$module::$op as &'static dyn $crate::DynOperation),*]
        }
    };
}
