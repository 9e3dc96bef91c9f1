//! The `matrix` capability family: exact linear algebra over Q.
//!
//! Add an operation: one file here declaring `Input`, `Output` and the
//! [`hessian_op::Operation`] impl, and one line below.

hessian_op::operations! {
    determinant => Determinant,
    rank => Rank,
    trace => Trace,
    transpose => Transpose,
    multiply => Multiply,
    inverse => Inverse,
    rational_linear_system => RationalLinearSystem,
    nullspace => Nullspace,
    normal_form_rref => Rref,
    characteristic_polynomial => CharacteristicPolynomial,
    adjugate => Adjugate,
    kronecker_product => KroneckerProduct,
    power => Power,
    minimal_polynomial => MinimalPolynomial,
    lu_decomposition => Lu,
    column_space => ColumnSpace,
    row_space => RowSpace,
    permanent => Permanent,
    rank_mod_p => RankModP,
    determinant_mod => DeterminantMod,
    inverse_mod => InverseMod,
    normal_form_hermite => HermiteNormalForm,
    normal_form_smith => SmithNormalForm,
    determinant_numeric => DeterminantNumeric,
    linear_system_numeric => LinearSystemNumeric,
    eigenvalues_numeric => EigenvaluesNumeric,
    singular_values_numeric => SingularValuesNumeric,
    condition_number_numeric => ConditionNumberNumeric,
    eigenvalues => Eigenvalues,
    invariant_factors => InvariantFactors,
    elementary_divisors => ElementaryDivisors,
    rational_canonical_form => RationalCanonicalForm,
    similarity => Similarity,
    definiteness => Definiteness,
    ldl_decomposition => LdlDecomposition,
    eigenvectors => Eigenvectors,
    diagonalization => Diagonalization,
    jordan_form => JordanForm,
    power_closed_form => PowerClosedForm,
    exponential => Exponential,
}

mod spectral;

use hessian_kernels::{BigInt, Mat, Stop};
use hessian_op::MathError;

/// Largest order of the spectral operations (eigenvalues, canonical
/// forms): they take ranks of powers of polynomials in A.
pub const MAX_SPECTRAL_ORDER: usize = 20;

/// Refuses a matrix that is not symmetric, naming the first entry that
/// differs from its mirror.
fn symmetric(a: &Mat<hessian_kernels::Q>) -> Result<(), MathError> {
    for i in 0..a.rows() {
        for j in 0..i {
            if a[(i, j)] != a[(j, i)] {
                return Err(MathError::Input {
                    path: "matrix".into(),
                    message: format!(
                        "not symmetric: entry ({i}, {j}) differs from entry ({j}, {i}) (0-based)"
                    ),
                });
            }
        }
    }
    Ok(())
}

/// Direct elimination's entries can grow; beyond this order it is refused.
const NORMAL_FORM_DIRECT_MAX: usize = 20;

/// A normal form by its modular method when A is square and non-singular
/// (`modular` answers `None` otherwise), else by direct elimination up to
/// [`NORMAL_FORM_DIRECT_MAX`].
fn normal_form<T>(
    a: &Mat<BigInt>,
    modular: impl FnOnce(&Mat<BigInt>) -> Result<Option<T>, Stop>,
    direct: impl FnOnce(&Mat<BigInt>) -> Result<T, Stop>,
) -> Result<T, MathError> {
    if a.is_square()
        && let Some(f) = modular(a)?
    {
        return Ok(f);
    }
    if a.rows().max(a.cols()) <= NORMAL_FORM_DIRECT_MAX {
        return Ok(direct(a)?);
    }
    Err(MathError::Limit(format!(
        "a {}×{} matrix that is not square and non-singular: the direct algorithm takes at most {NORMAL_FORM_DIRECT_MAX}×{NORMAL_FORM_DIRECT_MAX}",
        a.rows(),
        a.cols()
    )))
}

#[cfg(test)]
mod tests;
