use hessian_kernels::rational;
use hessian_op::prelude::*;

pub struct ContinuedFraction;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The rational to expand.
    pub q: Rational,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// [a0; a1, …, ak]: a0 = ⌊q⌋, then positive terms, the last ≥ 2 unless q is an integer.
    pub terms: Vec<Int>,
    /// The convergents p_i/q_i; the last equals q.
    pub convergents: Vec<Rational>,
}

impl Operation for ContinuedFraction {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "rational.continued_fraction.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Continued fraction expansion and convergents of a rational";
    const SUMMARY: &'static str =
        "The finite simple continued fraction [a0; a1, …, ak] of q and its convergents.";
    const DESCRIPTION: &'static str = "Expands q into its simple continued fraction by the Euclidean algorithm, in \
        the canonical form (a0 = ⌊q⌋ may be negative, later terms ≥ 1, last term ≥ 2 unless q is an integer), \
        with every convergent p_i/q_i. The inverse is rational.from_continued_fraction.compute.";
    const KEYWORDS: &'static [&'static str] = &[
        "continued fraction",
        "convergents",
        "contfrac",
        "euclidean algorithm",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "continued fraction expansion of a fraction",
        "partial quotients by the Euclidean algorithm",
        "convergents of a rational number",
        "write a fraction as whole number plus one over something, repeatedly",
        "sequence of whole-number quotients from repeated division of a fraction",
        "find good approximate gear ratios from the convergents of a fraction",
        "how do I expand 415/93 as a continued fraction",
    ];
    const ALIASES: &'static [&'static str] =
        &["continued_fraction", "ContinuedFraction", "contfrac"];
    const EXAMPLE: &'static str = r#"{"q": "415/93"}"#;
    const EXPECTED: &'static str =
        r#"{"terms": ["4", "2", "6", "7"], "convergents": ["4", "9/2", "58/13", "415/93"]}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Output, MathError> {
        let terms = rational::continued_fraction(&input.q.0);
        let convergents = rational::convergents(&terms)
            .into_iter()
            .map(Rational)
            .collect();
        Ok(Output {
            terms: terms.into_iter().map(Int).collect(),
            convergents,
        })
    }
}
