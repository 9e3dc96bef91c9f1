use crate::wire::{Answer, event};
use hessian_kernels::Q;
use hessian_kernels::probability::named;
use hessian_op::prelude::*;
use hessian_op::wire::Value;
use num_traits::{One, Zero};

pub struct NegativeBinomialProbability;

/// Most terms summed (the largest count of failures in the event).
pub const MAX_TERMS: i64 = 10_000;
/// Most bits of one term's denominator ((f + r)·log₂ of p's).
const MAX_BITS: u64 = 200_000;

/// What the variable counts: the convention textbooks split on.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, PartialEq)]
#[serde(rename_all = "snake_case")]
pub enum Counts {
    /// Trials up to and including the r-th success (values r, r + 1, …).
    Trials,
    /// Failures before the r-th success (values 0, 1, …; SciPy's nbinom and geom − 1).
    Failures,
}

/// Trials or failures is the caller's to say: the two differ by r in
/// every value, SciPy's `geom` counts trials and its `nbinom` failures,
/// and a default would shift the answer silently.
pub const ASK_COUNTS: &[StaticQuestion] = &[StaticQuestion {
    key: "counts",
    message: "Does X count the trials up to and including the success(es) (values start at r), or the failures before them (values start at 0)?",
    form: r#"{"type": "object", "properties": {"counts": {"type": "string", "title": "X counts", "enum": ["trials", "failures"]}}, "required": ["counts"]}"#,
    example: r#""trials""#,
}];

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Successes waited for, r ≥ 1.
    pub successes: Bounded<1, 10_000>,
    /// Probability of success in one trial, in (0, 1].
    pub p: Rational,
    /// trials or failures. Asked when absent.
    #[serde(default)]
    pub counts: Option<Counts>,
    #[serde(default)]
    pub equal: Option<Bounded<0, 1_000_000>>,
    #[serde(default)]
    pub at_least: Option<Bounded<0, 1_000_000>>,
    #[serde(default)]
    pub at_most: Option<Bounded<0, 1_000_000>>,
}

/// P(low ≤ X ≤ high) (high None: unbounded) for X counting trials or
/// failures until the r-th success, with the mean and variance.
pub fn waiting(
    r: u32,
    p: &Q,
    counts: Counts,
    (low, high): (i64, Option<i64>),
    ctx: &Ctx,
) -> Result<(Q, Q, Q), MathError> {
    if p <= &Q::zero() || p > &Q::one() {
        return Err(MathError::Input {
            path: "p".into(),
            message: format!("{p} is not in (0, 1]"),
        });
    }
    // In failures F = X − r (trials) or X.
    let shift = if counts == Counts::Trials {
        i64::from(r)
    } else {
        0
    };
    let lo = (low.saturating_sub(shift)).max(0);
    let hi = high.map(|h| h - shift);
    let last = hi.unwrap_or(lo - 1);
    if last > MAX_TERMS {
        return Err(MathError::Limit(format!(
            "the event needs the terms up to {last} failures; at most {MAX_TERMS}"
        )));
    }
    let bits = (last.max(0) as u64 + u64::from(r)) * p.denom().bits();
    if bits > MAX_BITS {
        return Err(MathError::Limit(format!(
            "terms of {bits} bits; at most {MAX_BITS}"
        )));
    }
    let probability = match hi {
        Some(h) if h < lo => Q::zero(),
        Some(h) => named::negative_binomial(r, p, lo as u32, h as u32, &ctx.budget)?,
        None if lo == 0 => Q::one(),
        None => Q::one() - named::negative_binomial(r, p, 0, (lo - 1) as u32, &ctx.budget)?,
    };
    let rq = Q::from_integer(r.into());
    let q = Q::one() - p;
    let mean = if counts == Counts::Trials {
        &rq / p
    } else {
        &rq * &q / p
    };
    Ok((probability, mean, rq * q / (p * p)))
}

impl Operation for NegativeBinomialProbability {
    type Input = Input;
    type Output = Answer;
    const ID: &'static str = "probability.negative_binomial.probability.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Negative binomial probability: waiting for the r-th success";
    const SUMMARY: &'static str = "The exact probability that the r-th success of independent trials comes at (or within, or after) a given number of trials or failures.";
    const DESCRIPTION: &'static str = "With F the failures before the r-th success, P(F = f) = C(f + r − 1, f)·pʳ·(1 − p)ᶠ; counting trials, X = F + r (asked which when `counts` is absent). Terms summed exactly; an unbounded event by its complement. Checked: P(F ≤ f) equals P(Binomial(f + r, p) ≥ r), computed by the binomial kernel (the r-th success comes within f + r trials exactly when those trials hold r successes). At most 10,000 failures in the event's terms, each term at most 200,000 bits ((f + r)·log₂ of p's denominator).";
    const KEYWORDS: &'static [&'static str] = &[
        "negative binomial",
        "negative binomial distribution",
        "pascal distribution",
        "r-th success",
        "waiting for successes",
        "number of trials until",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "probability the third head comes on the 7th flip",
        "chance that a team needs more than 10 games to get 4 wins",
        "number of failures before the 5th success",
    ];
    const ALIASES: &'static [&'static str] = &["nbinom", "dnbinom", "NEGBINOM.DIST"];
    const EXAMPLE: &'static str = r#"{"successes": 3, "p": "1/2", "counts": "trials", "equal": 7}"#;
    const EXPECTED: &'static str = r#"{"event": "P(X = 7) with X the trials until success 3, p = 1/2", "probability": {"exact": "15/128", "decimal": "0.1171875"}, "mean": "6", "variance": "6", "check": "P(F ≤ f) = P(Binomial(f + r, p) ≥ r) at the event's ends, the right side from the binomial kernel"}"#;
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
        let r = input.successes.0 as u32;
        let (probability, mean, variance) = waiting(r, &input.p.0, counts, (low, high), ctx)?;
        let what = if counts == Counts::Trials {
            "trials"
        } else {
            "failures"
        };
        Ok(Answer {
            event: format!("P({text}) with X the {what} until success {r}, p = {}", input.p.0),
            probability: Value::of(&probability),
            mean: Rational(mean),
            variance: Rational(variance),
            check: "P(F ≤ f) = P(Binomial(f + r, p) ≥ r) at the event's ends, the right side from the binomial kernel".into(),
        })
    }
}
