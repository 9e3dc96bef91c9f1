use hessian_kernels::combinatorics as comb;
use hessian_op::prelude::*;

pub struct ConjugatePartition;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A partition: non-increasing positive parts (at most 10,000 parts, each ≤ 10^6).
    pub partition: List<Bounded<1, 1_000_000>, 10_000>,
}

impl Operation for ConjugatePartition {
    type Input = Input;
    /// The conjugate partition λ′ (λ′_j = #{i : λ_i ≥ j}).
    type Output = Vec<u32>;
    const ID: &'static str = "combinatorics.conjugate_partition.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Conjugate (transpose) of an integer partition";
    const SUMMARY: &'static str =
        "The partition whose Young diagram is the transpose: λ′_j = number of parts ≥ j.";
    const DESCRIPTION: &'static str = "Transposes the Young diagram of a partition λ given as non-increasing \
        positive parts: λ′_j = #{i : λ_i ≥ j}. The parts must be non-increasing (the first offending index \
        is named).";
    const KEYWORDS: &'static [&'static str] = &[
        "conjugate partition",
        "transpose partition",
        "young diagram transpose",
        "dual partition",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "swap rows and columns of a Ferrers or Young diagram",
        "transpose of an integer partition",
        "partition read off by columns instead of rows",
        "flip a staircase of dots so the columns become rows",
        "turn a list of row lengths into a list of column lengths",
        "reflect a stack of boxes along the diagonal to get a new partition",
        "how do I transpose a partition like 4 2 1 into its dual",
    ];
    const ALIASES: &'static [&'static str] = &["conjugate", "TransposePartition"];
    const EXAMPLE: &'static str = r#"{"partition": [4, 2, 1]}"#;
    const EXPECTED: &'static str = "[3, 2, 1, 1]";

    fn run(input: Input, _ctx: &Ctx) -> Result<Vec<u32>, MathError> {
        let parts: Vec<u32> = input.partition.0.iter().map(|p| p.0 as u32).collect();
        if let Some(i) = parts.windows(2).position(|w| w[0] < w[1]) {
            return Err(MathError::Input {
                path: format!("partition.{}", i + 1),
                message: "parts must be non-increasing".into(),
            });
        }
        Ok(comb::conjugate_partition(&parts))
    }
}
