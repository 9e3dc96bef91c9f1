//! Inputs shared by the family's operations.

use hessian_kernels::probability::markov;
use hessian_kernels::{Mat, Q};
use hessian_op::MathError;
use hessian_op::wire::{List, Rational, SquareMatrix};
use schemars::JsonSchema;
use serde::Deserialize;

/// A finite Markov chain: its transition matrix and optional state names.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Chain {
    /// Row i holds the probabilities of moving from state i to each state
    /// (exact rationals, each row summing to 1); at most 200 states.
    pub transition: SquareMatrix<Rational, 200>,
    /// Names of the states, in order (default 0, 1, 2, …).
    #[serde(default)]
    pub states: Option<List<String, 200>>,
}

impl Chain {
    /// The matrix, checked to be stochastic, and the states' names.
    pub fn read(self) -> Result<(Mat<Q>, Vec<String>), MathError> {
        let p = self.transition.0.map(|r| r.0.clone());
        markov::stochastic(&p).map_err(|message| MathError::Input {
            path: "transition".into(),
            message,
        })?;
        let names = match self.states {
            Some(s) if s.0.len() != p.rows() => {
                return Err(MathError::Input {
                    path: "states".into(),
                    message: format!("{} names for {} states", s.0.len(), p.rows()),
                });
            }
            Some(s) => s.0,
            None => (0..p.rows()).map(|i| i.to_string()).collect(),
        };
        Ok((p, names))
    }
}
