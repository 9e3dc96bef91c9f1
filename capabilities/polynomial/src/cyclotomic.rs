use crate::wire::PolyOut;
use hessian_kernels::poly;
use hessian_op::prelude::*;

pub struct Cyclotomic;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The index n, 1 to 10000.
    pub n: Bounded<1, 10000>,
}

impl Operation for Cyclotomic {
    type Input = Input;
    type Output = PolyOut;
    const ID: &'static str = "polynomial.cyclotomic.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Cyclotomic polynomial";
    const SUMMARY: &'static str =
        "The n-th cyclotomic polynomial Φₙ, whose roots are the primitive n-th roots of unity.";
    const DESCRIPTION: &'static str = "Computes Φₙ(x) = ∏_{d | n} (x^d − 1)^μ(n/d) exactly, by multiplying and dividing in Z[x]; degree φ(n). n at most 10000.";
    const KEYWORDS: &'static [&'static str] = &[
        "cyclotomic",
        "roots of unity",
        "phi_n",
        "primitive roots of unity",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "minimal polynomial of a primitive n-th root of unity",
        "n-th cyclotomic polynomial Phi_n(x)",
        "polynomial whose roots are the n-th roots of one that are not lower roots",
        "irreducible factor of x^n minus 1 belonging to exactly order n",
        "factor x^n - 1 into pieces for each divisor of n",
        "how do I get the polynomial for primitive 12th roots of unity",
    ];
    const ALIASES: &'static [&'static str] = &["cyclotomic_poly", "Cyclotomic", "polcyclo"];
    const EXAMPLE: &'static str = r#"{"n": 12}"#;
    const EXPECTED: &'static str =
        r#"{"coefficients": ["1", "0", "-1", "0", "1"], "polynomial": "x^4 - x^2 + 1"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let phi = poly::cyclotomic(input.n.0 as u64, &ctx.budget)?;
        Ok(PolyOut::from_z(&phi, "x"))
    }
}
