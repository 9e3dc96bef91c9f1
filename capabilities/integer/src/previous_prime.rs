use hessian_kernels::number_theory;
use hessian_op::prelude::*;

pub struct PreviousPrime;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The integer n ≥ 3 (at most 300 digits); the answer is the greatest prime < n.
    pub n: Int,
}

impl Operation for PreviousPrime {
    type Input = Input;
    /// The greatest prime strictly less than n (BPSW-probable above 2^64).
    type Output = Int;
    const ID: &'static str = "integer.previous_prime.find";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Previous prime before n";
    const SUMMARY: &'static str = "The largest prime strictly less than n (n ≥ 3).";
    const DESCRIPTION: &'static str = "Finds the greatest prime p < n by testing odd candidates downwards \
        (deterministic Miller–Rabin below 2^64, BPSW above). n ≥ 3 with at most 300 digits; there is no prime below 2.";
    const KEYWORDS: &'static [&'static str] = &[
        "previous prime",
        "prevprime",
        "preceding prime",
        "largest prime less than",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "largest prime smaller than n",
        "prime just before a number",
        "previous prime number",
        "what is the largest prime number below 1000",
        "the closest prime that is smaller than a given number",
        "pick the largest prime under a size limit",
        "how do I find the prime just below n",
    ];
    const ALIASES: &'static [&'static str] = &["prevprime", "NextPrime[n, -1]", "precprime"];
    const EXAMPLE: &'static str = r#"{"n": 1000000}"#;
    const EXPECTED: &'static str = r#""999983""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Int, MathError> {
        let n = crate::positive(&input.n, "n", 300)?;
        number_theory::previous_prime(&n, &ctx.budget)?
            .map(|p| Int(p.into()))
            .ok_or_else(|| {
                MathError::Domain(format!(
                    "there is no prime below {n}; `n` must be at least 3"
                ))
            })
    }
}
