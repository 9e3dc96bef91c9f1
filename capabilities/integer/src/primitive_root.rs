use hessian_kernels::number_theory;
use hessian_op::prelude::*;

pub struct PrimitiveRoot;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The modulus n ≥ 1 (at most 60 digits).
    pub modulus: Int,
}

impl Operation for PrimitiveRoot {
    type Input = Input;
    /// The least g in 1..n generating (Z/nZ)^× (0 for n = 1).
    type Output = Int;
    const ID: &'static str = "integer.primitive_root.find";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Smallest primitive root modulo n";
    const SUMMARY: &'static str =
        "The least generator of the unit group mod n; exists only for n = 1, 2, 4, p^k, 2p^k.";
    const DESCRIPTION: &'static str = "Finds the least primitive root g modulo n: g^(φ(n)/q) ≢ 1 for every prime \
        q | φ(n). A primitive root exists exactly when n is 1, 2, 4, p^k or 2p^k for an odd prime p; other n \
        get domain_error. n has at most 60 digits (φ(n) must be factored).";
    const KEYWORDS: &'static [&'static str] = &[
        "primitive root",
        "generator mod p",
        "znprimroot",
        "cyclic group generator",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "generator of the multiplicative group modulo n",
        "number whose powers give every unit modulo n",
        "smallest primitive root",
        "number whose powers cycle through all nonzero remainders mod p",
        "choose a generator for Diffie-Hellman modulo a prime",
        "smallest base whose powers hit every number coprime to n",
        "is there a generator mod n and what is the smallest one",
    ];
    const ALIASES: &'static [&'static str] = &["primitive_root", "PrimitiveRoot", "znprimroot"];
    const EXAMPLE: &'static str = r#"{"modulus": 761}"#;
    const EXPECTED: &'static str = r#""6""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Int, MathError> {
        let n = crate::positive(&input.modulus, "modulus", 60)?;
        let f = crate::factored(&n, ctx)?;
        number_theory::primitive_root(&n, &f, &ctx.budget)?
            .map(|g| Int(g.into()))
            .ok_or_else(|| {
                MathError::Domain(format!(
                    "{n} has no primitive root: (Z/{n}Z)^× is cyclic only for 1, 2, 4, p^k and 2p^k"
                ))
            })
    }
}
