//! The wire forms of polynomials shared by every operation here: a
//! univariate polynomial as coefficients or as text in the grammar, a
//! multivariate one as text, and their output forms.

use hessian_kernels::poly::parse::{self, MAX_DEGREE, MAX_TEXT, ParseError};
use hessian_kernels::poly::sparse::Sparse;
use hessian_kernels::poly::{self as kpoly, QPoly, zp, zx};
use hessian_kernels::{BigInt, Q, modular};
use hessian_op::MathError;
use hessian_op::wire::{Int, LIMIT_TAG, Rational, word_prime};
use num_integer::Integer;
use num_traits::ToPrimitive;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;

const GRAMMAR: &str = "text such as \"x^3 - 2*x + 1/2\" or \"(x + 1)^2*(x - 3)\": numbers (integers, decimals), \
    variable names, + - * ^ (non-negative integer exponents), / by a number, parentheses; \
    juxtaposition multiplies (2x, (x+1)(x-1))";

/// A univariate polynomial over Q.
#[derive(Debug, Clone)]
pub struct Polynomial {
    /// Lowest degree first, no trailing zeros (empty for 0).
    pub coefficients: QPoly,
    /// The variable the text used, if any.
    pub variable: Option<String>,
}

impl Polynomial {
    pub fn var(&self) -> &str {
        self.variable.as_deref().unwrap_or("x")
    }

    /// c·f with f primitive in Z[x] (positive leading coefficient).
    pub fn primitive(&self) -> (Q, zx::Poly) {
        kpoly::to_primitive(&self.coefficients)
    }

    /// Refuses the zero polynomial for operations undefined on it.
    pub fn nonzero(&self, field: &str) -> Result<&Self, MathError> {
        if self.coefficients.is_empty() {
            Err(MathError::Domain(format!(
                "`{field}` is the zero polynomial"
            )))
        } else {
            Ok(self)
        }
    }

    pub fn degree(&self) -> isize {
        self.coefficients.len() as isize - 1
    }

    /// The leading and the lowest non-zero coefficient (None for 0).
    pub fn ends(&self) -> Option<(&Q, &Q)> {
        let lead = self.coefficients.last()?;
        let low = self
            .coefficients
            .iter()
            .find(|c| !num_traits::Zero::is_zero(*c))?;
        Some((lead, low))
    }
}

fn parse_error<E: de::Error>(e: ParseError, text: &str) -> E {
    let context: String = text
        .chars()
        .skip(e.position.saturating_sub(10))
        .take(20)
        .collect();
    let what = format!(
        "the polynomial text at character {} (near {context:?}): {}",
        e.position, e.message
    );
    if e.limit {
        E::custom(format!("{LIMIT_TAG}{what}, expected a smaller polynomial"))
    } else {
        E::custom(format!("{what}, expected {GRAMMAR}"))
    }
}

struct PolynomialVisitor;

impl<'de> Visitor<'de> for PolynomialVisitor {
    type Value = Polynomial;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a polynomial: coefficients lowest degree first such as [\"1/2\", -2, 0, 1], or {GRAMMAR}"
        )
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Polynomial, A::Error> {
        let mut out = Vec::new();
        while let Some(Rational(c)) = seq.next_element()? {
            if out.len() > MAX_DEGREE as usize {
                return Err(de::Error::custom(format!(
                    "{LIMIT_TAG}more than {} coefficients, expected degree at most {MAX_DEGREE}",
                    MAX_DEGREE + 1
                )));
            }
            out.push(c);
        }
        Ok(Polynomial {
            coefficients: kpoly::trim(out),
            variable: None,
        })
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<Polynomial, E> {
        let p = parse::parse(s).map_err(|e| parse_error(e, s))?;
        match p.univariate() {
            Some((variable, coefficients)) => Ok(Polynomial {
                coefficients: kpoly::trim(coefficients),
                variable,
            }),
            None => Err(E::custom(format!(
                "the polynomial text uses the variables {}, expected a polynomial in one variable",
                p.prune().vars.join(", ")
            ))),
        }
    }
}

impl<'de> Deserialize<'de> for Polynomial {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(PolynomialVisitor)
    }
}

impl JsonSchema for Polynomial {
    fn schema_name() -> Cow<'static, str> {
        "Polynomial".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(g: &mut SchemaGenerator) -> Schema {
        let coefficient = g.subschema_for::<Rational>();
        json_schema!({
            "description": format!("A polynomial in one variable with rational coefficients: either its coefficients, lowest degree first ([\"1/2\", -2, 0, 1] is x^3 - 2*x + 1/2; [] is 0), or {GRAMMAR}. Degree at most {MAX_DEGREE}."),
            "anyOf": [
                { "type": "array", "items": coefficient, "maxItems": MAX_DEGREE + 1 },
                { "type": "string", "minLength": 1, "maxLength": MAX_TEXT }
            ]
        })
    }
}

/// A polynomial in any number of variables, as text.
#[derive(Debug, Clone)]
pub struct Multivariate(pub Sparse);

