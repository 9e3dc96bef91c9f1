use hessian_kernels::group::{self, Units};
use hessian_kernels::{BigInt, number_theory};
use hessian_op::prelude::*;
use num_integer::Integer;
use num_traits::One;

pub struct MultiplicativeOrder;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The element a, coprime to the modulus.
    pub a: Int,
    /// The modulus m ≥ 1 (at most 60 digits).
    pub modulus: Int,
}

impl Operation for MultiplicativeOrder {
    type Input = Input;
    /// The least k ≥ 1 with a^k ≡ 1 (mod m).
    type Output = Int;
    const ID: &'static str = "integer.multiplicative_order.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Multiplicative order of a modulo m";
    const SUMMARY: &'static str = "The least k ≥ 1 with a^k ≡ 1 (mod m), for a coprime to m.";
    const DESCRIPTION: &'static str = "Computes ord_m(a), the least k ≥ 1 with a^k ≡ 1 (mod m), by dividing \
        Carmichael's λ(m) by each of its prime factors while the power stays 1. Needs gcd(a, m) = 1 \
        (domain_error otherwise) and the factorizations of m and of p − 1 for p | m; m has at most 60 digits.";
    const KEYWORDS: &'static [&'static str] = &[
        "multiplicative order",
        "order of element mod n",
        "znorder",
        "ord",
        "smallest k with a^k = 1",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "how long until the powers of a number repeat modulo n",
        "smallest k with a^k congruent to 1 modulo n",
        "order of a residue modulo n",
        "period of the powers of a mod n",
        "after how many multiplications by a do I get back to 1 mod m",
        "length of the repeating decimal of 1/7 as a power cycle of 10",
        "cycle length of a multiplicative random number generator",
        "how do I find the smallest k where a^k is 1 mod m",
    ];
    const ALIASES: &'static [&'static str] = &["n_order", "MultiplicativeOrder", "znorder"];
    const EXAMPLE: &'static str = r#"{"a": 2, "modulus": 101}"#;
    const EXPECTED: &'static str = r#""100""#;

    // Long run: reduces a mod m and names the shared factor; one kernel call.
    fn run(input: Input, ctx: &Ctx) -> Result<Int, MathError> {
        let m = crate::positive(&input.modulus, "modulus", 60)?;
        let a = input
            .a
            .0
            .mod_floor(&BigInt::from(m.clone()))
            .magnitude()
            .clone();
        if !a.gcd(&m).is_one() {
            return Err(MathError::Domain(format!(
                "`a` shares the factor {} with the modulus; only units have an order",
                a.gcd(&m)
            )));
        }
        let f = crate::factored(&m, ctx)?;
        let lf = number_theory::carmichael_factors(&f, &ctx.budget)?;
        Ok(Int(group::order(
            &Units(&m),
            &a,
            &number_theory::carmichael(&f),
            &lf,
        )
        .into()))
    }
}
