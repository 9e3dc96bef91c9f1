use hessian_kernels::combinatorics as comb;
use hessian_op::prelude::*;

pub struct Narayana;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// n ≥ 0.
    pub n: Bounded<0, 100_000>,
    /// k ≥ 0.
    pub k: Bounded<0, 100_000>,
}

impl Operation for Narayana {
    type Input = Input;
    /// N(n, k).
    type Output = Int;
    const ID: &'static str = "combinatorics.narayana.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Narayana number N(n, k)";
    const SUMMARY: &'static str =
        "Dyck paths of length 2n with exactly k peaks: C(n, k)·C(n, k−1)/n.";
    const DESCRIPTION: &'static str = "Computes the Narayana number N(n, k) = C(n, k)·C(n, k−1)/n, the number of Dyck paths of semilength n with k peaks (rows sum to Catalan numbers). N(n, k) = 0 outside 1 ≤ k ≤ n. n ≤ 100,000.";
    const KEYWORDS: &'static [&'static str] = &[
        "narayana number",
        "dyck paths with k peaks",
        "narayana triangle",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "number of Dyck paths with a given number of peaks",
        "Catalan numbers refined by peaks",
        "Narayana triangle entry",
        "mountain paths of n up and n down steps with exactly k summits",
        "balanced bracket strings with a given number of innermost pairs",
        "count non-crossing set partitions of n points into exactly k blocks",
        "how many Catalan-type paths have exactly k peaks",
    ];
    const ALIASES: &'static [&'static str] = &["narayana", "NarayanaNumber"];
    const EXAMPLE: &'static str = r#"{"n": 6, "k": 3}"#;
    const EXPECTED: &'static str = r#""50""#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Int, MathError> {
        Ok(Int(
            comb::narayana(input.n.0 as u64, input.k.0 as u64).into()
        ))
    }
}
