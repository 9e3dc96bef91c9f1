use crate::{Field, Value};
use hessian_kernels::group::Group;
use hessian_op::prelude::*;

pub struct PrimitiveElement;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The field GF(p^k) (at most 2^256 elements).
    pub field: Field,
}

impl Operation for PrimitiveElement {
    type Input = Input;
    /// The first generator of GF(q)* in counting order (coefficients read as base-p digits).
    type Output = Value;
    const ID: &'static str = "finite_field.primitive_element.find";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Primitive element (generator) of a finite field";
    const SUMMARY: &'static str =
        "A generator of the cyclic group GF(p^k)*: the least in counting order.";
    const DESCRIPTION: &'static str = "Finds a primitive element g of GF(p^k) — g^((q−1)/r) ≠ 1 for every prime \
        r | q − 1 — scanning elements in counting order (coefficients as base-p digits of 1, 2, …), so the \
        answer is deterministic; in F_p this is the least primitive root. Needs q − 1 factored (q ≤ 2^256).";
    const KEYWORDS: &'static [&'static str] = &[
        "primitive element",
        "generator of multiplicative group",
        "primitive root of finite field",
        "cyclic generator",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "generator of the multiplicative group of GF(q)",
        "primitive element of a finite field",
        "element whose powers run through every nonzero element of the field",
        "choose a generator for Diffie-Hellman over a small finite field",
        "base element for building log and antilog tables in GF(p^k)",
        "how do I find a generator of GF(2^8) for log tables",
    ];
    const ALIASES: &'static [&'static str] = &["primitive_element", "ffprimroot"];
    const EXAMPLE: &'static str = r#"{"field": {"characteristic": 2, "modulus": [1, 1, 0, 0, 1]}}"#;
    const EXPECTED: &'static str = r#"["0", "1", "0", "0"]"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Value, MathError> {
        let gf = input.field.build("field", ctx)?;
        let (q1, f) = crate::field::unit_group_order(&gf, ctx)?;
        let one = gf.one_elem();
        for i in 1u64.. {
            ctx.budget.check()?;
            let g = gf.from_index(i);
            if f.iter()
                .all(|(r, _)| Group::pow(&gf, &g, &(&q1 / r)) != one)
            {
                return Ok(Value(g));
            }
        }
        unreachable!("GF(q)* is cyclic, so the scan meets a generator")
    }
}
