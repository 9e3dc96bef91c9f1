use crate::wire::{Chain, LARGE_CHAIN};
use hessian_kernels::probability::markov;
use hessian_op::prelude::*;

pub struct MarkovChainClassify;

#[derive(Serialize, JsonSchema)]
pub struct ClassOut {
    pub states: Vec<String>,
    /// No transition leaves the class (its states are recurrent); else transient.
    pub recurrent: bool,
    /// gcd of the lengths of the class's return paths; absent for a
    /// single state that is never revisited.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub period: Option<usize>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Communicating classes, recurrent ones first.
    pub classes: Vec<ClassOut>,
    /// One class holds every state.
    pub irreducible: bool,
    /// Irreducible with period 1: a unique limiting distribution.
    pub ergodic: bool,
    /// States that never leave (P(i, i) = 1).
    pub absorbing_states: Vec<String>,
    pub check: String,
}

impl Operation for MarkovChainClassify {
    type Input = Chain<LARGE_CHAIN>;
    type Output = Output;
    const ID: &'static str = "probability.markov_chain.classify.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str =
        "Classify a Markov chain's states: communicating classes, recurrent or transient, periods";
    const SUMMARY: &'static str = "Splits a finite Markov chain into communicating classes, says which are recurrent (closed) and which transient, gives each class's period, and whether the chain is irreducible, ergodic or absorbing.";
    const DESCRIPTION: &'static str = "The classes are the strongly connected components of the graph with an arrow i → j wherever P(i, j) > 0; a class is recurrent exactly when no arrow leaves it (finite chains). A class's period is the gcd over its arrows u → v of level(u) + 1 − level(v), with breadth-first levels from one of its states. The input is checked to be stochastic (non-negative, every row summing to exactly 1); the classification follows from the graph by definition. At most 500 states.";
    const KEYWORDS: &'static [&'static str] = &[
        "markov chain",
        "communicating classes",
        "recurrent",
        "transient",
        "period",
        "irreducible",
        "ergodic",
        "absorbing state",
        "classify states",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "which states of this markov chain are transient and which recurrent",
        "is this markov chain irreducible and aperiodic",
        "period of each state of a transition matrix",
        "find the communicating classes of the chain",
    ];
    const ALIASES: &'static [&'static str] = &["markov_classify"];
    const EXAMPLE: &'static str = r#"{"transition": [["1/2", "1/2", 0, 0], [0, 0, 1, 0], [0, 1, 0, 0], [0, 0, "1/3", "2/3"]], "states": ["a", "b", "c", "d"]}"#;
    const EXPECTED: &'static str = r#"{"classes": [{"states": ["b", "c"], "recurrent": true, "period": 2}, {"states": ["a"], "recurrent": false, "period": 1}, {"states": ["d"], "recurrent": false, "period": 1}], "irreducible": false, "ergodic": false, "absorbing_states": [], "check": "the matrix is stochastic; classes are the strongly connected components of its positive entries, recurrent exactly when closed"}"#;

    // Long run: read the chain, name its classes and absorbing states.
    fn run(input: Chain<LARGE_CHAIN>, _ctx: &Ctx) -> Result<Output, MathError> {
        let (p, names) = input.read()?;
        let classes = markov::classes(&p);
        let name = |s: &[usize]| s.iter().map(|&i| names[i].clone()).collect::<Vec<_>>();
        let n = p.rows();
        let absorbing_states = (0..n)
            .filter(|&i| p[(i, i)] == hessian_kernels::Q::from_integer(1.into()))
            .map(|i| names[i].clone())
            .collect();
        let irreducible = classes.len() == 1;
        Ok(Output {
            irreducible,
            ergodic: irreducible && classes[0].period == 1,
            classes: classes
                .iter()
                .map(|c| ClassOut {
                    states: name(&c.states),
                    recurrent: c.closed,
                    period: (c.period > 0).then_some(c.period),
                })
                .collect(),
            absorbing_states,
            check: "the matrix is stochastic; classes are the strongly connected components of its positive entries, recurrent exactly when closed".into(),
        })
    }
}
