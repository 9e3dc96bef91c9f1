//! The `matrix` capability family: exact linear algebra over Q.
//!
//! Add an operation: one file here declaring `Input`, `Output` and the
//! [`hessian_contract::Operation`] impl, and one line below.

hessian_contract::operations! {
    determinant => Determinant,
    rank => Rank,
    trace => Trace,
    transpose => Transpose,
    multiply => Multiply,
    inverse => Inverse,
    rational_linear_system => RationalLinearSystem,
    nullspace => Nullspace,
    rref => Rref,
    characteristic_polynomial => CharacteristicPolynomial,
    adjugate => Adjugate,
    kronecker_product => KroneckerProduct,
    power => Power,
    minimal_polynomial => MinimalPolynomial,
    lu => Lu,
    column_space => ColumnSpace,
    row_space => RowSpace,
    permanent => Permanent,
    rank_mod_p => RankModP,
    determinant_mod => DeterminantMod,
    inverse_mod => InverseMod,
    hermite_normal_form => HermiteNormalForm,
    smith_normal_form => SmithNormalForm,
    determinant_numeric => DeterminantNumeric,
    linear_system_numeric => LinearSystemNumeric,
    eigenvalues_numeric => EigenvaluesNumeric,
    singular_values_numeric => SingularValuesNumeric,
    condition_number_numeric => ConditionNumberNumeric,
}

#[cfg(test)]
mod tests;
