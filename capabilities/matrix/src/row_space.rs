use hessian_kernels::linalg;
use hessian_op::prelude::*;
use hessian_op::wire::{to_q, vector_of};

pub struct RowSpace;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Any rectangular matrix A of exact rationals (at most 200×200).
    pub matrix: Matrix<Rational, 200>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// A basis of the row space: the non-zero rows of the reduced row echelon form.
    pub basis: Vec<Vec<Rational>>,
}

impl Operation for RowSpace {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "matrix.row_space.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Basis of the row space of a matrix";
    const SUMMARY: &'static str =
        "A canonical basis of the row space: the non-zero rows of the RREF.";
    const DESCRIPTION: &'static str = "Returns the non-zero rows of the reduced row echelon form of a rational \
        matrix: the canonical basis of its row space (two matrices have the same row space exactly when these \
        bases are equal). Their number is the rank.";
    const KEYWORDS: &'static [&'static str] = &["row space", "span of rows", "basis", "coimage"];
    const PHRASINGS: &'static [&'static str] = &[
        "basis of the span of the rows",
        "row space of a matrix",
        "simplest independent set of rows that generate the same combinations",
        "clean basis for all linear combinations of the rows of a matrix",
        "check whether two sets of equations describe the same constraints",
        "how do I get a standard basis for the rows of a matrix exactly",
    ];
    const ALIASES: &'static [&'static str] = &["rowspace", "RowReduce"];
    const EXAMPLE: &'static str =
        r#"{"matrix": [["1", "2", "3"], ["2", "4", "7"], ["3", "6", "10"]]}"#;
    const EXPECTED: &'static str = r#"{"basis": [["1", "2", "0"], ["0", "0", "1"]]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let r = linalg::rref(&to_q(input.matrix.0), &ctx.budget)?;
        let rank = r.pivots.len();
        let basis = r
            .matrix
            .into_rows()
            .into_iter()
            .take(rank)
            .map(vector_of)
            .collect();
        Ok(Output { basis })
    }
}
