use hessian_kernels::integer;
use hessian_op::prelude::*;
use num_integer::Integer;

pub struct JacobiSymbol;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The integer a.
    pub a: Int,
    /// An odd positive integer n.
    pub n: Int,
}

impl Operation for JacobiSymbol {
    type Input = Input;
    /// (a/n) ∈ {−1, 0, 1}.
    type Output = i32;
    const ID: &'static str = "integer.jacobi_symbol.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Jacobi symbol (a/n)";
    const SUMMARY: &'static str =
        "The Jacobi symbol for odd positive n: the product of Legendre symbols over n's primes.";
    const DESCRIPTION: &'static str = "Computes the Jacobi symbol (a/n) = ∏ (a/p_i)^e_i for odd n = ∏ p_i^e_i > 0, \
        by quadratic reciprocity without factoring n. (a/n) = −1 proves a is not a square mod n; 1 does not \
        prove it is. n must be odd and positive (use integer.kronecker_symbol.compute otherwise).";
    const KEYWORDS: &'static [&'static str] = &["jacobi symbol", "jacobi", "quadratic reciprocity"];
    const PHRASINGS: &'static [&'static str] = &[
        "Jacobi symbol (a/n) for odd positive n",
        "product of Legendre symbols over the prime factors of n",
        "quadratic reciprocity symbol for odd moduli",
        "quadratic residue symbol where the bottom number is odd but not prime",
        "used in the Solovay-Strassen primality test, value 1, -1 or 0",
        "compute a over n symbol quickly without factoring n",
        "how do I compute (a/n) for odd composite n",
    ];
    const ALIASES: &'static [&'static str] = &["jacobi_symbol", "JacobiSymbol", "kronecker"];
    const EXAMPLE: &'static str = r#"{"a": 1001, "n": 9907}"#;
    const EXPECTED: &'static str = "-1";

    fn run(input: Input, _ctx: &Ctx) -> Result<i32, MathError> {
        let n = crate::positive(&input.n, "n", 10_000)?;
        if n.is_even() {
            return Err(MathError::Domain(
                "the Jacobi symbol needs an odd `n`".into(),
            ));
        }
        Ok(integer::jacobi(&input.a.0, &n))
    }
}
