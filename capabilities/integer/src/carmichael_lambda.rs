use hessian_kernels::number_theory;
use hessian_op::prelude::*;

pub struct CarmichaelLambda;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The positive integer n (at most 100 digits).
    pub n: Int,
}

impl Operation for CarmichaelLambda {
    type Input = Input;
    /// λ(n), the exponent of the unit group (Z/nZ)^×.
    type Output = Int;
    const ID: &'static str = "integer.carmichael_lambda.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Carmichael function λ(n)";
    const SUMMARY: &'static str =
        "The reduced totient: least m with a^m ≡ 1 (mod n) for every a coprime to n.";
    const DESCRIPTION: &'static str = "Computes Carmichael's λ(n), the exponent of (Z/nZ)^×: the lcm over prime \
        powers p^e ∥ n of φ(p^e), except λ(2^e) = 2^(e−2) for e ≥ 3. λ(1) = 1. n has at most 100 digits.";
    const KEYWORDS: &'static [&'static str] = &[
        "carmichael lambda",
        "reduced totient",
        "exponent of unit group",
        "universal exponent",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "smallest exponent m with a^m = 1 mod n for every a coprime to n",
        "exponent of the unit group modulo n",
        "reduced totient function",
        "smallest power that brings every number coprime to n back to 1 mod n",
        "universal exponent for RSA key generation modulo n",
        "longest possible cycle length of powers modulo n",
        "how do I find the reduced totient of a number",
    ];
    const ALIASES: &'static [&'static str] =
        &["reduced_totient", "CarmichaelLambda", "lcm of orders"];
    const EXAMPLE: &'static str = r#"{"n": 561}"#;
    const EXPECTED: &'static str = r#""80""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Int, MathError> {
        let n = crate::positive(&input.n, "n", 100)?;
        Ok(Int(
            number_theory::carmichael(&crate::factored(&n, ctx)?).into()
        ))
    }
}
