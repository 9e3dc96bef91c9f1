use crate::permutation::Permutation;
use hessian_kernels::combinatorics;
use hessian_op::prelude::*;

pub struct PermutationRank;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    pub permutation: Permutation,
}

impl Operation for PermutationRank {
    type Input = Input;
    /// The 0-based position of σ among all n! permutations in lexicographic order.
    type Output = Int;
    const ID: &'static str = "combinatorics.permutation.rank.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Lexicographic rank of a permutation";
    const SUMMARY: &'static str =
        "Index of a permutation in lexicographic order (0 for the identity), via the Lehmer code.";
    const DESCRIPTION: &'static str = "Computes the 0-based lexicographic rank of a permutation of 1..n (one-line \
        notation) from its Lehmer code (factorial number system): the identity has rank 0 and the reversal \
        n! − 1. Inverse of combinatorics.permutation.from_rank.construct.";
    const KEYWORDS: &'static [&'static str] = &[
        "permutation rank",
        "lehmer code",
        "lexicographic index",
        "permutation index",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "index of a permutation in lexicographic order",
        "lexicographic rank of an arrangement",
        "position of a permutation among all permutations sorted",
        "if all orderings are sorted alphabetically, what number is this one",
        "turn an arrangement of items into a single index number",
        "encode a permutation as an integer for storage or hashing",
        "how do I find which position an arrangement has in dictionary order",
    ];
    const ALIASES: &'static [&'static str] = &["Permutation.rank", "PermutationRank"];
    const EXAMPLE: &'static str = r#"{"permutation": [3, 1, 2]}"#;
    const EXPECTED: &'static str = r#""4""#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Int, MathError> {
        Ok(Int(
            combinatorics::permutation_rank(&input.permutation.0).into()
        ))
    }
}
