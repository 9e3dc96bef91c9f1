use crate::wire::{PolyOut, Polynomial, integral, shared_var};
use hessian_kernels::poly::zx;
use hessian_op::prelude::*;

pub struct PseudoDivide;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The dividend a, with integer coefficients.
    pub dividend: Polynomial,
    /// The divisor b ≠ 0, with integer coefficients.
    pub divisor: Polynomial,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// q with lc(b)^(deg a − deg b + 1)·a = q·b + r.
    pub quotient: PolyOut,
    /// r with deg r < deg b.
    pub remainder: PolyOut,
    /// The multiplier lc(b)^(deg a − deg b + 1) (1 when deg a < deg b).
    pub multiplier: hessian_op::wire::Int,
}

impl Operation for PseudoDivide {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "polynomial.pseudo_divide.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Pseudo-division of integer polynomials";
    const SUMMARY: &'static str =
        "Pseudo-quotient and pseudo-remainder of integer polynomials, staying in Z[x].";
    const DESCRIPTION: &'static str = "For integer polynomials a and b ≠ 0, returns q, r in Z[x] with lc(b)^(deg a − deg b + 1)·a = q·b + r and deg r < deg b, without fractions.";
    const KEYWORDS: &'static [&'static str] = &[
        "pseudo division",
        "pseudo remainder",
        "prem",
        "integer polynomial division",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "pseudo-division of polynomials with integer coefficients",
        "pseudo-quotient and pseudo-remainder",
        "divide integer polynomials without introducing fractions by scaling first",
        "polynomial division remainder keeping whole-number coefficients",
        "remainder sequence steps for integer polynomial gcd without fractions",
        "how do I divide integer polynomials when the leading coefficient is not one",
    ];
    const ALIASES: &'static [&'static str] = &["pdiv", "prem", "pquo"];
    const EXAMPLE: &'static str = r#"{"dividend": "x^2 + 1", "divisor": "2*x + 1"}"#;
    const EXPECTED: &'static str = r#"{"quotient": {"coefficients": ["-1", "2"], "polynomial": "2*x - 1"}, "remainder": {"coefficients": ["5"], "polynomial": "5"}, "multiplier": "4"}"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Self::Output, MathError> {
        let var = shared_var(&input.dividend, &input.divisor)?.to_string();
        input.divisor.nonzero("divisor")?;
        let (a, b) = (
            integral(&input.dividend, "dividend")?,
            integral(&input.divisor, "divisor")?,
        );
        let (q, r) = zx::pseudo_divrem(&a, &b);
        let e = (a.len() + 1).saturating_sub(b.len());
        let multiplier = num_traits::pow(
            b[b.len() - 1].clone(),
            if a.len() < b.len() { 0 } else { e },
        );
        Ok(Output {
            quotient: PolyOut::from_z(&q, &var),
            remainder: PolyOut::from_z(&r, &var),
            multiplier: multiplier.into(),
        })
    }
}
