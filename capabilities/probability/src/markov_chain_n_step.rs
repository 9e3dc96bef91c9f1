use crate::wire::Chain;
use hessian_kernels::Q;
use hessian_kernels::linalg::power;
use hessian_kernels::probability::markov;
use hessian_op::prelude::*;
use hessian_op::wire::{SquareMatrix, rows_of};
use num_traits::{One, Zero};

pub struct MarkovChainNStep;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Row i holds the probabilities of moving from state i to each state (exact rationals, rows summing to 1); at most 200 states.
    pub transition: SquareMatrix<Rational, 200>,
    /// Names of the states, in order (default 0, 1, 2, …).
    #[serde(default)]
    pub states: Option<List<String, 200>>,
    /// The number of steps n (0 to 1,000,000).
    pub steps: Bounded<0, 1_000_000>,
    /// Also the distribution after n steps from this starting distribution (one probability per state, summing to 1).
    #[serde(default)]
    pub initial: Option<List<Rational, 200>>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Pⁿ: entry (i, j) is the probability of being in state j after n steps from state i.
    pub matrix: Vec<Vec<Rational>>,
    pub states: Vec<String>,
    /// initial·Pⁿ, when `initial` was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distribution: Option<Vec<Rational>>,
    pub check: String,
}

impl Operation for MarkovChainNStep {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "probability.markov_chain.n_step.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "n-step transition probabilities of a Markov chain (Pⁿ), exactly";
    const SUMMARY: &'static str = "The exact n-step transition matrix Pⁿ of a finite Markov chain, and the distribution after n steps from a starting distribution.";
    const DESCRIPTION: &'static str = "Pⁿ by repeated squaring over the integers (P = M/d, Pⁿ = Mⁿ/dⁿ, reduced once); refused with limit_exceeded when an entry would pass 2¹⁸ bits. Checked: every row of Pⁿ sums to 1, and Pⁿ agrees entry by entry with (d·P)ⁿ/dⁿ computed separately by square-and-multiply modulo the prime 2⁶¹ − 1. At most 200 states and 10⁶ steps.";
    const KEYWORDS: &'static [&'static str] = &[
        "n-step transition",
        "transition matrix power",
        "P^n",
        "after n steps",
        "chapman kolmogorov",
        "markov chain",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "probability of being in state 2 after 5 steps starting from state 0",
        "two step transition matrix of this markov chain",
        "distribution of the chain after 10 steps from this start",
    ];
    const ALIASES: &'static [&'static str] = &["matrix_power(P, n)", "P^n"];
    const EXAMPLE: &'static str =
        r#"{"transition": [["1/2", "1/2"], ["1/4", "3/4"]], "steps": 3, "initial": [1, 0]}"#;
    const EXPECTED: &'static str = r#"{"matrix": [["11/32", "21/32"], ["21/64", "43/64"]], "states": ["0", "1"], "distribution": ["11/32", "21/32"], "check": "every row of Pⁿ sums to 1, and each entry agrees with (d·P)ⁿ/dⁿ computed separately modulo 2⁶¹ − 1"}"#;

    // Long run: read, power (or refuse), check rows and Freivalds, then the start.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (p, names) = Chain {
            transition: input.transition,
            states: input.states,
        }
        .read()?;
        let n = p.rows();
        let pn = match power(&p, input.steps.0, &ctx.budget)? {
            Ok(Some(m)) => m,
            Ok(None) => {
                return Err(Stop::CheckFailed("a non-negative power of P was refused").into());
            }
            Err(bits) => {
                return Err(MathError::Limit(format!(
                    "Pⁿ would hold entries of {bits} bits; at most 2^18"
                )));
            }
        };
        let rows_sum = (0..n).all(|i| pn.row(i).iter().fold(Q::zero(), |s, x| s + x).is_one());
        if !rows_sum {
            return Err(Stop::CheckFailed("a row of Pⁿ does not sum to 1").into());
        }
        markov::check_power(&p, input.steps.0 as u64, &pn, &ctx.budget)?;
        let distribution = match input.initial {
            None => None,
            Some(init) => {
                let x: Vec<Q> = init.0.into_iter().map(|r| r.0).collect();
                let total = x.iter().fold(Q::zero(), |s, a| s + a);
                if x.len() != n || !total.is_one() || x.iter().any(|a| a < &Q::zero()) {
                    return Err(MathError::Input {
                        path: "initial".into(),
                        message: format!(
                            "give {n} probabilities ≥ 0 summing to 1 (got {} summing to {total})",
                            x.len()
                        ),
                    });
                }
                Some(
                    (0..n)
                        .map(|j| Rational((0..n).fold(Q::zero(), |s, i| s + &x[i] * &pn[(i, j)])))
                        .collect(),
                )
            }
        };
        Ok(Output {
            matrix: rows_of(pn),
            states: names,
            distribution,
            check:
                "every row of Pⁿ sums to 1, and each entry agrees with (d·P)ⁿ/dⁿ computed separately modulo 2⁶¹ − 1"
                    .into(),
        })
    }
}
