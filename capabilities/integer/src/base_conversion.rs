use hessian_kernels::{BigUint, number_theory};
use hessian_op::prelude::*;

pub struct BaseConversion;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The integer n.
    pub n: Int,
    /// The base b, 2 ≤ b ≤ 2^32.
    pub base: Bounded<2, 4_294_967_296>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// −1, 0 or 1.
    pub sign: i32,
    /// The base-b digits of |n|, most significant first ([0] for n = 0).
    pub digits: Vec<u64>,
    /// The digits as text with 0-9a-z when b ≤ 36, else null.
    pub text: Option<String>,
}

impl Operation for BaseConversion {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "integer.base_conversion.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Write n in base b (digits)";
    const SUMMARY: &'static str = "The digits of an integer in any base 2..2^32, most significant first, with text for b ≤ 36.";
    const DESCRIPTION: &'static str = "Converts n to base b: its sign and the digits of |n| from most to least \
        significant (divide and conquer, fast for thousands of digits). For b ≤ 36 also the usual text with \
        digits 0-9 then a-z (e.g. hexadecimal \"ff\"). The inverse is integer.from_base.compute.";
    const KEYWORDS: &'static [&'static str] = &[
        "base conversion",
        "to binary",
        "to hexadecimal",
        "radix",
        "digits in base",
        "convert base",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "write a number in another base or radix",
        "digits of an integer in base b",
        "convert decimal to binary, octal or hexadecimal",
        "turn 255 into binary or hexadecimal",
        "write a number using a different counting system, like base 7",
        "convert a decimal ID into base 36 text for short codes",
        "how do I change a number from decimal to another base",
    ];
    const ALIASES: &'static [&'static str] =
        &["digits", "IntegerDigits", "BaseForm", "numpy.base_repr"];
    const EXAMPLE: &'static str = r#"{"n": 255, "base": 16}"#;
    const EXPECTED: &'static str = r#"{"sign": 1, "digits": [15, 15], "text": "ff"}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Output, MathError> {
        let b = input.base.0 as u64;
        let n = input.n.0;
        let digits: Vec<u64> = number_theory::digits(n.magnitude(), &BigUint::from(b))
            .into_iter()
            .map(|d| d.iter_u64_digits().next().unwrap_or(0))
            .collect();
        let text = (b <= 36).then(|| {
            digits
                .iter()
                .filter_map(|d| char::from_digit(*d as u32, 36))
                .collect()
        });
        let sign = match n.sign() {
            num_bigint::Sign::Minus => -1,
            num_bigint::Sign::NoSign => 0,
            num_bigint::Sign::Plus => 1,
        };
        Ok(Output { sign, digits, text })
    }
}
