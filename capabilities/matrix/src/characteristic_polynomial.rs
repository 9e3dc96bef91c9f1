use hessian_kernels::linalg;
use hessian_op::prelude::*;
use hessian_op::wire::to_q;

pub struct CharacteristicPolynomial;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The square matrix A of exact rationals.
    pub matrix: SquareMatrix<Rational, 100>,
}

impl Operation for CharacteristicPolynomial {
    type Input = Input;
    type Output = PolyOut;
    const ID: &'static str = "matrix.characteristic_polynomial.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Characteristic polynomial of a rational matrix";
    const SUMMARY: &'static str =
        "Exact characteristic polynomial det(x·I − A) of a square rational matrix.";
    const DESCRIPTION: &'static str = "Computes det(x·I − A) exactly (Hessenberg reduction, modulo word-size primes \
        with Chinese remaindering under a proven coefficient bound from order 8). \
        The polynomial is monic of degree n; its constant term is (−1)ⁿ·det(A) and its x^(n−1) coefficient is \
        −trace(A). Coefficients are listed lowest degree first. Order at most 100.";
    const KEYWORDS: &'static [&'static str] = &[
        "characteristic polynomial",
        "charpoly",
        "eigenvalues",
        "det(xI - A)",
        "cayley hamilton",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "det(x I - A) as a polynomial",
        "polynomial whose roots are the eigenvalues",
        "coefficients of the characteristic equation of a matrix",
        "the polynomial I set to zero to find a matrix's special scaling values",
        "expand determinant of lambda times identity minus my matrix symbolically",
        "get the equation whose solutions give the natural frequencies of a vibrating system",
        "how do I get the eigenvalue equation of a 4x4 matrix exactly",
    ];
    const ALIASES: &'static [&'static str] = &["charpoly", "CharacteristicPolynomial", "berkowitz"];
    const EXAMPLE: &'static str = r#"{"matrix": [["1", "2"], ["3", "4"]]}"#;
    const EXPECTED: &'static str =
        r#"{"coefficients": ["-2", "-5", "1"], "polynomial": "x^2 - 5*x - 2"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<PolyOut, MathError> {
        let p = linalg::characteristic_polynomial(&to_q(input.matrix.0), &ctx.budget)?;
        Ok(PolyOut::new(p, "x"))
    }
}
