use crate::linear_regression::r_squared;
use crate::wire::pairs;
use hessian_kernels::Mat;
use hessian_kernels::statistics::regression;
use hessian_op::prelude::*;
use hessian_op::wire::{PolyOut, Value};

pub struct PolynomialRegression;

/// Most bits of the largest power x^(2d) in the normal equations.
const MAX_POWER_BITS: u64 = 200_000;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The x values; at most 10,000.
    pub x: List<Rational, 10_000>,
    /// The y values, paired with x.
    pub y: List<Rational, 10_000>,
    /// Degree of the fitted polynomial (0 to 10; fewer than the distinct x values).
    pub degree: Bounded<0, 10>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The least-squares polynomial in x.
    pub fit: PolyOut,
    pub residuals: Vec<Rational>,
    pub residual_sum_of_squares: Rational,
    /// 1 − RSS/Σ(y − ȳ)², absent when y is constant.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub r_squared: Option<Value>,
    pub check: String,
}

impl Operation for PolynomialRegression {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "statistics.polynomial_regression.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Polynomial regression: least-squares polynomial of a given degree";
    const SUMMARY: &'static str = "The exact least-squares polynomial of degree d through paired data (quadratic or cubic trend), with residuals and R².";
    const DESCRIPTION: &'static str = "Least squares with the columns 1, x, x², …, x^d: the coefficients solve the normal equations exactly over the rationals. Checked: the residuals are orthogonal to every column, Σ rᵢ·xᵢᵏ = 0 for k = 0…d. The degree must be below the number of distinct x values (else the fit is not unique). At most 10,000 points, degree ≤ 10. For interpolation through every point use polynomial.interpolate.";
    const KEYWORDS: &'static [&'static str] = &[
        "polynomial regression",
        "quadratic regression",
        "curve fitting",
        "least squares polynomial",
        "polyfit",
        "trend curve",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "fit a quadratic to these data points by least squares",
        "best fitting parabola for my data",
        "cubic trend line",
    ];
    const ALIASES: &'static [&'static str] = &["polyfit", "np.polyfit", "Fit"];
    const EXAMPLE: &'static str = r#"{"x": [0, 1, 2, 3, 4], "y": [1, 2, 5, 9, 17], "degree": 2}"#;
    const EXPECTED: &'static str = r#"{"fit": {"coefficients": ["8/7", "-27/70", "15/14"], "polynomial": "15/14*x^2 - 27/70*x + 8/7"}, "residuals": ["-1/7", "6/35", "12/35", "-22/35", "9/35"], "residual_sum_of_squares": "22/35", "r_squared": {"exact": "2943/2954", "decimal": "0.996276235612729"}, "check": "Σ rᵢ·xᵢᵏ = 0 for every k ≤ degree: the residuals are orthogonal to each column, recomputed exactly"}"#;

    // Long run: read the pairs, bound the powers, fit the Vandermonde columns.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (xs, ys) = pairs(input.x, input.y, 1, ["x", "y"])?;
        let d = input.degree.0 as usize;
        // The normal equations hold powers up to x^(2d).
        let widest = xs
            .iter()
            .map(|x| x.numer().bits() + x.denom().bits())
            .max()
            .unwrap_or(0);
        if widest * 2 * d as u64 > MAX_POWER_BITS {
            return Err(MathError::Limit(format!(
                "x values of {widest} bits to the power {}: at most {MAX_POWER_BITS} bits",
                2 * d
            )));
        }
        let x = Mat::from_fn(xs.len(), d + 1, |i, j| {
            hessian_kernels::rational::pow(&xs[i], j)
        });
        let fit = regression::least_squares(&x, &ys, &ctx.budget)?.ok_or_else(|| {
            MathError::Domain(format!(
                "degree {d} needs at least {} distinct x values: no unique fit",
                d + 1
            ))
        })?;
        Ok(Output {
            r_squared: r_squared(&fit),
            residual_sum_of_squares: Rational(fit.ss_residual),
            residuals: fit.residuals.into_iter().map(Rational).collect(),
            fit: PolyOut::new(hessian_kernels::poly::trim(fit.coefficients), "x"),
            check: "Σ rᵢ·xᵢᵏ = 0 for every k ≤ degree: the residuals are orthogonal to each column, recomputed exactly".into(),
        })
    }
}
