use hessian_kernels::Q;
use hessian_kernels::probability::binomial;
use hessian_op::prelude::*;
use hessian_op::wire::Value;
use num_traits::{One, Zero};

pub struct BinomialProbability;

/// Most bits of one term's numerator (n·log₂ b).
const MAX_BITS: u64 = 4_000_000;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Number of independent trials n (at most 10,000).
    pub trials: Bounded<0, 10_000>,
    /// Probability of success in one trial, a rational in [0, 1] ("1/6", 0.3).
    pub p: Rational,
    /// Exactly this many successes.
    #[serde(default)]
    pub equal: Option<Bounded<0, 10_000>>,
    /// At least this many successes.
    #[serde(default)]
    pub at_least: Option<Bounded<0, 10_000>>,
    /// At most this many successes (with at_least: the range).
    #[serde(default)]
    pub at_most: Option<Bounded<0, 10_000>>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The event, e.g. "P(X ≥ 3)" with X ~ Binomial(10, 1/6).
    pub event: String,
    pub probability: Value,
    /// n·p and n·p·(1 − p).
    pub mean: Rational,
    pub variance: Rational,
    pub check: String,
}

impl Operation for BinomialProbability {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "probability.binomial.probability.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Binomial probability: exactly, at least or at most k successes in n trials";
    const SUMMARY: &'static str = "The exact probability that a Binomial(n, p) count equals k or lies in a range (at least, at most, between), with its decimal.";
    const DESCRIPTION: &'static str = "P(X = k) = C(n, k)·p^k·(1 − p)^(n−k) with p = a/b exact: every term's numerator C(n, k)·a^k·(b − a)^(n−k) is an integer over b^n, each from the last by one multiplication and one exact division, and the event's terms are added. Checked: the event's terms and the rest's sum to b^n (the binomial theorem). Bounds: n ≤ 10,000 and n·log₂(b) ≤ 4,000,000 (the size of one term).";
    const KEYWORDS: &'static [&'static str] = &[
        "binomial",
        "binomial distribution",
        "binomial probability",
        "successes in trials",
        "bernoulli trials",
        "at least k successes",
        "coin flips",
        "probability",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "probability of at least 3 sixes in 10 rolls",
        "probability of exactly 5 heads in 10 coin flips",
        "chance that at most 2 of 20 items are defective if each is with probability 0.05",
        "probability of getting between 40 and 60 heads in 100 tosses",
        "if a free throw goes in 70% of the time what is the chance of making 8 of 10",
    ];
    const ALIASES: &'static [&'static str] = &["binom_pmf", "binomial_cdf", "dbinom", "pbinom"];
    const EXAMPLE: &'static str = r#"{"trials": 10, "p": "1/6", "at_least": 3}"#;
    const EXPECTED: &'static str = r#"{"event": "P(X ≥ 3) with X ~ Binomial(10, 1/6)", "probability": {"exact": "566299/2519424", "decimal": "0.224773202128741"}, "mean": "5/3", "variance": "25/18", "check": "all 11 terms C(n, k)·p^k·(1 − p)^(n−k), computed as integers over the common denominator, sum to 1: the event's and the rest's"}"#;

    // Long run: check p, read the event, sum its terms.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (n, p) = (input.trials.0 as u32, input.p.0);
        if p < Q::zero() || p > Q::one() {
            return Err(MathError::Input {
                path: "p".into(),
                message: format!("{p} is not a probability: give a rational in [0, 1]"),
            });
        }
        let (low, high, event) = match (input.equal, input.at_least, input.at_most) {
            (Some(k), None, None) => (k.0, k.0, format!("P(X = {})", k.0)),
            (None, Some(a), None) => (a.0, n as i64, format!("P(X ≥ {})", a.0)),
            (None, None, Some(b)) => (0, b.0, format!("P(X ≤ {})", b.0)),
            (None, Some(a), Some(b)) => (a.0, b.0, format!("P({} ≤ X ≤ {})", a.0, b.0)),
            _ => {
                return Err(MathError::Input {
                    path: "equal".into(),
                    message: "give `equal`, or `at_least` and/or `at_most`".into(),
                });
            }
        };
        // Each term has about n·log₂(b) bits; bound the work they make.
        let bits = u64::from(n) * p.denom().bits();
        if bits > MAX_BITS {
            return Err(MathError::Limit(format!(
                "n·log₂(denominator of p) = {bits} bits per term, at most {MAX_BITS}"
            )));
        }
        let probability = if low > high || low > n as i64 {
            Q::zero()
        } else {
            binomial::range(n, &p, low as u32, high.min(n as i64) as u32, &ctx.budget)?
        };
        let nq = Q::from_integer(n.into());
        Ok(Output {
            event: format!("{event} with X ~ Binomial({n}, {p})"),
            probability: Value::of(&probability),
            mean: Rational(&nq * &p),
            variance: Rational(&nq * &p * (Q::one() - &p)),
            check: format!(
                "all {} terms C(n, k)·p^k·(1 − p)^(n−k), computed as integers over the common denominator, sum to 1: the event's and the rest's",
                n + 1
            ),
        })
    }
}
