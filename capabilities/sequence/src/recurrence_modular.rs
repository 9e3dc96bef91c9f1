use hessian_kernels::{BigInt, sequence};
use hessian_op::prelude::*;
use num_integer::Integer;
use num_traits::ToPrimitive;

pub struct RecurrenceModular;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// c_1..c_d (integers; at most 500).
    pub coefficients: List<Int, 500>,
    /// a_0..a_{d−1}, as many as coefficients.
    pub initial_values: List<Int, 500>,
    /// The index n, 0 ≤ n < 2^64 (as a string when above 2^53).
    pub n: Int,
    /// The modulus m, 1 ≤ m < 2^63 (need not be prime).
    pub modulus: Int,
}

impl Operation for RecurrenceModular {
    type Input = Input;
    /// a_n mod m, in 0..m.
    type Output = Int;
    const ID: &'static str = "sequence.recurrence.modular.evaluate";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "n-th term of a linear recurrence modulo m, for huge n";
    const SUMMARY: &'static str =
        "a_n mod m for n up to 10^18 by polynomial exponentiation (Fiduccia/Kitamasa).";
    const DESCRIPTION: &'static str = "Computes a_n mod m for a_k = c_1 a_{k−1} + … + c_d a_{k−d} with integer \
        coefficients, by computing x^n modulo the characteristic polynomial over Z/mZ (Fiduccia's algorithm, \
        O(d² log n)). n < 2^64, 1 ≤ m < 2^63 (any modulus), d ≤ 500.";
    const KEYWORDS: &'static [&'static str] = &[
        "recurrence mod m",
        "fibonacci mod",
        "kitamasa",
        "fiduccia",
        "matrix power recurrence",
        "nth term modulo",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "huge term of a linear recurrence modulo m",
        "n-th term of a recurrence mod m by matrix powers",
        "the 10^18-th Fibonacci number modulo 1000000007",
        "remainder of a far-off term of a recurrence for a programming contest",
        "last digits of a term billions of steps along a recurrence",
        "how do I get term n of a recurrence mod m for enormous n",
    ];
    const ALIASES: &'static [&'static str] = &["linear recurrence mod", "LinearRecurrence mod"];
    const EXAMPLE: &'static str = r#"{"coefficients": [1, 1], "initial_values": [0, 1], "n": "1000000000000000000", "modulus": 1000000007}"#;
    const EXPECTED: &'static str = r#""209783453""#;

    // Long run: bounds on modulus and n; initial_values' length at its path.
    fn run(input: Input, ctx: &Ctx) -> Result<Int, MathError> {
        let m = input
            .modulus
            .0
            .to_u64()
            .filter(|m| *m >= 1 && *m < 1 << 63)
            .ok_or_else(|| MathError::Limit("`modulus` must be between 1 and 2^63 − 1".into()))?;
        let n = input
            .n
            .0
            .to_u64()
            .ok_or_else(|| MathError::Limit("`n` must be between 0 and 2^64 − 1".into()))?;
        let mb = BigInt::from(m);
        let reduce = |xs: Vec<Int>| -> Vec<u64> {
            xs.iter()
                .map(|x| x.0.mod_floor(&mb).to_u64().unwrap_or(0))
                .collect()
        };
        let (c, init) = (reduce(input.coefficients.0), reduce(input.initial_values.0));
        if init.len() != c.len() {
            return Err(MathError::Input {
                path: "initial_values".into(),
                message: format!(
                    "has {} terms; a recurrence of order {} needs exactly {}",
                    init.len(),
                    c.len(),
                    c.len()
                ),
            });
        }
        Ok(Int(
            sequence::nth_term_mod(&c, &init, n, m, &ctx.budget)?.into()
        ))
    }
}
