use hessian_kernels::statistics::describe;
use hessian_op::prelude::*;
use hessian_op::wire::Value;

pub struct WeightedMean;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The values; at most 100,000.
    pub values: List<Rational, 100_000>,
    /// One weight per value (credits, frequencies, portfolio shares); their sum must not be 0.
    pub weights: List<Rational, 100_000>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub weighted_mean: Value,
    pub total_weight: Rational,
    pub check: String,
}

impl Operation for WeightedMean {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "statistics.weighted_mean.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Weighted mean (weighted average) of values";
    const SUMMARY: &'static str = "The exact weighted average Σw·x / Σw of values with weights (grade point averages, frequency tables, portfolio returns).";
    const DESCRIPTION: &'static str = "m = Σwᵢxᵢ / Σwᵢ in exact rationals; weights may be any rationals whose sum is not 0 (frequencies give the mean of a frequency table). Checked: Σwᵢ(xᵢ − m) = 0. At most 100,000 values.";
    const KEYWORDS: &'static [&'static str] = &[
        "weighted mean",
        "weighted average",
        "gpa",
        "grade point average",
        "frequency table mean",
        "average",
        "some values count more",
        "weights",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "weighted average of grades with credit hours",
        "mean of a frequency table",
        "compute my GPA from grades and credits",
    ];
    const ALIASES: &'static [&'static str] = &["average_weighted", "SUMPRODUCT/SUM"];
    const EXAMPLE: &'static str = r#"{"values": [4, 3, "3.7"], "weights": [3, 4, 2]}"#;
    const EXPECTED: &'static str = r#"{"weighted_mean": {"exact": "157/45", "decimal": "3.48888888888889"}, "total_weight": "9", "check": "Σw·(x − mean) = 0, recomputed exactly"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (xs, ws) = crate::wire::pairs(input.values, input.weights, 1, ["values", "weights"])?;
        let total = hessian_kernels::rational::sum(ws.clone(), &ctx.budget)?;
        let m = describe::weighted_mean(&xs, &ws, &ctx.budget)?
            .ok_or_else(|| MathError::Domain("the weights sum to 0: no weighted mean".into()))?;
        Ok(Output {
            weighted_mean: Value::of(&m),
            total_weight: Rational(total),
            check: "Σw·(x − mean) = 0, recomputed exactly".into(),
        })
    }
}
