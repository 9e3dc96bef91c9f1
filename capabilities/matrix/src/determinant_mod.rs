use hessian_kernels::{BigInt, linalg};
use hessian_op::prelude::*;
use num_integer::Integer;
use num_traits::Signed;

pub struct DeterminantMod;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A square integer matrix (order at most 400).
    pub matrix: SquareMatrix<Int, 400>,
    /// The modulus m ≥ 1.
    pub modulus: Int,
}

impl Operation for DeterminantMod {
    type Input = Input;
    /// det(A) mod m, in 0..m.
    type Output = Int;
    const ID: &'static str = "matrix.determinant_mod.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Determinant of an integer matrix modulo m";
    const SUMMARY: &'static str = "det(A) mod m for an integer matrix and any modulus m ≥ 1.";
    const DESCRIPTION: &'static str = "Computes the exact integer determinant (multi-modular) and reduces it \
        modulo m, returning the representative in 0..m. Works for every modulus, prime or not. Order at most 400.";
    const KEYWORDS: &'static [&'static str] = &[
        "determinant mod",
        "modular determinant",
        "det mod m",
        "residue",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "determinant of an integer matrix modulo a prime or integer",
        "det reduced mod m",
        "determinant of a whole-number matrix but only the remainder after dividing by m",
        "det of an integer matrix computed in clock arithmetic mod 26",
        "check if a Hill cipher key matrix is usable by its determinant mod 26",
        "how do I find the determinant of a matrix modulo 7 without huge numbers",
    ];
    const ALIASES: &'static [&'static str] = &["det mod p", "Det[m, Modulus -> p]"];
    const EXAMPLE: &'static str = r#"{"matrix": [[1, 2], [3, 4]], "modulus": 7}"#;
    const EXPECTED: &'static str = r#""5""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Int, MathError> {
        let m = input.modulus.0;
        if !m.is_positive() {
            return Err(MathError::Domain("`modulus` must be at least 1".into()));
        }
        let det: BigInt =
            linalg::integer_determinant(input.matrix.0.into_map(|x| x.0), &ctx.budget)?;
        Ok(Int(det.mod_floor(&m)))
    }
}
