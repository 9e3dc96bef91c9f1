use crate::wire::{PolyOut, Polynomial};
use hessian_kernels::poly::{self, zx};
use hessian_op::prelude::*;

pub struct Gcd;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Two or more polynomials (at most 20).
    pub polynomials: List<Polynomial, 20>,
}

impl Operation for Gcd {
    type Input = Input;
    type Output = PolyOut;
    const ID: &'static str = "polynomial.gcd.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Greatest common divisor of polynomials";
    const SUMMARY: &'static str =
        "Monic gcd of polynomials over the rationals (modular algorithm, proven by division).";
    const DESCRIPTION: &'static str = "Computes the monic greatest common divisor over Q of two or more polynomials: Brown's modular gcd of the primitive integer parts (gcds modulo word-size primes combined by CRT), accepted only when it divides every input exactly. The gcd of zero polynomials is 0.";
    const KEYWORDS: &'static [&'static str] = &[
        "gcd",
        "greatest common divisor",
        "common factor",
        "polynomial gcd",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "biggest polynomial that divides both",
        "greatest common divisor of two polynomials",
        "highest degree common factor",
        "largest polynomial that divides both of my polynomials evenly",
        "common factor shared by two polynomials with rational coefficients",
        "find common roots of two polynomial equations via their shared factor",
        "how do I cancel a common factor from a rational function's top and bottom",
    ];
    const ALIASES: &'static [&'static str] = &["gcd", "PolynomialGCD"];
    const EXAMPLE: &'static str = r#"{"polynomials": ["x^2 - 1", "x^2 + 2*x + 1"]}"#;
    const EXPECTED: &'static str = r#"{"coefficients": ["1", "1"], "polynomial": "x + 1"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let ps = &input.polynomials.0;
        if ps.len() < 2 {
            return Err(MathError::Input {
                path: "polynomials".into(),
                message: "needs at least two polynomials".into(),
            });
        }
        let mut g: zx::Poly = Vec::new();
        for p in ps {
            g = zx::gcd(&g, &p.primitive().1, &ctx.budget)?;
        }
        Ok(PolyOut::new(crate::monic(&poly::from_z(&g)), ps[0].var()))
    }
}
