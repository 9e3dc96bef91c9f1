use crate::wire::{PolyOut, Polynomial};
use hessian_kernels::Q;
use hessian_kernels::poly::factor;
use hessian_op::prelude::*;

pub struct Factor;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A non-zero polynomial of degree at most 200.
    pub polynomial: Polynomial,
}

#[derive(Serialize, JsonSchema)]
pub struct IrreducibleFactor {
    /// An irreducible primitive integer polynomial with positive leading coefficient.
    pub factor: PolyOut,
    pub multiplicity: u32,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The rational constant c with f = c·∏ factorᵢ^multiplicityᵢ.
    pub content: Rational,
    /// Sorted by degree, then coefficients.
    pub factors: Vec<IrreducibleFactor>,
}

impl Operation for Factor {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "polynomial.factor.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Factor a polynomial over the rationals";
    const SUMMARY: &'static str = "Factorization of a polynomial over Q (equivalently Z) into irreducible factors with multiplicities.";
    const DESCRIPTION: &'static str = "Factors f over Q: f = c·∏ fᵢ^eᵢ with c rational and each fᵢ an irreducible primitive integer polynomial (positive leading coefficient). Method: square-free decomposition, factorization modulo a good prime (Cantor–Zassenhaus), Hensel lifting beyond the Mignotte bound, and Zassenhaus recombination by trial division; the product is checked against f. Degree at most 200; recombination is exponential in the worst case and bounded by the call deadline.";
    const KEYWORDS: &'static [&'static str] = &[
        "factor",
        "factorization",
        "factorise",
        "irreducible factors",
        "zassenhaus",
        "hensel",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "factor a polynomial into irreducible factors over the rationals",
        "write a polynomial as a product of lower degree polynomials",
        "factorization over Z or Q",
        "break a polynomial into pieces multiplied together that cannot be split further",
        "factor x^4 - 1 completely using whole numbers and fractions",
        "factor the denominator before doing a partial fraction integral",
        "how do I factor a cubic with integer coefficients by computer",
    ];
    const ALIASES: &'static [&'static str] = &["factor", "Factor", "factor_list", "factorpol"];
    const EXAMPLE: &'static str = r#"{"polynomial": "2*x^4 - 2"}"#;
    const EXPECTED: &'static str = r#"{"content": "2", "factors": [{"factor": {"coefficients": ["-1", "1"], "polynomial": "x - 1"}, "multiplicity": 1}, {"factor": {"coefficients": ["1", "1"], "polynomial": "x + 1"}, "multiplicity": 1}, {"factor": {"coefficients": ["1", "0", "1"], "polynomial": "x^2 + 1"}, "multiplicity": 1}]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        input.polynomial.nonzero("polynomial")?;
        if input.polynomial.degree() > 200 {
            return Err(MathError::Limit("degree at most 200".into()));
        }
        let (c, f) = input.polynomial.primitive();
        let var = input.polynomial.var();
        let result = factor::factor(&f, &ctx.budget)?;
        let factors = result
            .factors
            .iter()
            .map(|(g, e)| IrreducibleFactor {
                factor: PolyOut::from_z(g, var),
                multiplicity: *e,
            })
            .collect();
        Ok(Output {
            content: Rational(c * Q::from_integer(result.content)),
            factors,
        })
    }
}
