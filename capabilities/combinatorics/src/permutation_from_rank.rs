use crate::permutation::{MAX_LEN, Permutation};
use hessian_kernels::combinatorics;
use hessian_op::prelude::*;

pub struct PermutationUnrank;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The number of elements n (at most 10,000).
    pub n: Bounded<0, 10_000>,
    /// The 0-based lexicographic rank r, 0 ≤ r < n!.
    pub rank: Int,
}

impl Operation for PermutationUnrank {
    type Input = Input;
    /// The permutation of 1..n with rank r, in one-line notation.
    type Output = Permutation;
    const ID: &'static str = "combinatorics.permutation.from_rank.construct";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Permutation with a given lexicographic rank (unrank)";
    const SUMMARY: &'static str = "The r-th permutation of 1..n in lexicographic order (0-based), via the factorial number system.";
    const DESCRIPTION: &'static str = "Builds the permutation of 1..n whose 0-based lexicographic rank is r, by \
        writing r in the factorial number system (Lehmer code). 0 ≤ r < n!. Inverse of \
        combinatorics.permutation.rank.compute.";
    const KEYWORDS: &'static [&'static str] = &[
        "unrank permutation",
        "nth permutation",
        "kth permutation",
        "permutation from index",
        "lehmer code",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "permutation at a given position in lexicographic order",
        "unrank a permutation from its index",
        "k-th permutation of n elements",
        "what is the millionth arrangement of the digits 0 to 9 in dictionary order",
        "get the arrangement at a given index in sorted order of all arrangements",
        "decode an index number back into an ordering of items",
        "how do I find the 100th ordering of 1 to 6 alphabetically",
    ];
    const ALIASES: &'static [&'static str] = &["Permutation.unrank_lex", "nthPermutation"];
    const EXAMPLE: &'static str = r#"{"n": 4, "rank": 23}"#;
    const EXPECTED: &'static str = "[4, 3, 2, 1]";

    fn run(input: Input, _ctx: &Ctx) -> Result<Permutation, MathError> {
        let n = (input.n.0 as usize).min(MAX_LEN);
        let r = input.rank.0;
        let fact = hessian_kernels::BigInt::from(combinatorics::factorial(n as u64));
        if r.sign() == num_bigint::Sign::Minus || r >= fact {
            return Err(MathError::Domain(format!(
                "`rank` must satisfy 0 ≤ rank < {n}! "
            )));
        }
        Ok(Permutation(combinatorics::permutation_unrank(
            n,
            r.magnitude(),
        )))
    }
}
