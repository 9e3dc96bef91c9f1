use crate::permutation::Permutation;
use hessian_op::prelude::*;

pub struct PermutationInverse;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    pub permutation: Permutation,
}

impl Operation for PermutationInverse {
    type Input = Input;
    /// σ⁻¹ in one-line notation.
    type Output = Permutation;
    const ID: &'static str = "combinatorics.permutation.inverse.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Inverse of a permutation";
    const SUMMARY: &'static str = "σ⁻¹ with σ⁻¹(σ(i)) = i, in one-line notation.";
    const DESCRIPTION: &'static str = "Inverts a permutation of 1..n given in one-line notation ([2, 3, 1] means \
        1→2, 2→3, 3→1): the result sends σ(i) back to i.";
    const KEYWORDS: &'static [&'static str] = &[
        "inverse permutation",
        "invert permutation",
        "permutation inverse",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "the permutation that undoes a given permutation",
        "inverse of a rearrangement",
        "where each position goes back to",
        "undo a shuffle and get back the original order",
        "reverse a reordering so every item returns to where it started",
        "from a list of who sits where, get where each person sits",
        "how do I reverse a permutation given in one-line form",
    ];
    const ALIASES: &'static [&'static str] = &["Permutation.__invert__", "InversePermutation"];
    const EXAMPLE: &'static str = r#"{"permutation": [2, 3, 1]}"#;
    const EXPECTED: &'static str = "[3, 1, 2]";

    fn run(input: Input, _ctx: &Ctx) -> Result<Permutation, MathError> {
        let p = input.permutation.0;
        let mut inv = vec![0; p.len()];
        for (i, &x) in p.iter().enumerate() {
            inv[x] = i;
        }
        Ok(Permutation(inv))
    }
}
