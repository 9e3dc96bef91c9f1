//! The wire value of this family: an equation in one unknown.

use hessian_kernels::Q;
use hessian_kernels::expr::print::text;
use hessian_kernels::expr::rational::to_sparse;
use hessian_kernels::expr::{Expr, parse};
use hessian_kernels::poly::groebner::{self, Halt, Order};
use hessian_kernels::poly::inequality::Relation;
use hessian_kernels::poly::sparse::{Work, text_in_order};
use hessian_op::MathError;
use hessian_op::expression::GRAMMAR;
use hessian_op::expression::Symbol;
use hessian_op::wire::LIMIT_TAG;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Deserialize;
use serde::de::{self, Deserializer};
use serde_json::json;
use std::borrow::Cow;

/// `left = right`, or an expression meaning `expression = 0`, held as
/// left − right; parsed once, inside deserialization.
#[derive(Debug, Clone)]
pub struct EquationText(pub Expr);

impl<'de> Deserialize<'de> for EquationText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        let sides: Vec<&str> = s.split('=').collect();
        if sides.len() > 2 {
            return Err(de::Error::custom(format!(
                "the equation text has {} `=` signs, expected one (\"x^2 - 2 = 0\") or none (\"x^2 - 2\", meaning = 0)",
                sides.len() - 1
            )));
        }
        let mut offset = 0;
        let mut parsed = Vec::new();
        for side in &sides {
            let e = parse(side).map_err(|e| {
                let tag = if e.limit { LIMIT_TAG } else { "" };
                de::Error::custom(format!(
                    "{tag}the equation text at character {}: {}, expected an expression on each side of `=`",
                    offset + e.position + 1,
                    e.message
                ))
            })?;
            parsed.push(e);
            offset += side.chars().count() + 1;
        }
        let left = parsed.remove(0);
        Ok(EquationText(match parsed.pop() {
            Some(right) => left.minus(&right),
            None => left,
        }))
    }
}

impl JsonSchema for EquationText {
    fn schema_name() -> Cow<'static, str> {
        "EquationText".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "minLength": 1,
            "maxLength": 100000,
            "description": format!("An equation \"left = right\", or an expression meaning expression = 0. {GRAMMAR}")
        })
    }
}

/// One inequality or several that must all hold, each `left ρ right`
/// with ρ one of < <= > >= != (≤ ≥ ≠), held as (left − right, ρ).
#[derive(Debug, Clone)]
pub struct Inequalities(pub Vec<(Expr, Relation)>);

/// Most inequalities in one system.
const MAX_INEQUALITIES: usize = 20;

pub fn inequality<E: de::Error>(s: &str) -> Result<(Expr, Relation), E> {
    const RELATIONS: [(&str, Relation); 9] = [
        ("<=", Relation::LessEqual),
        (">=", Relation::GreaterEqual),
        ("!=", Relation::NotEqual),
        ("≤", Relation::LessEqual),
        ("≥", Relation::GreaterEqual),
        ("≠", Relation::NotEqual),
        ("<", Relation::Less),
        (">", Relation::Greater),
        ("=", Relation::NotEqual),
    ];
    let found: Vec<(usize, &str, Relation)> = RELATIONS[..8]
        .iter()
        .filter_map(|(t, r)| s.find(t).map(|i| (i, *t, *r)))
        .collect();
    // The longest token at the first position (<= before <).
    let Some(&(at, token, relation)) = found
        .iter()
        .min_by_key(|(i, t, _)| (*i, usize::MAX - t.len()))
    else {
        return Err(E::custom(format!(
            "{:?} has no relation, expected one of < <= > >= != as in \"x^2 - 2 > 0\"",
            hessian_op::error::bounded(s, 40)
        )));
    };
    let (left, right) = (&s[..at], &s[at + token.len()..]);
    if RELATIONS.iter().any(|(t, _)| right.contains(t)) || left.contains('=') {
        return Err(E::custom(format!(
            "{:?} has more than one relation; give a list of inequalities instead of a chain",
            hessian_op::error::bounded(s, 40)
        )));
    }
    let side = |t: &str, offset: usize| {
        parse(t).map_err(|e| {
            let tag = if e.limit { LIMIT_TAG } else { "" };
            E::custom(format!(
                "{tag}the inequality text at character {}: {}, expected an expression on each side of `{token}`",
                offset + e.position + 1,
                e.message
            ))
        })
    };
    let l = side(left, 0)?;
    let r = side(right, left.chars().count() + token.chars().count())?;
    Ok((l.minus(&r), relation))
}

