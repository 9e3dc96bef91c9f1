use hessian_kernels::linalg;
use hessian_op::prelude::*;
use hessian_op::wire::{to_q, vector_of};

pub struct Nullspace;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Any rectangular matrix A of exact rationals.
    pub matrix: Matrix<Rational, 200>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// A basis of {x : A·x = 0}: one vector per free column of the reduced
    /// row echelon form, with 1 in that column. Empty when A has full column rank.
    pub basis: Vec<Vec<Rational>>,
}

impl Operation for Nullspace {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "matrix.nullspace.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Nullspace (kernel) of a rational matrix";
    const SUMMARY: &'static str =
        "A basis of the right nullspace {x : A·x = 0} over the rationals.";
    const DESCRIPTION: &'static str = "Computes a basis of the (right) nullspace of a rational m×n matrix from its \
        reduced row echelon form: one basis vector per free column, that column's entry 1 and the other free \
        entries 0. At most 200×200.";
    const KEYWORDS: &'static [&'static str] = &[
        "nullspace",
        "null space",
        "kernel",
        "homogeneous system",
        "Ax=0",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "basis of all solutions of A x = 0",
        "kernel of a matrix",
        "homogeneous system solution space",
        "all input vectors that my matrix sends to zero",
        "every way to combine the columns to get nothing, as a basis",
        "find balanced chemical reaction coefficients from the element count matrix",
        "how do I find the free solutions of a homogeneous system exactly",
    ];
    const ALIASES: &'static [&'static str] =
        &["nullspace", "NullSpace", "kernel", "matker", "null_space"];
    const EXAMPLE: &'static str = r#"{"matrix": [["1", "2", "3"], ["2", "4", "6"]]}"#;
    const EXPECTED: &'static str = r#"{"basis": [["-2", "1", "0"], ["-3", "0", "1"]]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let basis = linalg::nullspace(&to_q(input.matrix.0), &ctx.budget)?;
        Ok(Output {
            basis: basis.into_iter().map(vector_of).collect(),
        })
    }
}
