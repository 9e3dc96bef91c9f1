use crate::wire::{ASK_KIND, Kind, Sample};
use hessian_op::prelude::*;
use hessian_op::wire::{SquareRoot, Value};

pub struct StandardDeviation;

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub kind: Kind,
    /// √variance exactly (e.g. "4*sqrt(14)/7") and to 15 digits.
    pub standard_deviation: SquareRoot,
    pub variance: Rational,
    pub mean: Value,
    pub count: usize,
    pub check: String,
}

impl Operation for StandardDeviation {
    type Input = Sample;
    type Output = Output;
    const ID: &'static str = "statistics.standard_deviation.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Standard deviation of a data set (population or sample), exactly as a square root";
    const SUMMARY: &'static str = "The standard deviation of a list of numbers, population (÷ n) or sample (÷ n − 1), as an exact square root with certified digits; asks which when not given.";
    const DESCRIPTION: &'static str = "s = √(Σ(x − x̄)²/d) with d = n (population) or n − 1 (sample; Excel STDEV.S, R sd). The variance is exact; its square root is written c*sqrt(r) with r free of square factors below 1000 (checked: c²·r equals the variance) and given to 15 significant digits from an integer square root enclosing it within 10⁻¹⁹ relative. Σ(x − x̄)² is checked against Σx² − n·x̄². Asked population or sample when `kind` is absent. At most 100,000 values.";
    const KEYWORDS: &'static [&'static str] = &[
        "standard deviation",
        "sample standard deviation",
        "population standard deviation",
        "std",
        "stdev",
        "sigma",
        "spread",
        "statistics",
        "typical distance from the average",
        "how far from the mean",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "sample standard deviation of 2, 4, 4, 4, 5, 5, 7, 9",
        "population standard deviation of my data",
        "how far do these numbers typically fall from their mean",
        "std dev of a list of test scores",
    ];
    const ALIASES: &'static [&'static str] = &["sd", "stdev", "STDEV.S", "STDEV.P", "pstdev"];
    const EXAMPLE: &'static str = r#"{"data": [2, 4, 4, 4, 5, 5, 7, 9], "kind": "sample"}"#;
    const EXPECTED: &'static str = r#"{"kind": "sample", "standard_deviation": {"exact": "4*sqrt(14)/7", "square": "32/7", "decimal": "2.13808993529940"}, "variance": "32/7", "mean": {"exact": "5", "decimal": "5"}, "count": 8, "check": "Σ(x − x̄)² recomputed as Σx² − n·x̄²: equal; the root's c²·r equals the variance"}"#;
    const PLAN: Plan<Sample> = Plan::Static(ASK_KIND);

    fn run(input: Sample, ctx: &Ctx) -> Result<Output, MathError> {
        let (kind, count, mean, _, variance) = crate::wire::variance(input, &ctx.budget)?;
        let sd = SquareRoot::of(&variance, false)
            .ok_or(Stop::CheckFailed("c²·r differs from the variance"))?;
        Ok(Output {
            kind,
            standard_deviation: sd,
            variance: Rational(variance),
            mean: Value::of(&mean),
            count,
            check: "Σ(x − x̄)² recomputed as Σx² − n·x̄²: equal; the root's c²·r equals the variance"
                .into(),
        })
    }
}
