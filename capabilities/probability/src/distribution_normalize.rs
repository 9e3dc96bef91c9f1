use crate::wire::{Pairs, pairs_out, weights};
use hessian_kernels::Q;
use hessian_kernels::probability::finite;
use hessian_op::prelude::*;
use num_traits::One;

pub struct DistributionNormalize;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// `[value, weight]` pairs: weights ≥ 0 in any scale (counts, odds, percentages), not all 0; repeated values are merged.
    pub weights: Pairs,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// `[value, probability]`, values increasing, probabilities summing to 1.
    pub distribution: Vec<[Rational; 2]>,
    pub total_weight: Rational,
    pub check: String,
}

impl Operation for DistributionNormalize {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "probability.distribution.normalize.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Normalize weights into a probability distribution";
    const SUMMARY: &'static str = "Turns counts, odds or weights on values into exact probabilities that sum to 1 (merging repeated values).";
    const DESCRIPTION: &'static str = "Each value's probability is its weight over the total weight, in exact rationals; repeated values are merged and zero weights dropped. Checked: the probabilities sum to exactly 1. At most 10,000 pairs.";
    const KEYWORDS: &'static [&'static str] = &[
        "normalize",
        "normalise",
        "probability distribution",
        "weights to probabilities",
        "relative frequencies",
        "odds",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "turn these counts into probabilities",
        "normalize weights so they sum to one",
        "relative frequency of each outcome from tallies",
    ];
    const ALIASES: &'static [&'static str] = &["normalize", "relative_frequencies"];
    const EXAMPLE: &'static str = r#"{"weights": [[1, 3], [2, 5], [3, 2]]}"#;
    const EXPECTED: &'static str = r#"{"distribution": [["1", "3/10"], ["2", "1/2"], ["3", "1/5"]], "total_weight": "10", "check": "the probabilities sum to exactly 1"}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Output, MathError> {
        let (d, total) = weights(input.weights, "weights")?;
        let scaled: Vec<(Q, Q)> = d.into_iter().map(|(v, w)| (v, w / &total)).collect();
        if !finite::total(&scaled).is_one() {
            return Err(Stop::CheckFailed("normalized probabilities do not sum to 1").into());
        }
        Ok(Output {
            distribution: pairs_out(scaled),
            total_weight: Rational(total),
            check: "the probabilities sum to exactly 1".into(),
        })
    }
}
