use hessian_kernels::rational;
use hessian_op::prelude::*;
use num_traits::Signed;

pub struct BestApproximation;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The rational x to approximate (e.g. a long decimal "3.14159265358979").
    pub x: Rational,
    /// The largest denominator allowed, ≥ 1.
    pub max_denominator: Int,
}

impl Operation for BestApproximation {
    type Input = Input;
    /// The p/q closest to x with 1 ≤ q ≤ max_denominator (smaller q on a tie).
    type Output = Rational;
    const ID: &'static str = "rational.best_approximation.find";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Best rational approximation with bounded denominator";
    const SUMMARY: &'static str =
        "The fraction nearest to x among those with denominator ≤ N (limit_denominator).";
    const DESCRIPTION: &'static str = "Finds the rational p/q closest to x with 1 ≤ q ≤ max_denominator, from the \
        convergents and semiconvergents of x's continued fraction (like Python's Fraction.limit_denominator). \
        On an exact tie the smaller denominator wins.";
    const KEYWORDS: &'static [&'static str] = &[
        "best rational approximation",
        "limit denominator",
        "closest fraction",
        "approximate by fraction",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "closest fraction with a bounded denominator",
        "best rational approximation of a number",
        "simplest fraction near a decimal",
        "nearest simple fraction to a decimal with denominator no larger than N",
        "approximate pi with a fraction whose bottom is under 1000",
        "choose gear tooth counts that give a ratio closest to a target",
        "is there a fraction with small denominator closest to 0.3183",
    ];
    const ALIASES: &'static [&'static str] = &["limit_denominator", "Rationalize", "bestappr"];
    const EXAMPLE: &'static str = r#"{"x": "3.14159265358979", "max_denominator": 1000}"#;
    const EXPECTED: &'static str = r#""355/113""#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Rational, MathError> {
        if !input.max_denominator.0.is_positive() {
            return Err(MathError::Domain(
                "`max_denominator` must be at least 1".into(),
            ));
        }
        Ok(Rational(rational::best_approximation(
            &input.x.0,
            &input.max_denominator.0,
        )))
    }
}
