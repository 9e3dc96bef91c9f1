use hessian_kernels::combinatorics as comb;
use hessian_op::prelude::*;

pub struct Motzkin;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// n ≥ 0.
    pub n: Bounded<0, 100_000>,
}

impl Operation for Motzkin {
    type Input = Input;
    /// M_n.
    type Output = Int;
    const ID: &'static str = "combinatorics.motzkin.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Motzkin number M_n";
    const SUMMARY: &'static str =
        "Lattice paths of n steps (up, down, flat) that never go below zero; chords on a circle.";
    const DESCRIPTION: &'static str = "Computes the Motzkin number M_n (1, 1, 2, 4, 9, 21, …) by the recurrence (n+2)M_n = (2n+1)M_{n−1} + 3(n−1)M_{n−2}. n ≤ 100,000.";
    const KEYWORDS: &'static [&'static str] =
        &["motzkin number", "motzkin paths", "non-crossing chords"];
    const PHRASINGS: &'static [&'static str] = &[
        "number of lattice paths with up, down and flat steps that stay above the axis",
        "ways to draw non-intersecting chords between points on a circle",
        "unary-binary trees count",
        "walks that go up, down or stay level and never dip underground",
        "ways to connect some points on a circle with non-crossing lines, some left unused",
        "counting RNA secondary structures style non-crossing pairings with unpaired points",
        "how many hill-and-flat paths of n steps stay at or above ground",
    ];
    const ALIASES: &'static [&'static str] = &["motzkin", "MotzkinNumber"];
    const EXAMPLE: &'static str = r#"{"n": 10}"#;
    const EXPECTED: &'static str = r#""2188""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Int, MathError> {
        // M(n) grows like 3^n: n·log10 3 digits.
        ctx.room_for_digits(input.n.0 as f64 * 0.477_121_25, "M(n)")?;
        Ok(Int(comb::motzkin(input.n.0 as u64, &ctx.budget)?.into()))
    }
}
