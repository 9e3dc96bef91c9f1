//! The `logic` capability family: propositional formulas and
//! satisfiability. Every
//! answer is replayed before it is returned: a model against every clause,
//! an unsatisfiability proof (LRAT) by the checker in
//! `hessian_kernels::sat::lrat`, which is the only trusted code.
//!
//! Add an operation: one file here declaring `Input`, `Output` and the
//! [`hessian_op::Operation`] impl, and one line below.

pub mod wire;

hessian_op::operations! {
    cnf_satisfiable => CnfSatisfiable,
    cnf_assignment => CnfAssignment,
    cnf_unsat_core => CnfUnsatCore,
    cnf_models => CnfModels,
    cnf_models_count => CnfCount,
    cnf_maxsat => CnfMaxsat,
    formula_satisfiable => FormulaSatisfiable,
    formula_tautology => FormulaTautology,
    formula_equivalence => FormulaEquivalence,
    formula_truth_table => FormulaTruthTable,
    formula_cnf => FormulaCnf,
    formula_minimize => FormulaMinimize,
    formula_models => FormulaCount,
    exact_cover_solve => ExactCoverSolve,
    exact_cover_count => ExactCoverCount,
    sudoku => Sudoku,
    dfa_minimize => DfaMinimize,
    dfa_equivalence => DfaEquivalence,
    regular_expression_dfa => RegularExpressionDfa,
    cardinality => Cardinality,
    csp => Csp,
    csp_enumerate => CspEnumerate,
    csp_count => CspCount,
    pseudo_boolean_satisfiable => PseudoBooleanSatisfiable,
}

#[cfg(test)]
mod tests;
