use crate::integral::checked_by;
use crate::limit::point_of;
use crate::wire::{Approach, ExprOut, Expression, Symbol};
use hessian_kernels::expr::integrate::{Antiderivative, Definite, definite};
use hessian_kernels::expr::interval::{enclosure_decimal, numeric};
use hessian_kernels::expr::limit::Point;
use hessian_kernels::expr::quadrature::enclose;
use hessian_op::prelude::*;
use hessian_op::wire::Rational;

pub struct DefiniteIntegral;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The integrand.
    pub expression: Expression,
    /// The variable of integration.
    pub variable: Symbol,
    /// The lower bound a: a constant expression ("0", "pi/2", "sqrt(2)"),
    /// or "-inf" / "inf".
    pub from: Approach,
    /// The upper bound b: a constant expression, or "inf" / "-inf".
    pub to: Approach,
}

#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// The exact value, from a checked antiderivative.
    Found,
    /// No antiderivative found: a certified numerical value only (the
    /// integral lies in `enclosure`; `numeric` has the digits it fixes).
    Enclosed,
    /// Over an unbounded interval: F is continuous there and tends to ±∞
    /// at an infinite end, so the integral diverges (see `diverges_to`).
    Diverges,
    /// Neither (a pole inside, or f not smooth there).
    Unknown,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub status: Status,
    /// For status diverges: "inf" or "-inf".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub diverges_to: Option<String>,
    /// For status enclosed: the integral lies in [lo, hi].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enclosure: Option<[Rational; 2]>,
    /// For status enclosed: a bound on |numeric − integral|.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error_bound: Option<String>,
    /// The exact value F(b) − F(a); absent when unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<ExprOut>,
    /// The value to 30 significant digits, certified.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub numeric: Option<String>,
    /// The antiderivative F used.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub antiderivative: Option<ExprOut>,
    /// How the value was established, or why there is none.
    pub check: String,
}

impl Operation for DefiniteIntegral {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "expression.definite_integral.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Definite integral of an expression over [a, b]";
    const SUMMARY: &'static str = "The exact value of ∫ₐᵇ f dx for constant or infinite bounds (convergent or divergent), by a checked antiderivative, a certified numerical value, or a typed unknown.";
    const DESCRIPTION: &'static str = "Finds an antiderivative F as expression.integral.compute does (checked by differentiating back), shows F continuous on [a, b] by enclosing it with interval arithmetic over pieces of the interval (so no pole or branch cut lies inside), and returns F(b) − F(a) exactly, simplified, with a certified 30-digit value. Without an antiderivative: status enclosed, a certified numerical value by quadrature on interval arithmetic (panels [c − h, c + h] enclosed as 2h·f(c) + (h³/3)·f″(c) + (h⁵/60)·f⁽⁴⁾(panel), the widest halved, up to 3,000 panels), with the enclosure and the digits it fixes. Improper integrals over unbounded intervals (a bound \"inf\" or \"-inf\"): F must be continuous on the whole interval, shown for antiderivatives whose denominators, logarithm arguments and root bases are rational functions of x (none changes sign beyond the Cauchy bound of their polynomials, F is enclosed piece by piece below it), and the value is the limit of F at the infinite end (series, else Gruntz's algorithm) minus F at the other; status diverges when that limit is infinite. A pole inside, an unbounded interval without such an antiderivative, or an integrand with abs, sign, floor or ceil and no antiderivative found, is status unknown.";
    const KEYWORDS: &'static [&'static str] = &[
        "definite integral",
        "integral from",
        "area under the curve",
        "between bounds",
        "fundamental theorem of calculus",
        "improper integral",
        "integral to infinity",
        "converge",
        "diverge",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "integral of 1/x from 1 to e",
        "area under a curve between two points",
        "exact value of an integral with limits",
        "integral of x e^(-x) from 0 to infinity",
        "total distance traveled from a velocity formula between two times",
        "integrate sin squared from 0 to pi exactly",
        "does the integral of 1/x^2 from 1 to infinity converge and to what",
        "how do I get the exact area between a graph and the x axis",
    ];
    const ALIASES: &'static [&'static str] =
        &["integrate(f, (x, a, b))", "NIntegrate", "Integrate"];
    const EXAMPLE: &'static str =
        r#"{"expression": "x*sin(x)", "variable": "x", "from": "0", "to": "pi"}"#;
    const EXPECTED: &'static str = r#"{"status": "found", "value": {"expression": "pi", "latex": "\\pi"}, "numeric": "3.14159265358979323846264338328", "antiderivative": {"expression": "-x*cos(x) + sin(x)", "latex": "-x \\cdot \\cos\\left(x\\right) + \\sin\\left(x\\right)"}, "check": "F(b) − F(a) with F continuous on [a, b] (interval enclosures); F differentiates back to the integrand: F′ − f has the canonical form 0"}"#;

    // Long run: the unknown and the found answers are written out field by field.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (a, b) = (point_of(&input.from)?, point_of(&input.to)?);
        let (value, antiderivative) =
            match definite(&input.expression.0, &input.variable.0, &a, &b, &ctx.budget)? {
                Definite::Value {
                    value,
                    antiderivative,
                } => (value, antiderivative),
                Definite::Diverges {
                    to_plus,
                    antiderivative,
                } => return diverges(to_plus, &antiderivative),
                Definite::Unknown { why } => {
                    return match (&a, &b) {
                        (Point::Finite(a), Point::Finite(b)) => enclosed(&input, a, b, why, ctx),
                        _ => Ok(unknown(format!("no exact value ({why})"))),
                    };
                }
            };
        let how = checked_by(&antiderivative.check).unwrap_or_else(|why| why);
        let ends = if matches!((&a, &b), (Point::Finite(_), Point::Finite(_))) {
            "F(b) − F(a) with F continuous on [a, b] (interval enclosures)"
        } else {
            "the limit of F at the infinite end minus F at the other (or the difference of both limits), F continuous on the whole interval (interval enclosures up to the Cauchy bound of its denominators and log arguments, none of which vanishes beyond it)"
        };
        Ok(Output {
            status: Status::Found,
            diverges_to: None,
            enclosure: None,
            error_bound: None,
            numeric: numeric(&value, 30, &ctx.budget).ok().map(|(v, _)| v),
            value: Some(ExprOut::new(&value)?),
            antiderivative: Some(ExprOut::new(&antiderivative.result)?),
            check: format!("{ends}; F {how}"),
        })
    }
}

