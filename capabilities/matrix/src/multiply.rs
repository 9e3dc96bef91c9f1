use hessian_kernels::linalg;
use hessian_op::prelude::*;
use hessian_op::wire::{rows_of, to_q};

pub struct Multiply;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The left factor A (m×k).
    pub left: Matrix<Rational, 400>,
    /// The right factor B (k×n): as many rows as `left` has columns.
    pub right: Matrix<Rational, 400>,
}

impl Operation for Multiply {
    type Input = Input;
    /// The product A·B (m×n), as rows.
    type Output = Rows<Rational>;
    const ID: &'static str = "matrix.multiply.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Product of two rational matrices";
    const SUMMARY: &'static str = "Exact matrix product A·B of two rational matrices.";
    const DESCRIPTION: &'static str = "Multiplies an m×k matrix by a k×n matrix exactly over the rationals. \
        Each dimension at most 400; the inner dimensions must agree.";
    const KEYWORDS: &'static [&'static str] = &[
        "multiply",
        "product",
        "matmul",
        "times",
        "matrix multiplication",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "product of two matrices",
        "matrix times matrix or vector",
        "compose linear maps",
        "combine two tables of fractions by rows times columns exactly",
        "apply one linear transformation after another as a single matrix",
        "combine rotation and scaling matrices in graphics into one transform",
        "how do I multiply a 2x3 matrix by a 3x4 matrix exactly",
    ];
    const ALIASES: &'static [&'static str] = &["matmul", "Dot", "A*B", "@"];
    const EXAMPLE: &'static str =
        r#"{"left": [["1", "2"], ["3", "4"]], "right": [["0", "1"], ["1/2", "0"]]}"#;
    const EXPECTED: &'static str = r#"[["1", "1"], ["2", "3"]]"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Rows<Rational>, MathError> {
        let (a, b) = (to_q(input.left.0), to_q(input.right.0));
        if a.cols() != b.rows() {
            return Err(MathError::Input {
                path: "right".into(),
                message: format!(
                    "`right` has {} rows but `left` has {} columns; the inner dimensions must agree",
                    b.rows(),
                    a.cols()
                ),
            });
        }
        Ok(rows_of(linalg::multiply(&a, &b, &ctx.budget)?))
    }
}
