use crate::permutation::Permutation;
use hessian_op::prelude::*;

pub struct PermutationCompose;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// σ, applied second.
    pub left: Permutation,
    /// τ, applied first; the same length as `left`.
    pub right: Permutation,
}

impl Operation for PermutationCompose {
    type Input = Input;
    /// σ∘τ: i ↦ σ(τ(i)), one-line notation.
    type Output = Permutation;
    const ID: &'static str = "combinatorics.permutation.composition.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Compose two permutations σ∘τ";
    const SUMMARY: &'static str =
        "The product σ∘τ (apply τ first, then σ) of permutations in one-line notation.";
    const DESCRIPTION: &'static str = "Composes permutations of 1..n given in one-line notation: the result maps i \
        to σ(τ(i)), i.e. τ (`right`) acts first — the usual right-to-left convention for functions. Both must \
        have the same length (at most 10,000).";
    const KEYWORDS: &'static [&'static str] = &[
        "compose permutations",
        "permutation product",
        "multiply permutations",
        "permutation composition",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "apply one permutation and then another",
        "product of two permutations",
        "compose two rearrangements",
        "do one shuffle of cards and then another, what is the result",
        "combine two seat swaps into one overall rearrangement",
        "chain two reorderings of a list to get the combined reordering",
        "how do I multiply two permutations given as lists",
    ];
    const ALIASES: &'static [&'static str] = &["Permutation.__mul__", "PermutationProduct"];
    const EXAMPLE: &'static str = r#"{"left": [2, 3, 1], "right": [2, 1, 3]}"#;
    const EXPECTED: &'static str = "[3, 2, 1]";

    fn run(input: Input, _ctx: &Ctx) -> Result<Permutation, MathError> {
        let (s, t) = (input.left.0, input.right.0);
        if s.len() != t.len() {
            return Err(MathError::Input {
                path: "right".into(),
                message: format!("has {} elements but `left` has {}", t.len(), s.len()),
            });
        }
        Ok(Permutation(t.iter().map(|&i| s[i]).collect()))
    }
}
