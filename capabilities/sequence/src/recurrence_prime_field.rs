use hessian_kernels::{BigInt, sequence};
use hessian_op::prelude::*;
use num_integer::Integer;
use num_traits::ToPrimitive;

pub struct RecurrencePrimeField;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The known terms (integers, reduced modulo p; at most 100,000).
    pub terms: List<Int, 100_000>,
    /// A prime p < 2^63.
    pub p: Int,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// c_1..c_L in 0..p with a_n ≡ Σ c_i a_{n−i} (mod p).
    pub coefficients: Vec<Int>,
    pub order: usize,
    /// True when there are at least 2L terms (the recurrence is then unique).
    pub determined: bool,
    /// Terms past 2L predicted correctly.
    pub confirmations: usize,
}

impl Operation for RecurrencePrimeField {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "sequence.recurrence.prime_field.find";
    const VERSION: u32 = 3;
    const TITLE: &'static str =
        "Find the shortest linear recurrence modulo a prime (Berlekamp–Massey over F_p)";
    const SUMMARY: &'static str =
        "Shortest recurrence a_n ≡ Σ c_i a_{n−i} (mod p) for a sequence over F_p.";
    const DESCRIPTION: &'static str = "Runs Berlekamp–Massey over the prime field F_p (p < 2^63) on up to 100,000 \
        terms: the shortest linear recurrence the terms satisfy modulo p, unique once there are 2L terms. \
        Used for sequences mod p, LFSR synthesis and minimal polynomials of black-box matrices.";
    const KEYWORDS: &'static [&'static str] = &[
        "berlekamp massey mod p",
        "lfsr",
        "linear complexity",
        "recurrence modulo prime",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "linear recurrence of a sequence over GF(p)",
        "Berlekamp-Massey modulo a prime",
        "find the shortest feedback rule producing a sequence of remainders mod p",
        "linear complexity of a stream cipher keystream over a prime field",
        "recover the recurrence of a sequence known only modulo a prime",
        "how do I find a linear recurrence for numbers given mod p",
    ];
    const ALIASES: &'static [&'static str] = &["berlekamp_massey", "FindLinearRecurrence mod p"];
    const EXAMPLE: &'static str = r#"{"terms": [1, 1, 0, 1, 1, 0, 1, 1, 0, 1], "p": 2}"#;
    const EXPECTED: &'static str =
        r#"{"coefficients": ["1", "1"], "order": 2, "determined": true, "confirmations": 6}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let p = hessian_op::wire::word_prime(&input.p, "p", 63)?;
        let pb = BigInt::from(p);
        let a: Vec<u64> = input
            .terms
            .0
            .iter()
            .map(|t| t.0.mod_floor(&pb).to_u64().unwrap_or(0))
            .collect();
        let c = sequence::berlekamp_massey_mod(&a, p, &ctx.budget)?;
        let order = c.len();
        Ok(Output {
            order,
            determined: a.len() >= 2 * order,
            confirmations: a.len().saturating_sub(2 * order),
            coefficients: c.into_iter().map(|x| Int(x.into())).collect(),
        })
    }
}
