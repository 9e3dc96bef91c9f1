//! The `polynomial` capability family: exact polynomials over Q, Z and F_p
//! (arithmetic, gcd, resultants, factorization, real roots) and
//! multivariate polynomials over Q given as text.
//!
//! Add an operation: one file here declaring `Input`, `Output` and the
//! [`hessian_op::Operation`] impl, and one line below.

pub mod wire;

hessian_op::operations! {
    add => Add,
    subtract => Subtract,
    multiply => Multiply,
    power => Power,
    divide => Divide,
    pseudo_divide => PseudoDivide,
    gcd => Gcd,
    extended_gcd => ExtendedGcd,
    lcm => Lcm,
    resultant => Resultant,
    discriminant => Discriminant,
    square_free_decomposition => SquareFreeDecomposition,
    factor => Factor,
    irreducible => Irreducible,
    rational_roots => RationalRoots,
    real_roots => RealRoots,
    real_roots_count => RealRootCount,
    evaluate => Evaluate,
    compose => Compose,
    derivative => Derivative,
    integral => Integral,
    interpolation => Interpolation,
    content => Content,
    cyclotomic => Cyclotomic,
    taylor_shift => TaylorShift,
    finite_field_factor => FiniteFieldFactor,
    finite_field_irreducible => FiniteFieldIrreducible,
    finite_field_gcd => FiniteFieldGcd,
    expand => Expand,
    multivariate_evaluate => MultivariateEvaluate,
    partial_derivative => PartialDerivative,
    substitute => Substitute,
    degree => TotalDegree,
}

use hessian_kernels::Q;

/// p divided by its leading coefficient (0 stays 0).
pub(crate) fn monic(p: &[Q]) -> Vec<Q> {
    match p.last() {
        Some(lead) => p.iter().map(|c| c / lead).collect(),
        None => Vec::new(),
    }
}

#[cfg(test)]
mod tests;
