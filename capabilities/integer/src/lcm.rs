use hessian_kernels::BigInt;
use hessian_op::prelude::*;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

pub struct Lcm;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The integers (1 to 1000 of them, any sign).
    pub integers: List<Int, 1000>,
}

impl Operation for Lcm {
    type Input = Input;
    /// The least common multiple, non-negative; 0 when any input is 0.
    type Output = Int;
    const ID: &'static str = "integer.lcm.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Least common multiple of integers";
    const SUMMARY: &'static str = "lcm of a list of integers, exact for any size.";
    const DESCRIPTION: &'static str = "Returns the least common multiple of 1 to 1000 integers of any sign: the \
        smallest non-negative integer every input divides. It is 0 when any input is 0.";
    const KEYWORDS: &'static [&'static str] = &[
        "lcm",
        "least common multiple",
        "lowest common multiple",
        "common denominator",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "smallest amount that can be shared equally among several group sizes",
        "smallest positive number divisible by all the given numbers",
        "least common denominator of integers",
        "when periodic events coincide again",
        "when do buses every 12 and every 18 minutes leave together again",
        "smallest number of items that packs evenly into boxes of 4, 6 and 10",
        "common denominator for adding fractions with denominators 6, 8 and 15",
        "how do I find the smallest number all of these divide",
    ];
    const ALIASES: &'static [&'static str] = &["ilcm", "LCM", "lcm", "math.lcm"];
    const EXAMPLE: &'static str = r#"{"integers": [4, 6, "-10"]}"#;
    const EXPECTED: &'static str = r#""60""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Int, MathError> {
        let mut l = BigInt::one();
        for (k, x) in input.integers.0.iter().enumerate() {
            if k % 64 == 0 {
                ctx.budget.check()?;
            }
            if x.0.is_zero() {
                return Ok(Int(BigInt::zero()));
            }
            l = l.lcm(&x.0);
        }
        Ok(Int(l.abs()))
    }
}
