//! The wire value of this family: an algebraic number as the caller
//! writes it, and as the output shows it.

use hessian_kernels::Budget;
use hessian_kernels::Q;
use hessian_kernels::expr::rational::to_poly;
use hessian_kernels::expr::{Expr, parse};
use hessian_kernels::poly::algebraic_number::{Number, Refused, from_expr};
use hessian_kernels::poly::solve;
use hessian_kernels::poly::{self};
use hessian_op::MathError;
use hessian_op::algebraic::{Root, number_root};
use hessian_op::expression::GRAMMAR;
use hessian_op::wire::{Bounded, LIMIT_TAG, PolyOut};
use num_bigint::BigInt;
use num_traits::One;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// Most distinct roots a root_of polynomial may have.
const MAX_ROOT_OF_DEGREE: usize = 64;

/// An algebraic number: an expression of radicals, or the k-th root of a
/// polynomial; parsed once, inside deserialization.
#[derive(Debug, Clone)]
pub enum Algebraic {
    Expression(Expr),
    /// The polynomial's coefficients (lowest first) and the index.
    RootOf(Vec<Q>, usize),
}

impl<'de> Deserialize<'de> for Algebraic {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        /// The polynomial text and the index, read key by key so that an
        /// error names its field (a float index gets the integer fix).
        enum Given {
            Text(String),
            RootOf(String, usize),
        }
        struct Seen;
        impl<'de> de::Visitor<'de> for Seen {
            type Value = Given;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an expression such as \"sqrt(2) + sqrt(3)\" or {\"polynomial\": \"x^5 - x - 1\", \"index\": 0}")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Given, E> {
                Ok(Given::Text(v.to_string()))
            }
            fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Given, A::Error> {
                let (mut polynomial, mut index) = (None, None);
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "polynomial" => polynomial = Some(map.next_value::<String>()?),
                        "index" => index = Some(map.next_value::<Bounded<0, 63>>()?.0 as usize),
                        other => {
                            return Err(de::Error::unknown_field(other, &["polynomial", "index"]));
                        }
                    }
                }
                match (polynomial, index) {
                    (Some(p), Some(k)) => Ok(Given::RootOf(p, k)),
                    (None, _) => Err(de::Error::missing_field("polynomial")),
                    (_, None) => Err(de::Error::missing_field("index")),
                }
            }
        }
        const _: () = assert!(MAX_ROOT_OF_DEGREE == 64);
        let expression = |s: &str, what: &str| {
            parse(s).map_err(|e| {
                let tag = if e.limit { LIMIT_TAG } else { "" };
                de::Error::custom(format!(
                    "{tag}the {what} text at character {}: {}",
                    e.position + 1,
                    e.message
                ))
            })
        };
        match d.deserialize_any(Seen)? {
            Given::Text(s) => Ok(Algebraic::Expression(expression(&s, "expression")?)),
            Given::RootOf(polynomial, index) => {
                let e = expression(&polynomial, "polynomial")?;
                let symbols = e.symbols();
                let p = match symbols.as_slice() {
                    [x] => to_poly(&e, x),
                    [] => None,
                    _ => {
                        return Err(de::Error::custom(format!(
                            "expected a polynomial in one variable; this one has the symbols {}",
                            symbols.join(", ")
                        )));
                    }
                };
                let Some(p) = p.filter(|p| p.len() >= 2) else {
                    return Err(de::Error::custom(
                        "expected a polynomial in one variable of degree ≥ 1 with rational coefficients",
                    ));
                };
                if p.len() > MAX_ROOT_OF_DEGREE + 1 {
                    return Err(de::Error::custom(format!(
                        "{LIMIT_TAG}a polynomial of degree {}; at most {MAX_ROOT_OF_DEGREE}",
                        p.len() - 1
                    )));
                }
                Ok(Algebraic::RootOf(p, index))
            }
        }
    }
}

