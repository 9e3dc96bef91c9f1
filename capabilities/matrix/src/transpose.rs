use hessian_op::prelude::*;
use hessian_op::wire::{rows_of, to_q};

pub struct Transpose;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Any rectangular matrix of exact rationals.
    pub matrix: Matrix<Rational, 1000>,
}

impl Operation for Transpose {
    type Input = Input;
    /// The transpose, as rows: entry (i, j) is entry (j, i) of the input.
    type Output = Rows<Rational>;
    const ID: &'static str = "matrix.transpose.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Transpose of a matrix";
    const SUMMARY: &'static str = "Swap rows and columns of a rational matrix.";
    const DESCRIPTION: &'static str = "Returns the transpose Aᵀ of an m×n rational matrix as an n×m matrix \
        (entries reduced). At most 1000 rows and 1000 columns.";
    const KEYWORDS: &'static [&'static str] =
        &["transpose", "transposed", "swap rows columns", "flip"];
    const PHRASINGS: &'static [&'static str] = &[
        "swap rows and columns",
        "reflect a matrix across its main diagonal",
        "turn the rows of my table into columns",
        "flip a matrix so row i column j becomes row j column i",
        "convert a data table from one record per row to one per column",
        "how do I flip a matrix over its diagonal",
    ];
    const ALIASES: &'static [&'static str] = &["transpose", "Transpose", "A.T"];
    const EXAMPLE: &'static str = r#"{"matrix": [["1", "2", "3"], ["4", "5", "6"]]}"#;
    const EXPECTED: &'static str = r#"[["1", "4"], ["2", "5"], ["3", "6"]]"#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Rows<Rational>, MathError> {
        Ok(rows_of(to_q(input.matrix.0).transpose()))
    }
}
