use hessian_kernels::number_theory;
use hessian_op::prelude::*;

pub struct SumOfTwoSquares;

const MAX_REPRESENTATIONS: usize = 10_000;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The positive integer n (at most 60 digits).
    pub n: Int,
}

impl Operation for SumOfTwoSquares {
    type Input = Input;
    /// Every [a, b] with 0 ≤ a ≤ b and a² + b² = n, ascending in a (empty when none).
    type Output = Vec<[Int; 2]>;
    const ID: &'static str = "integer.sum_of_two_squares.find";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Write n as a sum of two squares a² + b²";
    const SUMMARY: &'static str =
        "All representations n = a² + b² with 0 ≤ a ≤ b, via Gaussian integers.";
    const DESCRIPTION: &'static str = "Lists every pair 0 ≤ a ≤ b with a² + b² = n. n is a sum of two squares \
        exactly when each prime ≡ 3 (mod 4) divides it to an even power; the pairs come from splitting each \
        prime p ≡ 1 (mod 4) in the Gaussian integers (Hermite–Serret). n ≤ 60 digits, at most 10,000 pairs.";
    const KEYWORDS: &'static [&'static str] = &[
        "sum of two squares",
        "two squares",
        "fermat christmas",
        "a^2+b^2",
        "gaussian integer norm",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "two square numbers that add up to n",
        "write n as a^2 + b^2",
        "representation as a sum of two squares",
        "Fermat's two squares theorem",
        "all ways to write 65 as a square plus a square",
        "find integer points on a circle of radius squared n",
        "right triangle legs with a given squared hypotenuse",
        "how do I find two whole numbers whose squares add to n",
    ];
    const ALIASES: &'static [&'static str] = &[
        "sum_of_squares",
        "PowersRepresentations[n, 2, 2]",
        "qfbsolve",
    ];
    const EXAMPLE: &'static str = r#"{"n": 325}"#;
    const EXPECTED: &'static str = r#"[["1", "18"], ["6", "17"], ["10", "15"]]"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Vec<[Int; 2]>, MathError> {
        let n = crate::positive(&input.n, "n", 60)?;
        let f = crate::factored(&n, ctx)?;
        let pairs =
            number_theory::sum_of_two_squares(&f, MAX_REPRESENTATIONS).ok_or_else(|| {
                MathError::Limit(format!(
                    "{n} has more than {MAX_REPRESENTATIONS} representations"
                ))
            })?;
        Ok(pairs
            .into_iter()
            .map(|(a, b)| [Int(a.into()), Int(b.into())])
            .collect())
    }
}
