use hessian_kernels::Q;
use hessian_kernels::statistics::contingency;
use hessian_op::prelude::*;
use hessian_op::wire::{SquareRoot, Value};

pub struct ContingencyTable;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The table of counts: one row per category of the first variable, one column per category of the second; at most 100×100, every row and column total positive.
    pub table: crate::wire::CountTable,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub row_totals: Vec<Int>,
    pub column_totals: Vec<Int>,
    pub total: Int,
    /// Counts expected under independence, row total × column total / N.
    pub expected: Rows<Rational>,
    /// Pearson's χ² = Σ(O − E)²/E (no continuity correction), exact.
    pub chi_square: Value,
    /// (rows − 1)(columns − 1).
    pub degrees_of_freedom: usize,
    /// Cramér's V = √(χ²/(N·(min(rows, columns) − 1))), exact.
    pub cramers_v: SquareRoot,
    /// Cells whose expected count is below 5 (the χ² approximation's rule of thumb; for 2×2 tables use statistics.fisher_exact_test.compute).
    pub cells_expected_below_5: usize,
    pub check: String,
}

impl Operation for ContingencyTable {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "statistics.contingency_table.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Contingency table: expected counts, chi-square statistic and Cramér's V";
    const SUMMARY: &'static str = "The margins, the counts expected under independence, Pearson's chi-square statistic, its degrees of freedom and Cramér's V of a two-way table of counts, exactly.";
    const DESCRIPTION: &'static str = "For an r×c table of counts: Eᵢⱼ = Rᵢ·Cⱼ/N, χ² = Σ(Oᵢⱼ − Eᵢⱼ)²/Eᵢⱼ as an exact rational (SciPy's chi2_contingency with correction=False), (r − 1)(c − 1) degrees of freedom, Cramér's V as an exact square root, and how many expected counts fall below 5. Checked: χ² recomputed as N·(Σ O²/(R·C) − 1). At most 100×100 cells of counts up to 10⁹; every row and column must have a positive total.";
    const KEYWORDS: &'static [&'static str] = &[
        "contingency table",
        "chi-square test of independence",
        "chi square statistic",
        "expected counts",
        "cramer's v",
        "cross tabulation",
        "two-way table",
        "association between categorical variables",
        "crosstab",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "chi-square statistic of this contingency table",
        "expected frequencies under independence for a two-way table",
        "is gender associated with preference in this cross tabulation",
        "cramer's v of a table of counts",
        "is there a relationship between two categorical answers in my survey counts",
    ];
    const ALIASES: &'static [&'static str] = &["chi2_contingency", "chisq.test", "crosstab"];
    const EXAMPLE: &'static str = r#"{"table": [[10, 20, 30], [6, 9, 17]]}"#;
    const EXPECTED: &'static str = r#"{"row_totals": ["60", "32"], "column_totals": ["16", "29", "47"], "total": "92", "expected": [["240/23", "435/23", "705/23"], ["128/23", "232/23", "376/23"]], "chi_square": {"exact": "11845/43616", "decimal": "0.271574651504035"}, "degrees_of_freedom": 2, "cramers_v": {"exact": "sqrt(1403890)/21808", "square": "515/174464", "decimal": "0.0543313757042229"}, "cells_expected_below_5": 0, "check": "χ² recomputed as N·(Σ O²/(R·C) − 1): equal"}"#;

    // Long run: one output field per margin and statistic.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let table = crate::wire::counts(input.table)?;
        let (r, c) = (table.len(), table[0].len());
        let result = contingency::independence(&table, &ctx.budget)?;
        let n = Q::from_integer(result.total.clone());
        let v2 = &result.chi_square / (n * Q::from_integer((r.min(c) - 1).into()));
        let five = Q::from_integer(5.into());
        Ok(Output {
            cells_expected_below_5: result
                .expected
                .iter()
                .flatten()
                .filter(|e| **e < five)
                .count(),
            expected: result
                .expected
                .into_iter()
                .map(|row| row.into_iter().map(Rational).collect())
                .collect(),
            row_totals: result.row_totals.into_iter().map(Int).collect(),
            column_totals: result.column_totals.into_iter().map(Int).collect(),
            total: Int(result.total),
            chi_square: Value::of(&result.chi_square),
            degrees_of_freedom: (r - 1) * (c - 1),
            cramers_v: SquareRoot::of(&v2, false).ok_or(Stop::CheckFailed("V² is negative"))?,
            check: "χ² recomputed as N·(Σ O²/(R·C) − 1): equal".into(),
        })
    }
}
