use hessian_kernels::number_theory;
use hessian_op::prelude::*;

pub struct FactorialValuation;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// n ≥ 0 (at most 1000 digits).
    pub n: Int,
    /// The prime p.
    pub p: Int,
}

impl Operation for FactorialValuation {
    type Input = Input;
    /// v_p(n!), the exponent of p in n!.
    type Output = Int;
    const ID: &'static str = "integer.factorial_valuation.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "p-adic valuation of n! (Legendre's formula)";
    const SUMMARY: &'static str =
        "The exponent of the prime p in n!: Σ ⌊n/p^i⌋; p = 5 counts trailing zeros.";
    const DESCRIPTION: &'static str = "Computes v_p(n!) = Σ_{i ≥ 1} ⌊n/p^i⌋ (Legendre's formula) for n ≥ 0 and a \
        prime p, without forming n!. With p = 5 this is the number of trailing zeros of n! in base 10.";
    const KEYWORDS: &'static [&'static str] = &[
        "legendre formula",
        "trailing zeros of factorial",
        "factorial valuation",
        "power of p in n!",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "exponent of a prime p in n factorial",
        "number of trailing zeros of n!",
        "Legendre's formula for n!",
        "how many zeros are at the end of 100 factorial",
        "how many times does 2 divide 50 factorial",
        "highest power of 3 that goes evenly into n!",
        "how do I find the exponent of a prime in a factorial",
    ];
    const ALIASES: &'static [&'static str] =
        &["multiplicity(p, factorial)", "IntegerExponent[n!, p]"];
    const EXAMPLE: &'static str = r#"{"n": 1000, "p": 5}"#;
    const EXPECTED: &'static str = r#""249""#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Int, MathError> {
        crate::within(&input.n, "n", 1000)?;
        let n = input
            .n
            .0
            .to_biguint()
            .ok_or_else(|| MathError::Domain("`n` must be non-negative".into()))?;
        let p = crate::prime(&input.p, "p", 1000)?;
        Ok(Int(number_theory::factorial_valuation(&n, &p).into()))
    }
}
