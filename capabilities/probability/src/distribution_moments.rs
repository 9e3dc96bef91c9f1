use crate::wire::{Pairs, table};
use hessian_kernels::Q;
use hessian_kernels::probability::finite;
use hessian_op::prelude::*;
use hessian_op::wire::{SquareRoot, Value};
use num_traits::{Signed, Zero};

pub struct DistributionMoments;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// `[value, probability]` pairs, probabilities summing to 1.
    pub distribution: Pairs,
    /// Also the raw moment E[X^k] and central moment E[(X − μ)^k] of this order (1 to 20).
    #[serde(default)]
    pub order: Option<Bounded<1, 20>>,
}

#[derive(Serialize, JsonSchema)]
pub struct Higher {
    pub order: i64,
    pub raw: Rational,
    pub central: Rational,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub mean: Value,
    pub variance: Value,
    pub standard_deviation: SquareRoot,
    /// E[(X − μ)³]/σ³, exactly as a square root; absent when σ = 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skewness: Option<SquareRoot>,
    /// E[(X − μ)⁴]/σ⁴ and that minus 3; absent when σ = 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kurtosis: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub excess_kurtosis: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moment: Option<Higher>,
    pub check: String,
}

impl Operation for DistributionMoments {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "probability.distribution.moments.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Mean, variance, skewness and kurtosis of a discrete distribution, exactly";
    const SUMMARY: &'static str = "The expected value, variance, standard deviation, skewness, kurtosis and any raw or central moment of a finite distribution given as values with probabilities.";
    const DESCRIPTION: &'static str = "μ = Σ p·x, σ² = Σ p·(x − μ)², skewness E[(X − μ)³]/σ³ (exact as ±c*sqrt(r): its square is rational) and kurtosis E[(X − μ)⁴]/σ⁴, all in exact rationals. Checked: σ² equals E[X²] − μ² (a second formula). At most 10,000 values; for data (a sample, not a distribution) use statistics.summary.compute.";
    const KEYWORDS: &'static [&'static str] = &[
        "expected value",
        "expectation",
        "mean of a random variable",
        "variance of a random variable",
        "skewness",
        "kurtosis",
        "moments",
        "discrete distribution",
        "expected payout",
        "average outcome",
        "chances of outcomes",
        "risk of a game",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "expected value of a random variable with these probabilities",
        "variance of X where P(X=1)=1/2, P(X=2)=1/3, P(X=5)=1/6",
        "mean and standard deviation of a discrete probability distribution",
        "expected payout of a lottery ticket",
    ];
    const ALIASES: &'static [&'static str] = &["E[X]", "Var[X]", "moment"];
    const EXAMPLE: &'static str = r#"{"distribution": [[1, "1/2"], [2, "1/3"], [5, "1/6"]]}"#;
    const EXPECTED: &'static str = r#"{"mean": {"exact": "2", "decimal": "2"}, "variance": {"exact": "2", "decimal": "2"}, "standard_deviation": {"exact": "sqrt(2)", "square": "2", "decimal": "1.41421356237310"}, "skewness": {"exact": "sqrt(2)", "square": "2", "decimal": "1.41421356237310"}, "kurtosis": {"exact": "7/2", "decimal": "3.5"}, "excess_kurtosis": {"exact": "1/2", "decimal": "0.5"}, "check": "σ² = Σ p·(x − μ)² recomputed as E[X²] − μ²: equal; the probabilities sum to 1"}"#;

    // Long run: the two moments, then skewness and kurtosis when σ > 0.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let d = table(input.distribution, "distribution")?;
        let b = &ctx.budget;
        let mu = finite::mean(&d);
        let var = finite::moment_about(&d, &mu, 2, b)?;
        let second = finite::moment_about(&d, &Q::zero(), 2, b)?;
        if &second - &mu * &mu != var {
            return Err(Stop::CheckFailed("σ² differs from E[X²] − μ²").into());
        }
        let sd = SquareRoot::of(&var, false).ok_or(Stop::CheckFailed("σ² < 0"))?;
        let (skewness, kurtosis) = if var.is_zero() {
            (None, None)
        } else {
            let m3 = finite::moment_about(&d, &mu, 3, b)?;
            let m4 = finite::moment_about(&d, &mu, 4, b)?;
            let v3 = &var * &var * &var;
            let skew = SquareRoot::of(&(&m3 * &m3 / v3), m3.is_negative());
            (skew, Some(m4 / (&var * &var)))
        };
        let moment = match input.order {
            Some(k) => Some(Higher {
                order: k.0,
                raw: Rational(finite::moment_about(&d, &Q::zero(), k.0 as u32, b)?),
                central: Rational(finite::moment_about(&d, &mu, k.0 as u32, b)?),
            }),
            None => None,
        };
        Ok(Output {
            mean: Value::of(&mu),
            variance: Value::of(&var),
            standard_deviation: sd,
            skewness,
            excess_kurtosis: kurtosis
                .as_ref()
                .map(|k| Value::of(&(k - Q::from_integer(3.into())))),
            kurtosis: kurtosis.as_ref().map(Value::of),
            moment,
            check: "σ² = Σ p·(x − μ)² recomputed as E[X²] − μ²: equal; the probabilities sum to 1"
                .into(),
        })
    }
}