impl JsonSchema for Algebraic {
    fn schema_name() -> Cow<'static, str> {
        "Algebraic".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": format!("An algebraic number: an expression built from rationals and i by + - * / and rational powers (sqrt, root(x, n), x^(p/q); principal branches), e.g. \"sqrt(2) + sqrt(3)\"; or the index-th root (0-based: real roots ascending, then the others by real and imaginary part) of a polynomial in one variable with rational coefficients, degree ≤ {MAX_ROOT_OF_DEGREE}. {GRAMMAR}"),
            "anyOf": [
                {"type": "string", "minLength": 1, "maxLength": 100000},
                {
                    "type": "object",
                    "properties": {
                        "polynomial": {"type": "string", "minLength": 1, "maxLength": 100000},
                        "index": {"type": "integer", "minimum": 0, "maximum": MAX_ROOT_OF_DEGREE - 1}
                    },
                    "required": ["polynomial", "index"],
                    "additionalProperties": false
                }
            ]
        })
    }
}

/// A refusal of the kernel in words.
pub fn refused(r: Refused, path: &str) -> MathError {
    match r {
        Refused::NotAlgebraic(why) => MathError::Input {
            path: path.into(),
            message: format!(
                "{why}: an algebraic number is built from rationals and i by + - * / and rational powers"
            ),
        },
        Refused::DivisionByZero => MathError::Domain("a division by zero".into()),
        Refused::TooLarge(d) => MathError::Limit(format!(
            "an intermediate polynomial of degree {d}; at most {}",
            hessian_kernels::poly::algebraic_number::MAX_DEGREE
        )),
        Refused::Unseparated => MathError::Domain(
            "the roots could not be separated within the working precision".into(),
        ),
    }
}

impl Algebraic {
    /// The number, exactly.
    pub fn number(&self, path: &str, budget: &Budget) -> Result<Number, MathError> {
        match self {
            Algebraic::Expression(e) => from_expr(e, budget)?.map_err(|r| refused(r, path)),
            Algebraic::RootOf(p, index) => {
                let (_, f) = poly::to_primitive(p);
                let found = solve::solve(&f, &Q::new(BigInt::one(), BigInt::one() << 64), budget)?
                    .ok_or_else(|| refused(Refused::Unseparated, path))?;
                let mut all: Vec<Number> = found
                    .into_iter()
                    .flat_map(|g| {
                        let f = g.factor;
                        g.roots
                            .into_iter()
                            .map(move |root| Number::new(f.clone(), root))
                    })
                    .collect();
                all.sort_by(|a, b| {
                    let (x, y) = (&a.root.disk.center, &b.root.disk.center);
                    (!a.root.real, &x.re, &x.im).cmp(&(!b.root.real, &y.re, &y.im))
                });
                let count = all.len();
                let mut n = all
                    .into_iter()
                    .nth(*index)
                    .ok_or_else(|| MathError::Input {
                        path: format!("{path}/index"),
                        message: format!(
                            "index {index}, but the polynomial has {count} distinct roots (0-based)"
                        ),
                    })?;
                if hessian_kernels::poly::zx::lead_sign(&n.f) < 0 {
                    n.f = hessian_kernels::poly::zx::neg(&n.f);
                }
                Ok(n)
            }
        }
    }
}

/// A number as outputs show it.
#[derive(Serialize, JsonSchema)]
pub struct NumberOut {
    /// Irreducible over Q, primitive: the number's minimal polynomial
    /// (times its leading coefficient).
    pub minimal_polynomial: PolyOut,
    pub degree: usize,
    /// Its root_of form, exact value when rational or quadratic, decimal
    /// and enclosure.
    #[serde(flatten)]
    pub root: Root,
}

/// The number shown with `digits` digits.
pub fn shown(n: &Number, digits: usize, budget: &Budget) -> Result<NumberOut, MathError> {
    Ok(NumberOut {
        minimal_polynomial: PolyOut::from_z(&n.f, "x"),
        degree: n.degree(),
        root: number_root(n, "x", digits, budget)?,
    })
}
