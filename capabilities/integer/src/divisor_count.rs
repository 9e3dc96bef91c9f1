use hessian_kernels::number_theory;
use hessian_op::prelude::*;

pub struct DivisorCount;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The positive integer n (at most 100 digits).
    pub n: Int,
}

impl Operation for DivisorCount {
    type Input = Input;
    /// d(n) = τ(n) = σ_0(n), the number of positive divisors.
    type Output = Int;
    const ID: &'static str = "integer.divisor_count.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Number of divisors d(n)";
    const SUMMARY: &'static str = "How many positive divisors n has: τ(n) = ∏(e + 1).";
    const DESCRIPTION: &'static str = "Computes the divisor-counting function d(n) = τ(n) = σ_0(n) = ∏(e_i + 1) \
        from the prime factorization n = ∏ p_i^e_i. n ≥ 1 with at most 100 digits.";
    const KEYWORDS: &'static [&'static str] = &[
        "number of divisors",
        "tau",
        "divisor count",
        "d(n)",
        "sigma0",
        "numdiv",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "number of positive divisors of n",
        "how many numbers divide n evenly",
        "tau(n) or d(n)",
        "how many ways can n tiles be arranged in a full rectangle",
        "how many numbers divide 360 with no remainder",
        "find how many factors a number has without listing them",
        "how many factors does a number have",
    ];
    const ALIASES: &'static [&'static str] = &["divisor_count", "DivisorSigma[0]", "numdiv"];
    const EXAMPLE: &'static str = r#"{"n": 720}"#;
    const EXPECTED: &'static str = r#""30""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Int, MathError> {
        let n = crate::positive(&input.n, "n", 100)?;
        Ok(Int(
            number_theory::sigma(&crate::factored(&n, ctx)?, 0).into()
        ))
    }
}
