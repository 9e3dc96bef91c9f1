use crate::negative_binomial_probability::{ASK_COUNTS, Counts, waiting};
use crate::wire::{Answer, event};
use hessian_op::prelude::*;
use hessian_op::wire::Value;

pub struct GeometricProbability;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Probability of success in one trial, in (0, 1].
    pub p: Rational,
    /// trials (X = 1, 2, …: the trial of the first success) or failures (X = 0, 1, …: failures before it). Asked when absent.
    #[serde(default)]
    pub counts: Option<Counts>,
    #[serde(default)]
    pub equal: Option<Bounded<0, 1_000_000>>,
    #[serde(default)]
    pub at_least: Option<Bounded<0, 1_000_000>>,
    #[serde(default)]
    pub at_most: Option<Bounded<0, 1_000_000>>,
}

impl Operation for GeometricProbability {
    type Input = Input;
    type Output = Answer;
    const ID: &'static str = "probability.geometric.probability.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Geometric probability: waiting for the first success";
    const SUMMARY: &'static str = "The exact probability that the first success of independent trials comes on, by, or after a given trial (or after a given number of failures).";
    const DESCRIPTION: &'static str = "Counting trials, P(X = k) = (1 − p)^(k−1)·p for k ≥ 1; counting failures, P(X = k) = (1 − p)^k·p for k ≥ 0 (asked which when `counts` is absent). The negative binomial with r = 1: terms summed exactly, an unbounded event by its complement, checked against P(F ≤ f) = P(Binomial(f + 1, p) ≥ 1) = 1 − (1 − p)^(f+1) from the binomial kernel. At most 10,000 terms.";
    const KEYWORDS: &'static [&'static str] = &[
        "geometric distribution",
        "first success",
        "waiting time",
        "number of trials until",
        "until the first six",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "probability the first six appears on the fourth roll",
        "chance it takes more than 10 tries to succeed with p = 0.2",
        "expected number of attempts until the first success",
    ];
    const ALIASES: &'static [&'static str] = &["geom", "dgeom", "pgeom"];
    const EXAMPLE: &'static str = r#"{"p": "1/6", "counts": "trials", "equal": 4}"#;
    const EXPECTED: &'static str = r#"{"event": "P(X = 4) with X the trial of the first success, p = 1/6", "probability": {"exact": "125/1296", "decimal": "0.0964506172839506"}, "mean": "6", "variance": "30", "check": "P(F ≤ f) = 1 − (1 − p)^(f+1) = P(Binomial(f + 1, p) ≥ 1) at the event's ends, from the binomial kernel"}"#;
    const PLAN: Plan<Input> = Plan::Static(ASK_COUNTS);

    // Long run: the convention, the event, the shared waiting-time kernel.
    fn run(input: Input, ctx: &Ctx) -> Result<Answer, MathError> {
        let counts = input.counts.ok_or_else(|| MathError::Input {
            path: "counts".into(),
            message: "is missing; choose trials or failures".into(),
        })?;
        let (low, high, text) = event(
            input.equal.map(|b| b.0),
            input.at_least.map(|b| b.0),
            input.at_most.map(|b| b.0),
        )?;
        let (probability, mean, variance) = waiting(1, &input.p.0, counts, (low, high), ctx)?;
        let what = if counts == Counts::Trials {
            "the trial of the first success"
        } else {
            "the failures before the first success"
        };
        Ok(Answer {
            event: format!("P({text}) with X {what}, p = {}", input.p.0),
            probability: Value::of(&probability),
            mean: Rational(mean),
            variance: Rational(variance),
            check: "P(F ≤ f) = 1 − (1 − p)^(f+1) = P(Binomial(f + 1, p) ≥ 1) at the event's ends, from the binomial kernel".into(),
        })
    }
}
