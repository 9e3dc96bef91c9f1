use hessian_kernels::combinatorics as comb;
use hessian_op::prelude::*;

pub struct Derangements;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// n ≥ 0.
    pub n: Bounded<0, 50_000>,
}

impl Operation for Derangements {
    type Input = Input;
    /// !n.
    type Output = Int;
    const ID: &'static str = "combinatorics.derangements.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Derangements !n (subfactorial)";
    const SUMMARY: &'static str = "Permutations of n elements with no fixed point.";
    const DESCRIPTION: &'static str = "Computes the subfactorial !n, the number of permutations of n elements with no fixed point, by !n = n·!(n−1) + (−1)^n. n ≤ 50,000.";
    const KEYWORDS: &'static [&'static str] = &[
        "derangements",
        "subfactorial",
        "permutations without fixed points",
        "hat check problem",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "nobody gets their own item back when items are handed out at random",
        "number of permutations with no fixed point",
        "ways to rearrange items so that none stays in its place",
        "hat-check problem count",
        "subfactorial !n",
        "secret Santa draws where nobody pulls their own name",
        "ways to return letters so that every letter goes to the wrong envelope",
        "how many shuffles leave no card in its original position",
        "how many ways can a class swap seats so nobody keeps theirs",
    ];
    const ALIASES: &'static [&'static str] = &["subfactorial", "derangement", "Subfactorial"];
    const EXAMPLE: &'static str = r#"{"n": 10}"#;
    const EXPECTED: &'static str = r#""1334961""#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Int, MathError> {
        Ok(Int(comb::derangements(input.n.0 as u64).into()))
    }
}