/// One text or a list of 1 to `max` texts ("{n} {what}; between 1 and
/// {max}" otherwise).
pub fn texts<'de, D: Deserializer<'de>>(
    d: D,
    max: usize,
    what: &str,
) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Text {
        One(String),
        Many(Vec<String>),
    }
    let texts = match Text::deserialize(d)? {
        Text::One(s) => vec![s],
        Text::Many(v) => v,
    };
    if texts.is_empty() || texts.len() > max {
        return Err(de::Error::custom(format!(
            "{} {what}; between 1 and {max}",
            texts.len()
        )));
    }
    Ok(texts)
}

impl<'de> Deserialize<'de> for Inequalities {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        texts(d, MAX_INEQUALITIES, "inequalities")?
            .iter()
            .map(|s| inequality(s))
            .collect::<Result<_, _>>()
            .map(Inequalities)
    }
}

impl JsonSchema for Inequalities {
    fn schema_name() -> Cow<'static, str> {
        "Inequalities".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let one = json!({"type": "string", "minLength": 1, "maxLength": 100000, "pattern": "<|>|!=|≤|≥|≠"});
        json_schema!({
            "description": format!("An inequality \"left ρ right\" (ρ: < <= > >= != or ≤ ≥ ≠), or a list of up to {MAX_INEQUALITIES} that must all hold. {GRAMMAR}"),
            "anyOf": [one, {"type": "array", "items": one, "minItems": 1, "maxItems": MAX_INEQUALITIES}]
        })
    }
}

/// The unknown: the one asked for, or the only symbol of `sides`
/// (left − right of each equation or inequality); no other symbol may
/// appear, since coefficients are rational numbers.
pub fn unknown_of(sides: &[&Expr], asked: Option<Symbol>) -> Result<String, MathError> {
    let mut symbols: Vec<String> = sides.iter().flat_map(|e| e.symbols()).collect();
    symbols.sort();
    symbols.dedup();
    let x = match (asked, symbols.as_slice()) {
        (Some(x), _) => x.0,
        (None, [one]) => one.clone(),
        (None, []) => {
            return Err(MathError::Input {
                path: "variable".into(),
                message: format!(
                    "left − right simplifies to {}, which has no symbol; name the unknown in `variable`",
                    sides.iter().map(|e| text(e)).collect::<Vec<_>>().join(", ")
                ),
            });
        }
        (None, _) => {
            return Err(MathError::Input {
                path: "variable".into(),
                message: format!(
                    "the symbols {}; name the unknown in `variable` (the others must not appear: coefficients are rational numbers)",
                    symbols.join(", ")
                ),
            });
        }
    };
    if let Some(other) = symbols.iter().find(|s| **s != x) {
        return Err(MathError::Domain(format!(
            "the symbol {other} besides {x}: coefficients must be rational numbers (parameters are not supported)"
        )));
    }
    Ok(x)
}

/// Most equations or polynomials in one system.
pub const MAX_EQUATIONS: usize = 50;
/// Most variables of a system.
pub const MAX_VARIABLES: usize = 12;

/// A list of equations (or polynomials, = 0), 1 to [`MAX_EQUATIONS`].
pub type EquationList = hessian_op::wire::List<EquationText, MAX_EQUATIONS>;
/// The variables named, largest first.
pub type VariableList = hessian_op::wire::List<Symbol, MAX_VARIABLES>;

