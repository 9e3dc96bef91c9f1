use hessian_kernels::integer;
use hessian_op::prelude::*;

pub struct ExtendedGcd;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The first integer a.
    pub a: Int,
    /// The second integer b.
    pub b: Int,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// gcd(a, b) ≥ 0.
    pub gcd: Int,
    /// Bézout coefficient of a.
    pub x: Int,
    /// Bézout coefficient of b: a·x + b·y = gcd.
    pub y: Int,
}

impl Operation for ExtendedGcd {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "integer.extended_gcd.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Extended gcd and Bézout coefficients";
    const SUMMARY: &'static str = "gcd(a, b) with integers x, y such that a·x + b·y = gcd(a, b).";
    const DESCRIPTION: &'static str = "Runs the extended Euclidean algorithm on two integers of any size and sign. \
        Returns g = gcd(a, b) ≥ 0 and Bézout coefficients x, y with a·x + b·y = g; these are the \
        coefficients the algorithm produces, with |x| ≤ |b|/(2g) and |y| ≤ |a|/(2g) in the generic case.";
    const KEYWORDS: &'static [&'static str] = &[
        "extended gcd",
        "egcd",
        "xgcd",
        "bezout",
        "bezout identity",
        "coefficients",
        "euclid",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "whole numbers x and y with a x + b y = 1",
        "coefficients x, y with a x + b y = gcd(a, b)",
        "Bezout identity coefficients",
        "extended Euclidean algorithm",
        "measure 1 liter using a 7 liter and a 5 liter jug, find the counts",
        "find whole numbers x and y solving 12x + 42y = 6",
        "solve a linear equation in integers like ax + by = c",
        "how do I find integers that combine a and b into their gcd",
    ];
    const ALIASES: &'static [&'static str] = &["gcdex", "ExtendedGCD", "igcdex", "bezout"];
    const EXAMPLE: &'static str = r#"{"a": 240, "b": 46}"#;
    const EXPECTED: &'static str = r#"{"gcd": "2", "x": "-9", "y": "47"}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Output, MathError> {
        let (g, x, y) = integer::extended_gcd(&input.a.0, &input.b.0);
        Ok(Output {
            gcd: Int(g),
            x: Int(x),
            y: Int(y),
        })
    }
}
