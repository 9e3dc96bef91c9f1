use crate::wire::{Chain, LARGE_CHAIN};
use hessian_kernels::probability::markov;
use hessian_op::prelude::*;

pub struct MarkovChainAbsorptionProbabilities;

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The transient states (rows of `probabilities`).
    pub from: Vec<String>,
    /// The recurrent classes the chain can end in (columns); an absorbing
    /// state is a class of its own.
    pub absorbing: Vec<Vec<String>>,
    /// probabilities[i][k]: from transient state i, of ending in class k.
    pub probabilities: Vec<Vec<Rational>>,
    /// Expected number of steps from each transient state until a
    /// recurrent class is reached.
    pub expected_steps: Vec<Rational>,
    pub check: String,
}

impl Operation for MarkovChainAbsorptionProbabilities {
    type Input = Chain<LARGE_CHAIN>;
    type Output = Output;
    const ID: &'static str = "probability.markov_chain.absorption_probabilities.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str =
        "Absorption probabilities and expected time to absorption of a Markov chain";
    const SUMMARY: &'static str = "From each transient state of a finite Markov chain, the exact probability of ending in each absorbing state (or recurrent class) and the expected number of steps until then.";
    const DESCRIPTION: &'static str = "With Q the transitions among transient states and R the one-step probabilities into each recurrent class, the fundamental matrix N = (I − Q)⁻¹ gives the absorption probabilities N·R and the expected steps N·1, in exact rationals. Checked by multiplying back: (I − Q)·(N·R) = R and (I − Q)·(N·1) = 1. Recurrent classes with several states (not only absorbing states) count as one destination each. At most 500 states.";
    const KEYWORDS: &'static [&'static str] = &[
        "absorbing markov chain",
        "absorption probability",
        "probability of ending in",
        "expected time to absorption",
        "fundamental matrix",
        "transient states",
        "markov chain",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "probability of being absorbed in each absorbing state",
        "starting from state 2 what is the chance the chain ends in state 0",
        "expected number of steps until absorption",
        "a mouse in a maze with traps, probability it reaches the cheese first",
        "a drunkard staggers between the bar and home, chance he gets home first",
    ];
    const ALIASES: &'static [&'static str] = &["absorption_probabilities", "absorbing_chain"];
    const EXAMPLE: &'static str = r#"{"transition": [[1, 0, 0, 0], ["1/2", 0, "1/2", 0], [0, "1/2", 0, "1/2"], [0, 0, 0, 1]]}"#;
    const EXPECTED: &'static str = r#"{"from": ["1", "2"], "absorbing": [["0"], ["3"]], "probabilities": [["2/3", "1/3"], ["1/3", "2/3"]], "expected_steps": ["2", "2"], "check": "(I − Q)·H = R and (I − Q)·t = 1 recomputed in exact arithmetic, with Q the transient part and R the one-step probabilities into each recurrent class"}"#;

    fn run(input: Chain<LARGE_CHAIN>, ctx: &Ctx) -> Result<Output, MathError> {
        let (p, names) = input.read()?;
        let a = markov::absorption(&p, false, &ctx.budget)?;
        let name = |s: &[usize]| s.iter().map(|&i| names[i].clone()).collect::<Vec<_>>();
        Ok(Output {
            from: name(&a.transient),
            absorbing: a.closed.iter().map(|c| name(c)).collect(),
            probabilities: a
                .probability
                .into_iter()
                .map(|r| r.into_iter().map(Rational).collect())
                .collect(),
            expected_steps: a.steps.into_iter().map(Rational).collect(),
            check: "(I − Q)·H = R and (I − Q)·t = 1 recomputed in exact arithmetic, with Q the transient part and R the one-step probabilities into each recurrent class".into(),
        })
    }
}