fn unknown(how: String) -> Output {
    Output {
        status: Status::Unknown,
        diverges_to: None,
        enclosure: None,
        error_bound: None,
        value: None,
        numeric: None,
        antiderivative: None,
        check: how,
    }
}

/// F → ±∞ at an infinite end, F continuous: the integral diverges.
fn diverges(to_plus: bool, anti: &Antiderivative) -> Result<Output, MathError> {
    let how = checked_by(&anti.check).unwrap_or_else(|why| why);
    Ok(Output {
        status: Status::Diverges,
        diverges_to: Some(if to_plus { "inf" } else { "-inf" }.into()),
        antiderivative: Some(ExprOut::new(&anti.result)?),
        check: format!(
            "F is continuous on the whole interval and tends to ±∞ at an infinite end, so the integral up to M grows without bound; F {how}"
        ),
        ..unknown(String::new())
    })
}

/// The certified numerical value when no exact one was found (`why`).
fn enclosed(
    input: &Input,
    a: &hessian_kernels::expr::Expr,
    b: &hessian_kernels::expr::Expr,
    why: String,
    ctx: &Ctx,
) -> Result<Output, MathError> {
    let tolerance = hessian_kernels::Q::new(1.into(), hessian_kernels::BigInt::from(10).pow(12));
    let e = match enclose(
        &input.expression.0,
        &input.variable.0,
        a,
        b,
        &tolerance,
        &ctx.budget,
    )? {
        Ok(e) => e,
        Err(q) => {
            return Ok(unknown(format!(
                "no exact value ({why}); no certified quadrature: {q}"
            )));
        }
    };
    let Some((digits, bound)) = enclosure_decimal(&e.lo, &e.hi, 13) else {
        return Ok(unknown(format!(
            "no exact value ({why}); the quadrature did not fix one digit"
        )));
    };
    Ok(Output {
        status: Status::Enclosed,
        diverges_to: None,
        error_bound: Some(bound),
        enclosure: Some([Rational(e.lo), Rational(e.hi)]),
        value: None,
        numeric: Some(digits),
        antiderivative: None,
        check: format!(
            "no exact value ({why}); certified quadrature on {} panels: each panel's integral enclosed by Taylor's theorem with interval enclosures of f, f″ and f⁽⁴⁾",
            e.panels
        ),
    })
}
