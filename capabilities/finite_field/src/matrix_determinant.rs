use crate::{Element, Field, Value};
use hessian_kernels::finite_field;
use hessian_op::prelude::*;

pub struct MatrixDeterminant;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The field GF(p^k).
    pub field: Field,
    /// A square matrix of field elements (at most 100×100).
    pub matrix: SquareMatrix<Element, 100>,
}

impl Operation for MatrixDeterminant {
    type Input = Input;
    /// det A in the field.
    type Output = Value;
    const ID: &'static str = "finite_field.matrix.determinant.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Determinant of a matrix over a finite field GF(p^k)";
    const SUMMARY: &'static str =
        "det A for a square matrix with entries in F_p or GF(p^k), by Gaussian elimination.";
    const DESCRIPTION: &'static str = "Computes the determinant of a square matrix over GF(p^k) by Gaussian \
        elimination (entries are integers in a prime field or coefficient lists in x). At most 100×100; for \
        integer matrices modulo m see matrix.determinant_mod.compute.";
    const KEYWORDS: &'static [&'static str] = &[
        "determinant over finite field",
        "det mod p",
        "determinant GF",
        "galois field determinant",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "determinant of a matrix over a finite field",
        "det over GF(q)",
        "determinant of a matrix when all arithmetic is mod a prime",
        "determinant of a matrix of bytes using GF(256) arithmetic for coding",
        "check a binary matrix is invertible by its determinant mod 2",
        "how do I find the determinant of a 0/1 matrix modulo 2",
    ];
    const ALIASES: &'static [&'static str] = &["det over GF", "Det[m, Modulus -> p]"];
    const EXAMPLE: &'static str = r#"{"field": {"characteristic": 7}, "matrix": [[1, 2], [3, 4]]}"#;
    const EXPECTED: &'static str = r#""5""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Value, MathError> {
        let gf = input.field.build("field", ctx)?;
        let n = input.matrix.0.rows();
        let mut m = crate::field::matrix_of(&gf, input.matrix.0, "matrix")?;
        let (pivots, det) = finite_field::rref(&gf, &mut m, &ctx.budget)?;
        Ok(Value(if pivots.len() == n { det } else { gf.zero() }))
    }
}
