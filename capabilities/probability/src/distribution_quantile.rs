use crate::wire::{Pairs, table};
use hessian_kernels::Q;
use hessian_op::prelude::*;
use num_traits::{One, Zero};

pub struct DistributionQuantile;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// `[value, probability]` pairs, probabilities summing to 1.
    pub distribution: Pairs,
    /// Probabilities q in (0, 1] ("1/2" for the median); at most 100.
    pub q: List<Rational, 100>,
}

#[derive(Serialize, JsonSchema)]
pub struct QuantileOut {
    pub q: Rational,
    /// The smallest value x with P(X ≤ x) ≥ q.
    pub value: Rational,
    /// P(X ≤ value).
    pub cdf: Rational,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub quantiles: Vec<QuantileOut>,
    pub check: String,
}

impl Operation for DistributionQuantile {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "probability.distribution.quantile.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Quantiles (median, percentiles) of a discrete distribution";
    const SUMMARY: &'static str = "The q-quantile of a finite distribution: the smallest value whose cumulative probability reaches q (the median at q = 1/2).";
    const DESCRIPTION: &'static str = "Q(q) = min{x : P(X ≤ x) ≥ q}, the generalized inverse of the CDF, exactly. Checked: P(X ≤ Q) ≥ q and P(X < Q) < q. For quantiles of a data set (with interpolation conventions) use statistics.quantile.compute. At most 10,000 values and 100 probabilities.";
    const KEYWORDS: &'static [&'static str] = &[
        "quantile of a distribution",
        "median of a random variable",
        "inverse cdf",
        "percentile of a distribution",
        "ppf",
        "median outcome",
        "half the probability",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "median of this discrete random variable",
        "smallest x with P(X <= x) at least 0.9",
        "inverse cdf of a discrete distribution",
    ];
    const ALIASES: &'static [&'static str] = &["ppf", "inverse_cdf", "qdist"];
    const EXAMPLE: &'static str =
        r#"{"distribution": [[1, "1/2"], [2, "1/3"], [5, "1/6"]], "q": ["1/2", "9/10"]}"#;
    const EXPECTED: &'static str = r#"{"quantiles": [{"q": "1/2", "value": "1", "cdf": "1/2"}, {"q": "9/10", "value": "5", "cdf": "1"}], "check": "P(X < Q) < q ≤ P(X ≤ Q) for each quantile"}"#;

    // Long run: the CDF once, then each q by binary search and its check.
    fn run(input: Input, _ctx: &Ctx) -> Result<Output, MathError> {
        let d = table(input.distribution, "distribution")?;
        let mut cdf = Vec::with_capacity(d.len());
        let mut running = Q::zero();
        for (_, p) in &d {
            running += p;
            cdf.push(running.clone());
        }
        let mut quantiles = Vec::new();
        for (i, q) in input.q.0.into_iter().enumerate() {
            let q = q.0;
            if q <= Q::zero() || q > Q::one() {
                return Err(MathError::Input {
                    path: format!("q[{i}]"),
                    message: format!("{q} is not in (0, 1]"),
                });
            }
            let k = cdf.partition_point(|c| c < &q);
            let below = if k == 0 {
                Q::zero()
            } else {
                cdf[k - 1].clone()
            };
            if k >= d.len() || cdf[k] < q || below >= q {
                return Err(Stop::CheckFailed("a quantile fails P(X < Q) < q ≤ P(X ≤ Q)").into());
            }
            quantiles.push(QuantileOut {
                q: Rational(q),
                value: Rational(d[k].0.clone()),
                cdf: Rational(cdf[k].clone()),
            });
        }
        Ok(Output {
            quantiles,
            check: "P(X < Q) < q ≤ P(X ≤ Q) for each quantile".into(),
        })
    }
}