impl<'de> Deserialize<'de> for Multivariate {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        parse::parse(&s)
            .map(Multivariate)
            .map_err(|e| parse_error(e, &s))
    }
}

impl JsonSchema for Multivariate {
    fn schema_name() -> Cow<'static, str> {
        "Multivariate".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": format!("A polynomial in any variables with rational coefficients, as {GRAMMAR}; for example \"x^2*y - 3*y*z + 1/2\"."),
            "type": "string", "minLength": 1, "maxLength": MAX_TEXT
        })
    }
}

pub use hessian_op::wire::PolyOut;

/// One term of a multivariate polynomial.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Term {
    pub coefficient: Rational,
    /// Exponent of each variable, in the order of `variables`.
    pub exponents: Vec<u32>,
}

/// A multivariate polynomial in outputs.
#[derive(Debug, Serialize, JsonSchema)]
pub struct MultiOut {
    /// The expanded polynomial as text, terms by descending total degree.
    pub polynomial: String,
    /// The variables that occur, sorted by name.
    pub variables: Vec<String>,
    /// The terms, in the order of `polynomial`.
    pub terms: Vec<Term>,
}

impl MultiOut {
    pub fn new(p: &Sparse) -> Self {
        let p = p.prune();
        let mut terms: Vec<(&Vec<u32>, &Q)> = p.terms.iter().collect();
        terms.sort_by(|a, b| {
            let da: u32 = a.0.iter().sum();
            let db: u32 = b.0.iter().sum();
            db.cmp(&da).then_with(|| b.0.cmp(a.0))
        });
        MultiOut {
            polynomial: p.text(),
            variables: p.vars.clone(),
            terms: terms
                .into_iter()
                .map(|(e, c)| Term {
                    coefficient: Rational(c.clone()),
                    exponents: e.clone(),
                })
                .collect(),
        }
    }
}

/// The integer polynomial of a rational one known to be integral, or a
/// domain error naming the field.
pub fn integral(p: &Polynomial, field: &str) -> Result<zx::Poly, MathError> {
    p.coefficients
        .iter()
        .map(|c| c.is_integer().then(|| c.numer().clone()))
        .collect::<Option<_>>()
        .ok_or_else(|| MathError::Domain(format!("`{field}` must have integer coefficients")))
}

/// The refusal for an expansion beyond its work bound.
pub fn too_much(_: hessian_kernels::poly::sparse::TooMuchWork) -> MathError {
    MathError::Limit(format!(
        "the expansion needs more than {} units of work (term products weighted by coefficient size)",
        hessian_kernels::poly::sparse::MAX_PRODUCTS
    ))
}

/// The two polynomials' shared variable name for output.
pub fn shared_var<'a>(a: &'a Polynomial, b: &'a Polynomial) -> Result<&'a str, MathError> {
    match (&a.variable, &b.variable) {
        (Some(x), Some(y)) if x != y => Err(MathError::Domain(format!(
            "the polynomials use different variables ({x} and {y}); write both in the same variable"
        ))),
        (Some(x), _) | (_, Some(x)) => Ok(x),
        _ => Ok("x"),
    }
}

/// A prime p < 2^62 and the polynomial's coefficients reduced modulo p
/// (a/b as a·b⁻¹), trimmed.
pub fn modular(p: &Int, f: &Polynomial) -> Result<(u64, Vec<u64>), MathError> {
    let p = word_prime(p, "modulus", 62)?;
    let pb = BigInt::from(p);
    let reduce = |x: &BigInt| x.mod_floor(&pb).to_u64().unwrap_or(0);
    let mut out = Vec::with_capacity(f.coefficients.len());
    for c in &f.coefficients {
        let den = reduce(c.denom());
        if den == 0 {
            return Err(MathError::Domain(format!(
                "the coefficient {} has a denominator divisible by {p}",
                Rational(c.clone())
            )));
        }
        out.push(modular::mul_mod(
            reduce(c.numer()),
            modular::inv_mod(den, p),
            p,
        ));
    }
    Ok((p, zp::trim(out)))
}

/// Refuses, before any prime is tried, a resultant whose work passes
/// [`zx::MAX_RESULTANT_WORK`] (Hadamard's bound sets the primes; the
/// answer itself may be far smaller).
pub fn resultant_work(a: &[BigInt], b: &[BigInt]) -> Result<(), MathError> {
    let work = zx::resultant_work(a, b);
    if work > zx::MAX_RESULTANT_WORK {
        return Err(MathError::Limit(format!(
            "proving this resultant takes about {work:.1e} word operations (Hadamard's bound allows {:.0} digits, a prime per 18 of them, each costing a Euclid run over degree {}), more than this operation's {:.0e}; use smaller degrees or coefficients",
            zx::resultant_bits(a, b) * std::f64::consts::LOG10_2,
            a.len() + b.len() - 2,
            zx::MAX_RESULTANT_WORK
        )));
    }
    Ok(())
}
