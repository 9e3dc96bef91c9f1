use hessian_kernels::numeric;
use hessian_op::prelude::*;

pub struct EigenvaluesNumeric;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The square matrix of JSON numbers (order at most 500).
    pub matrix: SquareMatrix<f64, 500>,
    /// Set true for a symmetric matrix: a faster, more accurate real solver.
    /// The matrix must then be exactly symmetric.
    #[serde(default)]
    pub symmetric: bool,
}

#[derive(Serialize, JsonSchema)]
pub struct Complex {
    pub re: f64,
    pub im: f64,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// All n eigenvalues with multiplicity, sorted by real then imaginary part.
    pub eigenvalues: Vec<Complex>,
}

impl Operation for EigenvaluesNumeric {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "matrix.eigenvalues.numeric";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Eigenvalues in floating point (numeric)";
    const SUMMARY: &'static str =
        "Double-precision eigenvalues of a square matrix, symmetric or general (complex).";
    const DESCRIPTION: &'static str = "Computes all eigenvalues of a square matrix in IEEE double precision (faer): \
        the symmetric solver when `symmetric` is true (real eigenvalues), the general Hessenberg–QR solver \
        otherwise (complex conjugate pairs). Values carry rounding error; the exact characteristic polynomial is \
        matrix.characteristic_polynomial.compute. Order at most 500.";
    const KEYWORDS: &'static [&'static str] = &[
        "eigenvalues",
        "eigenvalue",
        "spectrum",
        "numeric",
        "float",
        "eig",
        "symmetric",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "approximate eigenvalues of a matrix",
        "spectrum of a matrix in floating point",
        "roots of the characteristic polynomial numerically",
        "approximate vibration modes frequencies from a big real matrix in decimals",
        "decimal estimates of a matrix's stretch factors, complex ones included",
        "numerically check stability of a control system from its state matrix",
        "is there a quick floating point way to get all eigenvalues of my matrix",
    ];
    const ALIASES: &'static [&'static str] =
        &["eigvals", "Eigenvalues", "numpy.linalg.eig", "eigh"];
    const EXAMPLE: &'static str = r#"{"matrix": [[2.0, 0.0], [0.0, 3.0]], "symmetric": true}"#;
    const EXPECTED: &'static str =
        r#"{"eigenvalues": [{"re": 2.0, "im": 0.0}, {"re": 3.0, "im": 0.0}]}"#;

    // Long run: checks the `symmetric` claim, naming the first asymmetric pair.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        ctx.budget.check()?;
        let a = input.matrix.0;
        let values: Vec<(f64, f64)> = if input.symmetric {
            let n = a.rows();
            if let Some((i, j)) = (0..n)
                .flat_map(|i| (0..i).map(move |j| (i, j)))
                .find(|&(i, j)| a[(i, j)] != a[(j, i)])
            {
                return Err(MathError::Input {
                    path: "matrix".into(),
                    message: format!(
                        "`symmetric` is true but entry ({i}, {j}) differs from entry ({j}, {i})"
                    ),
                });
            }
            numeric::symmetric_eigenvalues(&a).map(|v| v.into_iter().map(|x| (x, 0.0)).collect())
        } else {
            numeric::eigenvalues(&a)
        }
        .ok_or_else(|| MathError::Domain("the eigenvalue iteration did not converge".into()))?;
        Ok(Output {
            eigenvalues: values
                .into_iter()
                .map(|(re, im)| Complex { re, im })
                .collect(),
        })
    }
}
