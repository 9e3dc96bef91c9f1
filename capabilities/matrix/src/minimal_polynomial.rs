use hessian_kernels::linalg;
use hessian_op::prelude::*;
use hessian_op::wire::to_q;

pub struct MinimalPolynomial;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The square matrix A of exact rationals (order at most 30).
    pub matrix: SquareMatrix<Rational, 30>,
}

impl Operation for MinimalPolynomial {
    type Input = Input;
    type Output = PolyOut;
    const ID: &'static str = "matrix.minimal_polynomial.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Minimal polynomial of a rational matrix";
    const SUMMARY: &'static str =
        "The monic polynomial of least degree that annihilates A, over the rationals.";
    const DESCRIPTION: &'static str = "Computes the minimal polynomial m(x) of a square rational matrix: the monic \
        polynomial of least degree with m(A) = 0. It divides the characteristic polynomial and has the same \
        roots. Coefficients lowest degree first. Order at most 30.";
    const KEYWORDS: &'static [&'static str] = &[
        "minimal polynomial",
        "minpoly",
        "annihilating polynomial",
        "krylov",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "monic polynomial of least degree that annihilates the matrix",
        "smallest p with p(A) = 0",
        "lowest degree polynomial equation my matrix satisfies",
        "shortest polynomial relation among powers of a matrix",
        "find a recurrence that powers of a matrix obey to simplify computing them",
        "how do I tell which polynomial kills my matrix with the smallest degree",
    ];
    const ALIASES: &'static [&'static str] =
        &["minpoly", "MatrixMinimalPolynomial", "minimal_polynomial"];
    const EXAMPLE: &'static str =
        r#"{"matrix": [["2", "0", "0"], ["0", "2", "0"], ["0", "0", "3"]]}"#;
    const EXPECTED: &'static str =
        r#"{"coefficients": ["6", "-5", "1"], "polynomial": "x^2 - 5*x + 6"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<PolyOut, MathError> {
        let p = linalg::minimal_polynomial(&to_q(input.matrix.0), &ctx.budget)?;
        Ok(PolyOut::new(p, "x"))
    }
}
