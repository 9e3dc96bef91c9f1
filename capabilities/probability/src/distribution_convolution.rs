use crate::wire::{Pairs, pairs_out, table};
use hessian_kernels::Q;
use hessian_kernels::probability::finite::{self, Dist};
use hessian_op::prelude::*;
use hessian_op::wire::Value;

pub struct DistributionConvolution;

/// Most values of the sum's distribution (and of any partial sum).
const MAX_SUPPORT: usize = 100_000;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The distributions of independent variables, each `[value, probability]` pairs; 2 to 20 of them.
    pub distributions: List<Pairs, 20>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// `[total, probability]` of X₁ + X₂ + …, totals increasing.
    pub distribution: Vec<[Rational; 2]>,
    pub mean: Value,
    pub variance: Value,
    pub check: String,
}

impl Operation for DistributionConvolution {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "probability.distribution.convolution.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Distribution of a sum of independent random variables (convolution)";
    const SUMMARY: &'static str = "The exact distribution of X₁ + X₂ + … for independent discrete variables, each given as values with probabilities.";
    const DESCRIPTION: &'static str = "P(X + Y = t) = Σ P(X = x)·P(Y = t − x), every pair of values combined exactly, then the next variable. Checked: the mean, variance and third central moment (cumulants, which add over independent sums) equal the sums of the parts', and the probabilities sum to 1. At most 20 variables, 10,000 values each and 100,000 totals. Identical dice: probability.dice.sum_distribution.compute; n copies of one variable: probability.distribution.iid_sum.compute.";
    const KEYWORDS: &'static [&'static str] = &[
        "convolution",
        "sum of independent random variables",
        "distribution of a sum",
        "independent variables",
        "total of two random variables",
        "two independent spinners",
        "total of two independent outcomes",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "distribution of X + Y for independent X and Y",
        "convolve two discrete probability distributions",
        "total score distribution from two independent games",
    ];
    const ALIASES: &'static [&'static str] = &["convolve", "pmf convolution"];
    const EXAMPLE: &'static str =
        r#"{"distributions": [[[0, "1/2"], [1, "1/2"]], [[0, "1/3"], [2, "2/3"]]]}"#;
    const EXPECTED: &'static str = r#"{"distribution": [["0", "1/6"], ["1", "1/6"], ["2", "1/3"], ["3", "1/3"]], "mean": {"exact": "11/6", "decimal": "1.83333333333333"}, "variance": {"exact": "41/36", "decimal": "1.13888888888889"}, "check": "mean, variance and third central moment equal the sums of the parts' (cumulants add over independent sums); the probabilities sum to 1"}"#;

    // Long run: read each table, convolve in turn within the bound, check the cumulants.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let parts: Vec<Dist> = input
            .distributions
            .0
            .into_iter()
            .enumerate()
            .map(|(i, p)| table(p, &format!("distributions[{i}]")))
            .collect::<Result<_, _>>()?;
        if parts.len() < 2 {
            return Err(MathError::Input {
                path: "distributions".into(),
                message: "give at least two distributions".into(),
            });
        }
        let mut sum = parts[0].clone();
        for p in &parts[1..] {
            if sum.len().saturating_mul(p.len()) > MAX_SUPPORT * 64 {
                return Err(MathError::Limit(format!(
                    "{} × {} value pairs in one step; at most {}",
                    sum.len(),
                    p.len(),
                    MAX_SUPPORT * 64
                )));
            }
            sum = finite::convolve(&sum, p, &ctx.budget)?;
            if sum.len() > MAX_SUPPORT {
                return Err(MathError::Limit(format!("more than {MAX_SUPPORT} totals")));
            }
        }
        let weighted: Vec<(&[(Q, Q)], u32)> = parts.iter().map(|p| (p.as_slice(), 1)).collect();
        finite::check_sum(&weighted, &sum, &ctx.budget)?;
        let [mean, variance, _] = finite::cumulants(&sum, &ctx.budget)?;
        Ok(Output {
            distribution: pairs_out(sum),
            mean: Value::of(&mean),
            variance: Value::of(&variance),
            check: "mean, variance and third central moment equal the sums of the parts' (cumulants add over independent sums); the probabilities sum to 1".into(),
        })
    }
}
