use hessian_kernels::{BigUint, number_theory};
use hessian_op::prelude::*;

pub struct DigitSum;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The integer n; the sign is ignored.
    pub n: Int,
    /// The base b ≥ 2 (default 10).
    #[serde(default = "ten")]
    pub base: Bounded<2, 4_294_967_296>,
}

fn ten() -> Bounded<2, 4_294_967_296> {
    Bounded(10)
}

impl Operation for DigitSum {
    type Input = Input;
    /// The sum of the base-b digits of |n|.
    type Output = Int;
    const ID: &'static str = "integer.digit_sum.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Sum of the digits of n in base b";
    const SUMMARY: &'static str = "Digit sum s_b(n) of |n| in base b (default 10).";
    const DESCRIPTION: &'static str = "Computes the sum of the base-b digits of |n|, b from 2 to 2^32 (default 10). \
        n may have up to 10,000 digits.";
    const KEYWORDS: &'static [&'static str] =
        &["digit sum", "sum of digits", "digital sum", "cross sum"];
    const PHRASINGS: &'static [&'static str] = &[
        "sum of the digits of a number",
        "add the decimal digits together",
        "digit sum in any base",
        "add up all the digits of a big number",
        "total of the digits, used for checking divisibility by 3 or 9",
        "count of ones in the binary form of a number",
        "how do I sum the digits of a number in some base",
    ];
    const ALIASES: &'static [&'static str] = &["digit_sum", "DigitSum", "sumdigits"];
    const EXAMPLE: &'static str = r#"{"n": "2718281828", "base": 10}"#;
    const EXPECTED: &'static str = r#""47""#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Int, MathError> {
        let b = BigUint::from(input.base.0 as u64);
        Ok(Int(
            number_theory::digit_sum(input.n.0.magnitude(), &b).into()
        ))
    }
}
