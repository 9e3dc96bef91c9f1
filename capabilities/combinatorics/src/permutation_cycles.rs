use crate::permutation::Permutation;
use hessian_kernels::{BigUint, combinatorics};
use hessian_op::prelude::*;
use num_integer::Integer;

pub struct PermutationCycles;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    pub permutation: Permutation,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Disjoint cycles (1-based), each starting at its least element, fixed points included.
    pub cycles: Vec<Vec<usize>>,
    /// Cycle lengths in non-increasing order (a partition of n).
    pub cycle_type: Vec<usize>,
    /// +1 for even permutations, −1 for odd: (−1)^(n − number of cycles).
    pub sign: i32,
    /// The order of σ in the symmetric group: lcm of the cycle lengths.
    pub order: Int,
}

impl Operation for PermutationCycles {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "combinatorics.permutation.cycles.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Cycle decomposition, cycle type, sign and order of a permutation";
    const SUMMARY: &'static str =
        "Disjoint cycles of a permutation with its cycle type, parity (sign) and order.";
    const DESCRIPTION: &'static str = "Decomposes a permutation of 1..n (one-line notation) into disjoint cycles, \
        each listed from its least element, and reports the cycle type (a partition of n), the sign \
        (−1)^(n − #cycles) (even/odd parity) and the order lcm(cycle lengths).";
    const KEYWORDS: &'static [&'static str] = &[
        "cycle decomposition",
        "cycle type",
        "permutation sign",
        "parity of permutation",
        "order of permutation",
        "cycle notation",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "follow where each position goes until it loops back",
        "write a permutation as a product of disjoint cycles",
        "cycle notation and cycle type of a permutation",
        "order and sign of a permutation",
        "how many times must I repeat this shuffle to get back the original order",
        "find the loops in a rearrangement, like who passes gifts to whom",
        "is a scramble of tiles an even or odd number of swaps",
        "how do I break a permutation into its cycles and find its order",
    ];
    const ALIASES: &'static [&'static str] =
        &["cyclic_form", "PermutationCycles", "cycle_structure"];
    const EXAMPLE: &'static str = r#"{"permutation": [3, 1, 2, 5, 4, 6]}"#;
    const EXPECTED: &'static str = r#"{"cycles": [[1, 3, 2], [4, 5], [6]], "cycle_type": [3, 2, 1], "sign": -1, "order": "6"}"#;

    // Long run: order, sign and cycle type are one fold each over the kernel's cycles.
    fn run(input: Input, _ctx: &Ctx) -> Result<Output, MathError> {
        let p = input.permutation.0;
        let cycles = combinatorics::cycles(&p);
        let mut cycle_type: Vec<usize> = cycles.iter().map(Vec::len).collect();
        cycle_type.sort_unstable_by(|a, b| b.cmp(a));
        let order = cycle_type
            .iter()
            .fold(BigUint::from(1u32), |acc, l| acc.lcm(&BigUint::from(*l)));
        let sign = if (p.len() - cycles.len()).is_multiple_of(2) {
            1
        } else {
            -1
        };
        let cycles = cycles
            .into_iter()
            .map(|c| c.into_iter().map(|i| i + 1).collect())
            .collect();
        Ok(Output {
            cycles,
            cycle_type,
            sign,
            order: Int(order.into()),
        })
    }
}
