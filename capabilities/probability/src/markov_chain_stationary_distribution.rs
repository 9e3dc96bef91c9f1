use crate::wire::{Chain, LARGE_CHAIN};
use hessian_kernels::probability::markov;
use hessian_op::prelude::*;

pub struct MarkovChainStationaryDistribution;

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The states, in the order of each distribution's entries.
    pub states: Vec<String>,
    /// One stationary distribution per recurrent class; every stationary
    /// distribution is a mixture of these.
    pub distributions: Vec<Vec<Rational>>,
    /// The recurrent class each distribution lives on.
    pub classes: Vec<Vec<String>>,
    /// Exactly one stationary distribution (one recurrent class).
    pub unique: bool,
    pub check: String,
}

impl Operation for MarkovChainStationaryDistribution {
    type Input = Chain<LARGE_CHAIN>;
    type Output = Output;
    const ID: &'static str = "probability.markov_chain.stationary_distribution.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str =
        "Stationary distribution of a Markov chain, exactly (all of them when not unique)";
    const SUMMARY: &'static str = "Solves π = πP with Σπ = 1 exactly for a finite Markov chain; when several recurrent classes exist, gives the stationary distribution of each (every stationary distribution is a mixture of them).";
    const DESCRIPTION: &'static str = "Each recurrent (closed) class carries exactly one stationary distribution, solved exactly on the class as π(P − I) = 0, Σπ = 1 and extended by zeros; transient states get probability 0 in all of them. Checked on the whole chain: π ≥ 0, Σπ = 1 and πP = π recomputed in exact arithmetic. At most 500 states.";
    const KEYWORDS: &'static [&'static str] = &[
        "stationary distribution",
        "steady state",
        "invariant distribution",
        "equilibrium distribution",
        "long run proportion",
        "markov chain",
        "pi P = pi",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "stationary distribution of this chain",
        "long run fraction of time spent in each state",
        "steady state probabilities of the transition matrix",
        "in the long run what share of days are rainy if sunny follows sunny 90% of the time",
        "left eigenvector of the transition matrix for eigenvalue 1",
    ];
    const ALIASES: &'static [&'static str] = &["stationary_distribution", "steady_state"];
    const EXAMPLE: &'static str =
        r#"{"transition": [["9/10", "1/10"], ["1/2", "1/2"]], "states": ["sunny", "rainy"]}"#;
    const EXPECTED: &'static str = r#"{"states": ["sunny", "rainy"], "distributions": [["5/6", "1/6"]], "classes": [["sunny", "rainy"]], "unique": true, "check": "each distribution is non-negative, sums to 1 and satisfies πP = π, recomputed in exact arithmetic on the whole chain"}"#;

    fn run(input: Chain<LARGE_CHAIN>, ctx: &Ctx) -> Result<Output, MathError> {
        let (p, names) = input.read()?;
        let (classes, distributions): (Vec<_>, Vec<_>) =
            markov::stationary(&p, &ctx.budget)?.into_iter().unzip();
        Ok(Output {
            unique: distributions.len() == 1,
            distributions: distributions
                .into_iter()
                .map(|d| d.into_iter().map(Rational).collect())
                .collect(),
            classes: classes
                .into_iter()
                .map(|c: Vec<usize>| c.iter().map(|&i| names[i].clone()).collect())
                .collect(),
            states: names,
            check: "each distribution is non-negative, sums to 1 and satisfies πP = π, recomputed in exact arithmetic on the whole chain".into(),
        })
    }
}
