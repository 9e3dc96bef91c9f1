//! The `expression` capability family: exact symbolic expressions in one
//! grammar (docs/DECISIONS.md, Expressions), their algebra (simplify,
//! expand, factor, common denominators, substitution), calculus (derivatives and their
//! vectors and matrices, tangent lines), certified numerical values, and
//! decisions of identities. Every result is checked before it is returned:
//! rewritings against their input, derivatives against automatic
//! differentiation, factorizations by multiplying back.
//!
//! Add an operation: one file here declaring `Input`, `Output` and the
//! [`hessian_op::Operation`] impl, and one line below.

pub mod wire;

hessian_op::operations! {
    simplify => Simplify,
    expand => Expand,
    factor => Factor,
    partial_fractions => PartialFractions,
    common_denominator => CommonDenominator,
    numerator_denominator => NumeratorDenominator,
    substitute => Substitute,
    derivative => Derivative,
    gradient => Gradient,
    hessian => Hessian,
    jacobian => Jacobian,
    tangent_line => TangentLine,
    critical_points => CriticalPoints,
    inflection_points => InflectionPoints,
    implicit_derivative => ImplicitDerivative,
    integral => Integral,
    antiderivative => Antiderivative,
    definite_integral => DefiniteIntegral,
    series => Series,
    series_check => SeriesClaim,
    limit => Limit,
    limit_check => LimitClaim,
    sum => Sum,
    product => Product,
    ode => Ode,
    ode_solution => OdeSolution,
    numeric => Numeric,
    equal => Equal,
    identity => Identity,
    compare => Compare,
}

#[cfg(test)]
mod tests;
