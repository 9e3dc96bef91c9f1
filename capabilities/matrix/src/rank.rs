use hessian_kernels::linalg;
use hessian_op::prelude::*;
use hessian_op::wire::to_q;

pub struct Rank;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Any rectangular matrix of exact rationals.
    pub matrix: Matrix<Rational, 400>,
}

impl Operation for Rank {
    type Input = Input;
    /// The rank: the dimension of the row space (equally, the column space).
    type Output = usize;
    const ID: &'static str = "matrix.rank.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Rank of a rational matrix";
    const SUMMARY: &'static str = "Exact rank of a rectangular matrix over the rationals.";
    const DESCRIPTION: &'static str = "Computes the rank of a matrix with rational entries exactly (fraction-free \
        elimination). At most 400 rows and 400 columns. The output is a JSON integer.";
    const KEYWORDS: &'static [&'static str] = &[
        "rank",
        "dimension",
        "row space",
        "column space",
        "linearly independent",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "how many rows of a matrix point in really different directions",
        "number of linearly independent rows or columns",
        "dimension of the column space",
        "exact rank of a matrix",
        "how many of my equations actually carry independent information",
        "how many truly different directions the columns of a table of fractions span",
        "check whether a system of equations has redundant constraints",
        "how do I find the number of independent rows of a matrix exactly",
    ];
    const ALIASES: &'static [&'static str] = &["rank", "MatrixRank", "matrank", "matrix_rank"];
    const EXAMPLE: &'static str =
        r#"{"matrix": [["1", "2", "3"], ["2", "4", "6"], ["1", "0", "1"]]}"#;
    const EXPECTED: &'static str = "2";

    fn run(input: Input, ctx: &Ctx) -> Result<usize, MathError> {
        Ok(linalg::rank(&to_q(input.matrix.0), &ctx.budget)?)
    }
}
