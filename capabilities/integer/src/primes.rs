use hessian_kernels::{BigInt, number_theory};
use hessian_op::prelude::*;

pub struct Primes;

/// The sieve's range width; also bounds the output to ~10^6 primes' worth of JSON.
const MAX_WIDTH: i64 = 10_000_000;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Lower end (inclusive), 0 ≤ lower ≤ 10^15.
    pub lower: Bounded<0, 1_000_000_000_000_000>,
    /// Upper end (inclusive), upper − lower ≤ 10^7.
    pub upper: Bounded<0, 1_000_000_000_000_000>,
}

impl Operation for Primes {
    type Input = Input;
    /// The primes p with lower ≤ p ≤ upper, ascending.
    type Output = Vec<Int>;
    const ID: &'static str = "integer.primes.enumerate";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "List the primes in an interval";
    const SUMMARY: &'static str =
        "All primes between lower and upper inclusive, by a segmented sieve.";
    const DESCRIPTION: &'static str = "Enumerates the primes in [lower, upper] with a segmented sieve of \
        Eratosthenes. upper ≤ 10^15 and upper − lower ≤ 10^7 (limit_exceeded beyond); the result may \
        still be refused if its JSON exceeds the output cap.";
    const KEYWORDS: &'static [&'static str] = &[
        "list primes",
        "primes between",
        "sieve",
        "primerange",
        "prime range",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "list the primes in a range",
        "all prime numbers between two bounds",
        "sieve of Eratosthenes",
        "all prime numbers between 100 and 200",
        "write out every prime up to 1000",
        "list primes in a window of large numbers",
        "how do I get a list of primes in a range",
    ];
    const ALIASES: &'static [&'static str] = &["primerange", "Prime[Range]", "primes", "sieve"];
    const EXAMPLE: &'static str = r#"{"lower": 90, "upper": 130}"#;
    const EXPECTED: &'static str = r#"["97", "101", "103", "107", "109", "113", "127"]"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Vec<Int>, MathError> {
        let (lo, hi) = (input.lower.0, input.upper.0);
        if hi - lo > MAX_WIDTH {
            return Err(MathError::Limit(format!(
                "upper − lower = {}; at most {MAX_WIDTH}",
                hi - lo
            )));
        }
        let ps = number_theory::primes_in_range(lo as u64, hi as u64, &ctx.budget)?;
        Ok(ps.into_iter().map(|p| Int(BigInt::from(p))).collect())
    }
}
