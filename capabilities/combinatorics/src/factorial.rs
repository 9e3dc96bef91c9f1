use hessian_kernels::combinatorics as comb;
use hessian_op::prelude::*;

pub struct Factorial;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// n ≥ 0, at most 100,000.
    pub n: Bounded<0, 100_000>,
}

impl Operation for Factorial {
    type Input = Input;
    /// n!
    type Output = Int;
    const ID: &'static str = "combinatorics.factorial.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Factorial n!";
    const SUMMARY: &'static str = "n! = 1·2·⋯·n, exactly, for n up to 100,000.";
    const DESCRIPTION: &'static str = "Computes n! exactly by balanced binary splitting of the product. 0! = 1; n ≤ 100,000 (456,574 digits).";
    const KEYWORDS: &'static [&'static str] =
        &["factorial", "n!", "permutations of n", "gamma of integer"];
    const PHRASINGS: &'static [&'static str] = &[
        "ways to line people up or finish a race in order",
        "product of all positive integers up to n",
        "number of ways to arrange n distinct objects in a row",
        "number of orderings of n things",
        "how many different orders can 10 books be put on a shelf",
        "multiply 1 times 2 times 3 all the way up to n",
        "number of possible seating orders for guests at a dinner table row",
        "how do I get the exact value of 100 factorial with all digits",
    ];
    const ALIASES: &'static [&'static str] = &["factorial", "Factorial", "n!"];
    const EXAMPLE: &'static str = r#"{"n": 25}"#;
    const EXPECTED: &'static str = r#""15511210043330985984000000""#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Int, MathError> {
        Ok(Int(comb::factorial(input.n.0 as u64).into()))
    }
}
