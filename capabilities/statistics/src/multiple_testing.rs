use hessian_kernels::Q;
use hessian_kernels::statistics::multiple::{self, Method as Rule};
use hessian_op::prelude::*;

pub struct MultipleTesting;

/// Which correction: they control different error rates, and a silent
/// default would answer a question the caller did not ask.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// Family-wise error rate, single step: min(1, m·p).
    Bonferroni,
    /// Family-wise error rate, step-down (uniformly better than Bonferroni).
    Holm,
    /// False discovery rate for independent or positively dependent tests (fdr_bh).
    BenjaminiHochberg,
    /// False discovery rate under any dependence (fdr_by).
    BenjaminiYekutieli,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The p-values, each in [0, 1] (exact: "0.013", "1/30"); at most 10,000.
    pub p_values: List<Rational, 10_000>,
    /// bonferroni, holm, benjamini_hochberg or benjamini_yekutieli. Asked when absent.
    #[serde(default)]
    pub method: Option<Method>,
    /// The level to reject at (default 0.05).
    #[serde(default)]
    pub alpha: Option<Rational>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub method: Method,
    pub alpha: Rational,
    /// Adjusted p-values in input order, exact.
    pub adjusted: Vec<Rational>,
    /// Whether each hypothesis is rejected at alpha (adjusted ≤ alpha).
    pub reject: Vec<bool>,
    pub rejected: usize,
    pub check: String,
}

const ASK: &[StaticQuestion] = &[StaticQuestion {
    key: "method",
    message: "Which correction: Bonferroni or Holm (family-wise error rate), Benjamini–Hochberg or Benjamini–Yekutieli (false discovery rate)?",
    form: r#"{"type": "object", "properties": {"method": {"type": "string", "title": "Correction", "enum": ["bonferroni", "holm", "benjamini_hochberg", "benjamini_yekutieli"]}}, "required": ["method"]}"#,
    example: r#""holm""#,
}];

impl Operation for MultipleTesting {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "statistics.multiple_testing.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Multiple testing correction: Bonferroni, Holm, Benjamini–Hochberg, Benjamini–Yekutieli";
    const SUMMARY: &'static str = "Adjusted p-values and rejections for many simultaneous tests (family-wise error or false discovery rate), exactly.";
    const DESCRIPTION: &'static str = "Sorted p₍₁₎ ≤ … ≤ p₍ₘ₎. Bonferroni min(1, m·p); Holm max over j ≤ i of min(1, (m − j + 1)·p₍ⱼ₎); Benjamini–Hochberg min over j ≥ i of min(1, m·p₍ⱼ₎/j); Benjamini–Yekutieli the same with m·(1 + ½ + … + 1/m) — as statsmodels' multipletests, in exact rationals. The method is asked when absent (they answer different questions); alpha defaults to 0.05. Checked: 'adjusted ≤ alpha' rejects exactly the hypotheses the procedure's own step rule rejects. At most 10,000 p-values.";
    const KEYWORDS: &'static [&'static str] = &[
        "multiple testing",
        "multiple comparisons",
        "bonferroni correction",
        "holm",
        "benjamini hochberg",
        "false discovery rate",
        "fdr",
        "family-wise error rate",
        "adjusted p-values",
        "many p-values",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "adjust these p-values for multiple comparisons",
        "benjamini hochberg false discovery rate correction",
        "bonferroni correction of 5 tests",
        "which of these 20 tests are still significant after correction",
        "I ran 20 tests at once, how do I correct the p-values so I don't get false positives",
    ];
    const ALIASES: &'static [&'static str] = &["p.adjust", "multipletests", "fdr_bh"];
    const EXAMPLE: &'static str =
        r#"{"p_values": ["0.01", "0.04", "0.03", "0.005"], "method": "holm", "alpha": "0.05"}"#;
    const EXPECTED: &'static str = r#"{"method": "holm", "alpha": "1/20", "adjusted": ["3/100", "3/50", "3/50", "1/50"], "reject": [true, false, false, true], "rejected": 2, "check": "the hypotheses with adjusted p ≤ alpha are exactly those the procedure's step rule rejects at alpha"}"#;
    const PLAN: Plan<Input> = Plan::Static(ASK);

    // Long run: the method (asked), alpha and every p-value are validated before the kernel.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let method = input.method.ok_or_else(|| MathError::Input {
            path: "method".into(),
            message:
                "is missing; choose bonferroni, holm, benjamini_hochberg or benjamini_yekutieli"
                    .into(),
        })?;
        let alpha = input
            .alpha
            .map_or_else(|| Q::new(1.into(), 20.into()), |a| a.0);
        let p = crate::wire::data(input.p_values, "p_values")?;
        let unit = |q: &Q| *q >= Q::from_integer(0.into()) && *q <= Q::from_integer(1.into());
        if let Some(i) = p.iter().position(|q| !unit(q)) {
            return Err(MathError::Input {
                path: format!("p_values[{i}]"),
                message: format!("{} is not in [0, 1]", p[i]),
            });
        }
        if !unit(&alpha) || alpha == Q::from_integer(1.into()) {
            return Err(MathError::Input {
                path: "alpha".into(),
                message: format!("{alpha} is not a level in [0, 1)"),
            });
        }
        let rule = match method {
            Method::Bonferroni => Rule::Bonferroni,
            Method::Holm => Rule::Holm,
            Method::BenjaminiHochberg => Rule::BenjaminiHochberg,
            Method::BenjaminiYekutieli => Rule::BenjaminiYekutieli,
        };
        let (adjusted, reject) = multiple::adjust(&p, rule, &alpha, &ctx.budget)?;
        Ok(Output {
            method,
            alpha: Rational(alpha),
            adjusted: adjusted.into_iter().map(Rational).collect(),
            rejected: reject.iter().filter(|&&r| r).count(),
            reject,
            check: "the hypotheses with adjusted p ≤ alpha are exactly those the procedure's step rule rejects at alpha".into(),
        })
    }
}
