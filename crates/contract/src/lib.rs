//! What a Hessian operation is, and everything that is the same for all of
//! them: wire values, contract digests, the catalog and its search, and the
//! one path a `math_run` call takes from JSON arguments to an envelope.
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
pub mod portable;
pub mod rounds;
pub mod schemas;
mod search;
pub mod state;
pub mod wire;

pub use catalog::Catalog;
pub use error::{Code, Refusal, Tool};
pub use operation::{Ctx, DynOperation, MathError, Operation, Plan, Question, StaticQuestion};

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
        $(pub mod $module;)*
        /// Every operation of this package, in declaration order.
        pub fn operations() -> Vec<&'static dyn $crate::DynOperation> {
            vec![$(&$module::$op as &'static dyn $crate::DynOperation),*]
        }

        /// Runs one of this package's operations through its JSON contract,
        /// as math_run does, and returns its output (for the package's tests).
        #[cfg(test)]
        pub(crate) fn run_operation(
            id: &str,
            input: $crate::serde_json::Value,
        ) -> Result<$crate::serde_json::Value, $crate::Refusal> {
            static CATALOG: std::sync::OnceLock<$crate::Catalog> = std::sync::OnceLock::new();
            let catalog = CATALOG.get_or_init(|| {
                $crate::Catalog::new(operations()).unwrap_or_else(|e| panic!("the operation list is inconsistent: {e}"))
            });
            $crate::call::output_of(catalog, id, input)
        }
    };
}

#[doc(hidden)]
pub use serde_json;
