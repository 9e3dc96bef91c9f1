use hessian_kernels::linalg;
use hessian_op::prelude::*;
use hessian_op::wire::{rows_of, to_q};

pub struct Power;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The square matrix A (order at most 50).
    pub matrix: SquareMatrix<Rational, 50>,
    /// The exponent k, from −10000 to 10000; negative powers use A⁻¹, A⁰ = I.
    pub exponent: Bounded<-10000, 10000>,
}

impl Operation for Power {
    type Input = Input;
    /// Aᵏ, exact.
    type Output = Rows<Rational>;
    const ID: &'static str = "matrix.power.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Integer power of a rational matrix";
    const SUMMARY: &'static str =
        "Exact matrix power A^k by repeated squaring; negative k through the inverse.";
    const DESCRIPTION: &'static str = "Computes A^k exactly for a square rational matrix and an integer k with \
        |k| ≤ 10000, by repeated squaring. A^0 is the identity; a negative k needs an invertible A \
        (domain_error otherwise). Order at most 50; an entry may reach 2^18 bits (about 79,000 digits; limit_exceeded beyond).";
    const KEYWORDS: &'static [&'static str] = &[
        "power",
        "matrix power",
        "exponent",
        "A^k",
        "repeated squaring",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "matrix multiplied by itself again and again",
        "matrix raised to an integer power",
        "A^n by repeated squaring",
        "negative powers through the inverse",
        "apply the same transition matrix many times in a row, exactly",
        "state of a Markov chain after k steps from the transition matrix",
        "compute Fibonacci numbers by raising a 2x2 matrix to a large power",
        "how do I raise a matrix of fractions to the 50th power exactly",
    ];
    const ALIASES: &'static [&'static str] = &["MatrixPower", "matrix_power", "A**n"];
    const EXAMPLE: &'static str = r#"{"matrix": [["1", "1"], ["1", "0"]], "exponent": 10}"#;
    const EXPECTED: &'static str = r#"[["89", "55"], ["55", "34"]]"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Rows<Rational>, MathError> {
        match linalg::power(&to_q(input.matrix.0), input.exponent.0, &ctx.budget)? {
            Ok(Some(p)) => Ok(rows_of(p)),
            Ok(None) => Err(MathError::Domain(
                "a negative power needs an invertible matrix; this one is singular".into(),
            )),
            Err(bits) => Err(MathError::Limit(format!(
                "an entry of the power reaches {bits} bits, past the {} bits (about 79,000 digits) an entry may have",
                linalg::MAX_POWER_ENTRY_BITS
            ))),
        }
    }
}
