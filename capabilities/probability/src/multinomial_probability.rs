use hessian_kernels::Q;
use hessian_kernels::probability::named;
use hessian_op::prelude::*;
use hessian_op::wire::Value;
use num_traits::{One, Zero};

pub struct MultinomialProbability;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// How many times each category occurs (n = their sum, at most 10,000); at most 100 categories.
    pub counts: List<Bounded<0, 10_000>, 100>,
    /// Each category's probability in one trial, summing to 1.
    pub p: List<Rational, 100>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub probability: Value,
    /// n!/(x₁!·…·xₖ!): the orderings of the outcome.
    pub coefficient: String,
    pub check: String,
}

impl Operation for MultinomialProbability {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "probability.multinomial.probability.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Multinomial probability of category counts";
    const SUMMARY: &'static str = "The exact probability that n independent trials with k possible outcomes give each outcome exactly the stated number of times.";
    const DESCRIPTION: &'static str = "P = n!/(x₁!·…·xₖ!)·p₁^x₁·…·pₖ^xₖ with n = Σxᵢ, exactly. Checked: the coefficient n!/Πxᵢ! equals the product of binomials Π C(n − x₁ − … − xᵢ₋₁, xᵢ), and the probabilities are checked to sum to 1. n ≤ 10,000, at most 100 categories and Σ xᵢ·log₂(denominator of pᵢ) ≤ 200,000.";
    const KEYWORDS: &'static [&'static str] = &[
        "multinomial",
        "multinomial distribution",
        "category counts",
        "each face exactly",
        "several outcomes",
        "how many times each face",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "probability of rolling each face of a die exactly twice in 12 rolls",
        "chance of 3 red, 2 green and 1 blue in 6 independent draws",
        "multinomial probability of these counts",
    ];
    const ALIASES: &'static [&'static str] = &["multinomial.pmf", "dmultinom"];
    const EXAMPLE: &'static str = r#"{"counts": [3, 2, 1], "p": ["1/2", "1/3", "1/6"]}"#;
    const EXPECTED: &'static str = r#"{"probability": {"exact": "5/36", "decimal": "0.138888888888889"}, "coefficient": "60", "check": "n!/Πxᵢ! equals the product of binomials Π C(n − x₁ − … − xᵢ₋₁, xᵢ); the probabilities sum to 1"}"#;

    // Long run: pair counts with probabilities, check they sum to 1, bound n, compute.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let xs: Vec<u64> = input.counts.0.iter().map(|b| b.0 as u64).collect();
        let ps: Vec<Q> = input.p.0.into_iter().map(|r| r.0).collect();
        if xs.len() != ps.len() || xs.is_empty() {
            return Err(MathError::Input {
                path: "p".into(),
                message: format!(
                    "{} probabilities for {} counts: give one per category",
                    ps.len(),
                    xs.len()
                ),
            });
        }
        let total = ps.iter().fold(Q::zero(), |s, p| s + p);
        if ps.iter().any(|p| p < &Q::zero()) || !total.is_one() {
            return Err(MathError::Input {
                path: "p".into(),
                message: format!(
                    "the probabilities must be ≥ 0 and sum to 1 (they sum to {total})"
                ),
            });
        }
        let n: u64 = xs.iter().sum();
        if n > 10_000 {
            return Err(MathError::Limit(format!("n = {n} trials; at most 10,000")));
        }
        // The probability's size: Σ xᵢ·log₂(denominator of pᵢ).
        let bits: u64 = xs.iter().zip(&ps).map(|(x, p)| x * p.denom().bits()).sum();
        if bits > 200_000 {
            return Err(MathError::Limit(format!(
                "Σ xᵢ·log₂(denominator of pᵢ) = {bits} bits; at most 200,000"
            )));
        }
        let (orderings, p) = named::multinomial(&xs, &ps, &ctx.budget)?;
        Ok(Output {
            probability: Value::of(&p),
            coefficient: orderings.to_string(),
            check: "n!/Πxᵢ! equals the product of binomials Π C(n − x₁ − … − xᵢ₋₁, xᵢ); the probabilities sum to 1".into(),
        })
    }
}
