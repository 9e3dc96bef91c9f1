use hessian_kernels::linalg;
use hessian_op::prelude::*;
use hessian_op::wire::{rows_of, to_q};

pub struct Lu;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The square matrix A of exact rationals (order at most 200).
    pub matrix: SquareMatrix<Rational, 200>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Row i of P·A is row `permutation[i]` of A (0-based).
    pub permutation: Vec<usize>,
    /// Unit lower triangular L.
    pub lower: Rows<Rational>,
    /// Upper triangular U; a zero on its diagonal marks a column without pivot.
    pub upper: Rows<Rational>,
}

impl Operation for Lu {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "matrix.lu_decomposition.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Exact LU decomposition with row permutation";
    const SUMMARY: &'static str =
        "P·A = L·U over the rationals: permutation, unit lower L, upper U.";
    const DESCRIPTION: &'static str = "Factors a square rational matrix as P·A = L·U by Gaussian elimination, \
        swapping in the first non-zero pivot of each column. L is unit lower triangular and U upper triangular; \
        singular matrices factor too (U then has zeros on its diagonal). Order at most 200.";
    const KEYWORDS: &'static [&'static str] = &[
        "lu",
        "lu decomposition",
        "lu factorization",
        "plu",
        "gaussian elimination",
        "triangular",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "break a matrix into a lower triangle times an upper triangle",
        "factor a matrix as P L U",
        "lower and upper triangular factors with row pivoting",
        "Gaussian elimination recorded as factors",
        "record elimination steps so I can solve many right-hand sides with one matrix",
        "exact triangular factors of a fraction matrix with row swaps",
        "reuse one factorization to solve the same system for many load cases",
        "how do I split a matrix into lower and upper triangular parts exactly",
    ];
    const ALIASES: &'static [&'static str] =
        &["LUdecomposition", "LUDecomposition", "scipy.linalg.lu"];
    const EXAMPLE: &'static str = r#"{"matrix": [["0", "1"], ["2", "3"]]}"#;
    const EXPECTED: &'static str = r#"{"permutation": [1, 0], "lower": [["1", "0"], ["0", "1"]], "upper": [["2", "3"], ["0", "1"]]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let f = linalg::lu(&to_q(input.matrix.0), &ctx.budget)?;
        Ok(Output {
            permutation: f.perm,
            lower: rows_of(f.l),
            upper: rows_of(f.u),
        })
    }
}
