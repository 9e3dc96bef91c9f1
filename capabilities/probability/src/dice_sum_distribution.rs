use hessian_kernels::probability::dice;
use hessian_kernels::{BigInt, Q};
use hessian_op::prelude::*;
use hessian_op::wire::Value;
use num_traits::Zero;

pub struct DiceSumDistribution;

/// Most terms of the sum's distribution (Σ count × (highest − lowest face) + 1).
const MAX_SPAN: usize = 100_000;

/// Most bits of all the counts together (totals × log₂ outcomes).
const MAX_BITS: f64 = 20_000_000.0;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Die {
    /// How many of this die are rolled (default 1).
    #[serde(default = "one")]
    pub count: Bounded<1, 1000>,
    /// A standard die with faces 1..sides.
    #[serde(default)]
    pub sides: Option<Bounded<1, 10_000>>,
    /// Or the faces themselves (integers, repeats allowed), each equally likely.
    #[serde(default)]
    pub faces: Option<List<Bounded<-1_000_000, 1_000_000>, 1000>>,
}

fn one() -> Bounded<1, 1000> {
    Bounded(1)
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The dice rolled together (at most 20 kinds, 1,000 dice of each).
    pub dice: List<Die, 20>,
    /// Also give P(total ≥ at_least).
    #[serde(default)]
    pub at_least: Option<Bounded<-1_000_000_000, 1_000_000_000>>,
    /// Also give P(total ≤ at_most) (with at_least: the range).
    #[serde(default)]
    pub at_most: Option<Bounded<-1_000_000_000, 1_000_000_000>>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// [total, probability] for every reachable total, increasing.
    pub distribution: Vec<[Rational; 2]>,
    /// Equally likely outcomes in all (the product of the face counts).
    pub outcomes: String,
    pub mean: Rational,
    pub variance: Rational,
    /// P(at_least ≤ total ≤ at_most), when either was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub probability: Option<Value>,
    pub check: String,
}

