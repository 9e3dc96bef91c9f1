//! The `sequence` capability family: finite sequences of rationals —
//! sums and transforms, finding and evaluating linear recurrences,
//! generating functions.
//!
//! Add an operation: one file here declaring `Input`, `Output` and the
//! [`hessian_op::Operation`] impl, and one line below.

hessian_op::operations! {
    sum => Sum,
    product => Product,
    prefix_sums => PrefixSums,
    differences => Differences,
    recurrence_find => RecurrenceFind,
    recurrence_prime_field => RecurrencePrimeField,
    linear_recurrence => LinearRecurrence,
    recurrence_modular => RecurrenceModular,
    generating_function => GeneratingFunction,
    arithmetic => Arithmetic,
    geometric => Geometric,
    mobius_transform => MobiusTransform,
    dirichlet_convolution => DirichletConvolution,
    convolution => Convolution,
    binomial_transform => BinomialTransform,
    polynomial_fit => PolynomialFit,
}

use hessian_kernels::Q;
use hessian_op::wire::{List, Rational};

/// The longest sequence any operation here accepts.
pub const MAX_TERMS: usize = 100_000;

/// A finite sequence of rationals, first term first.
pub type Terms = List<Rational, MAX_TERMS>;

fn values(t: Terms) -> Vec<Q> {
    t.0.into_iter().map(|r| r.0).collect()
}

fn rationals(v: Vec<Q>) -> Vec<Rational> {
    v.into_iter().map(Rational).collect()
}

#[cfg(test)]
mod tests;
