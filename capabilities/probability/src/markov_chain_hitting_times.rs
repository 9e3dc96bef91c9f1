use crate::wire::{Chain, LARGE_CHAIN};
use hessian_kernels::probability::markov;
use hessian_op::prelude::*;
use hessian_op::wire::SquareMatrix;

pub struct MarkovChainHittingTimes;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Row i holds the probabilities of moving from state i to each state (exact rationals, rows summing to 1); at most 500 states.
    pub transition: SquareMatrix<Rational, LARGE_CHAIN>,
    /// Names of the states, in order (default 0, 1, 2, …).
    #[serde(default)]
    pub states: Option<List<String, LARGE_CHAIN>>,
    /// The target states, by name (or index when unnamed); the time counted is until the first visit to any of them.
    pub target: List<String, LARGE_CHAIN>,
}

#[derive(Serialize, JsonSchema)]
pub struct Time {
    pub state: String,
    /// Expected steps to reach the target; absent (with `infinite`) when the target is missed with positive probability.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected_steps: Option<Rational>,
    pub infinite: bool,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub times: Vec<Time>,
    pub check: String,
}

impl Operation for MarkovChainHittingTimes {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "probability.markov_chain.hitting_times.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str =
        "Expected hitting times of a Markov chain: steps until reaching a set of states";
    const SUMMARY: &'static str = "The exact expected number of steps for a finite Markov chain to first reach a target set of states, from every starting state (infinite where it may never arrive).";
    const DESCRIPTION: &'static str = "h = 0 on the target and h_i = 1 + Σⱼ P_ij·h_j elsewhere. The expectation is finite exactly at the states from which every path that avoids the target can still reach it (graph search); there the linear system is solved exactly. Checked: every finite h satisfies h_i = 1 + Σⱼ P_ij·h_j on the whole chain, substituted back. At most 500 states.";
    const KEYWORDS: &'static [&'static str] = &[
        "hitting time",
        "expected hitting time",
        "first passage time",
        "mean time to reach",
        "expected steps until",
        "markov chain",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "expected number of steps to reach state 3 from state 0",
        "mean first passage time of a markov chain",
        "how long on average until the walk hits the boundary",
    ];
    const ALIASES: &'static [&'static str] = &["first_passage_time", "mean_first_passage"];
    const EXAMPLE: &'static str =
        r#"{"transition": [["1/2", "1/2", 0], ["1/4", "1/2", "1/4"], [0, 0, 1]], "target": ["2"]}"#;
    const EXPECTED: &'static str = r#"{"times": [{"state": "0", "expected_steps": "8", "infinite": false}, {"state": "1", "expected_steps": "6", "infinite": false}, {"state": "2", "expected_steps": "0", "infinite": false}], "check": "every finite h satisfies h_i = 1 + Σⱼ P_ij·h_j, substituted back exactly; infinite ones can reach, avoiding the target, a state that never reaches it"}"#;

    // Long run: read the chain, mark the named targets, solve, name the answers.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (p, names) = Chain {
            transition: input.transition,
            states: input.states,
        }
        .read()?;
        let mut target = vec![false; names.len()];
        for (i, t) in input.target.0.iter().enumerate() {
            let Some(k) = names.iter().position(|n| n == t) else {
                return Err(MathError::Input {
                    path: format!("target[{i}]"),
                    message: format!("{t:?} is not a state (states: {})", names.join(", ")),
                });
            };
            target[k] = true;
        }
        let h = markov::hitting_times(&p, &target, &ctx.budget)?;
        Ok(Output {
            times: names
                .into_iter()
                .zip(h)
                .map(|(state, h)| Time {
                    state,
                    infinite: h.is_none(),
                    expected_steps: h.map(Rational),
                })
                .collect(),
            check: "every finite h satisfies h_i = 1 + Σⱼ P_ij·h_j, substituted back exactly; infinite ones can reach, avoiding the target, a state that never reaches it".into(),
        })
    }
}
