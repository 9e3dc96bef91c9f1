//! Pure, exact mathematics for Hessian.
//!
//! Nothing here knows about JSON, serde or MCP: kernels take native values
//! (big integers, rationals, dense matrices) and a [`Budget`] they poll at
//! loop boundaries, and return native values or a [`Stop`].

pub mod assignment;
pub mod automaton;
pub mod bimatrix;
pub mod bin_packing;
pub mod budget;
pub mod combinatorics;
pub mod csp;
pub mod dixon;
pub mod exact_cover;
pub mod expr;
pub mod finite_field;
pub mod graph;
pub mod group;
pub mod integer;
pub mod knapsack;
pub mod linalg;
pub mod logic;
pub mod lp;
pub mod mat;
pub mod modular;
pub mod normal_form;
pub mod number_expression;
pub mod number_theory;
pub mod numeric;
pub mod poly;
pub mod probability;
pub mod rational;
pub mod regex;
pub mod sat;
pub mod sequence;
pub mod special;
pub mod statistics;
pub mod tsp;

pub use budget::{Budget, Meter, Stop};
pub use mat::Mat;
pub use num_bigint::{BigInt, BigUint, Sign};
pub use num_rational::BigRational;

/// The field of rationals every exact kernel works over.
pub type Q = BigRational;

/// n/2^k in lowest terms without a gcd: the common factor is the power of
/// two n's trailing zeros allow (num-integer's binary gcd runs a step per
/// bit even against a power of two).
pub fn dyadic(n: BigInt, k: u64) -> Q {
    use num_traits::{One, Zero};
    if n.is_zero() {
        return Q::from_integer(n);
    }
    let shift = n.trailing_zeros().unwrap_or(0).min(k);
    Q::new_raw(n >> shift, BigInt::one() << (k - shift))
}
