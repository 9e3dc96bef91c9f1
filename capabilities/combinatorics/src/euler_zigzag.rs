use hessian_kernels::combinatorics as comb;
use hessian_op::prelude::*;

pub struct EulerZigzag;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// n ≥ 0.
    pub n: Bounded<0, 1000>,
}

impl Operation for EulerZigzag {
    type Input = Input;
    /// A_n.
    type Output = Int;
    const ID: &'static str = "combinatorics.euler_zigzag.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Euler zigzag number A_n (alternating permutations)";
    const SUMMARY: &'static str = "Up/down numbers: alternating permutations of n; secant (even n) and tangent (odd n) numbers.";
    const DESCRIPTION: &'static str = "Computes the Euler zigzag number A_n (1, 1, 1, 2, 5, 16, 61, 272, …), the number of alternating (down-up) permutations of n elements, by the Seidel–Entringer boustrophedon in O(n²) additions. Even n give the secant (Euler) numbers, odd n the tangent numbers. n ≤ 1000.";
    const KEYWORDS: &'static [&'static str] = &[
        "euler zigzag number",
        "alternating permutations",
        "up down numbers",
        "secant numbers",
        "tangent numbers",
        "entringer",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "number of alternating (up-down) permutations",
        "Euler zigzag or up/down numbers",
        "coefficients of sec x + tan x",
        "ways to line up people by height so they alternate taller and shorter",
        "orderings of 1 to n that go up, down, up, down alternately",
        "count zigzag arrangements of numbers where neighbors alternately rise and fall",
        "how many sawtooth permutations of n numbers are there",
    ];
    const ALIASES: &'static [&'static str] = &["euler_zigzag", "entringer", "A000111"];
    const EXAMPLE: &'static str = r#"{"n": 10}"#;
    const EXPECTED: &'static str = r#""50521""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Int, MathError> {
        Ok(Int(comb::zigzag(input.n.0 as usize, &ctx.budget)?
            .pop()
            .unwrap_or_default()
            .into()))
    }
}
