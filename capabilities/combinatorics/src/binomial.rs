use hessian_kernels::combinatorics as comb;
use hessian_op::prelude::*;

pub struct Binomial;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The upper index n (any integer).
    pub n: Int,
    /// The lower index k ≥ 0.
    pub k: Bounded<0, 1_000_000>,
}

impl Operation for Binomial {
    type Input = Input;
    /// C(n, k).
    type Output = Int;
    const ID: &'static str = "combinatorics.binomial.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Binomial coefficient C(n, k)";
    const SUMMARY: &'static str = "n choose k: the number of k-element subsets of an n-set; any integer n (upper negation for n < 0).";
    const DESCRIPTION: &'static str = "Computes C(n, k) = n(n−1)⋯(n−k+1)/k! exactly. For 0 ≤ k ≤ n it counts k-subsets of an n-set; k > n ≥ 0 gives 0, and negative n follows the polynomial definition C(−n, k) = (−1)^k C(n+k−1, k). |n| has at most 1000 digits when k ≤ 10,000; otherwise 0 ≤ n ≤ 1,000,000.";
    const KEYWORDS: &'static [&'static str] = &[
        "binomial coefficient",
        "n choose k",
        "combinations",
        "nCr",
        "choose",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "how many ways to pick a few things out of many when order does not matter",
        "handshakes or pairs among a group of people",
        "number of ways to choose k items from n without regard to order",
        "how many k-element subsets an n-element set has",
        "entry of Pascal's triangle in row n and column k",
        "number of combinations, n choose k",
        "how many different lottery tickets of 6 numbers out of 49",
        "ways to pick a committee of 3 from a class of 20",
        "how many poker hands of five cards can be dealt from a deck",
        "how do I work out how many groups of k I can make",
    ];
    const ALIASES: &'static [&'static str] = &["binomial", "nCr", "comb", "Binomial"];
    const EXAMPLE: &'static str = r#"{"n": 52, "k": 5}"#;
    const EXPECTED: &'static str = r#""2598960""#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Int, MathError> {
        let (n, k) = (input.n.0, input.k.0 as u64);
        if let Some(n) = num_traits::ToPrimitive::to_u64(&n).filter(|n| *n <= 1_000_000) {
            return Ok(Int(comb::binomial(n, k).into()));
        }
        if k > 10_000 || n.bits() > 3400 {
            return Err(MathError::Limit(
                "beyond 0 ≤ n ≤ 10^6, C(n, k) needs k ≤ 10,000 and |n| under 1000 digits".into(),
            ));
        }
        Ok(Int(comb::binomial_signed(&n, k)))
    }
}
