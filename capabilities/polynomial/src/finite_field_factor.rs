use crate::wire::{Polynomial, modular};
use hessian_kernels::poly::zp;
use hessian_op::prelude::*;

pub struct FiniteFieldFactor;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The prime p (below 2^62).
    pub modulus: Int,
    /// A non-zero polynomial; coefficients are reduced modulo p (a fraction a/b means a·b⁻¹). Degree at most 2000.
    pub polynomial: Polynomial,
}

#[derive(Serialize, JsonSchema)]
pub struct MonicFactor {
    /// A monic irreducible polynomial over F_p: coefficients in [0, p), lowest degree first.
    pub factor: Vec<Int>,
    pub multiplicity: u32,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The leading coefficient (a unit of F_p).
    pub leading_coefficient: Int,
    /// Sorted by degree, then coefficients.
    pub factors: Vec<MonicFactor>,
}

impl Operation for FiniteFieldFactor {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "polynomial.finite_field.factor.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Factor a polynomial over a prime field F_p";
    const SUMMARY: &'static str = "Factorization of a polynomial over F_p into monic irreducibles with multiplicities (Cantor–Zassenhaus).";
    const DESCRIPTION: &'static str = "Factors f over F_p for a prime p < 2^62: square-free decomposition (with p-th roots), distinct-degree and equal-degree (Cantor–Zassenhaus) splitting. f = lc·∏ fᵢ^eᵢ with monic irreducible fᵢ. Degree at most 2000.";
    const KEYWORDS: &'static [&'static str] = &[
        "factor mod p",
        "finite field",
        "F_p",
        "cantor zassenhaus",
        "berlekamp",
        "modular factorization",
        "galois field",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "factor a polynomial modulo a prime p",
        "irreducible factors over GF(p)",
        "Berlekamp or Cantor-Zassenhaus factorization",
        "split a polynomial into irreducible pieces when coefficients are remainders mod p",
        "factor x^8 - x over the integers mod 2",
        "factor the generator polynomial of a cyclic error correcting code mod 2",
        "how do I factor a polynomial with coefficients modulo 7",
    ];
    const ALIASES: &'static [&'static str] =
        &["factor(modulus=p)", "Factor[f, Modulus -> p]", "factormod"];
    const EXAMPLE: &'static str = r#"{"modulus": 5, "polynomial": "x^4 + 4"}"#;
    const EXPECTED: &'static str = r#"{"leading_coefficient": "1", "factors": [{"factor": ["1", "1"], "multiplicity": 1}, {"factor": ["2", "1"], "multiplicity": 1}, {"factor": ["3", "1"], "multiplicity": 1}, {"factor": ["4", "1"], "multiplicity": 1}]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        let (p, f) = modular(&input.modulus, &input.polynomial)?;
        if f.is_empty() {
            return Err(MathError::Domain("the polynomial is 0 modulo p".into()));
        }
        if f.len() > 2001 {
            return Err(MathError::Limit("degree at most 2000".into()));
        }
        let (lead, factors) = zp::factor(&f, p, &ctx.budget)?;
        let ints = |v: &[u64]| v.iter().map(|&c| Int(c.into())).collect();
        Ok(Output {
            leading_coefficient: Int(lead.into()),
            factors: factors
                .iter()
                .map(|(g, e)| MonicFactor {
                    factor: ints(g),
                    multiplicity: *e,
                })
                .collect(),
        })
    }
}
