//! The `rational` capability family: exact arithmetic on rationals and the
//! number theory of fractions (continued fractions, approximations,
//! positional expansions).
//!
//! Add an operation: one file here declaring `Input`, `Output` and the
//! [`hessian_op::Operation`] impl, and one line below.

hessian_op::operations! {
    add => Add,
    subtract => Subtract,
    multiply => Multiply,
    divide => Divide,
    power => Power,
    compare => Compare,
    floor => Floor,
    ceiling => Ceiling,
    round => Round,
    parts => Parts,
    continued_fraction => ContinuedFraction,
    from_continued_fraction => FromContinuedFraction,
    best_approximation => BestApproximation,
    egyptian_fraction => EgyptianFraction,
    expansion => Expansion,
    farey_sequence => FareySequence,
}

#[cfg(test)]
mod tests;
