use hessian_kernels::{BigInt, Q, integer, linalg};
use hessian_op::prelude::*;
use num_integer::Integer;
use num_traits::One;

pub struct InverseMod;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A square integer matrix (order at most 200).
    pub matrix: SquareMatrix<Int, 200>,
    /// The modulus m ≥ 2.
    pub modulus: Int,
}

impl Operation for InverseMod {
    type Input = Input;
    /// B with A·B ≡ B·A ≡ I (mod m), entries in 0..m.
    type Output = Rows<Int>;
    const ID: &'static str = "matrix.inverse_mod.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Inverse of an integer matrix modulo m";
    const SUMMARY: &'static str =
        "Matrix inverse over Z/mZ; exists exactly when gcd(det A, m) = 1.";
    const DESCRIPTION: &'static str = "Returns the inverse of an integer matrix modulo m ≥ 2 (entries in 0..m). \
        It exists exactly when det(A) is invertible modulo m; otherwise the call is refused with domain_error \
        naming gcd(det A, m). Order at most 200.";
    const KEYWORDS: &'static [&'static str] = &[
        "inverse mod",
        "modular inverse matrix",
        "inverse over Z/mZ",
        "hill cipher",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "inverse of an integer matrix modulo m",
        "matrix inverse over Z/mZ as in the Hill cipher",
        "undo a matrix when all arithmetic wraps around modulo some number",
        "integer matrix that multiplies with mine to give identity mod m",
        "decrypt a Hill cipher by inverting the key matrix mod 26",
        "how do I invert a matrix modulo 26 for a cipher",
    ];
    const ALIASES: &'static [&'static str] = &["inv_mod", "Inverse[m, Modulus -> n]"];
    const EXAMPLE: &'static str = r#"{"matrix": [[1, 2], [3, 4]], "modulus": 7}"#;
    const EXPECTED: &'static str = r#"[["5", "1"], ["5", "3"]]"#;

    // Long run: names det(A)'s shared factor; the inverse over Q maps into Z/m.
    fn run(input: Input, ctx: &Ctx) -> Result<Rows<Int>, MathError> {
        let m = input.modulus.0;
        if m < BigInt::from(2) {
            return Err(MathError::Domain("`modulus` must be at least 2".into()));
        }
        let a = input.matrix.0.into_map(|x| Q::from_integer(x.0));
        let det = linalg::determinant(&a, &ctx.budget)?;
        let g = det.numer().gcd(&m);
        if !g.is_one() {
            return Err(MathError::Domain(format!(
                "det(A) = {} shares the factor {g} with the modulus, so A has no inverse modulo m",
                hessian_op::error::bounded(&det.numer().to_string(), 40)
            )));
        }
        let inv = linalg::inverse(&a, &ctx.budget)?
            .ok_or_else(|| MathError::Domain("the matrix is singular".into()))?;
        // Every denominator divides det(A), which is invertible modulo m.
        let reduce = |q: Q| -> Int {
            let den_inv = integer::mod_inverse(q.denom(), &m).unwrap_or_default();
            Int((q.numer() * den_inv).mod_floor(&m))
        };
        Ok(inv
            .into_rows()
            .into_iter()
            .map(|row| row.into_iter().map(reduce).collect())
            .collect())
    }
}
