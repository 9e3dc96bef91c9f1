//! Propositional formulas: the grammar agents write (`&`, `|`, `!`, `->`,
//! `<->`, `xor`), evaluation, Tseitin's and the distributive CNF, and
//! two-level minimisation (Quine–McCluskey with an exact cover).
//!
//! Identities: Tseitin's CNF of F has exactly one model per model of F
//! (each auxiliary variable is defined as its subformula's value), so it is
//! satisfiable iff F is and has as many models; the distributive CNF is
//! equivalent to F (checked on the truth table where it is small);
//! a minimised sum of products agrees with F on every row.

pub mod formula;
pub mod minimize;

#[cfg(test)]
mod tests;
