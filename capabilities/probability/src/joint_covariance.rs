use crate::wire::Joint;
use hessian_kernels::probability::joint;
use hessian_op::prelude::*;
use hessian_op::wire::{SquareRoot, Value};
use num_traits::{Signed, Zero};

pub struct JointCovariance;

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub mean_x: Rational,
    pub mean_y: Rational,
    /// E[XY].
    pub e_xy: Rational,
    pub covariance: Value,
    pub variance_x: Rational,
    pub variance_y: Rational,
    /// ρ = Cov/√(Var X·Var Y), exact; absent when a variance is 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub correlation: Option<SquareRoot>,
    pub check: String,
}

impl Operation for JointCovariance {
    type Input = Joint<Rational>;
    type Output = Output;
    const ID: &'static str = "probability.joint.covariance.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Covariance and correlation of two discrete random variables (joint table)";
    const SUMMARY: &'static str = "E[X], E[Y], E[XY], Cov(X, Y), the variances and the correlation coefficient of two numeric discrete variables from their joint probability table, exactly.";
    const DESCRIPTION: &'static str = "Cov(X, Y) = E[XY] − E[X]·E[Y] over the table pᵢⱼ = P(X = xᵢ, Y = yⱼ) with numeric values; ρ = Cov/√(Var X·Var Y) as an exact square root. Checked: the covariance recomputed as Σpᵢⱼ(xᵢ − μₓ)(yⱼ − μᵧ). At most 100×100.";
    const KEYWORDS: &'static [&'static str] = &[
        "covariance",
        "correlation coefficient",
        "joint distribution",
        "expected value of xy",
        "cov(x,y)",
        "two random variables",
        "joint probability table",
        "linear dependence",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "covariance of X and Y from their joint probability table",
        "correlation of two discrete random variables given the joint pmf",
        "compute E[XY] and Cov(X, Y)",
        "do X and Y tend to move together, from the probabilities of each pair of values",
    ];
    const ALIASES: &'static [&'static str] = &["cov", "joint covariance"];
    const EXAMPLE: &'static str = r#"{"x_values": [0, 1], "y_values": [0, 1, 2], "probabilities": [["1/4", "1/8", "1/8"], ["1/8", "1/8", "1/4"]]}"#;
    const EXPECTED: &'static str = r#"{"mean_x": "1/2", "mean_y": "1", "e_xy": "5/8", "covariance": {"exact": "1/8", "decimal": "0.125"}, "variance_x": "1/4", "variance_y": "3/4", "correlation": {"exact": "sqrt(3)/6", "square": "1/12", "decimal": "0.288675134594813"}, "check": "Cov recomputed as Σp·(x − μₓ)(y − μᵧ): equal"}"#;

    // Long run: the correlation exists only when both variances are positive.
    fn run(input: Joint<Rational>, ctx: &Ctx) -> Result<Output, MathError> {
        let (x, y, p) = input.read()?;
        let (x, y): (Vec<_>, Vec<_>) = (
            x.into_iter().map(|r| r.0).collect(),
            y.into_iter().map(|r| r.0).collect(),
        );
        let m = joint::moments(&x, &y, &p, &ctx.budget)?;
        let product = &m.variance_x * &m.variance_y;
        let correlation = if product.is_zero() {
            None
        } else {
            let r2 = &m.covariance * &m.covariance / product;
            Some(
                SquareRoot::of(&r2, m.covariance.is_negative())
                    .ok_or(Stop::CheckFailed("ρ² is negative"))?,
            )
        };
        Ok(Output {
            mean_x: Rational(m.mean_x),
            mean_y: Rational(m.mean_y),
            e_xy: Rational(m.e_xy),
            covariance: Value::of(&m.covariance),
            variance_x: Rational(m.variance_x),
            variance_y: Rational(m.variance_y),
            correlation,
            check: "Cov recomputed as Σp·(x − μₓ)(y − μᵧ): equal".into(),
        })
    }
}
