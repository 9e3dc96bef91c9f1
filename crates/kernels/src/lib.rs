//! Pure, exact mathematics for Hessian.
//!
//! Nothing here knows about JSON, serde or MCP: kernels take native values
//! (big integers, rationals, dense matrices) and a [`Budget`] they poll at
//! loop boundaries, and return native values or a [`Stop`].

pub mod budget;
pub mod combinatorics;
pub mod dixon;
pub mod expr;
pub mod finite_field;
pub mod graph;
pub mod group;
pub mod integer;
pub mod linalg;
pub mod mat;
pub mod modular;
pub mod normal_form;
pub mod number_expression;
pub mod number_theory;
pub mod numeric;
pub mod poly;
pub mod rational;
pub mod sequence;

pub use budget::{Budget, Meter, Stop};
pub use mat::Mat;
pub use num_bigint::{BigInt, BigUint, Sign};
pub use num_rational::BigRational;

/// The field of rationals every exact kernel works over.
pub type Q = BigRational;
