use crate::wire::{ASK_KIND, Kind, Sample};
use hessian_op::prelude::*;
use hessian_op::wire::Value;

pub struct Variance;

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub kind: Kind,
    pub variance: Value,
    pub mean: Value,
    pub count: usize,
    /// Σ(x − x̄)², the numerator of both variances.
    pub sum_of_squares: Rational,
    pub check: String,
}

impl Operation for Variance {
    type Input = Sample;
    type Output = Output;
    const ID: &'static str = "statistics.variance.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Variance of a data set (population or sample), exactly";
    const SUMMARY: &'static str = "The exact variance of a list of numbers: population Σ(x − x̄)²/n or sample Σ(x − x̄)²/(n − 1), asking which when not given.";
    const DESCRIPTION: &'static str = "x̄ = Σx/n and Σ(x − x̄)² in exact rationals; population variance divides by n, sample variance by n − 1 (Bessel's correction; Excel VAR.S, R var). They differ, libraries default differently, so the caller is asked which when `kind` is absent. Checked: Σ(x − x̄)² equals Σx² − n·x̄², a second formula. At most 100,000 values.";
    const KEYWORDS: &'static [&'static str] = &[
        "variance",
        "sample variance",
        "population variance",
        "spread",
        "dispersion",
        "mean squared deviation",
        "statistics",
        "data set",
        "how much the numbers vary",
        "variability",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "variance of a data set",
        "sample variance of 3, 5, 8, 10",
        "population variance of these numbers",
        "how spread out are these values",
        "compute s squared for my measurements",
    ];
    const ALIASES: &'static [&'static str] = &["var", "VAR.S", "VAR.P", "pvariance"];
    const EXAMPLE: &'static str = r#"{"data": [2, 4, 4, 4, 5, 5, 7, 9], "kind": "sample"}"#;
    const EXPECTED: &'static str = r#"{"kind": "sample", "variance": {"exact": "32/7", "decimal": "4.57142857142857"}, "mean": {"exact": "5", "decimal": "5"}, "count": 8, "sum_of_squares": "32", "check": "Σ(x − x̄)² recomputed as Σx² − n·x̄²: equal"}"#;
    const PLAN: Plan<Sample> = Plan::Static(ASK_KIND);

    fn run(input: Sample, ctx: &Ctx) -> Result<Output, MathError> {
        let (kind, count, mean, squares, variance) = crate::wire::variance(input, &ctx.budget)?;
        Ok(Output {
            kind,
            variance: Value::of(&variance),
            mean: Value::of(&mean),
            count,
            sum_of_squares: Rational(squares),
            check: "Σ(x − x̄)² recomputed as Σx² − n·x̄²: equal".into(),
        })
    }
}
