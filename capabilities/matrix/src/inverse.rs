use hessian_kernels::linalg;
use hessian_op::prelude::*;
use hessian_op::wire::{rows_of, to_q};

pub struct Inverse;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The square matrix to invert; entries are exact rationals.
    pub matrix: SquareMatrix<Rational, 200>,
}

impl Operation for Inverse {
    type Input = Input;
    /// A⁻¹, as rows of reduced rationals.
    type Output = Rows<Rational>;
    const ID: &'static str = "matrix.inverse.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Inverse of a rational matrix";
    const SUMMARY: &'static str = "Exact inverse of a non-singular square rational matrix.";
    const DESCRIPTION: &'static str = "Computes A⁻¹ exactly by Gauss–Jordan elimination over the rationals. \
        A singular matrix is refused with domain_error. Order at most 200.";
    const KEYWORDS: &'static [&'static str] =
        &["inverse", "inv", "invert", "reciprocal matrix", "A^-1"];
    const PHRASINGS: &'static [&'static str] = &[
        "matrix that multiplies with A to give the identity",
        "matrix B with A B = B A = I",
        "exact inverse of a square matrix of fractions",
        "undo a linear transformation",
        "reverse what this matrix does, with exact fractions as the answer",
        "find the matrix that undoes a change of coordinates exactly",
        "invert a 3x3 matrix of fractions for a homework problem without decimals",
        "how do I find A inverse exactly when entries are fractions",
    ];
    const ALIASES: &'static [&'static str] = &["inv", "Inverse", "matinv", "numpy.linalg.inv"];
    const EXAMPLE: &'static str = r#"{"matrix": [["2", "1"], ["1", "1"]]}"#;
    const EXPECTED: &'static str = r#"[["1", "-1"], ["-1", "2"]]"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Rows<Rational>, MathError> {
        match linalg::inverse(&to_q(input.matrix.0), &ctx.budget)? {
            Some(inv) => Ok(rows_of(inv)),
            None => Err(MathError::Domain(
                "the matrix is singular (determinant 0), so it has no inverse".into(),
            )),
        }
    }
}
