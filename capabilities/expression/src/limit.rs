use crate::series::described_check;
use crate::wire::{Approach, ExprOut, Expression, Symbol, constant};
use hessian_kernels::expr::limit::{Limit as Found, Point, Side, limit};
use hessian_op::prelude::*;

pub struct Limit;

#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// Two-sided (the default).
    Both,
    /// From above, x → a⁺.
    Right,
    /// From below, x → a⁻.
    Left,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    pub expression: Expression,
    pub variable: Symbol,
    /// The point x approaches.
    pub at: Approach,
    /// The side, for a finite point (default both).
    #[serde(default)]
    pub direction: Option<Direction>,
}

/// What the limit is.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Value,
    PlusInfinity,
    MinusInfinity,
    /// The one-sided limits differ (see left and right).
    OneSidedLimitsDiffer,
    /// Not decided: the expansion is not a power series there.
    Unknown,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub status: Status,
    /// The finite limit, when status is value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<ExprOut>,
    /// The one-sided limits, when they differ ("inf", "-inf" or a value).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub right: Option<String>,
    /// How the limit was found and checked, or why it is unknown.
    pub how: String,
}

impl Operation for Limit {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "expression.limit.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Limit of an expression";
    const SUMMARY: &'static str = "lim f as x → a (finite, one- or two-sided, or ±∞), exact, from a checked series, or a typed unknown.";
    const DESCRIPTION: &'static str = "Expands f in a series at a (at ±∞ in t = ±1/x, t → 0⁺) with expression.series.compute's arithmetic and checks: the limit is the constant term, 0, or ±∞ by the sign of the leading coefficient of a pole and the side; two-sided limits whose sides differ say so with both. Forms without a power series there (x·log(x) at 0, x·e^(−x) at ∞, which need the Gruntz algorithm) answer status unknown, never a guess.";
    const KEYWORDS: &'static [&'static str] = &[
        "limit",
        "lim",
        "approaches",
        "tends to",
        "one-sided limit",
        "l'hopital",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "limit of sin(x)/x as x goes to 0",
        "what does (1 + 1/n)^n tend to as n goes to infinity",
        "limit from the right",
    ];
    const ALIASES: &'static [&'static str] = &["limit", "Limit", "lim"];
    const EXAMPLE: &'static str =
        r#"{"expression": "(1 - cos(x))/x^2", "variable": "x", "at": "0"}"#;
    const EXPECTED: &'static str = r#"{"status": "value", "value": {"expression": "1/2", "latex": "\\frac{1}{2}"}, "how": "the constant term of the series at the point; series checked: (f(a + h) − S(h))/hⁿ stays bounded at h = 2^-8, 2^-12, 2^-16 (certified enclosures)"}"#;

    // Long run: each kind of limit is written out with its words.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (found, check) = limit(
            &input.expression.0,
            &input.variable.0,
            &point_of(&input.at)?,
            side_of(input.direction),
            &ctx.budget,
        )?;
        let how = check.map(|c| described_check(&c)).unwrap_or_default();
        let mut out = Output {
            status: Status::Unknown,
            value: None,
            left: None,
            right: None,
            how,
        };
        match found {
            Found::Value(v) => {
                out.status = Status::Value;
                out.value = Some(ExprOut::new(&v)?);
                out.how = format!("the constant term of the series at the point; {}", out.how);
            }
            Found::PlusInfinity => out.status = Status::PlusInfinity,
            Found::MinusInfinity => out.status = Status::MinusInfinity,
            Found::Differ { left, right } => {
                out.status = Status::OneSidedLimitsDiffer;
                out.left = Some(written(&left));
                out.right = Some(written(&right));
            }
            Found::Unknown(why) => out.how = format!("no series at the point: {why}"),
        }
        Ok(out)
    }
}

/// The point of a limit.
pub fn point_of(at: &Approach) -> Result<Point, MathError> {
    Ok(match at {
        Approach::Finite(a) => Point::Finite(constant(a, "at")?),
        Approach::PlusInfinity => Point::PlusInfinity,
        Approach::MinusInfinity => Point::MinusInfinity,
    })
}

/// The side of a limit (two-sided by default).
pub fn side_of(direction: Option<Direction>) -> Side {
    match direction.unwrap_or(Direction::Both) {
        Direction::Both => Side::Both,
        Direction::Right => Side::Right,
        Direction::Left => Side::Left,
    }
}

pub fn written(l: &Found) -> String {
    match l {
        Found::PlusInfinity => "inf".into(),
        Found::MinusInfinity => "-inf".into(),
        Found::Value(v) => hessian_kernels::expr::print::text(v),
        _ => "unknown".into(),
    }
}
