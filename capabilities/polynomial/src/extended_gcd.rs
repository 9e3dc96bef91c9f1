use crate::wire::{PolyOut, Polynomial, shared_var};
use hessian_kernels::poly;
use hessian_op::prelude::*;

pub struct ExtendedGcd;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The first polynomial a.
    pub a: Polynomial,
    /// The second polynomial b; a and b not both zero.
    pub b: Polynomial,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The monic gcd g of a and b.
    pub gcd: PolyOut,
    /// s with s·a + t·b = g.
    pub s: PolyOut,
    /// t with s·a + t·b = g.
    pub t: PolyOut,
}

impl Operation for ExtendedGcd {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "polynomial.extended_gcd.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Extended gcd of two polynomials (Bézout)";
    const SUMMARY: &'static str =
        "Monic gcd g of a and b over Q with Bézout cofactors s, t such that s·a + t·b = g.";
    const DESCRIPTION: &'static str = "Runs the extended Euclidean algorithm over Q and normalises: g monic, s·a + t·b = g, with deg s < deg b − deg g and deg t < deg a − deg g when both are non-constant. Degree at most 2000.";
    const KEYWORDS: &'static [&'static str] =
        &["extended gcd", "bezout", "cofactors", "xgcd", "s*a + t*b"];
    const PHRASINGS: &'static [&'static str] = &[
        "polynomials s and t with s f + t g = gcd(f, g)",
        "Bezout coefficients for polynomials",
        "combine two polynomials with multipliers to get their common factor",
        "find multiplier polynomials giving their common divisor as a combination",
        "invert a polynomial modulo another for partial fractions or field arithmetic",
        "how do I find s and t with s*a + t*b = gcd(a, b)",
    ];
    const ALIASES: &'static [&'static str] = &["gcdex", "PolynomialExtendedGCD"];
    const EXAMPLE: &'static str = r#"{"a": "x^2 - 1", "b": "x^2 - 3*x + 2"}"#;
    const EXPECTED: &'static str = r#"{"gcd": {"coefficients": ["-1", "1"], "polynomial": "x - 1"}, "s": {"coefficients": ["1/3"], "polynomial": "1/3"}, "t": {"coefficients": ["-1/3"], "polynomial": "-1/3"}}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let var = shared_var(&input.a, &input.b)?.to_string();
        if input.a.coefficients.is_empty() && input.b.coefficients.is_empty() {
            return Err(MathError::Domain(
                "the gcd of two zero polynomials is not defined".into(),
            ));
        }
        if input.a.degree().max(input.b.degree()) > 2000 {
            return Err(MathError::Limit("degree at most 2000".into()));
        }
        let (g, s, t) =
            poly::extended_gcd(&input.a.coefficients, &input.b.coefficients, &ctx.budget)?;
        Ok(Output {
            gcd: PolyOut::new(g, &var),
            s: PolyOut::new(s, &var),
            t: PolyOut::new(t, &var),
        })
    }
}
