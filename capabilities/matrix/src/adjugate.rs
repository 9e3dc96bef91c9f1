use hessian_kernels::linalg;
use hessian_op::prelude::*;
use hessian_op::wire::{rows_of, to_q};

pub struct Adjugate;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The square matrix A of exact rationals (order at most 60).
    pub matrix: SquareMatrix<Rational, 60>,
}

impl Operation for Adjugate {
    type Input = Input;
    /// adj(A), the transposed cofactor matrix: A·adj(A) = adj(A)·A = det(A)·I.
    type Output = Rows<Rational>;
    const ID: &'static str = "matrix.adjugate.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Adjugate (classical adjoint) of a rational matrix";
    const SUMMARY: &'static str =
        "Exact adjugate adj(A), the transposed cofactor matrix; defined for singular A too.";
    const DESCRIPTION: &'static str = "Computes the adjugate of a square rational matrix: det(A)·A⁻¹ when A is \
        invertible, and through Cayley–Hamilton when it is singular, so every square matrix has one. \
        A·adj(A) = det(A)·I. Order at most 60.";
    const KEYWORDS: &'static [&'static str] = &[
        "adjugate",
        "adjoint",
        "classical adjoint",
        "cofactor matrix",
        "adj",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "transpose of the cofactor matrix",
        "classical adjoint of a square matrix",
        "adj(A) with A adj(A) = det(A) I",
        "matrix of signed minors flipped over, works even when determinant is zero",
        "build the inverse formula numerator without dividing by the determinant",
        "get the cofactor-based matrix to invert a 3x3 by hand in homework",
        "how do I get the adjoint of a matrix that has no inverse",
    ];
    const ALIASES: &'static [&'static str] = &["adjugate", "Adjugate", "adjoint"];
    const EXAMPLE: &'static str = r#"{"matrix": [["1", "2"], ["3", "4"]]}"#;
    const EXPECTED: &'static str = r#"[["4", "-2"], ["-3", "1"]]"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Rows<Rational>, MathError> {
        Ok(rows_of(linalg::adjugate(
            &to_q(input.matrix.0),
            &ctx.budget,
        )?))
    }
}
