use crate::{Element, Field};
use hessian_op::prelude::*;

pub struct TraceNorm;

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
    /// Tr(a) = a + a^p + … + a^(p^(k−1)), in F_p.
    pub trace: Int,
    /// N(a) = a·a^p⋯a^(p^(k−1)) = a^((q−1)/(p−1)), in F_p.
    pub norm: Int,
}

impl Operation for TraceNorm {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "finite_field.trace_norm.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Trace and norm of a finite-field element over F_p";
    const SUMMARY: &'static str =
        "Absolute trace and norm of a in GF(p^k): sum and product of its Frobenius conjugates.";
    const DESCRIPTION: &'static str = "Computes the absolute trace Tr(a) = Σ a^(p^i) and norm N(a) = ∏ a^(p^i) \
        (i = 0..k−1) of an element of GF(p^k); both lie in the prime field F_p.";
    const KEYWORDS: &'static [&'static str] = &[
        "field trace",
        "field norm",
        "frobenius conjugates",
        "absolute trace",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "trace and norm of an element of GF(q^k) over GF(q)",
        "sum and product of the Frobenius conjugates",
        "sum and product of all conjugates of an element in an extension field",
        "map an element of GF(2^8) down to GF(2) with the trace",
        "trace test for whether a quadratic is solvable in characteristic 2",
        "how do I compute the norm of an element of GF(p^k) down to GF(p)",
    ];
    const ALIASES: &'static [&'static str] = &["trace", "norm", "fftrace", "ffnorm"];
    const EXAMPLE: &'static str =
        r#"{"field": {"characteristic": 2, "modulus": [1, 1, 0, 0, 1]}, "a": [0, 1]}"#;
    const EXPECTED: &'static str = r#"{"trace": "0", "norm": "1"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let gf = input.field.build("field", ctx)?;
        let a = input.a.of(&gf, "a")?;
        Ok(Output {
            trace: Int(gf.trace(&a).into()),
            norm: Int(gf.norm(&a).into()),
        })
    }
}
