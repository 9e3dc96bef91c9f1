//! The `optimization` capability family: exact linear programs and the
//! problems that reduce to them. Every answer carries its certificate
//! (shadow prices and strong duality, a Farkas combination, an improving
//! ray), verified in exact arithmetic by `hessian_kernels::lp::certificate`
//! before it is returned.
//!
//! Add an operation: one file here declaring `Input`, `Output` and the
//! [`hessian_op::Operation`] impl, and one line below.

hessian_op::operations! {
    linear_program => LinearProgram,
    linear_program_certificate => LinearProgramCertificate,
    linear_program_sensitivity => LinearProgramSensitivity,
    linear_feasibility => LinearFeasibility,
    integer_program => IntegerProgram,
    assignment => AssignmentSolve,
    transportation => Transportation,
    knapsack => Knapsack,
    subset_sum => SubsetSum,
    zero_sum_game => ZeroSumGame,
    traveling_salesman => TravelingSalesman,
    set_cover => SetCover,
    bimatrix_game_equilibria => BimatrixGameEquilibria,
    bin_packing => BinPacking,
}

pub mod wire;

#[cfg(test)]
mod tests;
