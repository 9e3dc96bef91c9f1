//! The `finite_field` capability family: arithmetic in GF(p^k) given by a
//! prime p and a monic irreducible modulus, element orders, primitive
//! elements, discrete logarithms, irreducibility over F_p and linear algebra
//! over GF(p^k).
//!
//! Add an operation: one file here declaring `Input`, `Output` and the
//! [`hessian_op::Operation`] impl, and one line below.

hessian_op::operations! {
    add => Add,
    subtract => Subtract,
    multiply => Multiply,
    divide => Divide,
    inverse => Inverse,
    power => Power,
    square_root => SquareRoot,
    trace_norm => TraceNorm,
    element_order => ElementOrder,
    primitive_element => PrimitiveElement,
    discrete_log => DiscreteLog,
    polynomial_irreducible => Irreducible,
    matrix_rank => MatrixRank,
    matrix_determinant => MatrixDeterminant,
    linear_system => LinearSystem,
}

mod field;

pub use field::{Element, Field, Value};

#[cfg(test)]
mod tests;
