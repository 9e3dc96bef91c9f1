//! The wire forms of the expression family: an expression as text in the
//! grammar (parsed once, by `kernels::expr::parse`, inside
//! deserialization), a symbol name, and the output of an expression
//! (canonical text and LaTeX).

use hessian_kernels::Budget;
use hessian_kernels::expr::zero::{Verdict, ensure_agree, ensure_equal, is_zero};
use hessian_kernels::expr::{Expr, parse};
use hessian_op::MathError;
use hessian_op::wire::{LIMIT_TAG, List, Rational};
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;

pub use hessian_op::expression::{ExprOut, Expression, ExpressionVisitor, GRAMMAR, Symbol};

/// Two expressions joined by one `=` ("sin(x)^2 + cos(x)^2 = 1"), each
/// side in the grammar; parsed once, inside deserialization.
#[derive(Debug, Clone)]
pub struct Equation {
    pub left: Expr,
    pub right: Expr,
}

impl<'de> Deserialize<'de> for Equation {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        let Some((lhs, rhs)) = s.split_once('=').filter(|(_, r)| !r.contains('=')) else {
            return Err(de::Error::custom(format!(
                "the equation text has {} `=` signs, expected two expressions joined by one `=`, such as \"sin(x)^2 + cos(x)^2 = 1\"",
                s.matches('=').count()
            )));
        };
        let side = |t: &str, offset: usize| {
            parse(t).map_err(|e| {
                let tag = if e.limit { LIMIT_TAG } else { "" };
                de::Error::custom(format!(
                    "{tag}the equation text at character {}: {}, expected an expression on each side of `=`",
                    offset + e.position + 1,
                    e.message
                ))
            })
        };
        Ok(Equation {
            left: side(lhs, 0)?,
            right: side(rhs, lhs.len() + 1)?,
        })
    }
}

impl JsonSchema for Equation {
    fn schema_name() -> Cow<'static, str> {
        "Equation".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": format!("Two expressions joined by one `=`. {GRAMMAR}"),
            "type": "string",
            "minLength": 3,
            "maxLength": 100000
        })
    }
}

/// A finite constant, or ±∞ written "inf", "-inf" ("oo", "infinity").
#[derive(Debug, Clone)]
pub enum Approach {
    Finite(Expression),
    PlusInfinity,
    MinusInfinity,
}

struct ApproachVisitor;

impl<'de> Visitor<'de> for ApproachVisitor {
    type Value = Approach;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "a point: a constant expression such as \"0\" or \"pi/2\", or \"inf\" / \"-inf\"",
        )
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Approach, E> {
        Ok(match text.trim() {
            "inf" | "+inf" | "oo" | "+oo" | "infinity" | "+infinity" => Approach::PlusInfinity,
            "-inf" | "-oo" | "-infinity" => Approach::MinusInfinity,
            _ => Approach::Finite(ExpressionVisitor.visit_str(text)?),
        })
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Approach, E> {
        ExpressionVisitor.visit_i64(v).map(Approach::Finite)
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Approach, E> {
        ExpressionVisitor.visit_u64(v).map(Approach::Finite)
    }

    /// A JSON float is refused naming the exact string to send.
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Approach, E> {
        ExpressionVisitor.visit_f64(v).map(Approach::Finite)
    }

    fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<Approach, A::Error> {
        ExpressionVisitor.visit_map(map).map(Approach::Finite)
    }
}

impl<'de> Deserialize<'de> for Approach {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(ApproachVisitor)
    }
}

impl JsonSchema for Approach {
    fn schema_name() -> Cow<'static, str> {
        "LimitPoint".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A constant expression (\"0\", \"pi/2\"), or \"inf\" / \"-inf\" for ±∞.",
            "anyOf": [
                { "type": "string", "minLength": 1, "maxLength": 100000 },
                { "type": "integer" }
            ]
        })
    }
}

