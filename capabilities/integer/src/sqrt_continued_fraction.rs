use hessian_kernels::number_theory;
use hessian_op::prelude::*;

pub struct SqrtContinuedFraction;

/// Periods grow like √n·log n; this bounds the output, not the work.
pub const MAX_PERIOD: usize = 100_000;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The positive integer n (at most 40 digits).
    pub n: Int,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// a0 = ⌊√n⌋.
    pub integer_part: Int,
    /// The repeating terms a1 … ak (the last is 2·a0); empty when n is a perfect square.
    pub period: Vec<Int>,
}

impl Operation for SqrtContinuedFraction {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "integer.sqrt_continued_fraction.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Continued fraction of √n (periodic)";
    const SUMMARY: &'static str = "The periodic continued fraction √n = [a0; a1, …, ak repeating].";
    const DESCRIPTION: &'static str = "Computes the continued fraction of √n for a positive integer n: a0 = ⌊√n⌋ \
        and the period a1 … ak, which ends with 2·a0 (Lagrange). A perfect square has an empty period. \
        n ≤ 40 digits; a period longer than 100,000 terms is limit_exceeded.";
    const KEYWORDS: &'static [&'static str] = &[
        "continued fraction of square root",
        "sqrt continued fraction",
        "periodic continued fraction",
        "quadratic irrational",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "periodic continued fraction of the square root of an integer",
        "continued fraction expansion of sqrt(n)",
        "period of the continued fraction of a quadratic irrational",
        "repeating pattern of whole-number parts when expanding root 7",
        "nested fraction form of the square root of an integer",
        "get the expansion used to solve Pell equations and find good approximations",
        "how do I find the repeating continued fraction of sqrt(n)",
    ];
    const ALIASES: &'static [&'static str] =
        &["continued_fraction_periodic", "ContinuedFraction[Sqrt[n]]"];
    const EXAMPLE: &'static str = r#"{"n": 14}"#;
    const EXPECTED: &'static str = r#"{"integer_part": "3", "period": ["1", "2", "1", "6"]}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Output, MathError> {
        let n = crate::positive(&input.n, "n", 40)?;
        let (a0, period) =
            number_theory::sqrt_continued_fraction(&n, MAX_PERIOD).ok_or_else(|| {
                MathError::Limit(format!(
                    "the period of √{n} is longer than {MAX_PERIOD} terms"
                ))
            })?;
        Ok(Output {
            integer_part: Int(a0.into()),
            period: period.into_iter().map(|a| Int(a.into())).collect(),
        })
    }
}
