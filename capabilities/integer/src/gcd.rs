use hessian_kernels::integer;
use hessian_op::prelude::*;

pub struct Gcd;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The integers (1 to 1000 of them, any sign).
    pub integers: List<Int, 1000>,
}

impl Operation for Gcd {
    type Input = Input;
    /// The greatest common divisor, non-negative; 0 only when every input is 0.
    type Output = Int;
    const ID: &'static str = "integer.gcd.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Greatest common divisor of integers";
    const SUMMARY: &'static str = "gcd of a list of integers, exact for any size.";
    const DESCRIPTION: &'static str = "Returns the greatest common divisor of 1 to 1000 integers of any sign. \
        The result is non-negative: gcd(0, n) = |n| and gcd(0, …, 0) = 0.";
    const KEYWORDS: &'static [&'static str] = &[
        "gcd",
        "greatest common divisor",
        "hcf",
        "highest common factor",
        "euclid",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "biggest number that goes into both, to simplify a ratio or fraction",
        "largest number that divides all the given numbers",
        "greatest common factor of integers",
        "biggest common divisor",
        "largest tile size that fits a 48 by 180 floor exactly",
        "reduce a fraction like 84 over 126 to lowest terms",
        "biggest equal group size to split 24 apples and 36 oranges",
        "how do I find the greatest common factor of several numbers",
    ];
    const ALIASES: &'static [&'static str] = &["igcd", "GCD", "gcd", "math.gcd"];
    const EXAMPLE: &'static str = r#"{"integers": ["462", "1071", -2100]}"#;
    const EXPECTED: &'static str = r#""21""#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Int, MathError> {
        let xs: Vec<_> = input.integers.0.into_iter().map(|i| i.0).collect();
        Ok(Int(integer::gcd_all(&xs)))
    }
}
