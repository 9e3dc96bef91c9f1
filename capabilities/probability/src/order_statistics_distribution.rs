use crate::wire::{Pairs, pairs_out, table};
use hessian_kernels::probability::{finite, order};
use hessian_op::prelude::*;
use hessian_op::wire::Value;

pub struct OrderStatisticsDistribution;

/// Most (support size × draws): one binomial law of n + 1 terms per value.
const MAX_WORK: usize = 200_000;

/// Most bits of one binomial term, n·log₂ b for F(x) = a/b.
const MAX_BITS: u64 = 1_000_000;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The distribution drawn from, as `[value, probability]` pairs summing to 1.
    pub distribution: Pairs,
    /// Independent draws, n (at most 10,000).
    pub draws: Bounded<1, 10_000>,
    /// Which order statistic: the k-th smallest, 1 ≤ k ≤ n (1 = minimum, n = maximum).
    pub k: Bounded<1, 10_000>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// `[value, P(X₍ₖ₎ = value)]`.
    pub distribution: Vec<[Rational; 2]>,
    pub mean: Value,
    pub check: String,
}

impl Operation for OrderStatisticsDistribution {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "probability.order_statistics.distribution.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Distribution of the k-th smallest, the maximum or the minimum of n draws";
    const SUMMARY: &'static str = "The exact distribution of an order statistic — the maximum, minimum, median or k-th smallest of n independent draws from a finite distribution (highest of three dice).";
    const DESCRIPTION: &'static str = "X₍ₖ₎ ≤ x exactly when at least k of the n draws are ≤ x, so P(X₍ₖ₎ ≤ x) = P(Binomial(n, F(x)) ≥ k) with F the distribution's CDF, in exact rationals. Checked at every value: the binomial law at F(x) sums to 1 and has mean n·F(x), the identity Σₖ P(X₍ₖ₎ ≤ x) = n·F(x). Draws at most 10,000, (values × draws) at most 200,000, and draws × log₂(denominator of each P(X ≤ x)) at most 1,000,000.";
    const KEYWORDS: &'static [&'static str] = &[
        "order statistics",
        "maximum of dice",
        "minimum of draws",
        "highest roll",
        "lowest roll",
        "k-th smallest",
        "sample maximum",
        "largest of n",
        "best of three",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "distribution of the highest of three dice",
        "probability the minimum of two rolls is 2",
        "expected maximum of 4 draws from this distribution",
        "pmf of the second smallest of five draws",
        "roll three dice and keep the highest, what are the odds for each value",
    ];
    const ALIASES: &'static [&'static str] = &["max of n", "order_statistic"];
    const EXAMPLE: &'static str = r#"{"distribution": [[1, "1/6"], [2, "1/6"], [3, "1/6"], [4, "1/6"], [5, "1/6"], [6, "1/6"]], "draws": 3, "k": 3}"#;
    const EXPECTED: &'static str = r#"{"distribution": [["1", "1/216"], ["2", "7/216"], ["3", "19/216"], ["4", "37/216"], ["5", "61/216"], ["6", "91/216"]], "mean": {"exact": "119/24", "decimal": "4.95833333333333"}, "check": "at every value the binomial law at F(x) sums to 1 with mean n·F(x) (Σₖ P(X₍ₖ₎ ≤ x) = n·F(x))"}"#;

    // Long run: k, the work and each term's size bounded before the kernel.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let d = table(input.distribution, "distribution")?;
        let (n, k) = (input.draws.0 as u32, input.k.0 as u32);
        if k > n {
            return Err(MathError::Input {
                path: "k".into(),
                message: format!("{k} is more than the {n} draws"),
            });
        }
        if d.len() * n as usize > MAX_WORK {
            return Err(MathError::Limit(format!(
                "{} values × {n} draws, at most {MAX_WORK}",
                d.len()
            )));
        }
        // Each binomial term has about n·log₂(denominator of F(x)) bits.
        let mut cdf = hessian_kernels::Q::from_integer(0.into());
        for (_, p) in &d {
            cdf += p;
            let bits = u64::from(n) * cdf.denom().bits();
            if bits > MAX_BITS {
                return Err(MathError::Limit(format!(
                    "draws × log₂(denominator of P(X ≤ x)) = {bits} bits per term, at most {MAX_BITS}"
                )));
            }
        }
        let out = order::kth_smallest(&d, n, k, &ctx.budget)?;
        Ok(Output {
            mean: Value::of(&finite::mean(&out)),
            distribution: pairs_out(out),
            check: "at every value the binomial law at F(x) sums to 1 with mean n·F(x) (Σₖ P(X₍ₖ₎ ≤ x) = n·F(x))".into(),
        })
    }
}
