use hessian_kernels::linalg;
use hessian_op::prelude::*;
use hessian_op::wire::to_q;

pub struct Trace;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The square matrix of exact rationals.
    pub matrix: SquareMatrix<Rational, 1000>,
}

impl Operation for Trace {
    type Input = Input;
    /// The sum of the diagonal entries.
    type Output = Rational;
    const ID: &'static str = "matrix.trace.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Trace of a rational matrix";
    const SUMMARY: &'static str = "Sum of the diagonal entries of a square matrix, exactly.";
    const DESCRIPTION: &'static str = "Returns tr(A), the sum of the diagonal entries of a square rational matrix. \
        Order at most 1000.";
    const KEYWORDS: &'static [&'static str] = &["trace", "tr", "diagonal sum"];
    const PHRASINGS: &'static [&'static str] = &[
        "add the numbers on the diagonal from top left to bottom right",
        "sum of the diagonal entries",
        "trace of a square matrix, the sum of the eigenvalues",
        "total of the main diagonal numbers of a square table",
        "add up the entries running from the top left corner downward diagonally",
        "quick check of the sum of eigenvalues of a matrix with fractions",
        "how do I compute the sum of a matrix's diagonal exactly",
    ];
    const ALIASES: &'static [&'static str] = &["trace", "Tr", "numpy.trace"];
    const EXAMPLE: &'static str = r#"{"matrix": [["1/2", "7"], ["0", "3"]]}"#;
    const EXPECTED: &'static str = r#""7/2""#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Rational, MathError> {
        Ok(Rational(linalg::trace(&to_q(input.matrix.0))))
    }
}
