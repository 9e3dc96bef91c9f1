use crate::series::described_check;
use crate::wire::{Approach, Certainty, ExprOut, Expression, Symbol, constant};
use hessian_kernels::expr::limit::{Limit as Found, Method, Point, Side, limit};
use hessian_kernels::expr::series::SeriesCheck;
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
    /// Not decided: no series there and Gruntz's algorithm did not decide.
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
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Limit of an expression";
    const SUMMARY: &'static str = "lim f as x → a (finite, one- or two-sided, or ±∞), exact, from a checked series or Gruntz's algorithm, or a typed unknown.";
    const DESCRIPTION: &'static str = "Expands f in a series at a (at ±∞ in t = ±1/x, t → 0⁺) with expression.series.compute's arithmetic and checks: the limit is the constant term, 0, or ±∞ by the sign of the leading coefficient of a pole and the side; two-sided limits whose sides differ say so with both. Where f has no power series there (x·log(x) at 0⁺, x^10·e^(−x) or log(x)^5/x at ∞), Gruntz's algorithm for exp-log expressions: the most rapidly varying subexpressions are rewritten in one ω → 0 and f's leading term in ω decides, each inner limit and sign by the same recursion (finite points one side at a time, x = a ± 1/y); its answer must agree with the trend of certified values of f far out where those can be computed. Oscillating forms (sin(x) at ∞) and what neither method decides answer status unknown, never a guess.";
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
        "what value does a function approach as x gets close to a point",
        "what happens to a formula when n becomes huge",
        "find the horizontal asymptote of a rational function",
        "how do I evaluate a 0/0 limit like (e^x - 1)/x",
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
        let how = check.as_ref().map(described).unwrap_or_default();
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
                if let Some(Method::Series(_)) = check {
                    out.how = format!("the constant term of the series at the point; {}", out.how);
                }
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

/// How a limit was found, in words.
pub fn described(m: &Method) -> String {
    match m {
        Method::Series(c) => described_check(c),
        Method::Gruntz { far } => format!(
            "Gruntz's algorithm: the most rapidly varying subexpressions rewritten in one ω → 0, the limit read off the leading term of the series in ω; {}",
            match far {
                Some(at) => format!("{at} move toward it"),
                None => "no certified value of f far out could be computed to compare".into(),
            }
        ),
    }
}

/// How sure a found limit is: proven coefficients, or probable.
pub fn certainty(m: &Method) -> Certainty {
    match m {
        Method::Series(SeriesCheck::Proven) => Certainty::Proven,
        Method::Series(SeriesCheck::Probable) | Method::Gruntz { .. } => Certainty::Probable,
        Method::Series(SeriesCheck::Unchecked(_)) => Certainty::Unknown,
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
