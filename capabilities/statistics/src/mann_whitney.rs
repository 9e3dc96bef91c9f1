use crate::wire::{Alternative, data, refused};
use hessian_kernels::statistics::exact_test;
use hessian_op::prelude::*;
use hessian_op::wire::Value;

pub struct MannWhitney;

/// Most steps of the rank-sum dynamic programme (values × sample size ×
/// reachable sums), about a few seconds.
const MAX_STEPS: u128 = 200_000_000;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The first sample (exact numbers); at most 5,000.
    pub x: List<Rational, 5000>,
    /// The second sample, independent of the first; at most 5,000.
    pub y: List<Rational, 5000>,
    /// two_sided (default); greater: x tends to be larger than y; less: smaller.
    #[serde(default)]
    pub alternative: Alternative,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// U for x: #{xᵢ > yⱼ} + ½·#{xᵢ = yⱼ} = R_x − n_x(n_x + 1)/2.
    pub u: Rational,
    /// U for y, n_x·n_y − U.
    pub u_y: Rational,
    pub alternative: Alternative,
    pub p_value: Value,
    /// Whether there are ties: the null is then the exact permutation distribution given the tie pattern (mid-ranks).
    pub ties: bool,
    pub check: String,
}

impl Operation for MannWhitney {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "statistics.mann_whitney.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Mann–Whitney U test (Wilcoxon rank-sum) with its exact p-value";
    const SUMMARY: &'static str = "The Mann–Whitney U statistic of two independent samples and its exact p-value from the full null distribution of the rank sum, ties included.";
    const DESCRIPTION: &'static str = "Pool the samples, rank with mid-ranks, U = R_x − n_x(n_x + 1)/2. The null distribution is exact: every one of the C(N, n_x) ways to choose which pooled values are x is equally likely, counted by dynamic programming over doubled rank sums (so ties are handled exactly, not by a normal approximation). greater: P(U ≥ u); less: P(U ≤ u); two_sided: min(1, 2·min of the two) as SciPy. Checked: U from ranks equals U by counting pairs; the null's counts sum to C(N, n_x) and its mean is n_x(N + 1)/2 in ranks. C(N, n_x) < 2¹²⁷ (e.g. 60 + 60 values), at most 2·10⁸ steps.";
    const KEYWORDS: &'static [&'static str] = &[
        "mann whitney",
        "mann-whitney u test",
        "wilcoxon rank sum test",
        "rank sum",
        "nonparametric test",
        "two independent samples",
        "u statistic",
        "p-value",
        "distribution free",
        "compare two groups without normality",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "mann whitney u test of two groups",
        "are these two samples from the same distribution, exact rank test",
        "wilcoxon rank-sum test p-value",
        "nonparametric comparison of treatment and control scores",
        "do the scores of one group tend to be higher than the other's, without assuming a normal distribution",
    ];
    const ALIASES: &'static [&'static str] = &["mannwhitneyu", "wilcox.test", "ranksums"];
    const EXAMPLE: &'static str =
        r#"{"x": [19, 22, 16, 29, 24], "y": [20, 11, 17, 12], "alternative": "greater"}"#;
    const EXPECTED: &'static str = r#"{"u": "17", "u_y": "3", "alternative": "greater", "p_value": {"exact": "1/18", "decimal": "0.0555555555555556"}, "ties": false, "check": "U from the ranks equals U by counting pairs; the null's counts sum to C(N, n_x) and average n_x(N + 1)/2"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (x, y) = (data(input.x, "x")?, data(input.y, "y")?);
        let (n, m) = (x.len() + y.len(), x.len().min(y.len()));
        let steps = (n as u128) * (m as u128) * (2 * m as u128 * n as u128);
        if steps > MAX_STEPS {
            return Err(MathError::Limit(format!(
                "the exact null distribution of {} + {} values takes about {steps} steps, at most {MAX_STEPS}",
                x.len(),
                y.len()
            )));
        }
        let r = exact_test::mann_whitney(&x, &y, &ctx.budget).map_err(refused)?;
        let product = hessian_kernels::Q::from_integer((x.len() * y.len()).into());
        Ok(Output {
            u_y: Rational(product - &r.u),
            u: Rational(r.u),
            alternative: input.alternative,
            p_value: Value::of(&input.alternative.pick(r.p)),
            ties: r.ties,
            check: "U from the ranks equals U by counting pairs; the null's counts sum to C(N, n_x) and average n_x(N + 1)/2".into(),
        })
    }
}
