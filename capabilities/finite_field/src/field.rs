//! The wire forms of a finite field and its elements, shared by every
//! operation here.

use hessian_kernels::finite_field::{self, Elem, Gf, MAX_P};
use hessian_kernels::{BigInt, BigUint, number_theory};
use hessian_op::wire::{Int, List};
use hessian_op::{Ctx, MathError};
use num_integer::Integer;
use num_traits::ToPrimitive;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use std::borrow::Cow;
use std::fmt;

/// Largest extension degree k.
pub const MAX_DEGREE: usize = 64;

/// GF(p^k): a prime p and, for k > 1, a monic irreducible modulus f of
/// degree k over F_p (elements are polynomials in x of degree < k).
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Field {
    /// The characteristic: a prime p < 2^62.
    pub characteristic: Int,
    /// Coefficients of the monic irreducible f, lowest degree first (x^2 + 1 is [1, 0, 1]); omit for the prime field F_p.
    pub modulus: Option<List<Int, 65>>,
}

impl Field {
    /// Checks p and f and builds the field; `path` names the field's key.
    pub fn build(&self, path: &str, ctx: &Ctx) -> Result<Gf, MathError> {
        let field = format!("{path}.characteristic");
        let p = hessian_op::wire::word_prime(&self.characteristic, &field, MAX_P.ilog2())?;
        let Some(modulus) = &self.modulus else {
            return Ok(Gf {
                p,
                modulus: vec![0, 1],
            });
        };
        let pb = BigInt::from(p);
        let f: Vec<u64> = modulus
            .0
            .iter()
            .map(|c| c.0.mod_floor(&pb).to_u64().unwrap_or(0))
            .collect();
        let at = |message: String| MathError::Input {
            path: format!("{path}.modulus"),
            message,
        };
        if f.len() < 2 || f.len() > MAX_DEGREE + 1 {
            return Err(at(format!(
                "needs degree 1 to {MAX_DEGREE} (2 to {} coefficients)",
                MAX_DEGREE + 1
            )));
        }
        if f.last() != Some(&1) {
            return Err(at(
                "must be monic: its last (leading) coefficient must be 1 modulo p".into(),
            ));
        }
        if !finite_field::is_irreducible(&f, p, &ctx.budget)? {
            return Err(at(format!(
                "is reducible over F_{p}, so F_{p}[x]/(f) is not a field"
            )));
        }
        Ok(Gf { p, modulus: f })
    }
}

/// A field element: an integer (an element of F_p) or its coefficient list
/// in x, lowest degree first, of length at most k.
#[derive(Debug, Clone)]
pub struct Element(pub Vec<BigInt>);

impl Element {
    /// The canonical element of `gf`, or the refusal naming `path`.
    pub fn of(&self, gf: &Gf, path: &str) -> Result<Elem, MathError> {
        if self.0.len() > gf.degree() {
            return Err(MathError::Input {
                path: path.into(),
                message: format!(
                    "has {} coefficients; elements of GF({}^{}) have at most {}",
                    self.0.len(),
                    gf.p,
                    gf.degree(),
                    gf.degree()
                ),
            });
        }
        let pb = BigInt::from(gf.p);
        let coeffs: Vec<u64> = self
            .0
            .iter()
            .map(|c| c.mod_floor(&pb).to_u64().unwrap_or(0))
            .collect();
        Ok(gf.reduce(&coeffs))
    }
}

