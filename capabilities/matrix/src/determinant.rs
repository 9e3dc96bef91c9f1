use hessian_contract::wire::{Rational, SquareMatrix, to_q};
use hessian_contract::{Ctx, MathError, Operation};
use hessian_kernels::linalg;
use schemars::JsonSchema;
use serde::Deserialize;

pub struct Determinant;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The square matrix; entries are exact rationals ("p/q", integers, exact decimals).
    pub matrix: SquareMatrix<Rational, 400>,
}

impl Operation for Determinant {
    type Input = Input;
    /// det(matrix), exact and reduced.
    type Output = Rational;
    const ID: &'static str = "matrix.determinant.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Determinant of a rational matrix";
    const SUMMARY: &'static str = "Exact determinant of a square matrix over the rationals.";
    const DESCRIPTION: &'static str = "Computes det(A) exactly for a square matrix A with rational entries, \
        by fraction-free (Bareiss) elimination after clearing row denominators. Order at most 400. \
        The output is the reduced rational as a string.";
    const KEYWORDS: &'static [&'static str] = &["det", "determinant", "matrix", "square", "exact", "rational", "bareiss"];
    const EXAMPLE: &'static str = r#"{"matrix": [["1", "2"], ["3", "4"]]}"#;
    const EXPECTED: &'static str = r#""-2""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Rational, MathError> {
        Ok(Rational(linalg::determinant(&to_q(input.matrix.0), &ctx.budget)?))
    }
}
