//! The `statistics` capability family: statistics of exact data over the
//! rationals (kernels in `hessian_kernels::statistics`). Every answer is
//! exact — a rational, or the square root of one with certified digits —
//! and checked by a second formula or a defining identity.
//!
//! Add an operation: one file here declaring `Input`, `Output` and the
//! [`hessian_op::Operation`] impl, and one line below.

hessian_op::operations! {
    summary => Summary,
    variance => Variance,
    standard_deviation => StandardDeviation,
    quantile => Quantile,
    weighted_mean => WeightedMean,
    correlation => Correlation,
    linear_regression => LinearRegression,
    polynomial_regression => PolynomialRegression,
    contingency_table => ContingencyTable,
    binomial_test => BinomialTest,
    fisher_exact_test => FisherExactTest,
    mann_whitney => MannWhitney,
    wilcoxon_signed_rank => WilcoxonSignedRank,
    permutation_test => PermutationTest,
    multiple_testing => MultipleTesting,
    normal_distribution_numeric => NormalDistributionNumeric,
    t_distribution_numeric => TDistributionNumeric,
    chi_square_distribution_numeric => ChiSquareDistributionNumeric,
    t_test_numeric => TTestNumeric,
    z_test_numeric => ZTestNumeric,
    chi_square_test_numeric => ChiSquareTestNumeric,
    confidence_interval_numeric => ConfidenceIntervalNumeric,
}

pub mod wire;

#[cfg(test)]
mod tests;