impl Operation for DiceSumDistribution {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "probability.dice.sum_distribution.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Distribution of the sum of dice, exactly";
    const SUMMARY: &'static str = "The exact probability of every total when dice are rolled together (standard or with any integer faces), with its mean and variance, and the probability of a range of totals.";
    const DESCRIPTION: &'static str = "Each die's generating polynomial Σ x^face (faces equally likely, repeats allowed) raised to its count and multiplied: the coefficient of x^t counts the outcomes totalling t, out of the product of the face counts. Checked: the product is evaluated at two test points against the dice's own polynomials there, the counts add up to the outcomes, and the mean and variance equal the sums of the dice's own (independence). Bounds: 20 kinds of dice, 1,000 of each, faces within ±10^6, at most 100,000 possible totals and 2·10^7 bits of counts (totals × log₂ outcomes; 100 six-sided dice use 130,000).";
    const KEYWORDS: &'static [&'static str] = &[
        "dice",
        "sum of dice",
        "dice probability",
        "roll",
        "two dice",
        "d6",
        "d20",
        "distribution of the total",
        "probability distribution",
        "die",
        "expected value of a roll",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "probability that the sum of three dice is 10",
        "distribution of the total when rolling 2d6",
        "chance of rolling at least 15 with 4d6",
        "what are the odds of getting a total of 7 with two dice",
        "sum of a d4, a d8 and a d12",
        "Sicherman dice faces 1 2 2 3 3 4 and 1 3 4 5 6 8 sum distribution",
        "expected value and variance of the roll of a die or of several dice",
    ];
    const ALIASES: &'static [&'static str] = &["dice_sum", "NdM"];
    const EXAMPLE: &'static str = r#"{"dice": [{"count": 2, "sides": 6}], "at_least": 10}"#;
    const EXPECTED: &'static str = r#"{"distribution": [["2", "1/36"], ["3", "1/18"], ["4", "1/12"], ["5", "1/9"], ["6", "5/36"], ["7", "1/6"], ["8", "5/36"], ["9", "1/9"], ["10", "1/12"], ["11", "1/18"], ["12", "1/36"]], "outcomes": "36", "mean": "7", "variance": "35/6", "probability": {"exact": "1/6", "decimal": "0.166666666666667"}, "check": "the product of the dice's generating polynomials agrees with theirs at x = 2 and x = −3, its 11 counts add up to the outcomes, and the mean and variance equal the dice's own added"}"#;

    // Long run: read the dice, multiply, and express the counts as probabilities.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let mut dice = Vec::new();
        let mut span = 0usize;
        for (i, d) in input.dice.0.into_iter().enumerate() {
            let faces: Vec<i64> = match (d.sides, d.faces) {
                (Some(s), None) => (1..=s.0).collect(),
                (None, Some(f)) => f.0.into_iter().map(|b| b.0).collect(),
                _ => {
                    return Err(MathError::Input {
                        path: format!("dice[{i}]"),
                        message: "give either `sides` (faces 1..sides) or `faces`".into(),
                    });
                }
            };
            let width = faces.iter().max().unwrap_or(&0) - faces.iter().min().unwrap_or(&0);
            span = span.saturating_add((width as usize).saturating_mul(d.count.0 as usize));
            dice.push((faces, d.count.0 as u32));
        }
        if span >= MAX_SPAN {
            return Err(MathError::Limit(format!(
                "{} possible totals, at most {MAX_SPAN}",
                span.saturating_add(1)
            )));
        }
        // Each count has up to log₂(outcomes) bits: bound all of them.
        let bits: f64 = dice
            .iter()
            .map(|(f, c)| f64::from(*c) * (f.len() as f64).log2())
            .sum();
        if bits * (span as f64 + 1.0) > MAX_BITS {
            return Err(MathError::Limit(format!(
                "{} totals of about {} bits each, at most {MAX_BITS} bits in all",
                span + 1,
                bits.ceil()
            )));
        }
        let sums = dice::sum(&dice, &ctx.budget)?;
        let total = |k: usize| Q::from_integer(&sums.lowest + BigInt::from(k));
        let prob = |w: &BigInt| Q::new(w.clone(), sums.outcomes.clone());
        let mut mean = Q::zero();
        let mut square = Q::zero();
        for (k, w) in sums.ways.iter().enumerate() {
            if k % 64 == 0 {
                ctx.budget.check()?;
            }
            let t = total(k);
            mean += &t * prob(w);
            square += &t * &t * prob(w);
        }
        let variance = square - &mean * &mean;
        // Independence: the mean and variance are the dice's own, added.
        let (mut mean_sum, mut variance_sum) = (Q::zero(), Q::zero());
        for (faces, count) in &dice {
            let n = Q::from_integer(BigInt::from(faces.len()));
            let m = faces
                .iter()
                .fold(Q::zero(), |s, &f| s + Q::from_integer(f.into()))
                / &n;
            let s2 = faces
                .iter()
                .fold(Q::zero(), |s, &f| s + Q::from_integer((f * f).into()))
                / &n;
            let c = Q::from_integer(BigInt::from(*count));
            mean_sum += &m * &c;
            variance_sum += (s2 - &m * &m) * c;
        }
        if mean != mean_sum || variance != variance_sum {
            return Err(Stop::CheckFailed(
                "a dice sum's mean or variance is not the dice's own added",
            )
            .into());
        }
        let probability = (input.at_least.is_some() || input.at_most.is_some()).then(|| {
            let inside = |k: usize| {
                let t = total(k);
                input
                    .at_least
                    .as_ref()
                    .is_none_or(|a| t >= Q::from_integer(a.0.into()))
                    && input
                        .at_most
                        .as_ref()
                        .is_none_or(|b| t <= Q::from_integer(b.0.into()))
            };
            let ways = (0..sums.ways.len())
                .filter(|&k| inside(k))
                .fold(BigInt::zero(), |s, k| s + &sums.ways[k]);
            Value::of(&prob(&ways))
        });
        let distribution = sums
            .ways
            .iter()
            .enumerate()
            .filter(|(_, w)| !w.is_zero())
            .map(|(k, w)| [Rational(total(k)), Rational(prob(w))])
            .collect();
        Ok(Output {
            distribution,
            outcomes: sums.outcomes.to_string(),
            mean: Rational(mean),
            variance: Rational(variance),
            probability,
            check: format!(
                "the product of the dice's generating polynomials agrees with theirs at x = 2 and x = −3, its {} counts add up to the outcomes, and the mean and variance equal the dice's own added",
                sums.ways.len()
            ),
        })
    }
}
