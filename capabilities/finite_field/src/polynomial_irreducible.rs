use hessian_kernels::BigInt;
use hessian_kernels::finite_field::{self, MAX_P};
use hessian_op::prelude::*;
use num_integer::Integer;
use num_traits::ToPrimitive;

pub struct Irreducible;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Coefficients of f, lowest degree first (at most degree 1000); read modulo p.
    pub coefficients: List<Int, 1001>,
    /// A prime p < 2^62.
    pub p: Int,
}

impl Operation for Irreducible {
    type Input = Input;
    /// True when f is irreducible over F_p (constants are not).
    type Output = bool;
    const ID: &'static str = "finite_field.polynomial.irreducible.decide";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Is a polynomial irreducible over F_p?";
    const SUMMARY: &'static str =
        "Rabin's irreducibility test for a polynomial over the prime field F_p.";
    const DESCRIPTION: &'static str = "Decides whether f (coefficients lowest degree first, reduced modulo p) is \
        irreducible over F_p by Rabin's test: x^(p^n) ≡ x mod f and gcd(x^(p^(n/r)) − x, f) = 1 for each prime \
        r | n. Constants (degree 0, including 0) are not irreducible. Degree ≤ 1000, p < 2^62. An irreducible f \
        of degree k defines GF(p^k) for the other finite_field operations (make it monic).";
    const KEYWORDS: &'static [&'static str] = &[
        "irreducible polynomial",
        "irreducibility test",
        "rabin test",
        "is polynomial irreducible mod p",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "whether a polynomial over GF(q) is irreducible",
        "irreducibility test over a finite field",
        "can this polynomial mod 2 be split into smaller factors or not",
        "is this polynomial good enough to build a field like GF(2^8)",
        "pick a modulus polynomial for a field construction, is it prime-like",
        "is there a way to tell if x^4 + x + 1 factors mod 2",
    ];
    const ALIASES: &'static [&'static str] = &[
        "is_irreducible",
        "IrreduciblePolynomialQ",
        "polisirreducible",
    ];
    const EXAMPLE: &'static str = r#"{"coefficients": [1, 1, 0, 1, 1, 0, 0, 0, 1], "p": 2}"#;
    const EXPECTED: &'static str = "true";

    fn run(input: Input, ctx: &Ctx) -> Result<bool, MathError> {
        let p = hessian_op::wire::word_prime(&input.p, "p", MAX_P.ilog2())?;
        let pb = BigInt::from(p);
        let f: Vec<u64> = input
            .coefficients
            .0
            .iter()
            .map(|c| c.0.mod_floor(&pb).to_u64().unwrap_or(0))
            .collect();
        Ok(finite_field::is_irreducible(&f, p, &ctx.budget)?)
    }
}
