//! The `algebraic_number` capability family: numbers that are roots of
//! polynomials over Q, held exactly as a minimal polynomial and a disk
//! isolating one of its roots (kernels::poly::algebraic_number): built from
//! radical expressions or root_of forms, combined by resultants, compared
//! and evaluated with certified enclosures, and written by radicals where
//! that is possible.
//!
//! Add an operation: one file here declaring `Input`, `Output` and the
//! [`hessian_op::Operation`] impl, and one line below.

pub mod wire;

hessian_op::operations! {
    minimal_polynomial => MinimalPolynomial,
    arithmetic => Arithmetic,
    compare => Compare,
    numeric => Numeric,
    radicals => RadicalForm,
}

#[cfg(test)]
mod tests;
