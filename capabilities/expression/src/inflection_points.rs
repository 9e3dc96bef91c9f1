use crate::critical_points::located;
use crate::wire::{ExprOut, Expression, Symbol};
use hessian_kernels::expr::critical::{Kind as Found, critical_points};
use hessian_kernels::expr::diff::derivative;
use hessian_op::prelude::*;
use hessian_op::wire::Rational;

pub struct InflectionPoints;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// f(x): a rational function, or one times exponentials.
    pub expression: Expression,
    pub variable: Symbol,
}

#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Change {
    /// f″ goes from − to +: concave down, then up.
    DownToUp,
    /// f″ goes from + to −: concave up, then down.
    UpToDown,
}

#[derive(Serialize, JsonSchema)]
pub struct Point {
    /// The point exactly (rational, or with one square root).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub x: Option<ExprOut>,
    /// Otherwise: the irreducible polynomial whose only root in
    /// `between` the point is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub root_of: Option<ExprOut>,
    /// An interval holding the point and no other zero or pole of f″.
    pub between: [Rational; 2],
    pub concavity: Change,
    /// f at the point, for an exact point.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<ExprOut>,
}

#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Found,
    Unknown,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub status: Status,
    /// Every real inflection point, ascending.
    pub points: Vec<Point>,
    pub how: String,
}

impl Operation for InflectionPoints {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "expression.inflection_points.find";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Inflection points of f(x)";
    const SUMMARY: &'static str = "Every real point where f″ changes sign, for a rational function (times exponentials), exact or isolated, with the change of concavity.";
    const DESCRIPTION: &'static str = "The zeros of f″ where it changes sign are the extrema of f′: found as expression.critical_points.find finds them for f′ (f″ = P·e^u/D, real roots of P·D isolated with rational ends, exact for factors of degree ≤ 2), keeping those where the certified signs of f″ on either side differ. Zeros of f″ without a sign change (x⁴ at 0) are not inflection points and are left out.";
    const KEYWORDS: &'static [&'static str] = &[
        "inflection point",
        "concavity",
        "concave up",
        "concave down",
        "second derivative sign change",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "inflection points of x^3 - 3x^2 + 1",
        "where does the graph change concavity",
        "where is x*exp(-x) concave up",
        "where does a curve switch from bending up to bending down",
        "when does growth stop speeding up and start slowing down",
        "find where the second derivative of a rational function changes sign",
        "how do I find where the S shape of a graph flips",
    ];
    const ALIASES: &'static [&'static str] = &["inflection"];
    const EXAMPLE: &'static str = r#"{"expression": "x^3 - 3*x^2 + 1", "variable": "x"}"#;
    const EXPECTED: &'static str = r#"{"status": "found", "points": [{"x": {"expression": "1", "latex": "1"}, "between": ["1", "1"], "concavity": "down_to_up", "value": {"expression": "-1", "latex": "-1"}}], "how": "the zeros of f″ where its certified sign changes (extrema of f′); exact points checked by f″(c) = 0"}"#;

    // Long run: each point is written out exactly or by its factor.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (f, x) = (&input.expression.0, &input.variable.0);
        let found = match critical_points(&derivative(f, x), x, &ctx.budget)? {
            Ok(points) => points,
            Err(why) => {
                return Ok(Output {
                    status: Status::Unknown,
                    points: Vec::new(),
                    how: why.replace('′', "″"),
                });
            }
        };
        let mut points = Vec::new();
        for c in found {
            let concavity = match c.kind {
                Found::Minimum => Change::DownToUp,
                Found::Maximum => Change::UpToDown,
                Found::Neither => continue,
                Found::Unknown => {
                    return Ok(Output {
                        status: Status::Unknown,
                        points: Vec::new(),
                        how: "the sign of f″ beside one of its zeros could not be certified".into(),
                    });
                }
            };
            let at = located(&c, f, x, &ctx.budget)?;
            points.push(Point {
                x: at.x,
                root_of: at.root_of,
                between: at.between,
                concavity,
                value: at.value,
            });
        }
        Ok(Output {
            status: Status::Found,
            points,
            how: "the zeros of f″ where its certified sign changes (extrema of f′); exact points checked by f″(c) = 0".into(),
        })
    }
}
