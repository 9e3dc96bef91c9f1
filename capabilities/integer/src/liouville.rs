use hessian_op::prelude::*;

pub struct Liouville;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The positive integer n (at most 100 digits).
    pub n: Int,
}

impl Operation for Liouville {
    type Input = Input;
    /// λ(n) = (−1)^Ω(n) ∈ {−1, 1}.
    type Output = i32;
    const ID: &'static str = "integer.liouville.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Liouville function λ(n)";
    const SUMMARY: &'static str = "(−1)^Ω(n), where Ω counts prime factors with multiplicity.";
    const DESCRIPTION: &'static str = "Computes Liouville's λ(n) = (−1)^Ω(n), Ω(n) being the number of prime \
        factors of n counted with multiplicity; λ(1) = 1. n ≥ 1 with at most 100 digits.";
    const KEYWORDS: &'static [&'static str] = &[
        "liouville lambda",
        "liouville function",
        "omega parity",
        "big omega",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "(-1) to the number of prime factors counted with multiplicity",
        "Liouville lambda of n",
        "parity of Omega(n)",
        "is the number of prime factors, counting repeats, odd or even",
        "plus one or minus one depending on how many primes multiply to n",
        "sign counting repeated prime factors, e.g. 12 = 2*2*3 gives -1",
        "how do I compute lambda(n) from the factorization",
    ];
    const ALIASES: &'static [&'static str] = &["liouville", "LiouvilleLambda"];
    const EXAMPLE: &'static str = r#"{"n": 12}"#;
    const EXPECTED: &'static str = "-1";

    fn run(input: Input, ctx: &Ctx) -> Result<i32, MathError> {
        let n = crate::positive(&input.n, "n", 100)?;
        let omega: u32 = crate::factored(&n, ctx)?.iter().map(|(_, e)| e).sum();
        Ok(if omega.is_multiple_of(2) { 1 } else { -1 })
    }
}
