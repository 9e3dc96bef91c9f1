//! Wire values of the expression grammar shared by the families that
//! read or write expressions (expression, equation, probability): the
//! schema text of the grammar, an expression and a symbol in inputs, and
//! an expression in outputs. The parser and
//! printer live in `hessian_kernels::expr`.

use crate::operation::MathError;
use crate::wire::{LIMIT_TAG, Rational};
use hessian_kernels::expr::Expr;
use hessian_kernels::expr::parse;
use hessian_kernels::expr::print::{latex, text};
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;

/// What the schema says of the grammar (docs/DECISIONS.md, Expressions).
pub const GRAMMAR: &str = "An expression: numbers (12, 0.125), lower-case names (x, y, t_1), \
+ - * / ^ and parentheses, constants pi, e, i, euler_gamma; functions with parentheses: sqrt, \
root(x, n), exp, log (natural; log(x, b) base b), sin cos tan cot sec csc, asin acos atan acot \
asec acsc, sinh cosh tanh coth sech csch, asinh acosh atanh, abs, sign, floor, ceil, factorial \
(or n!), gamma, binomial(n, k); root_sum(p, t, f) is the sum of f over the complex roots t of \
p, a squarefree polynomial in t with rational coefficients written expanded (degree ≤ 64). \
2x and (x+1)(x-1) multiply; 1/2x is x/2. Symbols are real; sqrt and log are principal branches.";

/// An expression in the grammar.
#[derive(Debug, Clone)]
pub struct Expression(pub Expr);

/// The visitor of [`Expression`], for wire types that accept an
/// expression among other forms.
pub struct ExpressionVisitor;

impl<'de> Visitor<'de> for ExpressionVisitor {
    type Value = Expression;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an expression as a string, such as \"x^2*sin(x)\"")
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<Expression, E> {
        parse(s).map(Expression).map_err(|e| {
            let tag = if e.limit { LIMIT_TAG } else { "" };
            E::custom(format!(
                "{tag}the expression text at character {}: {}, expected an expression in the grammar, such as \"x^2*sin(x) + 1/2\"",
                e.position + 1,
                e.message
            ))
        })
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Expression, E> {
        Ok(Expression(Expr::int(v)))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Expression, E> {
        Ok(Expression(Expr::integer(v.into())))
    }

    /// A JSON float is refused as a rational field refuses it, naming the
    /// exact string to send.
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Expression, E> {
        use de::IntoDeserializer;
        Rational::deserialize(v.into_deserializer()).map(|q| Expression(Expr::num(q.0)))
    }

    /// A number serde_json keeps as text (an integer beyond 128 bits).
    fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<Expression, A::Error> {
        Rational::deserialize(de::value::MapAccessDeserializer::new(map))
            .map(|q| Expression(Expr::num(q.0)))
    }
}

impl<'de> Deserialize<'de> for Expression {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(ExpressionVisitor)
    }
}

impl JsonSchema for Expression {
    fn schema_name() -> Cow<'static, str> {
        "Expression".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": GRAMMAR,
            "anyOf": [
                { "type": "string", "minLength": 1, "maxLength": 100000 },
                { "type": "integer" }
            ]
        })
    }
}

/// A symbol: a lower-case name that is not a constant or a function.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Symbol(pub String);

impl<'de> Deserialize<'de> for Symbol {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        match parse(&s).map(|e| e.as_sym().map(str::to_string)) {
            Ok(Some(name)) if name == s.trim() => Ok(Symbol(name)),
            _ => Err(de::Error::custom(format!(
                "{:?} is not a symbol, expected a lower-case name such as \"x\" that is not a constant (pi, e, i) or a function",
                crate::error::bounded(&s, 40)
            ))),
        }
    }
}

impl JsonSchema for Symbol {
    fn schema_name() -> Cow<'static, str> {
        "Symbol".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "pattern": "^[a-z][a-z0-9_]*$",
            "description": "A variable: a lower-case name such as \"x\" (not pi, e, i or a function name)."
        })
    }
}

/// An expression in outputs.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ExprOut {
    /// Canonical text in the input grammar; it parses back to the same value.
    pub expression: String,
    /// The same expression in LaTeX.
    pub latex: String,
}

impl ExprOut {
    /// The output of `e`, refusing a result that is undefined somewhere
    /// in it (a division by zero met on the way).
    pub fn new(e: &Expr) -> Result<ExprOut, MathError> {
        if e.has_undefined() {
            return Err(MathError::Domain(
                "the result is undefined (a division by zero, or a function at a pole, on the way)"
                    .into(),
            ));
        }
        Ok(ExprOut {
            expression: text(e),
            latex: latex(e),
        })
    }
}