/// How an identity, or a result's equality to its input, is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Certainty {
    /// By an exact argument (canonical forms, expansion, a common
    /// denominator), or by a certified witness point for a disproof.
    Proven,
    /// Agreement at test points with certified enclosures, no proof.
    Probable,
    /// Neither could be established.
    Unknown,
}

/// A point where two expressions were found to differ.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Witness {
    /// The values of the symbols, as exact rationals.
    pub point: BTreeMap<String, Rational>,
    /// A certified enclosure of left − right there: an interval without 0.
    pub difference_between: [Rational; 2],
}

/// The verdict on "a = b" in wire form: whether it holds (absent when
/// unknown), how certain, how it was settled, and a witness when false.
pub struct Decision {
    pub holds: Option<bool>,
    pub certainty: Certainty,
    pub how: String,
    pub witness: Option<Witness>,
}

/// Decides left = right for real values of the symbols; `difference`
/// names left − right in the explanation.
pub fn decide(
    left: &Expr,
    right: &Expr,
    difference: &str,
    budget: &Budget,
) -> Result<Decision, MathError> {
    Ok(described(is_zero(&left.minus(right), budget)?, difference))
}

/// A verdict on `difference` = 0 as the wire's decision.
fn described(verdict: Verdict, difference: &str) -> Decision {
    match verdict {
        Verdict::Proven { how } => Decision {
            holds: Some(true),
            certainty: Certainty::Proven,
            how: format!("{difference} {how}"),
            witness: None,
        },
        Verdict::Disproven { point, lo, hi } => Decision {
            holds: Some(false),
            certainty: Certainty::Proven,
            how: format!("at the witness point a certified enclosure of {difference} excludes 0"),
            witness: Some(Witness {
                point: point.into_iter().map(|(k, v)| (k, Rational(v))).collect(),
                difference_between: [Rational(lo), Rational(hi)],
            }),
        },
        Verdict::Probable { points, bits } => Decision {
            holds: Some(true),
            certainty: Certainty::Probable,
            how: format!(
                "no exact proof; {difference} vanished at {points} test point{} within certified enclosures of 2^-{} (evaluated with {bits} bits)",
                if points == 1 { "" } else { "s" },
                bits / 2
            ),
            witness: None,
        },
        Verdict::Unknown { why } => Decision {
            holds: None,
            certainty: Certainty::Unknown,
            how: format!("neither an exact proof nor a certified test succeeded ({why})"),
            witness: None,
        },
    }
}

/// A result's check against its input, in words: proven or probable
/// equality (a disproof is a defect of ours, stopped in the kernel).
pub fn equal_to(result: &Expr, input: &Expr, budget: &Budget) -> Result<String, MathError> {
    Ok(match ensure_equal(result, input, budget)? {
        Verdict::Proven { how } => format!("proven equal to the input (result − input {how})"),
        v => {
            let d = described(v, "result − input");
            if d.holds == Some(true) {
                format!("equal to the input with high probability ({})", d.how)
            } else {
                format!("not checked: {}", d.how)
            }
        }
    })
}

/// A result's check against its input by value at test points only, in
/// words (a disagreement is a defect of ours, stopped in the kernel).
pub fn agrees_with(result: &Expr, input: &Expr, budget: &Budget) -> Result<String, MathError> {
    Ok(match ensure_agree(result, input, budget)? {
        Verdict::Probable { points, bits } => format!(
            "agrees with the input at {points} test point{} within certified enclosures of 2^-{} ({bits}-bit interval arithmetic, independent of the expander)",
            if points == 1 { "" } else { "s" },
            bits / 2
        ),
        v => format!("not checked: {}", described(v, "result − input").how),
    })
}

/// The variables asked for, or every symbol of `es` sorted by name.
pub fn variables_of<const N: usize>(es: &[Expr], asked: Option<List<Symbol, N>>) -> Vec<String> {
    match asked {
        Some(v) => v.0.into_iter().map(|s| s.0).collect(),
        None => {
            let mut all: Vec<String> = es.iter().flat_map(Expr::symbols).collect();
            all.sort();
            all.dedup();
            all
        }
    }
}

