use crate::wire::Alternative;
use hessian_kernels::Q;
use hessian_kernels::statistics::exact_test;
use hessian_op::prelude::*;
use hessian_op::wire::Value;

pub struct BinomialTest;

/// Most bits of one null probability's numerator (n·log₂ b for p = a/b).
const MAX_BITS: u64 = 4_000_000;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Successes observed, k ≤ trials.
    pub successes: Bounded<0, 100_000>,
    /// Independent trials, n (at most 100,000).
    pub trials: Bounded<1, 100_000>,
    /// The success probability under the null hypothesis, 0 ≤ p ≤ 1 (default 1/2).
    #[serde(default)]
    pub p: Option<Rational>,
    /// two_sided (default), greater (more successes than p predicts) or less.
    #[serde(default)]
    pub alternative: Alternative,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub null_hypothesis: String,
    pub alternative: Alternative,
    /// The exact p-value and its decimal.
    pub p_value: Value,
    /// The observed proportion k/n.
    pub proportion: Rational,
    pub check: String,
}

impl Operation for BinomialTest {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "statistics.binomial_test.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Exact binomial test: p-value of k successes in n trials";
    const SUMMARY: &'static str = "The exact p-value of observing k successes in n trials if the success probability is p (is this coin fair?), as a rational.";
    const DESCRIPTION: &'static str = "X ~ Binomial(n, p) under the null. greater: P(X ≥ k); less: P(X ≤ k); two_sided: the sum of P(X = i) over every i no more likely than k (the minlike rule of R's binom.test and SciPy's binomtest, decided here by exact comparison instead of their 10⁻⁷ tolerance). Probabilities are integers over bⁿ for p = a/b. Checked: all n + 1 numerators sum to bⁿ. n ≤ 100,000 and n·log₂ b ≤ 4,000,000.";
    const KEYWORDS: &'static [&'static str] = &[
        "binomial test",
        "exact test",
        "p-value",
        "hypothesis test",
        "is the coin fair",
        "significance",
        "sign test",
        "proportion test",
        "successes in trials",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "is a coin fair if it shows 60 heads in 100 flips",
        "exact p-value for 7 successes out of 10 trials",
        "binomial test of a proportion against 1/2",
        "test whether the success rate differs from 0.3",
        "I got 14 heads in 20 tosses, is that suspicious",
        "is my die loaded if a six came up 10 times in 30 rolls",
    ];
    const ALIASES: &'static [&'static str] = &["binom.test", "binomtest", "binom_test"];
    const EXAMPLE: &'static str =
        r#"{"successes": 60, "trials": 100, "p": "1/2", "alternative": "two_sided"}"#;
    const EXPECTED: &'static str = r#"{"null_hypothesis": "X ~ Binomial(100, 1/2); observed X = 60", "alternative": "two_sided", "p_value": {"exact": "4507126451608311512292345325/79228162514264337593543950336", "decimal": "0.0568879336409808"}, "proportion": "3/5", "check": "the n + 1 null probabilities sum to 1 exactly"}"#;

    // Long run: k ≤ n, p a probability and the term size are checked before the kernel.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (k, n) = (input.successes.0 as u32, input.trials.0 as u32);
        if k > n {
            return Err(MathError::Input {
                path: "successes".into(),
                message: format!("{k} is more than the {n} trials"),
            });
        }
        let p = input.p.map_or_else(|| Q::new(1.into(), 2.into()), |r| r.0);
        if p < Q::from_integer(0.into()) || p > Q::from_integer(1.into()) {
            return Err(MathError::Input {
                path: "p".into(),
                message: format!("{p} is not a probability (0 ≤ p ≤ 1)"),
            });
        }
        let bits = u64::from(n) * p.denom().bits();
        if bits > MAX_BITS {
            return Err(MathError::Limit(format!(
                "n·log₂(denominator of p) = {bits} bits per probability, at most {MAX_BITS}"
            )));
        }
        let tails = exact_test::binomial(k, n, &p, &ctx.budget)?;
        Ok(Output {
            null_hypothesis: format!("X ~ Binomial({n}, {p}); observed X = {k}"),
            alternative: input.alternative,
            p_value: Value::of(&input.alternative.pick(tails)),
            proportion: Rational(Q::new(k.into(), n.into())),
            check: "the n + 1 null probabilities sum to 1 exactly".into(),
        })
    }
}