/// A system of polynomial equations over Q, in the caller's variables
/// (largest first in the monomial orders).
pub struct System {
    pub vars: Vec<String>,
    pub polys: Vec<groebner::ZPoly>,
    /// The same polynomials over Q as given (left − right), for
    /// substituting back.
    pub exact: Vec<groebner::QPoly>,
}

/// The equations as polynomials over `asked` (default: their symbols in
/// alphabetical order); `path` names the list for errors.
pub fn system(
    equations: &[&Expr],
    asked: Option<VariableList>,
    path: &str,
    order: Order,
) -> Result<System, MathError> {
    let mut symbols: Vec<String> = equations.iter().flat_map(|e| e.symbols()).collect();
    symbols.sort();
    symbols.dedup();
    let vars: Vec<String> = match asked {
        Some(v) => {
            let v: Vec<String> = v.0.into_iter().map(|s| s.0).collect();
            if let Some(other) = symbols.iter().find(|s| !v.contains(s)) {
                return Err(MathError::Domain(format!(
                    "the symbol {other} is not among the variables {}: coefficients must be rational numbers (parameters are not supported)",
                    v.join(", ")
                )));
            }
            let mut seen = v.clone();
            seen.sort();
            seen.dedup();
            if seen.len() != v.len() {
                return Err(MathError::Input {
                    path: "variables".into(),
                    message: "a variable is named twice".into(),
                });
            }
            v
        }
        None => symbols,
    };
    if vars.is_empty() {
        return Err(MathError::Input {
            path: "variables".into(),
            message: "the equations have no symbol; name the variables in `variables`".into(),
        });
    }
    if vars.len() > MAX_VARIABLES {
        return Err(MathError::Limit(format!(
            "{} variables; at most {MAX_VARIABLES}",
            vars.len()
        )));
    }
    let mut work = Work::default();
    let mut polys = Vec::new();
    let mut exact = Vec::new();
    for (k, e) in equations.iter().enumerate() {
        let p = to_sparse(e, &vars, &mut work).ok_or_else(|| {
            MathError::Domain(format!(
                "{path}[{k}]: {} is not a polynomial in {} with rational coefficients, or expands beyond {} term products",
                text(e),
                vars.join(", "),
                hessian_kernels::poly::sparse::MAX_PRODUCTS
            ))
        })?;
        exact.push(groebner::from_sparse_q(&p, order));
        polys.push(groebner::from_sparse(&p, order));
    }
    Ok(System { vars, polys, exact })
}

/// A kernel's halt as the caller sees it.
pub fn halted(h: Halt) -> MathError {
    match h {
        Halt::Stopped(s) => s.into(),
        Halt::TooLarge => MathError::Limit(
            "the Gröbner basis grows past 400,000 terms, or a coefficient past 2^20 bits, or the quotient past 400 solutions".into(),
        ),
    }
}

/// A polynomial of the basis written leading term first.
pub fn poly_text(p: &groebner::ZPoly, vars: &[String]) -> String {
    let q: Vec<(Vec<u32>, Q)> = p
        .terms
        .iter()
        .map(|(m, c)| (m.clone(), Q::from_integer(c.clone())))
        .collect();
    text_in_order(q.iter().map(|(m, c)| (m.as_slice(), c)), vars)
}

/// A monic polynomial over Q written leading term first.
pub fn qpoly_text(p: &groebner::QPoly, vars: &[String]) -> String {
    text_in_order(p.terms.iter().map(|(m, c)| (m.as_slice(), c)), vars)
}

/// The monomial order, as callers name it.
#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum OrderName {
    Lex,
    Grlex,
    #[default]
    Grevlex,
}

impl OrderName {
    pub fn order(self) -> Order {
        match self {
            OrderName::Lex => Order::Lex,
            OrderName::Grlex => Order::Grlex,
            OrderName::Grevlex => Order::Grevlex,
        }
    }
}
