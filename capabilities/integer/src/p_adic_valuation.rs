use hessian_op::prelude::*;
use num_integer::Integer;
use num_traits::Zero;

pub struct PAdicValuation;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The non-zero integer n.
    pub n: Int,
    /// The prime p (at most 100 digits).
    pub p: Int,
}

impl Operation for PAdicValuation {
    type Input = Input;
    /// v_p(n), the exponent of p in n.
    type Output = u64;
    const ID: &'static str = "integer.p_adic_valuation.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "p-adic valuation v_p(n)";
    const SUMMARY: &'static str =
        "The exponent of the prime p in n: largest v with p^v dividing n.";
    const DESCRIPTION: &'static str = "Computes v_p(n), the largest v with p^v | n, for a non-zero integer n and a \
        prime p. v_p(0) is infinite and refused with domain_error.";
    const KEYWORDS: &'static [&'static str] = &[
        "p-adic valuation",
        "multiplicity of prime",
        "padic order",
        "valuation",
        "how many times p divides",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "exponent of a prime p in the factorization of n",
        "how many times p divides n",
        "order of n at the prime p",
        "how many times can I divide 96 by 2 evenly",
        "number of trailing zeros of n in base p for a prime p",
        "power of 3 in the factorization of a big number",
        "how do I find the highest power of p that divides n",
    ];
    const ALIASES: &'static [&'static str] = &["multiplicity", "IntegerExponent", "valuation"];
    const EXAMPLE: &'static str = r#"{"n": 1000, "p": 5}"#;
    const EXPECTED: &'static str = "3";

    fn run(input: Input, _ctx: &Ctx) -> Result<u64, MathError> {
        let p = crate::prime(&input.p, "p", 100)?.into();
        let mut n = input.n.0;
        if n.is_zero() {
            return Err(MathError::Domain(
                "v_p(0) is infinite; `n` must be non-zero".into(),
            ));
        }
        let mut v = 0;
        loop {
            let (q, r) = n.div_rem(&p);
            if !r.is_zero() {
                return Ok(v);
            }
            n = q;
            v += 1;
        }
    }
}
