use hessian_kernels::combinatorics as comb;
use hessian_op::prelude::*;

pub struct Lucas;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// n ≥ 0.
    pub n: Bounded<0, 10_000_000>,
}

impl Operation for Lucas {
    type Input = Input;
    /// L_n.
    type Output = Int;
    const ID: &'static str = "combinatorics.lucas.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Lucas number L_n";
    const SUMMARY: &'static str =
        "L_n with L_0 = 2, L_1 = 1, L_n = L_{n−1} + L_{n−2}, by fast doubling.";
    const DESCRIPTION: &'static str = "Computes the Lucas number L_n = 2F_{n+1} − F_n (2, 1, 3, 4, 7, 11, …) by Fibonacci fast doubling. 0 ≤ n ≤ 10,000,000.";
    const KEYWORDS: &'static [&'static str] =
        &["lucas number", "lucas sequence", "companion fibonacci"];
    const PHRASINGS: &'static [&'static str] = &[
        "sequence 2, 1, 3, 4, 7, 11 where each term is the sum of the previous two",
        "companion of the Fibonacci numbers",
        "n-th Lucas number",
        "sequence like Fibonacci but starting with 2 and 1, far term",
        "add the previous two terms starting from 2, 1, what is term n",
        "value used in Lucas primality tests and Fibonacci identities, exactly",
        "how do I find the 500th term of 2, 1, 3, 4, 7, 11",
    ];
    const ALIASES: &'static [&'static str] = &["lucas", "LucasL"];
    const EXAMPLE: &'static str = r#"{"n": 50}"#;
    const EXPECTED: &'static str = r#""28143753123""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Int, MathError> {
        // L(n) ≈ φ^n: n·log10 φ digits.
        ctx.room_for_digits(input.n.0 as f64 * 0.208_987_64, "L(n)")?;
        Ok(Int(comb::lucas(input.n.0 as u64).into()))
    }
}
