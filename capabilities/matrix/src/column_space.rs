use hessian_kernels::linalg;
use hessian_op::prelude::*;
use hessian_op::wire::{to_q, vector_of};

pub struct ColumnSpace;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Any rectangular matrix A of exact rationals (at most 200×200).
    pub matrix: Matrix<Rational, 200>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// A basis of the column space: the columns of A at the pivot columns of
    /// its reduced row echelon form, each as a list of entries.
    pub basis: Vec<Vec<Rational>>,
    /// Which columns of A were taken (0-based).
    pub columns: Vec<usize>,
}

impl Operation for ColumnSpace {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "matrix.column_space.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Basis of the column space (range, image) of a matrix";
    const SUMMARY: &'static str =
        "A basis of the column space: the pivot columns of A, over the rationals.";
    const DESCRIPTION: &'static str = "Returns a basis of the column space (range, image) of a rational matrix: the \
        columns of A itself at the pivot positions of its reduced row echelon form. Their number is the rank.";
    const KEYWORDS: &'static [&'static str] = &[
        "column space",
        "range",
        "image",
        "span of columns",
        "basis",
        "pivot columns",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "basis of the span of the columns",
        "range or image of a matrix",
        "independent columns that span the column space",
        "which columns of my table are really needed to make all the others",
        "all outputs a matrix can produce, described by a few independent columns",
        "find which sensor readings columns are not redundant combinations of others",
        "how do I find a basis for all vectors A times x can reach",
    ];
    const ALIASES: &'static [&'static str] = &["columnspace", "image", "colspace"];
    const EXAMPLE: &'static str = r#"{"matrix": [["1", "2", "3"], ["2", "4", "7"]]}"#;
    const EXPECTED: &'static str = r#"{"basis": [["1", "2"], ["3", "7"]], "columns": [0, 2]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let a = to_q(input.matrix.0);
        let r = linalg::rref(&a, &ctx.budget)?;
        let basis = r
            .pivots
            .iter()
            .map(|&c| vector_of((0..a.rows()).map(|i| a[(i, c)].clone()).collect()))
            .collect();
        Ok(Output {
            basis,
            columns: r.pivots,
        })
    }
}
