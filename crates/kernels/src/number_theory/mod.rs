//! Number theory built on factorization, one topic per file: `primes`
//! (sieves, counting, next/previous, perfect powers), `multiplicative`
//! (factorizations, divisors, σ, λ, valuations of n!), `roots_mod`
//! (primitive roots, square roots modulo n), `quadratic` (two squares,
//! Pell, continued fractions of √n, the Kronecker symbol), `digits`, and
//! `certificates` (Pratt). Orders and discrete logarithms live in
//! `crate::group`; factoring itself in `crate::integer`.

mod certificates;
mod digits;
mod multiplicative;
mod primes;
mod quadratic;
mod roots_mod;

pub use certificates::*;
pub use digits::*;
pub use multiplicative::*;
pub use primes::*;
pub use quadratic::*;
pub use roots_mod::*;

use num_bigint::BigUint;

/// A complete factorization as `(prime, exponent)` pairs, ascending.
pub type Factors = Vec<(BigUint, u32)>;

#[cfg(test)]
mod tests;
