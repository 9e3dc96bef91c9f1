use hessian_kernels::linalg;
use hessian_op::prelude::*;
use hessian_op::wire::{rows_of, to_q};

pub struct Rref;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Any rectangular matrix of exact rationals.
    pub matrix: Matrix<Rational, 200>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The reduced row echelon form, same shape as the input.
    pub rref: Rows<Rational>,
    /// The pivot columns, 0-based and increasing; their count is the rank.
    pub pivot_columns: Vec<usize>,
}

impl Operation for Rref {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "matrix.normal_form.rref.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Reduced row echelon form of a rational matrix";
    const SUMMARY: &'static str =
        "Exact reduced row echelon form (RREF) and pivot columns over the rationals.";
    const DESCRIPTION: &'static str = "Computes the reduced row echelon form by Gauss–Jordan elimination over the \
        rationals: each pivot is 1, the only non-zero entry of its column, and zero rows come last. \
        Also returns the pivot columns (0-based). At most 200×200.";
    const KEYWORDS: &'static [&'static str] = &[
        "rref",
        "reduced row echelon form",
        "echelon",
        "gauss jordan",
        "row reduce",
        "normal form",
        "pivots",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "reduced row echelon form",
        "Gauss-Jordan elimination result",
        "pivot columns and leading ones",
        "row reduce a matrix all the way until each pivot is one with zeros around",
        "fully simplified staircase form of a system of equations with fractions",
        "read off free and basic variables of a linear system after elimination",
        "how do I put an augmented matrix into reduced echelon form exactly",
    ];
    const ALIASES: &'static [&'static str] = &["rref", "RowReduce"];
    const EXAMPLE: &'static str = r#"{"matrix": [["1", "2", "1"], ["2", "4", "0"]]}"#;
    const EXPECTED: &'static str =
        r#"{"rref": [["1", "2", "0"], ["0", "0", "1"]], "pivot_columns": [0, 2]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let r = linalg::rref(&to_q(input.matrix.0), &ctx.budget)?;
        Ok(Output {
            rref: rows_of(r.matrix),
            pivot_columns: r.pivots,
        })
    }
}
