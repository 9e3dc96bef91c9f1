use crate::wire::Chain;
use hessian_kernels::probability::markov;
use hessian_op::prelude::*;

pub struct MarkovChainFundamentalMatrix;

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The transient states, in the order of N's rows and columns.
    pub transient: Vec<String>,
    /// N = (I − Q)⁻¹: N[i][j] is the expected number of visits to j
    /// starting from i.
    pub matrix: Vec<Vec<Rational>>,
    /// Row sums of N: expected steps before leaving the transient states.
    pub expected_steps: Vec<Rational>,
    pub check: String,
}

impl Operation for MarkovChainFundamentalMatrix {
    type Input = Chain;
    type Output = Output;
    const ID: &'static str = "probability.markov_chain.fundamental_matrix.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Fundamental matrix N = (I − Q)⁻¹ of an absorbing Markov chain";
    const SUMMARY: &'static str = "The fundamental matrix of a finite Markov chain's transient part: the expected number of visits to each transient state from each other, exactly, and the expected steps before absorption.";
    const DESCRIPTION: &'static str = "Q is the chain's transition matrix restricted to its transient states (those in classes that can be left); N = (I − Q)⁻¹ = I + Q + Q² + … counts expected visits. Computed exactly over the rationals and checked by multiplying back: (I − Q)·(N·v) = v at a pseudo-random integer vector v (Freivalds), and (I − Q)·N·1 = 1. At most 200 states.";
    const KEYWORDS: &'static [&'static str] = &[
        "fundamental matrix",
        "(I - Q)^-1",
        "expected number of visits",
        "absorbing markov chain",
        "transient states",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "fundamental matrix of the absorbing chain",
        "expected number of times the chain visits state 2 before absorption",
        "compute N = (I - Q) inverse for this markov chain",
    ];
    const ALIASES: &'static [&'static str] = &["fundamental_matrix"];
    const EXAMPLE: &'static str = r#"{"transition": [[1, 0, 0, 0], ["1/2", 0, "1/2", 0], [0, "1/2", 0, "1/2"], [0, 0, 0, 1]]}"#;
    const EXPECTED: &'static str = r#"{"transient": ["1", "2"], "matrix": [["4/3", "2/3"], ["2/3", "4/3"]], "expected_steps": ["2", "2"], "check": "(I − Q)·(N·v) = v at a pseudo-random integer vector v and (I − Q)·(N·1) = 1, recomputed in exact arithmetic"}"#;

    fn run(input: Chain, ctx: &Ctx) -> Result<Output, MathError> {
        let (p, names) = input.read()?;
        let a = markov::absorption(&p, true, &ctx.budget)?;
        Ok(Output {
            transient: a.transient.iter().map(|&i| names[i].clone()).collect(),
            matrix: a
                .fundamental
                .into_iter()
                .map(|r| r.into_iter().map(Rational).collect())
                .collect(),
            expected_steps: a.steps.into_iter().map(Rational).collect(),
            check: "(I − Q)·(N·v) = v at a pseudo-random integer vector v and (I − Q)·(N·1) = 1, recomputed in exact arithmetic".into(),
        })
    }
}