/// A constant expression (no symbols), or the refusal naming the field.
pub fn constant(e: &Expression, field: &str) -> Result<Expr, MathError> {
    let symbols = e.0.symbols();
    if symbols.is_empty() {
        Ok(e.0.clone())
    } else {
        Err(MathError::Input {
            path: field.into(),
            message: format!(
                "must be a constant; it has the symbol{} {}",
                if symbols.len() == 1 { "" } else { "s" },
                symbols.join(", ")
            ),
        })
    }
}

/// A differential equation: two expressions joined by one `=`, with
/// derivatives of one unknown function marked by primes (`y'' + y =
/// sin(x)`); `y(x)` may be written for `y`. Parsed once, inside
/// deserialization, by `kernels::expr::parse_differential`.
#[derive(Debug, Clone)]
pub struct DifferentialEquation(pub hessian_kernels::expr::Differential);

impl<'de> Deserialize<'de> for DifferentialEquation {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        hessian_kernels::expr::parse_differential(&s)
            .map(DifferentialEquation)
            .map_err(|e| {
                let tag = if e.limit { LIMIT_TAG } else { "" };
                de::Error::custom(format!(
                    "{tag}the differential equation text at character {}: {}, expected an equation such as \"y'' + y = sin(x)\"",
                    e.position + 1,
                    e.message
                ))
            })
    }
}

impl JsonSchema for DifferentialEquation {
    fn schema_name() -> Cow<'static, str> {
        "DifferentialEquation".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": format!("Two expressions joined by one `=`, derivatives of the unknown function marked with primes (y', y'', …, at most 20), y(x) allowed for y: \"y'' + 2*y' + y = x*exp(-x)\". {GRAMMAR}"),
            "type": "string",
            "minLength": 4,
            "maxLength": 100000
        })
    }
}

/// The ODE of a parsed differential equation in `variable` (given, or
/// the one written in y(t), or the only other symbol, or x).
pub fn ode_of(
    eq: &DifferentialEquation,
    variable: Option<&Symbol>,
) -> Result<hessian_kernels::expr::ode::Ode, MathError> {
    use hessian_kernels::expr::parse::derivative_name;
    let d = &eq.0;
    let mut names = vec![d.function.clone()];
    names.extend((1..=d.order).map(|k| derivative_name(&d.function, k)));
    let equation = d.left.minus(&d.right);
    let x = match (variable, &d.applied_to) {
        (Some(v), _) => v.0.clone(),
        (None, Some(v)) => v.clone(),
        (None, None) => {
            let others: Vec<String> = equation
                .symbols()
                .into_iter()
                .filter(|s| !names.contains(s))
                .collect();
            match others.as_slice() {
                [] => "x".to_string(),
                [v] => v.clone(),
                _ => {
                    return Err(MathError::Input {
                        path: "variable".into(),
                        message: format!(
                            "the equation has the symbols {}; name the independent variable",
                            others.join(", ")
                        ),
                    });
                }
            }
        }
    };
    if names.contains(&x) {
        return Err(MathError::Input {
            path: "variable".into(),
            message: format!("{x} is the unknown function, not the variable"),
        });
    }
    Ok(hessian_kernels::expr::ode::Ode { equation, x, names })
}

/// An equation `left = right` in outputs.
#[derive(Debug, Serialize, JsonSchema)]
pub struct EquationOut {
    /// Canonical text: two expressions joined by ` = `.
    pub equation: String,
    pub latex: String,
}

impl EquationOut {
    pub fn new(left: &Expr, right: &Expr) -> Result<EquationOut, MathError> {
        let (l, r) = (ExprOut::new(left)?, ExprOut::new(right)?);
        Ok(EquationOut {
            equation: format!("{} = {}", l.expression, r.expression),
            latex: format!("{} = {}", l.latex, r.latex),
        })
    }
}