impl<'de> Deserialize<'de> for Element {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Element;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a field element: an integer, or a list of integer coefficients lowest degree first")
            }
            // Every number form goes through Int, read as everywhere.
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Element, E> {
                Int::deserialize(de::value::I64Deserializer::<E>::new(v))
                    .map(|i| Element(vec![i.0]))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Element, E> {
                Int::deserialize(de::value::U64Deserializer::<E>::new(v))
                    .map(|i| Element(vec![i.0]))
            }
            fn visit_i128<E: de::Error>(self, v: i128) -> Result<Element, E> {
                Int::deserialize(de::value::I128Deserializer::<E>::new(v))
                    .map(|i| Element(vec![i.0]))
            }
            fn visit_u128<E: de::Error>(self, v: u128) -> Result<Element, E> {
                Int::deserialize(de::value::U128Deserializer::<E>::new(v))
                    .map(|i| Element(vec![i.0]))
            }
            fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<Element, A::Error> {
                Int::deserialize(de::value::MapAccessDeserializer::new(map))
                    .map(|i| Element(vec![i.0]))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Element, E> {
                let i = Int::deserialize(de::value::StrDeserializer::<E>::new(v))?;
                Ok(Element(vec![i.0]))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Element, E> {
                Int::deserialize(de::value::F64Deserializer::<E>::new(v))
                    .map(|i| Element(vec![i.0]))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Element, A::Error> {
                let mut out = Vec::new();
                while let Some(c) = seq.next_element::<Int>()? {
                    if out.len() == MAX_DEGREE {
                        return Err(de::Error::custom(format!(
                            "{}more than {MAX_DEGREE} coefficients",
                            hessian_op::wire::LIMIT_TAG
                        )));
                    }
                    out.push(c.0);
                }
                Ok(Element(out))
            }
        }
        d.deserialize_any(V)
    }
}

impl JsonSchema for Element {
    fn schema_name() -> Cow<'static, str> {
        "FieldElement".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(g: &mut SchemaGenerator) -> Schema {
        let int = g.subschema_for::<Int>();
        json_schema!({
            "description": "An element of F_p as an integer, or of GF(p^k) as its coefficients in x, lowest degree first ([0, 1] is x).",
            "anyOf": [int, { "type": "array", "items": int, "maxItems": MAX_DEGREE }]
        })
    }
}

/// An output element: a decimal string in a prime field, the list of k
/// coefficient strings (lowest degree first) in GF(p^k) for k > 1.
#[derive(Debug, Clone)]
pub struct Value(pub Elem);

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0.as_slice() {
            [c] => s.serialize_str(&c.to_string()),
            cs => s.collect_seq(cs.iter().map(|c| c.to_string())),
        }
    }
}

impl JsonSchema for Value {
    fn schema_name() -> Cow<'static, str> {
        "FieldValue".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A decimal string in a prime field; in GF(p^k), k > 1, the k coefficient strings lowest degree first.",
            "anyOf": [
                { "type": "string", "pattern": "^[0-9]+$" },
                { "type": "array", "items": { "type": "string", "pattern": "^[0-9]+$" } }
            ]
        })
    }
}

/// Beyond this field size, factoring q − 1 may not finish.
const MAX_GROUP_BITS: u64 = 256;

/// q − 1 and its factorization, for orders, generators and logarithms.
pub fn unit_group_order(gf: &Gf, ctx: &Ctx) -> Result<(BigUint, Vec<(BigUint, u32)>), MathError> {
    let q1 = gf.size() - 1u32;
    if q1.bits() > MAX_GROUP_BITS {
        return Err(MathError::Limit(format!(
            "the field has more than 2^{MAX_GROUP_BITS} elements; q − 1 would have to be factored"
        )));
    }
    let f = number_theory::factor_completely(&q1, &ctx.budget)?;
    Ok((q1, f))
}

/// The rows of a matrix of elements as canonical field elements.
pub fn matrix_of(
    gf: &Gf,
    m: hessian_kernels::Mat<Element>,
    path: &str,
) -> Result<Vec<Vec<Elem>>, MathError> {
    m.into_rows()
        .into_iter()
        .enumerate()
        .map(|(i, row)| {
            row.iter()
                .enumerate()
                .map(|(j, e)| e.of(gf, &format!("{path}.{i}.{j}")))
                .collect()
        })
        .collect()
}
