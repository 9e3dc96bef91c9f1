use crate::{Element, Field};
use hessian_kernels::group;
use hessian_op::prelude::*;

pub struct ElementOrder;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The field GF(p^k) (at most 2^256 elements).
    pub field: Field,
    /// A non-zero element a.
    pub a: Element,
}

impl Operation for ElementOrder {
    type Input = Input;
    /// The least n ≥ 1 with a^n = 1 (a divisor of q − 1).
    type Output = Int;
    const ID: &'static str = "finite_field.element_order.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Multiplicative order of a finite-field element";
    const SUMMARY: &'static str =
        "Least n with a^n = 1 in GF(p^k)*, from the factorization of q − 1.";
    const DESCRIPTION: &'static str = "Computes the order of a non-zero a in the cyclic group GF(q)*, q = p^k: start \
        from q − 1 and divide out each prime factor while the power stays 1. Needs q − 1 factored (q ≤ 2^256, \
        under the deadline). a is primitive exactly when its order is q − 1.";
    const KEYWORDS: &'static [&'static str] = &[
        "order of element",
        "multiplicative order in GF",
        "finite field order",
        "is primitive",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "multiplicative order of an element of GF(q)",
        "smallest k with a^k = 1 in a finite field",
        "how many times must I multiply a by itself to get back to 1",
        "cycle length of the powers of an element in a finite field",
        "period of a linear feedback shift register from its field element",
        "how do I find how often powers of x repeat in GF(2^8)",
    ];
    const ALIASES: &'static [&'static str] = &["multiplicative_order", "fforder"];
    const EXAMPLE: &'static str =
        r#"{"field": {"characteristic": 2, "modulus": [1, 1, 0, 0, 1]}, "a": [0, 0, 0, 1]}"#;
    const EXPECTED: &'static str = r#""5""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Int, MathError> {
        let gf = input.field.build("field", ctx)?;
        let a = input.a.of(&gf, "a")?;
        if gf.is_zero(&a) {
            return Err(MathError::Domain("0 has no multiplicative order".into()));
        }
        let (q1, f) = crate::field::unit_group_order(&gf, ctx)?;
        Ok(Int(group::order(&gf, &a, &q1, &f).into()))
    }
}
