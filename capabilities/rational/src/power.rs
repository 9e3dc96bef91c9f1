use hessian_kernels::Q;
use hessian_op::prelude::*;
use num_traits::{Pow, Zero};

pub struct Power;

/// The result is refused beyond this many digits (numerator plus denominator).
const MAX_RESULT_DIGITS: u64 = 200_000;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The base q.
    pub base: Rational,
    /// The integer exponent k; negative k inverts (q ≠ 0).
    pub exponent: Bounded<-1_000_000, 1_000_000>,
}

impl Operation for Power {
    type Input = Input;
    /// q^k, reduced.
    type Output = Rational;
    const ID: &'static str = "rational.power.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Integer power of a rational q^k";
    const SUMMARY: &'static str =
        "Exact q^k for a rational q and an integer exponent k (negative allowed).";
    const DESCRIPTION: &'static str = "Computes q^k exactly for |k| ≤ 10^6; negative k needs q ≠ 0. 0^0 = 1. \
        Results over 200,000 digits are limit_exceeded.";
    const KEYWORDS: &'static [&'static str] = &[
        "power of fraction",
        "rational exponentiation",
        "fraction to a power",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "fraction raised to an integer power",
        "exact power of a rational number",
        "multiply a fraction by itself several times, or its reciprocal for negatives",
        "exact value of (3/2) to the power of 10",
        "compound growth factor over n periods as an exact fraction",
        "how do I raise 2/3 to the power -4 exactly",
    ];
    const ALIASES: &'static [&'static str] = &["Rational.__pow__", "Power"];
    const EXAMPLE: &'static str = r#"{"base": "-2/3", "exponent": -3}"#;
    const EXPECTED: &'static str = r#""-27/8""#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Rational, MathError> {
        let (q, k) = (input.base.0, input.exponent.0);
        if q.is_zero() && k < 0 {
            return Err(MathError::Domain("0 has no negative power".into()));
        }
        let bits = q.numer().bits() + q.denom().bits();
        let digits = (bits as f64 * std::f64::consts::LOG10_2 * k.unsigned_abs() as f64) as u64;
        if digits > MAX_RESULT_DIGITS {
            return Err(MathError::Limit(format!(
                "q^k would have about {digits} digits; at most {MAX_RESULT_DIGITS}"
            )));
        }
        let p: Q = Pow::pow(&q, k.unsigned_abs());
        Ok(Rational(if k < 0 { p.recip() } else { p }))
    }
}
