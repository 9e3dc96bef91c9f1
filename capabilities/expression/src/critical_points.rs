use crate::wire::{ExprOut, Expression, Symbol};
use hessian_kernels::Budget;
use hessian_kernels::expr::Expr;
use hessian_kernels::expr::critical::{Critical, Kind as Found, critical_points};
use hessian_kernels::expr::simplify::simplify;
use hessian_kernels::expr::zero::Verdict;
use hessian_op::prelude::*;
use hessian_op::wire::Rational;
use std::collections::BTreeMap;

pub struct CriticalPoints;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// f(x): a rational function, or one times exponentials
    /// (x^2*exp(-x), (x^3 - 3*x)/(x^2 + 1)).
    pub expression: Expression,
    pub variable: Symbol,
}

#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A local minimum (f′ goes from − to +).
    Minimum,
    /// A local maximum (f′ goes from + to −).
    Maximum,
    /// Neither: f′ keeps its sign (a stationary inflection point).
    Neither,
    /// The sign of f′ beside the point could not be certified.
    Unknown,
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
    /// An interval holding the point and no other zero or pole of f′
    /// (equal ends: the point itself).
    pub between: [Rational; 2],
    pub kind: Kind,
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
    /// Every real critical point, ascending (empty: f′ has no real zero).
    pub points: Vec<Point>,
    pub how: String,
}

impl Operation for CriticalPoints {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "expression.critical_points.find";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Critical points, local minima and maxima of f(x)";
    const SUMMARY: &'static str = "Every real zero of f′ for a rational function (times exponentials), exact or isolated, classified as minimum, maximum or neither by the first-derivative test.";
    const DESCRIPTION: &'static str = "Writes f′ as P(x)·e^(u(x))/D(x) with polynomials P, D over Q, isolates the real roots of P·D in disjoint intervals with rational ends, and gives each root of P exactly when its irreducible factor has degree ≤ 2 (rational, or with one square root), else as that factor's only root in an interval. Each is classified by the certified signs of f′ at rational points on either side with no other zero or pole between. Exact points are checked by f′(c) = 0; the others by their factor's sign change. Points where f′ is undefined (poles) are not critical points here; other functions (sin, log) answer unknown.";
    const KEYWORDS: &'static [&'static str] = &[
        "critical points",
        "stationary points",
        "local minimum",
        "local maximum",
        "extrema",
        "extremum",
        "turning points",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "find the local maxima and minima of x^3 - 3x",
        "where is the derivative of f zero",
        "critical points of x^2*exp(-x)",
        "where does the graph of a function have its peaks and valleys",
        "find the highest and lowest turning points of a curve",
        "box dimensions where the volume formula reaches its largest value",
        "how do I find where a function stops increasing and starts decreasing",
    ];
    const ALIASES: &'static [&'static str] = &["extrema", "stationary_points"];
    const EXAMPLE: &'static str = r#"{"expression": "x^3 - 3*x", "variable": "x"}"#;
    const EXPECTED: &'static str = r#"{"status": "found", "points": [{"x": {"expression": "-1", "latex": "-1"}, "between": ["-1", "-1"], "kind": "maximum", "value": {"expression": "2", "latex": "2"}}, {"x": {"expression": "1", "latex": "1"}, "between": ["1", "1"], "kind": "minimum", "value": {"expression": "-2", "latex": "-2"}}], "how": "the real zeros of f′ = P·e^u/D, isolated; exact points checked by f′(c) = 0 (proven), classified by the signs of f′ on either side"}"#;

    // Long run: each point is written out exactly or by its factor.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (f, x) = (&input.expression.0, &input.variable.0);
        let found = match critical_points(f, x, &ctx.budget)? {
            Ok(points) => points,
            Err(why) => {
                return Ok(Output {
                    status: Status::Unknown,
                    points: Vec::new(),
                    how: why,
                });
            }
        };
        let mut proven = true;
        let mut points = Vec::new();
        for c in found {
            proven &= matches!(c.check, Verdict::Proven { .. });
            let at = located(&c, f, x, &ctx.budget)?;
            points.push(Point {
                x: at.x,
                root_of: at.root_of,
                between: at.between,
                kind: match c.kind {
                    Found::Minimum => Kind::Minimum,
                    Found::Maximum => Kind::Maximum,
                    Found::Neither => Kind::Neither,
                    Found::Unknown => Kind::Unknown,
                },
                value: at.value,
            });
        }
        Ok(Output {
            status: Status::Found,
            points,
            how: format!(
                "the real zeros of f′ = P·e^u/D, isolated; exact points checked by f′(c) = 0 ({}), classified by the signs of f′ on either side",
                if proven {
                    "proven"
                } else {
                    "proven or at certified test points"
                }
            ),
        })
    }
}

/// A point of kernels::expr::critical in wire form: exactly, or by its
/// factor; its isolating interval; f there when it is exact.
pub struct Located {
    pub x: Option<ExprOut>,
    pub root_of: Option<ExprOut>,
    pub between: [Rational; 2],
    pub value: Option<ExprOut>,
}

pub fn located(c: &Critical, f: &Expr, x: &str, budget: &Budget) -> Result<Located, MathError> {
    let value = match &c.exact {
        Some(e) => {
            let v = f.substitute(&BTreeMap::from([(x.to_string(), e.clone())]));
            Some(ExprOut::new(&simplify(&v, budget)?)?)
        }
        None => None,
    };
    Ok(Located {
        x: c.exact.as_ref().map(ExprOut::new).transpose()?,
        root_of: match c.exact {
            None => Some(ExprOut::new(&c.factor)?),
            Some(_) => None,
        },
        between: [Rational(c.lower.clone()), Rational(c.upper.clone())],
        value,
    })
}
