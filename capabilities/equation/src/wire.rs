//! The wire value of this family: an equation in one unknown.

use hessian_kernels::expr::{Expr, parse};
use hessian_op::expression::GRAMMAR;
use hessian_op::wire::LIMIT_TAG;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Deserialize;
use serde::de::{self, Deserializer};
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
