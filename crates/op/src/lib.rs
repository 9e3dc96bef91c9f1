//! What an operation author needs, and nothing of the engine: the
//! [`Operation`] trait and its input [`Plan`], the call context [`Ctx`],
//! [`MathError`] and the refusals it becomes, the wire values, the one
//! parse of an input, portable schemas, and the `operations!` list.
//! Capability packages depend on this crate alone (the engine,
//! `hessian-contract`, only for their tests), so an edit to the catalog,
//! search, rounds or request-state signing rebuilds no capability.
//!
//! An operation file starts with `use hessian_op::prelude::*;`.

pub mod algebraic;
pub mod error;
pub mod expression;
pub mod operation;
pub mod parse;
pub mod portable;
pub mod wire;

pub use error::{Code, Refusal, Tool};
pub use operation::{
    Ctx, DynOperation, MathError, Operation, Plan, Question, Round, StaticQuestion,
};

/// The names nearly every operation file uses.
pub mod prelude {
    pub use crate::operation::{Ctx, MathError, Operation, Plan, StaticQuestion};
    pub use crate::wire::{
        Bounded, Extended, Int, List, Matrix, PolyOut, Rational, Rows, SquareMatrix, Status,
    };
    pub use hessian_kernels::Stop;
    pub use schemars::JsonSchema;
    pub use serde::{Deserialize, Serialize};
}

/// Declares a capability package's operations, one line each: the module
/// holding the operation and the unit struct implementing [`Operation`].
///
/// ```ignore
/// hessian_op::operations! {
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
        /// as math_run does, and returns its output (for the package's tests,
        /// which have the engine, `hessian-contract`, as a dev-dependency).
        #[cfg(test)]
        pub(crate) fn run_operation(
            id: &str,
            input: $crate::serde_json::Value,
        ) -> Result<$crate::serde_json::Value, $crate::Refusal> {
            static CATALOG: std::sync::OnceLock<::hessian_contract::Catalog> = std::sync::OnceLock::new();
            let catalog = CATALOG.get_or_init(|| {
                ::hessian_contract::Catalog::new(operations()).unwrap_or_else(|e| panic!("the operation list is inconsistent: {e}"))
            });
            ::hessian_contract::call::output_of(catalog, id, input)
        }
    };
}

#[doc(hidden)]
pub use serde_json;
