use crate::wire::event;
use hessian_kernels::Q;
use hessian_kernels::probability::named;
use hessian_op::prelude::*;
use hessian_op::wire::Value;
use num_traits::{One, Zero};

pub struct PoissonBinomialProbability;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Each independent trial's probability of success (rationals in [0, 1]); at most 1,000 trials.
    pub p: List<Rational, 1000>,
    #[serde(default)]
    pub equal: Option<Bounded<0, 1000>>,
    #[serde(default)]
    pub at_least: Option<Bounded<0, 1000>>,
    #[serde(default)]
    pub at_most: Option<Bounded<0, 1000>>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub event: String,
    pub probability: Value,
    /// P(S = k) for k = 0, 1, …, n.
    pub distribution: Vec<Rational>,
    /// Σpᵢ and Σpᵢ(1 − pᵢ).
    pub mean: Rational,
    pub variance: Rational,
    pub check: String,
}

impl Operation for PoissonBinomialProbability {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "probability.poisson_binomial.probability.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Poisson binomial probability: successes in independent trials with different probabilities";
    const SUMMARY: &'static str = "The exact distribution of the number of successes when each independent trial has its own success probability, and the probability of a count or range.";
    const DESCRIPTION: &'static str = "P(S = k) is the coefficient of xᵏ in Π(1 − pᵢ + pᵢ·x), built one trial at a time in exact rationals. Checked: the polynomial at x = 1 and x = 2 equals the product evaluated directly. At most 1,000 trials whose denominators have at most 50,000 bits together.";
    const KEYWORDS: &'static [&'static str] = &[
        "poisson binomial",
        "different probabilities",
        "independent events with different chances",
        "number of successes",
        "at least one of several events",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "probability that at least 2 of 3 independent events happen with chances 0.5, 0.6 and 0.9",
        "three shooters hit with probabilities 1/2, 2/3, 3/4: chance exactly two hit",
        "number of successes when each trial has its own probability",
    ];
    const ALIASES: &'static [&'static str] = &["poibin"];
    const EXAMPLE: &'static str = r#"{"p": ["1/2", "2/3", "3/4"], "equal": 2}"#;
    const EXPECTED: &'static str = r#"{"event": "P(X = 2) with X the successes in 3 independent trials", "probability": {"exact": "11/24", "decimal": "0.458333333333333"}, "distribution": ["1/24", "1/4", "11/24", "1/4"], "mean": "23/12", "variance": "95/144", "check": "Π(1 − pᵢ + pᵢ·x) at x = 1 and x = 2 equals the distribution's polynomial there"}"#;

    // Long run: check each p, the event, the product polynomial, the event's sum.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let ps: Vec<Q> = input.p.0.into_iter().map(|r| r.0).collect();
        if let Some(i) = ps.iter().position(|p| p < &Q::zero() || p > &Q::one()) {
            return Err(MathError::Input {
                path: format!("p[{i}]"),
                message: format!("{} is not a probability in [0, 1]", ps[i]),
            });
        }
        let (low, high, text) = event(
            input.equal.map(|b| b.0),
            input.at_least.map(|b| b.0),
            input.at_most.map(|b| b.0),
        )?;
        // The coefficients' denominators divide the product of the pᵢ's.
        let bits: u64 = ps.iter().map(|p| p.denom().bits()).sum();
        if bits > 50_000 {
            return Err(MathError::Limit(format!(
                "the probabilities' denominators have {bits} bits together; at most 50,000"
            )));
        }
        let dist = named::poisson_binomial(&ps, &ctx.budget)?;
        let probability = dist
            .iter()
            .enumerate()
            .filter(|(k, _)| *k as i64 >= low && high.is_none_or(|h| *k as i64 <= h))
            .fold(Q::zero(), |s, (_, p)| s + p);
        Ok(Output {
            event: format!(
                "P({text}) with X the successes in {} independent trials",
                ps.len()
            ),
            probability: Value::of(&probability),
            mean: Rational(ps.iter().fold(Q::zero(), |s, p| s + p)),
            variance: Rational(ps.iter().fold(Q::zero(), |s, p| s + p * (Q::one() - p))),
            distribution: dist.into_iter().map(Rational).collect(),
            check: "Π(1 − pᵢ + pᵢ·x) at x = 1 and x = 2 equals the distribution's polynomial there"
                .into(),
        })
    }
}
