use hessian_kernels::number_theory;
use hessian_op::prelude::*;

pub struct NextPrime;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The integer n (at most 300 digits); the answer is the least prime > n.
    pub n: Int,
}

impl Operation for NextPrime {
    type Input = Input;
    /// The least prime strictly greater than n (BPSW-probable above 2^64).
    type Output = Int;
    const ID: &'static str = "integer.next_prime.find";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Next prime after n";
    const SUMMARY: &'static str = "The smallest prime strictly greater than n.";
    const DESCRIPTION: &'static str = "Finds the least prime p > n by testing successive odd candidates \
        (deterministic Miller–Rabin below 2^64, BPSW above). n has at most 300 digits; negative n gives 2.";
    const KEYWORDS: &'static [&'static str] = &[
        "next prime",
        "nextprime",
        "following prime",
        "smallest prime greater than",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "smallest prime greater than n",
        "first prime after a number",
        "next prime number",
        "find the first prime bigger than one million",
        "pick a prime hash table size just above a target",
        "what is the next prime after a given number",
        "how do I get the smallest prime larger than my number",
    ];
    const ALIASES: &'static [&'static str] = &["nextprime", "NextPrime"];
    const EXAMPLE: &'static str = r#"{"n": 1000000}"#;
    const EXPECTED: &'static str = r#""1000003""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Int, MathError> {
        crate::within(&input.n, "n", 300)?;
        let n = input.n.0.to_biguint().unwrap_or_default();
        Ok(Int(number_theory::next_prime(&n, &ctx.budget)?.into()))
    }
}
