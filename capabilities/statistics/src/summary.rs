use crate::wire::data;
use hessian_kernels::Q;
use hessian_kernels::statistics::{describe, quantile};
use hessian_op::prelude::*;
use hessian_op::wire::Value;

pub struct Summary;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The data: exact numbers (integers, decimals such as "2.5", fractions such as "1/3"); at most 100,000.
    pub data: List<Rational, 100_000>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub count: usize,
    pub sum: Rational,
    pub mean: Value,
    pub median: Value,
    /// The most frequent values (all of them when tied) and how often each occurs.
    pub modes: Vec<Rational>,
    pub mode_count: usize,
    pub min: Rational,
    pub max: Rational,
    pub range: Rational,
    /// First and third quartiles by linear interpolation (Hyndman–Fan type 7: R, NumPy, Excel QUARTILE.INC); statistics.quantile.compute gives the other conventions.
    pub q1: Value,
    pub q3: Value,
    pub iqr: Value,
    pub check: String,
}

impl Operation for Summary {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "statistics.summary.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Summary statistics of a data set: mean, median, mode, min, max, range, quartiles";
    const SUMMARY: &'static str = "Describes a list of numbers exactly: count, sum, mean, median, modes, minimum, maximum, range and quartiles.";
    const DESCRIPTION: &'static str = "All in exact rationals. The median is the middle value (the mean of the two middle values for even n); quartiles are Hyndman–Fan type 7 (linear interpolation, the default of R, NumPy and Excel QUARTILE.INC) — statistics.quantile.compute gives any of the nine conventions. Modes are every value of the highest frequency. Checked: the median has at least half the data at or below it and at least half at or above, and the mean times n is the sum. At most 100,000 values.";
    const KEYWORDS: &'static [&'static str] = &[
        "summary statistics",
        "descriptive statistics",
        "mean",
        "median",
        "mode",
        "average",
        "quartiles",
        "five number summary",
        "range",
        "data set",
        "typical value",
        "middle value",
        "smallest and largest",
        "most common value",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "mean median and mode of these numbers",
        "describe this data set",
        "five number summary of the scores",
        "what is the average of 3, 7, 8, 12",
        "interquartile range of my data",
    ];
    const ALIASES: &'static [&'static str] = &["describe", "summary", "fivenum"];
    const EXAMPLE: &'static str = r#"{"data": [2, 4, 4, 4, 5, 5, 7, 9]}"#;
    const EXPECTED: &'static str = r#"{"count": 8, "sum": "40", "mean": {"exact": "5", "decimal": "5"}, "median": {"exact": "9/2", "decimal": "4.5"}, "modes": ["4"], "mode_count": 3, "min": "2", "max": "9", "range": "7", "q1": {"exact": "4", "decimal": "4"}, "q3": {"exact": "11/2", "decimal": "5.5"}, "iqr": {"exact": "3/2", "decimal": "1.5"}, "check": "4 of 8 values at or below the median and 4 at or above (each at least half); mean × n equals the sum"}"#;

    // Long run: sort, then each statistic in turn, then the median's check.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let mut xs = data(input.data, "data")?;
        let (mean, _) = describe::spread(&xs, &ctx.budget)?;
        xs.sort();
        ctx.budget.check()?;
        let n = xs.len();
        let total = hessian_kernels::rational::sum(xs.clone(), &ctx.budget)?;
        let median = (&xs[(n - 1) / 2] + &xs[n / 2]) / Q::from_integer(2.into());
        let below = xs.iter().filter(|x| **x <= median).count();
        let above = xs.iter().filter(|x| **x >= median).count();
        if 2 * below < n || 2 * above < n || &mean * Q::from_integer(n.into()) != total {
            return Err(Stop::CheckFailed("the median or the mean fails its check").into());
        }
        let (modes, mode_count) = describe::modes(&xs);
        let quart = |p: Q| quantile::quantile(&xs, &p, 7).0;
        let q1 = quart(Q::new(1.into(), 4.into()));
        let q3 = quart(Q::new(3.into(), 4.into()));
        let (min, max) = (xs[0].clone(), xs[n - 1].clone());
        Ok(Output {
            count: n,
            sum: Rational(total),
            mean: Value::of(&mean),
            median: Value::of(&median),
            modes: modes.into_iter().map(Rational).collect(),
            mode_count,
            range: Rational(&max - &min),
            min: Rational(min),
            max: Rational(max),
            iqr: Value::of(&(&q3 - &q1)),
            q1: Value::of(&q1),
            q3: Value::of(&q3),
            check: format!(
                "{below} of {n} values at or below the median and {above} at or above (each at least half); mean × n equals the sum"
            ),
        })
    }
}
