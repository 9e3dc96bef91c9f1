use hessian_kernels::linalg;
use hessian_op::prelude::*;
use hessian_op::wire::{Entry, to_q, words};

pub struct Determinant;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The square matrix; entries are exact rationals ("p/q", integers, exact decimals).
    pub matrix: SquareMatrix<Entry, 400>,
}

impl Operation for Determinant {
    type Input = Input;
    /// det(matrix), exact and reduced.
    type Output = Rational;
    const ID: &'static str = "matrix.determinant.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Determinant of a rational matrix";
    const SUMMARY: &'static str = "Exact determinant of a square matrix over the rationals.";
    const DESCRIPTION: &'static str = "Computes det(A) exactly for a square matrix A with rational entries, \
        after clearing row denominators: fraction-free (Bareiss) elimination below order 16, \
        then determinant modulo word-size primes combined by the Chinese remainder theorem \
        (within a proven Hadamard bound), from order 50 after a large divisor of the determinant \
        is found by p-adic lifting. Order at most 400. \
        The output is the reduced rational as a string.";
    const KEYWORDS: &'static [&'static str] = &[
        "det",
        "determinant",
        "matrix",
        "square",
        "exact",
        "rational",
        "bareiss",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "scaling factor of volume under the linear map",
        "whether a square matrix is invertible via its determinant",
        "exact determinant of a matrix of integers or fractions",
        "single number telling whether a square table of fractions collapses space",
        "exact determinant of a 5x5 matrix with rational entries, no rounding",
        "area of a triangle or volume of a box from coordinate vectors",
        "how do I compute det of a matrix with fractions exactly",
    ];
    const ALIASES: &'static [&'static str] = &["det", "Det", "matdet", "numpy.linalg.det"];
    const EXAMPLE: &'static str = r#"{"matrix": [["1", "2"], ["3", "4"]]}"#;
    const EXPECTED: &'static str = r#""-2""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Rational, MathError> {
        let m = input.matrix.0;
        Ok(Rational(match words(&m) {
            Some(w) => linalg::word_determinant(&w, &ctx.budget)?.into(),
            None => linalg::determinant(&to_q(m), &ctx.budget)?,
        }))
    }
}
