use crate::wire::pairs;
use hessian_kernels::statistics::correlation::{self, Squared};
use hessian_op::prelude::*;
use hessian_op::wire::SquareRoot;

pub struct Correlation;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The first variable; at most 5,000 values.
    pub x: List<Rational, 5000>,
    /// The second variable, paired with x (same length, at least 2).
    pub y: List<Rational, 5000>,
}

#[derive(Serialize, JsonSchema)]
pub struct KendallOut {
    /// τ-b (adjusted for ties; τ-a when there are none), absent when x or y is constant.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tau_b: Option<SquareRoot>,
    pub concordant: u64,
    pub discordant: u64,
    pub tied_x: u64,
    pub tied_y: u64,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Pearson's r = Sxy/√(Sxx·Syy) (its square is the R² of a straight-line fit); absent when x or y is constant.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pearson: Option<SquareRoot>,
    /// Spearman's ρ: Pearson's r of the ranks (ties get mid-ranks).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spearman: Option<SquareRoot>,
    pub kendall: KendallOut,
    pub check: String,
}

/// The coefficient from r² and its sign; a root failing c²·r = r² is a defect.
fn root(r: Squared) -> Result<Option<SquareRoot>, Stop> {
    r.map(|(r2, negative)| {
        SquareRoot::of(&r2, negative)
            .ok_or(Stop::CheckFailed("a coefficient's root fails c²·r = r²"))
    })
    .transpose()
}

impl Operation for Correlation {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "statistics.correlation.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Correlation coefficients of paired data: Pearson r, Spearman ρ, Kendall τ";
    const SUMMARY: &'static str = "Pearson's, Spearman's and Kendall's correlation of two paired lists, exactly (as square roots of rationals) with certified digits.";
    const DESCRIPTION: &'static str = "Pearson r = Sxy/√(Sxx·Syy) is returned exactly as ±c*sqrt(d) with r² rational; Spearman ρ is Pearson's r of the mid-ranks; Kendall τ-b = (C − D)/√((n₀ − n₁)(n₀ − n₂)) from all n(n − 1)/2 pairs. Checked: Sxy against Σxy − n·x̄·ȳ, r² ≤ 1, Spearman without ties against 1 − 6Σd²/(n(n² − 1)), Kendall's pair counts against the tie groups and n₀. A coefficient is absent when a variable is constant. 2 to 5,000 pairs.";
    const KEYWORDS: &'static [&'static str] = &[
        "correlation",
        "correlation coefficient",
        "pearson",
        "spearman",
        "kendall tau",
        "rank correlation",
        "r value",
        "association",
        "relationship between two variables",
        "move together",
        "linear relationship",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "correlation coefficient between height and weight",
        "how strongly are these two variables related",
        "spearman rank correlation of two lists",
        "kendall tau between two rankings",
    ];
    const ALIASES: &'static [&'static str] = &[
        "corr",
        "CORREL",
        "pearsonr",
        "spearmanr",
        "kendalltau",
        "cor",
    ];
    const EXAMPLE: &'static str = r#"{"x": [1, 2, 3, 4, 5], "y": [2, 4, 5, 4, 5]}"#;
    const EXPECTED: &'static str = r#"{"pearson": {"exact": "sqrt(15)/5", "square": "3/5", "decimal": "0.774596669241483"}, "spearman": {"exact": "7*sqrt(10)/30", "square": "49/90", "decimal": "0.737864787372622"}, "kendall": {"tau_b": {"exact": "3*sqrt(5)/10", "square": "9/20", "decimal": "0.670820393249937"}, "concordant": 7, "discordant": 1, "tied_x": 0, "tied_y": 2}, "check": "Sxy recomputed as Σxy − n·x̄·ȳ and r² ≤ 1; Spearman (without ties) as 1 − 6Σd²/(n(n² − 1)); Kendall's pair counts against the tie groups and n(n − 1)/2"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (xs, ys) = pairs(input.x, input.y, 2, ["x", "y"])?;
        let pearson = correlation::pearson(&xs, &ys, &ctx.budget)?;
        let spearman = correlation::spearman(&xs, &ys, &ctx.budget)?;
        let (tau, p) = correlation::kendall(&xs, &ys, &ctx.budget)?;
        Ok(Output {
            pearson: root(pearson)?,
            spearman: root(spearman)?,
            kendall: KendallOut {
                tau_b: root(tau)?,
                concordant: p.concordant,
                discordant: p.discordant,
                tied_x: p.tied_x,
                tied_y: p.tied_y,
            },
            check: "Sxy recomputed as Σxy − n·x̄·ȳ and r² ≤ 1; Spearman (without ties) as 1 − 6Σd²/(n(n² − 1)); Kendall's pair counts against the tie groups and n(n − 1)/2".into(),
        })
    }
}
