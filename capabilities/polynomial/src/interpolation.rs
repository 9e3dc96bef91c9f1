use crate::wire::PolyOut;
use hessian_kernels::poly;
use hessian_op::prelude::*;

pub struct Interpolation;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Points [x, y] with distinct x (at most 2000).
    pub points: List<[Rational; 2], 2000>,
}

impl Operation for Interpolation {
    type Input = Input;
    type Output = PolyOut;
    const ID: &'static str = "polynomial.interpolation.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Interpolating polynomial through points";
    const SUMMARY: &'static str =
        "The unique polynomial of least degree through given points, exactly (Newton form).";
    const DESCRIPTION: &'static str = "Computes the polynomial of degree below n through n points (xᵢ, yᵢ) with distinct xᵢ, over Q, by Newton's divided differences.";
    const KEYWORDS: &'static [&'static str] = &[
        "interpolation",
        "interpolate",
        "lagrange",
        "newton",
        "fit points",
        "polynomial through points",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "polynomial of least degree through given points",
        "Lagrange or Newton interpolation",
        "find the curve formula that passes exactly through my data points",
        "lowest degree polynomial hitting all given x and y values exactly",
        "guess the formula behind a number sequence from its first few terms",
        "how do I fit a polynomial exactly through five points",
    ];
    const ALIASES: &'static [&'static str] =
        &["interpolate", "InterpolatingPolynomial", "polinterpolate"];
    const EXAMPLE: &'static str = r#"{"points": [[0, 1], [1, 3], [2, 7]]}"#;
    const EXPECTED: &'static str =
        r#"{"coefficients": ["1", "1", "1"], "polynomial": "x^2 + x + 1"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let pts: Vec<_> = input
            .points
            .0
            .iter()
            .map(|[x, y]| (x.0.clone(), y.0.clone()))
            .collect();
        ctx.budget.check()?;
        poly::interpolate(&pts)
            .map(|p| PolyOut::new(p, "x"))
            .ok_or_else(|| MathError::Input {
                path: "points".into(),
                message: "two points share an x; the x values must be distinct".into(),
            })
    }
}
