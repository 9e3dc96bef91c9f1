use hessian_kernels::number_theory;
use hessian_op::prelude::*;

pub struct Divisors;

/// Highly composite numbers below 10^30 have fewer divisors than this.
const MAX_DIVISORS: u64 = 100_000;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The positive integer n (at most 60 digits).
    pub n: Int,
}

impl Operation for Divisors {
    type Input = Input;
    /// Every positive divisor of n, ascending.
    type Output = Vec<Int>;
    const ID: &'static str = "integer.divisors.enumerate";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "List the divisors of n";
    const SUMMARY: &'static str =
        "All positive divisors of n in ascending order, from its factorization.";
    const DESCRIPTION: &'static str = "Enumerates the positive divisors of n ≥ 1 (at most 60 digits) in ascending \
        order by expanding the prime factorization. Refused with limit_exceeded when n has more than 100,000 \
        divisors; use integer.divisor_count.compute for the count alone.";
    const KEYWORDS: &'static [&'static str] =
        &["divisors", "factors of n", "all divisors", "divisor list"];
    const PHRASINGS: &'static [&'static str] = &[
        "which numbers go evenly into n",
        "list every positive divisor of n",
        "all factors of a number",
        "numbers that divide n without remainder",
        "what are all the factors of 120",
        "every way to split 36 items into equal-sized groups",
        "list the possible row lengths for arranging n chairs in equal rows",
        "how do I find every number that divides n",
    ];
    const ALIASES: &'static [&'static str] = &["divisors", "Divisors"];
    const EXAMPLE: &'static str = r#"{"n": 60}"#;
    const EXPECTED: &'static str =
        r#"["1", "2", "3", "4", "5", "6", "10", "12", "15", "20", "30", "60"]"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Vec<Int>, MathError> {
        let n = crate::positive(&input.n, "n", 60)?;
        let f = crate::factored(&n, ctx)?;
        let count = f
            .iter()
            .try_fold(1u64, |acc, (_, e)| acc.checked_mul(*e as u64 + 1))
            .unwrap_or(u64::MAX);
        if count > MAX_DIVISORS {
            return Err(MathError::Limit(format!(
                "n has {count} divisors; at most {MAX_DIVISORS} are listed"
            )));
        }
        Ok(number_theory::divisors(&f)
            .into_iter()
            .map(|d| Int(d.into()))
            .collect())
    }
}
