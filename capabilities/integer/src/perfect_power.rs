use hessian_kernels::{BigInt, number_theory};
use hessian_op::prelude::*;
use num_traits::Signed;

pub struct PerfectPower;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The integer n (at most 10,000 digits).
    pub n: Int,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// True when n = m^k for some integers m and k ≥ 2.
    pub perfect_power: bool,
    /// The m of the largest such k (n itself when there is none).
    pub base: Int,
    /// The largest k with n = m^k (1 when n is not a perfect power).
    pub exponent: u32,
}

impl Operation for PerfectPower {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "integer.perfect_power.decide";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Is n a perfect power m^k (k ≥ 2)?";
    const SUMMARY: &'static str =
        "Perfect power test with the largest exponent k and base m such that n = m^k.";
    const DESCRIPTION: &'static str = "Decides whether n = m^k with k ≥ 2 and returns the largest such k with its m. \
        For 0, 1 and −1 every k works, so no largest exists: they are reported with exponent 1 and \
        perfect_power false. Negative n admit only odd k: −8 = (−2)^3. At most 10,000 digits.";
    const KEYWORDS: &'static [&'static str] = &[
        "perfect power",
        "is square",
        "perfect square",
        "perfect cube",
        "ispower",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "whether n equals m^k for some k at least 2",
        "is a number an exact power of another integer",
        "detect perfect squares, cubes and higher powers",
        "is 1024 some number raised to a whole power",
        "check if a number is a square, cube or higher power of an integer",
        "test whether n = m^k before running a factoring algorithm",
        "is there a way to tell if a number is an exact power",
    ];
    const ALIASES: &'static [&'static str] = &["perfect_power", "PerfectPowerQ", "ispower"];
    const EXAMPLE: &'static str = r#"{"n": 7776}"#;
    const EXPECTED: &'static str = r#"{"perfect_power": true, "base": "6", "exponent": 5}"#;

    // Long run: a negative n keeps the odd part of the exponent (−64 = (−4)^3).
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let n = input.n.0;
        let mag = n.magnitude();
        if mag <= &1u32.into() {
            return Ok(Output {
                perfect_power: false,
                base: Int(n),
                exponent: 1,
            });
        }
        let (mut m, mut k) = number_theory::perfect_power(mag, &ctx.budget)?;
        if n.is_negative() {
            // Only the odd part of k survives a negative base.
            while k % 2 == 0 {
                m = m.pow(2);
                k /= 2;
            }
            let base = -BigInt::from(m);
            return Ok(Output {
                perfect_power: k > 1,
                base: Int(base),
                exponent: k,
            });
        }
        Ok(Output {
            perfect_power: k > 1,
            base: Int(BigInt::from(m)),
            exponent: k,
        })
    }
}
