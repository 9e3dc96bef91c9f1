use hessian_kernels::combinatorics as comb;
use hessian_op::prelude::*;

pub struct DoubleFactorial;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// n ≥ 0, at most 200,000.
    pub n: Bounded<0, 200_000>,
}

impl Operation for DoubleFactorial {
    type Input = Input;
    /// n!!
    type Output = Int;
    const ID: &'static str = "combinatorics.double_factorial.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Double factorial n!!";
    const SUMMARY: &'static str = "n!! = n·(n−2)·(n−4)⋯ down to 1 or 2.";
    const DESCRIPTION: &'static str = "Computes the double factorial n!! = n(n−2)(n−4)⋯, ending at 1 for odd n and 2 for even n; 0!! = 1. n ≤ 200,000.";
    const KEYWORDS: &'static [&'static str] =
        &["double factorial", "n!!", "semifactorial", "odd factorial"];
    const PHRASINGS: &'static [&'static str] = &[
        "multiply every other number going down, like 9 times 7 times 5 times 3 times 1",
        "product of every second integer down to 1 or 2",
        "n times n minus 2 times n minus 4 and so on",
        "semifactorial n!!",
        "multiply all the odd numbers from 1 up to 15",
        "product of all even numbers up to n, like 10 times 8 times 6",
        "number of ways to pair up 2n people, computed as an odd product",
        "how do I compute n!! exactly for a large n",
    ];
    const ALIASES: &'static [&'static str] = &["factorial2", "double_factorial", "Factorial2"];
    const EXAMPLE: &'static str = r#"{"n": 11}"#;
    const EXPECTED: &'static str = r#""10395""#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Int, MathError> {
        Ok(Int(comb::double_factorial(input.n.0 as u64).into()))
    }
}
