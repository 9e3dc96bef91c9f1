use hessian_kernels::combinatorics as comb;
use hessian_op::prelude::*;

pub struct Fibonacci;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The index n.
    pub n: Bounded<-10_000_000, 10_000_000>,
}

impl Operation for Fibonacci {
    type Input = Input;
    /// F_n.
    type Output = Int;
    const ID: &'static str = "combinatorics.fibonacci.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Fibonacci number F_n";
    const SUMMARY: &'static str =
        "F_n with F_0 = 0, F_1 = 1, by fast doubling; negative n via F_−n = (−1)^(n+1) F_n.";
    const DESCRIPTION: &'static str = "Computes the Fibonacci number F_n (F_0 = 0, F_1 = 1) by fast doubling in O(M(F_n)) time; negative n uses F_(−n) = (−1)^(n+1) F_n. |n| ≤ 10,000,000 (about 2.1 million digits; the output cap may refuse the largest).";
    const KEYWORDS: &'static [&'static str] = &[
        "fibonacci",
        "fibonacci number",
        "fib(n)",
        "golden ratio sequence",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "ways to climb stairs taking one or two steps at a time",
        "each term is the sum of the two previous terms starting 0, 1",
        "n-th term of 0, 1, 1, 2, 3, 5, 8, ...",
        "rabbit sequence",
        "number of pairs of rabbits after n months in the classic puzzle",
        "ways to tile a 2 by n strip with dominoes",
        "the number in position 1000 of the 1, 1, 2, 3, 5, 8 sequence",
        "how do I get a very large term of the golden ratio sequence exactly",
    ];
    const ALIASES: &'static [&'static str] = &["fibonacci", "Fibonacci", "fib"];
    const EXAMPLE: &'static str = r#"{"n": 100}"#;
    const EXPECTED: &'static str = r#""354224848179261915075""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Int, MathError> {
        let n = input.n.0;
        // F(n) ≈ φ^n/√5: n·log10 φ digits.
        ctx.room_for_digits(n.unsigned_abs() as f64 * 0.208_987_64, "F(n)")?;
        let f = hessian_kernels::BigInt::from(comb::fibonacci_pair(n.unsigned_abs()).0);
        Ok(Int(if n < 0 && n % 2 == 0 { -f } else { f }))
    }
}
