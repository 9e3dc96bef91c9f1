use crate::wire::{Alternative, LAW_ACCURACY, MeanTestOut, data, tail_p};
use hessian_kernels::statistics::mean_test;
use hessian_kernels::{Q, special};
use hessian_op::prelude::*;

pub struct ZTestNumeric;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The sample (exact numbers); at most 100,000.
    pub x: List<Rational, 100_000>,
    /// The population standard deviation σ > 0, known.
    pub sigma: Rational,
    /// The mean under the null hypothesis (default 0).
    #[serde(default)]
    pub mu: Option<Rational>,
    /// two_sided (default), greater or less.
    #[serde(default)]
    pub alternative: Alternative,
}

impl Operation for ZTestNumeric {
    type Input = Input;
    type Output = MeanTestOut;
    const ID: &'static str = "statistics.z_test.numeric";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "One-sample z-test of a mean with known σ (float64 p-value)";
    const SUMMARY: &'static str = "The z-test of a sample mean against μ when the population standard deviation σ is known: the exact z², z and the p-value from the normal law.";
    const DESCRIPTION: &'static str = "z = (x̄ − μ)·√n/σ with z² = n·(x̄ − μ)²/σ² exact; z and the p-value are float64 from the normal law (erfc in each tail, relative error below 1e-12 against mpmath). Use statistics.t_test.numeric when σ is estimated from the data. Checked: the tail checked by its incomplete function's recurrence.";
    const KEYWORDS: &'static [&'static str] = &[
        "z test",
        "z-test",
        "known standard deviation",
        "known sigma",
        "one sample z test",
        "z statistic",
        "p-value",
        "population standard deviation",
        "z score test",
        "large sample mean test",
        "hypothesis test known variance",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "z test of a sample mean when the population sd is 15",
        "is the average weight different from 500 g if sigma is known to be 10",
        "one sample z test p-value",
        "test a claimed average when the population standard deviation is known",
        "z-score hypothesis test for a sample average",
    ];
    const ALIASES: &'static [&'static str] = &["ztest", "Z.TEST"];
    const EXAMPLE: &'static str = r#"{"x": [102, 98, 110, 105, 99, 104, 108], "sigma": 5, "mu": 100, "alternative": "greater"}"#;
    const EXPECTED: &'static str = r#"{"test": "one-sample z-test against μ = 100, σ = 5", "statistic": 1.9654152596479817, "statistic_squared": "676/175", "alternative": "greater", "p_value": 0.02468309737596633, "accuracy": "relative error below 1e-12 for values above 1e-300 (float64; measured against mpmath at 50 digits)", "check": "z² exact; the tail checked by the incomplete gamma's recurrence in a"}"#;

    // Long run: σ checked, z from its exact square, then its tail.
    fn run(input: Input, ctx: &Ctx) -> Result<MeanTestOut, MathError> {
        let mu = input.mu.map_or_else(|| Q::from_integer(0.into()), |m| m.0);
        let sigma = input.sigma.0;
        if sigma <= Q::from_integer(0.into()) {
            return Err(MathError::Input {
                path: "sigma".into(),
                message: format!("{sigma} is not positive"),
            });
        }
        let x = data(input.x, "x")?;
        let stat = mean_test::z(&x, &mu, &sigma, &ctx.budget)?;
        let z = stat.value();
        let (cdf, sf) = special::normal_cdf(z)
            .ok_or_else(|| MathError::Limit("the normal tail did not converge".into()))?;
        Ok(MeanTestOut {
            test: format!("one-sample z-test against μ = {mu}, σ = {sigma}"),
            statistic: z,
            statistic_squared: Rational(stat.square),
            df: None,
            df_decimal: None,
            alternative: input.alternative,
            p_value: tail_p(input.alternative, (cdf, sf)),
            accuracy: LAW_ACCURACY.into(),
            check: "z² exact; the tail checked by the incomplete gamma's recurrence in a".into(),
        })
    }
}
