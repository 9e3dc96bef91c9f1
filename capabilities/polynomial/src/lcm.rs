use crate::wire::{PolyOut, Polynomial};
use hessian_kernels::poly::{self, zx};
use hessian_op::prelude::*;

pub struct Lcm;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Two or more non-zero polynomials (at most 20).
    pub polynomials: List<Polynomial, 20>,
}

impl Operation for Lcm {
    type Input = Input;
    type Output = PolyOut;
    const ID: &'static str = "polynomial.lcm.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Least common multiple of polynomials";
    const SUMMARY: &'static str =
        "Monic least common multiple of non-zero polynomials over the rationals.";
    const DESCRIPTION: &'static str = "Computes the monic lcm over Q of two or more non-zero polynomials, as lcm(a, b) = a·b / gcd(a, b) on primitive parts.";
    const KEYWORDS: &'static [&'static str] = &["lcm", "least common multiple", "common multiple"];
    const PHRASINGS: &'static [&'static str] = &[
        "least common multiple of polynomials",
        "smallest polynomial divisible by both",
        "smallest polynomial that all my polynomials divide into",
        "common multiple of polynomials with least degree, leading coefficient one",
        "find the common denominator when adding rational functions",
        "how do I get the lcm of x^2-1 and x^2+2x+1",
    ];
    const ALIASES: &'static [&'static str] = &["lcm", "PolynomialLCM"];
    const EXAMPLE: &'static str = r#"{"polynomials": ["x^2 - 1", "x^2 + 2*x + 1"]}"#;
    const EXPECTED: &'static str =
        r#"{"coefficients": ["-1", "-1", "1", "1"], "polynomial": "x^3 + x^2 - x - 1"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let ps = &input.polynomials.0;
        if ps.len() < 2 {
            return Err(MathError::Input {
                path: "polynomials".into(),
                message: "needs at least two polynomials".into(),
            });
        }
        let mut l: zx::Poly = vec![1.into()];
        for (i, p) in ps.iter().enumerate() {
            ctx.budget.check()?;
            p.nonzero(&format!("polynomials[{i}]"))?;
            let f = p.primitive().1;
            let g = zx::gcd(&l, &f, &ctx.budget)?;
            // (l / g)·f: the division's quotient has degree deg l − deg g,
            // where dividing the product would cost deg(l·f)·deg g.
            l = zx::mul(&zx::divide_exact(&l, &g).expect("the gcd divides l"), &f);
        }
        Ok(PolyOut::new(crate::monic(&poly::from_z(&l)), ps[0].var()))
    }
}
