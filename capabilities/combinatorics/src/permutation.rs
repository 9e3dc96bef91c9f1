//! The wire form of a permutation, shared by the permutation operations.

use hessian_op::wire::Bounded;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// Longest permutation accepted (one-line notation).
pub const MAX_LEN: usize = 10_000;

/// A permutation of 1..n in one-line notation: `[2, 3, 1]` maps 1→2, 2→3,
/// 3→1. Stored 0-based.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Permutation(pub Vec<usize>);

impl<'de> Deserialize<'de> for Permutation {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let images: Vec<u64> = Vec::<Bounded<1, { MAX_LEN as i64 }>>::deserialize(d)?
            .into_iter()
            .map(|b| b.0 as u64)
            .collect();
        let n = images.len();
        if n > MAX_LEN {
            return Err(de::Error::custom(format!(
                "{}a permutation of {n} elements; at most {MAX_LEN}",
                hessian_op::wire::LIMIT_TAG
            )));
        }
        let mut seen = vec![false; n];
        for (i, &x) in images.iter().enumerate() {
            if x == 0 || x as usize > n {
                return Err(de::Error::custom(format!(
                    "position {} holds {x}; a permutation of 1..{n} uses each of 1..{n} once",
                    i + 1
                )));
            }
            if std::mem::replace(&mut seen[x as usize - 1], true) {
                return Err(de::Error::custom(format!(
                    "{x} appears twice; a permutation of 1..{n} uses each value once"
                )));
            }
        }
        Ok(Permutation(
            images.into_iter().map(|x| x as usize - 1).collect(),
        ))
    }
}

impl Serialize for Permutation {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(|x| x + 1))
    }
}

impl JsonSchema for Permutation {
    fn schema_name() -> Cow<'static, str> {
        "Permutation".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "array",
            "items": { "type": "integer", "minimum": 1, "maximum": MAX_LEN },
            "maxItems": MAX_LEN,
            "uniqueItems": true,
            "description": "A permutation of 1..n in one-line notation: [2, 3, 1] maps 1→2, 2→3, 3→1."
        })
    }
}
