use crate::wire::Polynomial;
use hessian_kernels::poly::roots;
use hessian_op::prelude::*;
use num_traits::Signed;

pub struct RealRootCount;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A non-zero polynomial of degree at most 500.
    pub polynomial: Polynomial,
    /// Lower end a of the closed interval [a, b]; omit for −∞.
    pub lower: Option<Rational>,
    /// Upper end b; omit for +∞.
    pub upper: Option<Rational>,
}

impl Operation for RealRootCount {
    type Input = Input;
    type Output = usize;
    const ID: &'static str = "polynomial.real_roots.count";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Count real roots in an interval";
    const SUMMARY: &'static str = "Number of distinct real roots of a polynomial in a closed interval (or on the whole line), by Sturm's theorem.";
    const DESCRIPTION: &'static str = "Counts the distinct real roots of f ≠ 0 in [lower, upper] (either end may be omitted for ±∞) with a Sturm sequence of the square-free part; multiple roots count once. Degree at most 500.";
    const KEYWORDS: &'static [&'static str] = &[
        "count real roots",
        "number of roots",
        "sturm",
        "roots in interval",
        "how many roots",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "number of real roots of a polynomial",
        "count sign changes with a Sturm sequence",
        "how many real zeros in an interval",
        "how many times does this polynomial curve cross the x axis",
        "number of distinct real solutions between two given numbers",
        "check how many equilibrium points a polynomial model has in a range",
        "how many real roots does my quintic have between 0 and 1",
    ];
    const ALIASES: &'static [&'static str] = &["count_roots", "CountRoots", "polsturm"];
    const EXAMPLE: &'static str = r#"{"polynomial": "x^3 - x", "lower": "0"}"#;
    const EXPECTED: &'static str = r#"2"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        input.polynomial.nonzero("polynomial")?;
        if input.polynomial.degree() > 500 {
            return Err(MathError::Limit("degree at most 500".into()));
        }
        let f = input.polynomial.primitive().1;
        let all = roots::isolate(&f, &ctx.budget)?;
        // Ends beyond every root stand in for ±∞.
        let far = all
            .iter()
            .map(|r| r.lower.abs().max(r.upper.abs()))
            .max()
            .unwrap_or_default()
            + hessian_kernels::Q::from_integer(1.into());
        let a = input.lower.map_or(-far.clone(), |r| r.0);
        let b = input.upper.map_or(far, |r| r.0);
        Ok(roots::count_in(&f, &a, &b, &ctx.budget)?)
    }
}
