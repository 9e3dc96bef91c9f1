use hessian_kernels::number_theory;
use hessian_op::prelude::*;

pub struct DivisorSigma;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The positive integer n (at most 100 digits).
    pub n: Int,
    /// The power k ≥ 0 (1 gives the sum of divisors, 0 their count).
    #[serde(default = "one")]
    pub k: Bounded<0, 1000>,
}

fn one() -> Bounded<0, 1000> {
    Bounded(1)
}

impl Operation for DivisorSigma {
    type Input = Input;
    /// σ_k(n) = Σ_{d | n} d^k.
    type Output = Int;
    const ID: &'static str = "integer.divisor_sigma.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Divisor function σ_k(n) (sum of divisors)";
    const SUMMARY: &'static str =
        "Sum of the k-th powers of the divisors of n; k = 1 (default) is the sum of divisors.";
    const DESCRIPTION: &'static str = "Computes σ_k(n) = Σ_{d | n} d^k = ∏ (p^(k(e+1)) − 1)/(p^k − 1) from the prime \
        factorization. k defaults to 1 (σ(n), the sum of divisors); k = 0 counts divisors. n ≥ 1 with at most \
        100 digits, 0 ≤ k ≤ 1000.";
    const KEYWORDS: &'static [&'static str] = &[
        "sum of divisors",
        "sigma",
        "divisor function",
        "sigma_k",
        "aliquot",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "total of all the numbers that go into n",
        "sum of the divisors of n",
        "sum of the k-th powers of the divisors",
        "sigma_k(n) for perfect and abundant numbers",
        "add up every factor of a number, to check if it is perfect",
        "sum of all numbers that divide 28",
        "test if a number is abundant or deficient using its factor sum",
        "how do I compute the total of the divisors of n",
    ];
    const ALIASES: &'static [&'static str] = &["divisor_sigma", "DivisorSigma", "sigma"];
    const EXAMPLE: &'static str = r#"{"n": 28, "k": 1}"#;
    const EXPECTED: &'static str = r#""56""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Int, MathError> {
        let n = crate::positive(&input.n, "n", 100)?;
        Ok(Int(number_theory::sigma(
            &crate::factored(&n, ctx)?,
            input.k.0 as u32,
        )
        .into()))
    }
}
