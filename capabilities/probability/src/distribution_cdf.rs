use crate::wire::{Pairs, table};
use hessian_kernels::Q;
use hessian_op::prelude::*;
use hessian_op::wire::Value;
use num_traits::{One, Zero};

pub struct DistributionCdf;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// `[value, probability]` pairs, probabilities summing to 1.
    pub distribution: Pairs,
    /// Also P(X ≤ x), P(X < x) and P(X > x) at this point.
    #[serde(default)]
    pub x: Option<Rational>,
}

#[derive(Serialize, JsonSchema)]
pub struct At {
    pub x: Rational,
    pub at_most: Value,
    pub below: Value,
    pub above: Value,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// `[value, P(X ≤ value)]` at every value, increasing to 1.
    pub cdf: Vec<[Rational; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<At>,
    pub check: String,
}

impl Operation for DistributionCdf {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "probability.distribution.cdf.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Cumulative distribution function of a discrete distribution";
    const SUMMARY: &'static str = "The exact CDF P(X ≤ x) of a finite distribution at every value, and P(X ≤ x), P(X < x), P(X > x) at a given point.";
    const DESCRIPTION: &'static str = "Running sums of the probabilities in increasing order of value, exactly. Checked: the last running sum is 1, and at the point P(X ≤ x) + P(X > x) = 1 with P(X ≤ x) summed directly from the table. At most 10,000 values.";
    const KEYWORDS: &'static [&'static str] = &[
        "cdf",
        "cumulative distribution",
        "cumulative probability",
        "P(X <= x)",
        "at most",
        "tail probability",
        "chance of at most",
        "or less",
        "or fewer",
        "outcome probabilities",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "cumulative distribution function of this random variable",
        "probability that X is at most 3",
        "P(X > 2) for this discrete distribution",
    ];
    const ALIASES: &'static [&'static str] = &["cdf", "cumsum of pmf"];
    const EXAMPLE: &'static str =
        r#"{"distribution": [[1, "1/2"], [2, "1/3"], [5, "1/6"]], "x": 2}"#;
    const EXPECTED: &'static str = r#"{"cdf": [["1", "1/2"], ["2", "5/6"], ["5", "1"]], "at": {"x": "2", "at_most": {"exact": "5/6", "decimal": "0.833333333333333"}, "below": {"exact": "1/2", "decimal": "0.5"}, "above": {"exact": "1/6", "decimal": "0.166666666666667"}}, "check": "the running sums end at exactly 1; P(X ≤ x) + P(X > x) = 1 at the point"}"#;

    // Long run: running sums, then the three tails at the point and their check.
    fn run(input: Input, _ctx: &Ctx) -> Result<Output, MathError> {
        let d = table(input.distribution, "distribution")?;
        let mut running = Q::zero();
        let cdf: Vec<[Rational; 2]> = d
            .iter()
            .map(|(v, p)| {
                running += p;
                [Rational(v.clone()), Rational(running.clone())]
            })
            .collect();
        if !running.is_one() {
            return Err(Stop::CheckFailed("the CDF does not end at 1").into());
        }
        let at = input.x.map(|x| {
            let sum = |f: &dyn Fn(&Q) -> bool| {
                d.iter()
                    .filter(|(v, _)| f(v))
                    .fold(Q::zero(), |s, (_, p)| s + p)
            };
            let (at_most, below, above) =
                (sum(&|v| v <= &x.0), sum(&|v| v < &x.0), sum(&|v| v > &x.0));
            (at_most, below, above, x)
        });
        let at = match at {
            Some((at_most, _, above, _)) if !(&at_most + &above).is_one() => {
                return Err(Stop::CheckFailed("P(X ≤ x) + P(X > x) ≠ 1").into());
            }
            Some((at_most, below, above, x)) => Some(At {
                x,
                at_most: Value::of(&at_most),
                below: Value::of(&below),
                above: Value::of(&above),
            }),
            None => None,
        };
        Ok(Output {
            cdf,
            at,
            check: "the running sums end at exactly 1; P(X ≤ x) + P(X > x) = 1 at the point".into(),
        })
    }
}
