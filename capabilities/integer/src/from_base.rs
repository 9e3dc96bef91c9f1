use hessian_kernels::BigInt;
use hessian_op::prelude::*;

pub struct FromBase;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Digits, most significant first, each in 0..base (at most 20,000).
    pub digits: List<Bounded<0, 4_294_967_295>, 20_000>,
    /// The base b, 2 ≤ b ≤ 2^32.
    pub base: Bounded<2, 4_294_967_296>,
    /// True for a negative number.
    #[serde(default)]
    pub negative: bool,
}

impl Operation for FromBase {
    type Input = Input;
    /// Σ d_i·b^(k−i), negated when `negative`.
    type Output = Int;
    const ID: &'static str = "integer.from_base.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Integer from its digits in base b";
    const SUMMARY: &'static str =
        "The integer whose base-b digits (most significant first) are given.";
    const DESCRIPTION: &'static str = "Evaluates the digit list d_1 … d_k (most significant first) in base b: \
        Σ d_i·b^(k−i). Every digit must be below the base (the offending index is named otherwise). The \
        inverse of integer.base_conversion.compute.";
    const KEYWORDS: &'static [&'static str] = &[
        "from digits",
        "from binary",
        "parse base",
        "undigits",
        "horner digits",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "what a number written in octal, binary or hex is as an ordinary decimal",
        "value of a string of digits in a given base",
        "convert binary, octal or hexadecimal text to a number",
        "read digits in base b back into an integer",
        "what is 11010110 in ordinary numbers",
        "turn hex FF into a decimal number",
        "decode a list of base 60 digits, like hours minutes seconds, into one number",
        "how do I convert digits in base b back to a number",
    ];
    const ALIASES: &'static [&'static str] = &["int(s, base)", "FromDigits", "fromdigits"];
    const EXAMPLE: &'static str = r#"{"digits": [1, 0, 1, 1], "base": 2}"#;
    const EXPECTED: &'static str = r#""11""#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Int, MathError> {
        let b = input.base.0;
        let mut n = BigInt::ZERO;
        for (i, d) in input.digits.0.iter().enumerate() {
            if d.0 >= b {
                return Err(MathError::Input {
                    path: format!("digits.{i}"),
                    message: format!("the digit {} is not below the base {b}", d.0),
                });
            }
            n = n * b + d.0;
        }
        Ok(Int(if input.negative { -n } else { n }))
    }
}
