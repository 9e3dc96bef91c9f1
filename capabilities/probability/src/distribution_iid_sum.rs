use crate::wire::{Pairs, pairs_out, table};
use hessian_kernels::Q;
use hessian_kernels::probability::finite;
use hessian_op::prelude::*;
use hessian_op::wire::Value;

pub struct DistributionIidSum;

/// Most values of the sum's distribution (and of the squarings on the way).
const MAX_SUPPORT: usize = 100_000;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// One variable's distribution: `[value, probability]` pairs.
    pub distribution: Pairs,
    /// How many independent copies are added (1 to 10,000).
    pub n: Bounded<1, 10_000>,
    /// Also give P(at_least ≤ sum ≤ at_most) when either is given.
    #[serde(default)]
    pub at_least: Option<Rational>,
    #[serde(default)]
    pub at_most: Option<Rational>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// `[total, probability]`, totals increasing.
    pub distribution: Vec<[Rational; 2]>,
    pub mean: Value,
    pub variance: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub probability: Option<Value>,
    pub check: String,
}

impl Operation for DistributionIidSum {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "probability.distribution.iid_sum.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Distribution of the sum of n independent copies of a random variable";
    const SUMMARY: &'static str = "The exact distribution of X₁ + … + Xₙ for n independent, identically distributed discrete variables (n-fold convolution), and the probability of a range of totals.";
    const DESCRIPTION: &'static str = "The n-fold convolution by repeated squaring (log₂ n convolutions), exactly over the rationals. Checked: the first three cumulants are n times the variable's, and the probabilities sum to 1. At most 10,000 copies, 100,000 totals and 6,400,000 value pairs in one convolution step (a fair coin: up to about 5,000 copies).";
    const KEYWORDS: &'static [&'static str] = &[
        "sum of n independent",
        "iid sum",
        "n-fold convolution",
        "total of repeated trials",
        "sum of identically distributed",
        "random walk position",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "distribution of the total winnings after 10 independent plays",
        "sum of 20 independent copies of this random variable",
        "probability the total of 5 spins is at least 12",
    ];
    const ALIASES: &'static [&'static str] = &["convolution power", "n-fold convolution"];
    const EXAMPLE: &'static str =
        r#"{"distribution": [[-1, "1/2"], [1, "1/2"]], "n": 4, "at_least": 2}"#;
    const EXPECTED: &'static str = r#"{"distribution": [["-4", "1/16"], ["-2", "1/4"], ["0", "3/8"], ["2", "1/4"], ["4", "1/16"]], "mean": {"exact": "0", "decimal": "0"}, "variance": {"exact": "4", "decimal": "4"}, "probability": {"exact": "5/16", "decimal": "0.3125"}, "check": "mean, variance and third central moment are 4 times the variable's (cumulants add); the probabilities sum to 1"}"#;

    // Long run: power the table, check the cumulants, then the asked range.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let d = table(input.distribution, "distribution")?;
        let n = input.n.0 as u32;
        let sum = finite::iid_sum(&d, n, MAX_SUPPORT, &ctx.budget)?.ok_or_else(|| {
            MathError::Limit(format!("a table of the sum would pass {MAX_SUPPORT} values, or one squaring step {} value pairs", MAX_SUPPORT * 64))
        })?;
        finite::check_sum(&[(&d, n)], &sum, &ctx.budget)?;
        let [mean, variance, _] = finite::cumulants(&sum, &ctx.budget)?;
        let probability = (input.at_least.is_some() || input.at_most.is_some()).then(|| {
            let inside = |v: &Q| {
                input.at_least.as_ref().is_none_or(|a| v >= &a.0)
                    && input.at_most.as_ref().is_none_or(|b| v <= &b.0)
            };
            Value::of(
                &sum.iter()
                    .filter(|(v, _)| inside(v))
                    .fold(Q::from_integer(0.into()), |s, (_, p)| s + p),
            )
        });
        Ok(Output {
            distribution: pairs_out(sum),
            mean: Value::of(&mean),
            variance: Value::of(&variance),
            probability,
            check: format!(
                "mean, variance and third central moment are {n} times the variable's (cumulants add); the probabilities sum to 1"
            ),
        })
    }
}
