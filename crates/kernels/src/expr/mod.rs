//! Symbolic expressions: the tree in canonical form ([`node`]), its
//! grammar ([`parse`]) and printing ([`print`]), exact values of
//! functions ([`values`]), and the calculus and algebra built on them:
//! derivatives ([`diff`]), expansion ([`expand`]), substitution.
//!
//! Every operation returns canonical expressions, so two results can be
//! compared structurally, and every printed result re-parses to itself.

pub mod apart;
pub mod critical;
pub mod diff;
pub mod expand;
pub mod fixed;
pub mod gosper;
pub mod gruntz;
pub mod improper;
pub mod integrate;
pub mod interval;
pub mod limit;
pub mod node;
pub mod ode;
pub mod parse;
pub mod print;
pub mod product;
pub mod quadrature;
pub mod rational;
pub mod real_roots;
pub mod root_sum;
pub mod series;
pub mod simplify;
pub mod sum;
pub mod trager;
pub mod values;
pub mod zero;

pub use node::{Constant, Expr, Func, Node};
pub use parse::{Differential, ParseError, parse, parse_differential};

#[cfg(test)]
mod tests;
