//! The `equation` capability family: equations solved exactly where an
//! exact answer exists (rational and quadratic roots written out, every
//! other root as the k-th root of an irreducible factor over Q), with a
//! certified enclosure of every root and a proof, where one is found,
//! that a factor's roots have no expression by radicals. Every root is
//! checked: exact ones by substitution, the others by an enclosure that
//! provably holds exactly one root.
//!
//! Add an operation: one file here declaring `Input`, `Output` and the
//! [`hessian_op::Operation`] impl, and one line below.

pub mod wire;

hessian_op::operations! {
    polynomial => PolynomialSolve,
    inequality => InequalitySolve,
    system => SystemSolve,
    groebner_basis => GroebnerBasis,
    ideal_membership => IdealMembership,
    diophantine_linear => DiophantineLinear,
    recurrence => RecurrenceSolve,
    numeric => NumericSolve,
    linear => LinearSolve,
    solve => Solve,
}

#[cfg(test)]
mod tests;
