use crate::wire::Alternative;
use hessian_kernels::statistics::exact_test;
use hessian_op::prelude::*;
use hessian_op::wire::Value;

pub struct FisherExactTest;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The 2×2 table of counts [[a, b], [c, d]]: rows are the groups, columns the outcomes; at most 10,000 in all.
    pub table: [[Bounded<0, 10_000>; 2]; 2],
    /// two_sided (default); greater: the odds ratio ad/bc is above 1; less: below 1.
    #[serde(default)]
    pub alternative: Alternative,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub alternative: Alternative,
    pub p_value: Value,
    /// The sample odds ratio ad/(bc): "inf" when bc = 0 < ad; absent when ad = bc = 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub odds_ratio: Option<Extended>,
    pub check: String,
}

impl Operation for FisherExactTest {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "statistics.fisher_exact_test.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Fisher's exact test on a 2×2 contingency table";
    const SUMMARY: &'static str = "The exact p-value of association in a 2×2 table of counts (treatment vs outcome, tea tasting), from the hypergeometric law with the margins fixed.";
    const DESCRIPTION: &'static str = "With the row and column totals fixed, the top-left count X is hypergeometric. greater: P(X ≥ a); less: P(X ≤ a); two_sided: the sum of P(X = x) over every x no more likely than a (the rule of R's fisher.test and SciPy's fisher_exact, decided here exactly). Also the sample odds ratio ad/(bc). Checked: the hypergeometric numerators sum to C(N, n) (Vandermonde). At most 10,000 counts in all.";
    const KEYWORDS: &'static [&'static str] = &[
        "fisher exact test",
        "fisher's exact test",
        "2x2 table",
        "contingency table",
        "odds ratio",
        "association",
        "p-value",
        "small counts",
        "lady tasting tea",
        "treatment outcome",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "fisher exact test on the table 3 1 1 3",
        "is there an association in this 2 by 2 table",
        "p-value for treatment vs control recovered or not",
        "exact test when the expected counts are too small for chi square",
        "drug versus placebo, how many recovered in each group, is the difference significant with small numbers",
    ];
    const ALIASES: &'static [&'static str] = &["fisher.test", "fisher_exact"];
    const EXAMPLE: &'static str = r#"{"table": [[3, 1], [1, 3]], "alternative": "greater"}"#;
    const EXPECTED: &'static str = r#"{"alternative": "greater", "p_value": {"exact": "17/70", "decimal": "0.242857142857143"}, "odds_ratio": "9", "check": "the hypergeometric numerators over every table with these margins sum to C(N, n), computed separately"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let t = input.table.map(|row| row.map(|c| c.0 as u64));
        let total: u64 = t.iter().flatten().sum();
        if total > 10_000 {
            return Err(MathError::Limit(format!(
                "the table holds {total} counts, at most 10,000"
            )));
        }
        let tails = exact_test::fisher(t, &ctx.budget)?;
        Ok(Output {
            alternative: input.alternative,
            p_value: Value::of(&input.alternative.pick(tails)),
            odds_ratio: exact_test::odds_ratio(t).map(Extended),
            check: "the hypergeometric numerators over every table with these margins sum to C(N, n), computed separately".into(),
        })
    }
}
