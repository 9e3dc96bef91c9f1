//! Clause sets on the wire: a list of clauses (each a list of non-zero
//! integers, DIMACS literals) or DIMACS CNF text.

use hessian_kernels::sat::{Cnf, dimacs};
use hessian_op::wire::{Bounded, LIMIT_TAG};
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Deserialize;
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use std::borrow::Cow;

/// Variables a clause set may use.
pub const MAX_VARS: u32 = 100_000;
/// Literals in all clauses together.
pub const MAX_LITERALS: usize = 1_000_000;
/// Characters of DIMACS text.
const MAX_TEXT: usize = 10_000_000;

/// A DIMACS literal as read: the range is checked, 0 refused, by the reader.
pub type Literal = Bounded<{ -(MAX_VARS as i64) }, { MAX_VARS as i64 }>;

/// A clause set, parsed and bounded while it is read.
pub struct CnfInput(pub Cnf);

struct Literals<'a>(&'a mut usize);

impl<'de> de::DeserializeSeed<'de> for Literals<'_> {
    type Value = Vec<i32>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<i32>, D::Error> {
        struct Clause<'a>(&'a mut usize);
        impl<'de> Visitor<'de> for Clause<'_> {
            type Value = Vec<i32>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a clause: an array of non-zero integers (v for the variable, -v for its negation)")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<i32>, A::Error> {
                let mut out = Vec::new();
                while let Some(Bounded(x)) = seq.next_element::<Literal>()? {
                    if x == 0 {
                        return Err(de::Error::custom(
                            "0 is not a literal: write v for variable v and -v for its negation (0 only ends clauses in DIMACS text)",
                        ));
                    }
                    *self.0 += 1;
                    if *self.0 > MAX_LITERALS {
                        return Err(de::Error::custom(format!(
                            "{LIMIT_TAG}more than {MAX_LITERALS} literals"
                        )));
                    }
                    out.push(x as i32);
                }
                Ok(out)
            }
        }
        d.deserialize_seq(Clause(self.0))
    }
}

impl<'de> Deserialize<'de> for CnfInput {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Either;
        impl<'de> Visitor<'de> for Either {
            type Value = CnfInput;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(r#"clauses as an array of arrays of non-zero integers, e.g. [[1, -2], [2, 3]], or DIMACS CNF text "p cnf 3 2\n1 -2 0\n2 3 0""#)
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<CnfInput, E> {
                if text.len() > MAX_TEXT {
                    return Err(E::custom(format!(
                        "{LIMIT_TAG}{} characters of DIMACS text, at most {MAX_TEXT}",
                        text.len()
                    )));
                }
                dimacs::parse(text, MAX_VARS, MAX_LITERALS)
                    .map(CnfInput)
                    .map_err(|e| {
                        let tag = if e.message.starts_with("more than")
                            || e.message.contains("at most")
                        {
                            LIMIT_TAG
                        } else {
                            ""
                        };
                        E::custom(format!("{tag}DIMACS line {}: {}", e.line, e.message))
                    })
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<CnfInput, A::Error> {
                let mut count = 0usize;
                let mut clauses = Vec::new();
                while let Some(c) = seq.next_element_seed(Literals(&mut count))? {
                    clauses.push(c);
                }
                let vars = clauses
                    .iter()
                    .flatten()
                    .map(|l: &i32| l.unsigned_abs())
                    .max()
                    .unwrap_or(0);
                Ok(CnfInput(Cnf { vars, clauses }))
            }
        }
        d.deserialize_any(Either)
    }
}

impl JsonSchema for CnfInput {
    fn schema_name() -> Cow<'static, str> {
        "Cnf".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "anyOf": [
                {
                    "type": "array",
                    "description": "Clauses, each an array of literals: v for variable v (1-based), -v for its negation; [] is the empty clause. The variables are 1 to the largest used.",
                    "items": {"type": "array", "items": {"type": "integer", "not": {"const": 0}, "minimum": -(MAX_VARS as i64), "maximum": MAX_VARS}}
                },
                {
                    "type": "string",
                    "description": "DIMACS CNF text: `c` comment lines, a `p cnf <variables> <clauses>` header, clauses as integers each ended by 0.",
                    "pattern": "p cnf"
                }
            ]
        })
    }
}

/// A model as DIMACS literals: v or -v for every variable 1..=n.
pub fn literals(model: &[bool]) -> Vec<i32> {
    model
        .iter()
        .enumerate()
        .map(|(i, &t)| if t { i as i32 + 1 } else { -(i as i32 + 1) })
        .collect()
}
