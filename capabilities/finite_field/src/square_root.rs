use crate::{Element, Field, Value};
use hessian_op::prelude::*;

pub struct SquareRoot;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The field GF(p^k).
    pub field: Field,
    /// The element a.
    pub a: Element,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// True when a is a square in the field.
    pub square: bool,
    /// The square roots of a (r and −r, one in characteristic 2 or for 0); empty when a is not a square.
    pub roots: Vec<Value>,
}

impl Operation for SquareRoot {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "finite_field.square_root.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Square roots in a finite field";
    const SUMMARY: &'static str =
        "All r with r² = a in GF(p^k) (Tonelli–Shanks; a^(q/2) in characteristic 2).";
    const DESCRIPTION: &'static str = "Decides whether a is a square in GF(p^k) (Euler's criterion) and returns its \
        square roots: Tonelli–Shanks in odd characteristic, a^(q/2) in characteristic 2 (where every element \
        is a square with one root).";
    const KEYWORDS: &'static [&'static str] = &[
        "square root in finite field",
        "sqrt mod p",
        "quadratic residue in GF",
        "tonelli shanks",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "square root of an element of GF(q)",
        "whether an element is a square in a finite field",
        "which elements squared give a in a field with p^k elements",
        "solve r^2 = a when the arithmetic is in GF(p^k)",
        "point decompression on an elliptic curve needs a field square root",
        "how do I take the square root of an element in GF(49)",
    ];
    const ALIASES: &'static [&'static str] = &["sqrt in GF", "ffsqrt"];
    const EXAMPLE: &'static str = r#"{"field": {"characteristic": 13}, "a": 10}"#;
    const EXPECTED: &'static str = r#"{"square": true, "roots": ["6", "7"]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let gf = input.field.build("field", ctx)?;
        let a = input.a.of(&gf, "a")?;
        let Some(r) = gf.sqrt(&a) else {
            return Ok(Output {
                square: false,
                roots: Vec::new(),
            });
        };
        let mut roots = vec![r.clone(), gf.neg(&r)];
        roots.sort_by(|x, y| x.iter().rev().cmp(y.iter().rev()));
        roots.dedup();
        Ok(Output {
            square: true,
            roots: roots.into_iter().map(Value).collect(),
        })
    }
}
