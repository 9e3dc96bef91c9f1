use crate::wire::{Pairs, pairs_out, table};
use hessian_kernels::Q;
use hessian_kernels::probability::finite;
use hessian_op::prelude::*;
use hessian_op::wire::Value;
use num_traits::{One, Zero};

pub struct DistributionCondition;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// `[value, probability]` pairs, probabilities summing to 1.
    pub distribution: Pairs,
    /// The event: X ≥ at_least …
    #[serde(default)]
    pub at_least: Option<Rational>,
    /// … and/or X ≤ at_most …
    #[serde(default)]
    pub at_most: Option<Rational>,
    /// … or X is one of these values.
    #[serde(default)]
    pub one_of: Option<List<Rational, 10_000>>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// `[value, P(X = value | event)]`.
    pub distribution: Vec<[Rational; 2]>,
    /// P(event).
    pub event_probability: Value,
    /// E[X | event].
    pub mean: Value,
    pub check: String,
}

impl Operation for DistributionCondition {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "probability.distribution.condition.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Conditional distribution of a discrete random variable given an event";
    const SUMMARY: &'static str = "The conditional distribution P(X = x | A) and conditional expectation of a finite distribution given an event A (a range of values or a set of values).";
    const DESCRIPTION: &'static str = "P(X = x | A) = P(X = x)/P(A) for x in A, exactly. The event is a range (at_least, at_most) or a set of values (one_of). Refused when P(A) = 0. Checked: the conditional probabilities sum to 1 and each times P(A) gives back the original. At most 10,000 values.";
    const KEYWORDS: &'static [&'static str] = &[
        "conditional distribution",
        "conditional probability",
        "given that",
        "conditional expectation",
        "truncated distribution",
        "knowing that",
        "updated chances of each outcome",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "distribution of the die roll given that it is even",
        "expected value of X given X is at least 3",
        "conditional probability of each outcome given the event",
    ];
    const ALIASES: &'static [&'static str] = &["P(X | A)", "E[X | A]"];
    const EXAMPLE: &'static str = r#"{"distribution": [[1, "1/6"], [2, "1/6"], [3, "1/6"], [4, "1/6"], [5, "1/6"], [6, "1/6"]], "one_of": [2, 4, 6]}"#;
    const EXPECTED: &'static str = r#"{"distribution": [["2", "1/3"], ["4", "1/3"], ["6", "1/3"]], "event_probability": {"exact": "1/2", "decimal": "0.5"}, "mean": {"exact": "4", "decimal": "4"}, "check": "the conditional probabilities sum to 1, and each times P(A) gives back P(X = x)"}"#;

    // Long run: read the event (range or set), restrict, rescale, check.
    fn run(input: Input, _ctx: &Ctx) -> Result<Output, MathError> {
        let d = table(input.distribution, "distribution")?;
        let set: Option<Vec<Q>> = input.one_of.map(|l| l.0.into_iter().map(|r| r.0).collect());
        let (low, high) = (input.at_least.map(|r| r.0), input.at_most.map(|r| r.0));
        if set.is_none() && low.is_none() && high.is_none() {
            return Err(MathError::Input {
                path: "at_least".into(),
                message: "give the event: at_least and/or at_most, or one_of".into(),
            });
        }
        let inside = |v: &Q| {
            set.as_ref().is_none_or(|s| s.contains(v))
                && low.as_ref().is_none_or(|a| v >= a)
                && high.as_ref().is_none_or(|b| v <= b)
        };
        let kept: Vec<(Q, Q)> = d.iter().filter(|(v, _)| inside(v)).cloned().collect();
        let pa = finite::total(&kept);
        if pa.is_zero() {
            return Err(MathError::Domain(
                "the event has probability 0: nothing to condition on".into(),
            ));
        }
        let conditional: Vec<(Q, Q)> = kept.iter().map(|(v, p)| (v.clone(), p / &pa)).collect();
        let back = conditional
            .iter()
            .zip(&kept)
            .all(|((_, c), (_, p))| c * &pa == *p);
        if !finite::total(&conditional).is_one() || !back {
            return Err(Stop::CheckFailed("the conditional distribution fails its check").into());
        }
        Ok(Output {
            mean: Value::of(&finite::mean(&conditional)),
            event_probability: Value::of(&pa),
            distribution: pairs_out(conditional),
            check:
                "the conditional probabilities sum to 1, and each times P(A) gives back P(X = x)"
                    .into(),
        })
    }
}
