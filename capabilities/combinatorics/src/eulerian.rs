use hessian_kernels::combinatorics as comb;
use hessian_op::prelude::*;

pub struct Eulerian;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// n ≥ 0.
    pub n: Bounded<0, 1000>,
    /// The number of ascents k ≥ 0.
    pub k: Bounded<0, 1000>,
}

impl Operation for Eulerian {
    type Input = Input;
    /// A(n, k).
    type Output = Int;
    const ID: &'static str = "combinatorics.eulerian.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Eulerian number A(n, k)";
    const SUMMARY: &'static str = "Permutations of n elements with exactly k ascents.";
    const DESCRIPTION: &'static str = "Computes the Eulerian number A(n, k) = ⟨n k⟩, the number of permutations of 1..n with exactly k ascents (positions i with π(i) < π(i+1)), by the row recurrence A(n, k) = (k+1)A(n−1, k) + (n−k)A(n−1, k−1). n ≤ 1000; A(n, k) = 0 for k ≥ n ≥ 1.";
    const KEYWORDS: &'static [&'static str] = &[
        "eulerian number",
        "permutations with k ascents",
        "ascents",
        "eulerian triangle",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "number of permutations of n with exactly k descents",
        "number of permutations with k ascents",
        "Eulerian triangle entry A(n, k)",
        "how many orderings of n numbers rise exactly k times from one to the next",
        "shuffles of a list that split into a given number of increasing runs",
        "count permutations by how many times the next entry is larger",
        "how many arrangements of 1 to n have exactly 3 ascending steps",
    ];
    const ALIASES: &'static [&'static str] = &["eulerian", "Eulerian number"];
    const EXAMPLE: &'static str = r#"{"n": 5, "k": 2}"#;
    const EXPECTED: &'static str = r#""66""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Int, MathError> {
        let row = comb::eulerian_row(input.n.0 as usize, &ctx.budget)?;
        Ok(Int(row
            .into_iter()
            .nth(input.k.0 as usize)
            .unwrap_or_default()
            .into()))
    }
}
