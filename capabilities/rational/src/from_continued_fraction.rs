use hessian_kernels::rational;
use hessian_op::prelude::*;
use num_traits::Signed;

pub struct FromContinuedFraction;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// [a0; a1, …, ak]: any integer a0, then positive integers (at most 10,000 terms).
    pub terms: List<Int, 10_000>,
}

impl Operation for FromContinuedFraction {
    type Input = Input;
    /// The value a0 + 1/(a1 + 1/(… + 1/ak)).
    type Output = Rational;
    const ID: &'static str = "rational.from_continued_fraction.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Evaluate a finite continued fraction";
    const SUMMARY: &'static str = "The rational [a0; a1, …, ak] = a0 + 1/(a1 + 1/(… + 1/ak)).";
    const DESCRIPTION: &'static str = "Evaluates a finite simple continued fraction exactly by the convergent \
        recurrence. a0 is any integer and a1 … ak must be positive (the offending index is named otherwise).";
    const KEYWORDS: &'static [&'static str] = &[
        "evaluate continued fraction",
        "from continued fraction",
        "convergent value",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "fraction from a list of continued fraction terms",
        "evaluate a finite continued fraction",
        "turn a list of continued fraction terms back into an ordinary fraction",
        "collapse a nested one-over fraction into a single fraction",
        "recover a gear ratio or convergent from its continued fraction terms",
        "how do I compute the value of [3; 7, 15, 1] as a fraction",
    ];
    const ALIASES: &'static [&'static str] =
        &["continued_fraction_reduce", "FromContinuedFraction"];
    const EXAMPLE: &'static str = r#"{"terms": [3, 7, 15, 1]}"#;
    const EXPECTED: &'static str = r#""355/113""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Rational, MathError> {
        let terms: Vec<_> = input.terms.0.into_iter().map(|t| t.0).collect();
        if let Some(i) = terms.iter().skip(1).position(|a| !a.is_positive()) {
            return Err(MathError::Input {
                path: format!("terms.{}", i + 1),
                message: "terms after the first must be positive".into(),
            });
        }
        // The denominator is at least the product of the terms after the
        // first (each ≥ 1), and p/q is already reduced.
        let digits: f64 = terms
            .iter()
            .skip(1)
            .map(|a| rational::digits_lower(&hessian_kernels::Q::from_integer(a.clone())) - 1.0)
            .sum();
        ctx.room_for_digits(digits, "the continued fraction's value")?;
        Ok(Rational(rational::continued_fraction_value(
            &terms,
            &ctx.budget,
        )?))
    }
}
