use hessian_kernels::number_theory::factorial_valuation;
use hessian_op::prelude::*;

pub struct BinomialValuation;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// n ≥ 0 (at most 1000 digits).
    pub n: Int,
    /// k with 0 ≤ k ≤ n.
    pub k: Int,
    /// The prime p.
    pub p: Int,
}

impl Operation for BinomialValuation {
    type Input = Input;
    /// v_p(C(n, k)), which by Kummer's theorem is the number of carries adding k and n − k in base p.
    type Output = Int;
    const ID: &'static str = "integer.binomial_valuation.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "p-adic valuation of a binomial coefficient (Kummer)";
    const SUMMARY: &'static str =
        "The exponent of the prime p in C(n, k): carries when adding k and n − k in base p.";
    const DESCRIPTION: &'static str = "Computes v_p(C(n, k)) = v_p(n!) − v_p(k!) − v_p((n−k)!), which by Kummer's \
        theorem counts the carries when k and n − k are added in base p. 0 ≤ k ≤ n with at most 1000 digits; \
        p prime.";
    const KEYWORDS: &'static [&'static str] = &[
        "kummer theorem",
        "binomial valuation",
        "power of p dividing binomial",
        "carries",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "exponent of a prime in a binomial coefficient",
        "how many times p divides n choose k",
        "carries when adding in base p (Kummer)",
        "how many factors of 2 are in 100 choose 50",
        "highest power of a prime that divides a combination count",
        "is n choose k divisible by p, and how many times",
        "how do I find the power of 3 dividing n choose k",
    ];
    const ALIASES: &'static [&'static str] = &["multiplicity(p, binomial)", "IntegerExponent"];
    const EXAMPLE: &'static str = r#"{"n": 100, "k": 50, "p": 2}"#;
    const EXPECTED: &'static str = r#""3""#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Int, MathError> {
        crate::within(&input.n, "n", 1000)?;
        let p = crate::prime(&input.p, "p", 1000)?;
        let (n, k) = (input.n.0, input.k.0);
        if k.sign() == num_bigint::Sign::Minus || k > n {
            return Err(MathError::Domain("C(n, k) needs 0 ≤ k ≤ n".into()));
        }
        let v = |x: &num_bigint::BigInt| factorial_valuation(x.magnitude(), &p);
        Ok(Int((v(&n) - v(&k) - v(&(&n - &k))).into()))
    }
}
