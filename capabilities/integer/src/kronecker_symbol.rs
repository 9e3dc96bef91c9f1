use hessian_kernels::number_theory;
use hessian_op::prelude::*;

pub struct KroneckerSymbol;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The integer a.
    pub a: Int,
    /// Any integer n.
    pub n: Int,
}

impl Operation for KroneckerSymbol {
    type Input = Input;
    /// (a/n) ∈ {−1, 0, 1}.
    type Output = i32;
    const ID: &'static str = "integer.kronecker_symbol.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Kronecker symbol (a/n)";
    const SUMMARY: &'static str =
        "Extension of the Jacobi symbol to every integer n, including even and negative n.";
    const DESCRIPTION: &'static str = "Computes the Kronecker symbol (a/n) for all integers: Jacobi's symbol on the \
        odd part of n, (a/2) = 0 for even a, 1 for a ≡ ±1 and −1 for a ≡ ±3 (mod 8), (a/−1) = −1 for a < 0 \
        and 1 otherwise, and (a/0) = 1 if a = ±1 else 0.";
    const KEYWORDS: &'static [&'static str] =
        &["kronecker symbol", "kronecker", "quadratic character"];
    const PHRASINGS: &'static [&'static str] = &[
        "Kronecker symbol (a/n) for any integer n",
        "extension of the Jacobi symbol to even and negative n",
        "quadratic residue symbol allowing even or negative bottom numbers",
        "character of a quadratic field discriminant evaluated at n",
        "generalized Legendre symbol for any integer denominator, including 2",
        "how do I compute (a/n) when n is even or negative",
    ];
    const ALIASES: &'static [&'static str] = &["kronecker_symbol", "KroneckerSymbol", "kronecker"];
    const EXAMPLE: &'static str = r#"{"a": 5, "n": -12}"#;
    const EXPECTED: &'static str = "-1";

    fn run(input: Input, _ctx: &Ctx) -> Result<i32, MathError> {
        Ok(number_theory::kronecker(&input.a.0, &input.n.0))
    }
}
