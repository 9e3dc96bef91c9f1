use crate::wire::{PolyOut, Polynomial};
use hessian_kernels::poly::{self, zx};
use hessian_kernels::{Q, rational};
use hessian_op::prelude::*;

pub struct Power;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The base polynomial.
    pub polynomial: Polynomial,
    /// The exponent, 0 to 1000; the result's degree is at most 10000.
    pub exponent: Bounded<0, 1000>,
}

impl Operation for Power {
    type Input = Input;
    type Output = PolyOut;
    const ID: &'static str = "polynomial.power.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Power of a polynomial";
    const SUMMARY: &'static str =
        "Exact p^k of a polynomial over the rationals for an integer k ≥ 0.";
    const DESCRIPTION: &'static str = "Computes p(x)^k exactly by repeated squaring (big products by Kronecker substitution). k at most 1000 and deg(p)·k at most 10000.";
    const KEYWORDS: &'static [&'static str] = &["power", "exponent", "p^k", "binomial expansion"];
    const PHRASINGS: &'static [&'static str] = &[
        "polynomial raised to an integer power",
        "expand (p(x))^n",
        "multiply a polynomial by itself k times and expand",
        "expand a polynomial raised to the fifth power exactly",
        "probabilities for the sum of several dice from powers of a polynomial",
        "how do I expand (x^2 + x + 1)^6 with exact coefficients",
    ];
    const ALIASES: &'static [&'static str] = &["Poly.pow", "Expand[p^n]"];
    const EXAMPLE: &'static str = r#"{"polynomial": "x + 1", "exponent": 3}"#;
    const EXPECTED: &'static str =
        r#"{"coefficients": ["1", "3", "3", "1"], "polynomial": "x^3 + 3*x^2 + 3*x + 1"}"#;

    // The zero polynomial and exponent 0 first; the size of lc(p)^k checked.
    // Long run: then the primitive part's power, rescaled.
    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let k = input.exponent.0 as u32;
        if input.polynomial.degree().max(0) as u64 * u64::from(k) > 10_000 {
            return Err(MathError::Limit(
                "deg(polynomial)·exponent must be at most 10000".into(),
            ));
        }
        let (c, f) = input.polynomial.primitive();
        if f.is_empty() {
            return Ok(PolyOut::new(
                if k == 0 {
                    vec![Q::from_integer(1.into())]
                } else {
                    Vec::new()
                },
                input.polynomial.var(),
            ));
        }
        // lc(p)^k and the lowest coefficient's k-th power are coefficients
        // of p^k: their size is a lower bound on the answer's.
        if let Some((lead, low)) = input.polynomial.ends() {
            let digits = rational::power_digits_lower(lead, k.into())
                + rational::power_digits_lower(low, k.into());
            ctx.room_for_digits(digits, "p^k")?;
        }
        let scale = rational::pow(&c, k as usize);
        let p: Vec<Q> = zx::pow_within(&f, k, &ctx.budget)?
            .into_iter()
            .map(|x| rational::mul(&Q::from_integer(x), &scale))
            .collect();
        Ok(PolyOut::new(poly::trim(p), input.polynomial.var()))
    }
}
