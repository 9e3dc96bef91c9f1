use crate::wire::{Answer, event};
use hessian_kernels::Q;
use hessian_op::prelude::*;
use hessian_op::wire::Value;

pub struct DiscreteUniformProbability;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The smallest value a.
    pub low: Bounded<-1_000_000_000_000, 1_000_000_000_000>,
    /// The largest value b ≥ a; every integer in a..=b equally likely.
    pub high: Bounded<-1_000_000_000_000, 1_000_000_000_000>,
    #[serde(default)]
    pub equal: Option<Bounded<-1_000_000_000_000, 1_000_000_000_000>>,
    #[serde(default)]
    pub at_least: Option<Bounded<-1_000_000_000_000, 1_000_000_000_000>>,
    #[serde(default)]
    pub at_most: Option<Bounded<-1_000_000_000_000, 1_000_000_000_000>>,
}

impl Operation for DiscreteUniformProbability {
    type Input = Input;
    type Output = Answer;
    const ID: &'static str = "probability.discrete_uniform.probability.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Discrete uniform probability: a random integer between a and b";
    const SUMMARY: &'static str = "The exact probability that an integer chosen uniformly from a..b equals a value or lies in a range, with its mean and variance.";
    const DESCRIPTION: &'static str = "Each of the m = b − a + 1 integers has probability 1/m; an event's probability is the number of its integers in a..b over m. Checked: the count of the range equals F(high) − F(low − 1) from the CDF ⌊x − a + 1⌋/m clamped to [0, 1]. Values within ±10¹².";
    const KEYWORDS: &'static [&'static str] = &[
        "discrete uniform",
        "discrete uniform distribution",
        "random integer",
        "equally likely integers",
        "uniform random number",
        "pick a number",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "a random integer from 1 to 100: probability it is at least 90",
        "pick a number between 1 and 50 at random, chance it is at most 12",
        "mean and variance of a uniformly random integer between 5 and 15",
    ];
    const ALIASES: &'static [&'static str] = &["randint", "randi", "RANDBETWEEN"];
    const EXAMPLE: &'static str = r#"{"low": 1, "high": 100, "at_least": 90}"#;
    const EXPECTED: &'static str = r#"{"event": "P(X ≥ 90) with X uniform on 1..100", "probability": {"exact": "11/100", "decimal": "0.11"}, "mean": "101/2", "variance": "3333/4", "check": "the event's count of integers equals F(high) − F(low − 1) from the CDF"}"#;

    // Long run: check the range, clamp the event, count it twice (directly and by the CDF).
    fn run(input: Input, _ctx: &Ctx) -> Result<Answer, MathError> {
        let (a, b) = (i128::from(input.low.0), i128::from(input.high.0));
        if b < a {
            return Err(MathError::Input {
                path: "high".into(),
                message: format!("{b} is below low = {a}"),
            });
        }
        let (low, high, text) = event(
            input.equal.map(|v| v.0),
            input.at_least.map(|v| v.0),
            input.at_most.map(|v| v.0),
        )?;
        let (lo, hi) = (i128::from(low).max(a), high.map_or(b, i128::from).min(b));
        let count = (hi - lo + 1).max(0);
        let m = b - a + 1;
        let cdf = |x: i128| (x - a + 1).clamp(0, m);
        let by_cdf = if hi < lo { 0 } else { cdf(hi) - cdf(lo - 1) };
        if by_cdf != count {
            return Err(Stop::CheckFailed("the range's count disagrees with the CDF").into());
        }
        let q = |n: i128| Q::from_integer(n.into());
        Ok(Answer {
            event: format!("P({text}) with X uniform on {a}..{b}"),
            probability: Value::of(&(q(count) / q(m))),
            mean: Rational(q(a + b) / q(2)),
            variance: Rational((q(m) * q(m) - q(1)) / q(12)),
            check: "the event's count of integers equals F(high) − F(low − 1) from the CDF".into(),
        })
    }
}
