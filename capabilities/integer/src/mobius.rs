use hessian_op::prelude::*;

pub struct Mobius;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The positive integer n (at most 100 digits).
    pub n: Int,
}

impl Operation for Mobius {
    type Input = Input;
    /// μ(n) ∈ {−1, 0, 1}.
    type Output = i32;
    const ID: &'static str = "integer.mobius.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Möbius function μ(n)";
    const SUMMARY: &'static str =
        "μ(n): 0 if a square divides n, else (−1)^(number of prime factors).";
    const DESCRIPTION: &'static str = "Computes the Möbius function: μ(n) = 0 when p² | n for some prime p, \
        otherwise (−1)^k where k is the number of distinct primes dividing n; μ(1) = 1. n ≥ 1 with at \
        most 100 digits.";
    const KEYWORDS: &'static [&'static str] = &["mobius", "moebius", "mu function", "möbius mu"];
    const PHRASINGS: &'static [&'static str] = &[
        "Mobius mu of n: 0 for a repeated prime factor, else (-1)^k",
        "Moebius function",
        "sign from the number of distinct prime factors of a squarefree number",
        "zero if n has a squared factor, otherwise plus or minus one",
        "coefficient used in inclusion-exclusion over divisors",
        "value used to count squarefree numbers or invert divisor sums",
        "how do I compute mu(n) for a given integer",
    ];
    const ALIASES: &'static [&'static str] = &["mobius", "MoebiusMu", "moebius"];
    const EXAMPLE: &'static str = r#"{"n": 30}"#;
    const EXPECTED: &'static str = "-1";

    fn run(input: Input, ctx: &Ctx) -> Result<i32, MathError> {
        let n = crate::positive(&input.n, "n", 100)?;
        let f = crate::factored(&n, ctx)?;
        Ok(if f.iter().any(|(_, e)| *e > 1) {
            0
        } else if f.len() % 2 == 0 {
            1
        } else {
            -1
        })
    }
}
