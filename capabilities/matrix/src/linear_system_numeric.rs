use hessian_kernels::numeric;
use hessian_op::prelude::*;

pub struct LinearSystemNumeric;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The square coefficient matrix A of JSON numbers (order at most 1000).
    pub matrix: SquareMatrix<f64, 1000>,
    /// The right-hand side b, one number per row.
    pub rhs: List<f64, 1000>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// x with A·x ≈ b.
    pub solution: Vec<f64>,
    /// max_i |(A·x − b)_i|, the residual actually achieved.
    pub residual_max: f64,
}

impl Operation for LinearSystemNumeric {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "matrix.linear_system.numeric_solve";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Solve A·x = b in floating point (numeric)";
    const SUMMARY: &'static str =
        "Double-precision solution of a square linear system via LU; reports its residual.";
    const DESCRIPTION: &'static str = "Solves A·x = b in IEEE double precision by LU with partial pivoting (faer) and \
        reports the largest residual |A·x − b|. A matrix singular to working precision is refused (domain_error). \
        For exact rational solutions use matrix.rational_linear_system.solve. Order at most 1000.";
    const KEYWORDS: &'static [&'static str] = &[
        "numeric solve",
        "floating point",
        "linear system",
        "Ax=b",
        "float",
        "approximate",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "solve A x = b in floating point",
        "approximate solution of a linear system",
        "least squares style numerical solve",
        "solve a square set of equations with decimal coefficients quickly",
        "approximate unknowns from n equations in n unknowns with a residual check",
        "solve a circuit or truss equation system numerically from measured values",
        "how do I get a fast floating point answer to A x equals b",
    ];
    const ALIASES: &'static [&'static str] = &["numpy.linalg.solve", "LinearSolve", "lstsq"];
    const EXAMPLE: &'static str = r#"{"matrix": [[2.0, 0.0], [0.0, 4.0]], "rhs": [2.0, 2.0]}"#;
    const EXPECTED: &'static str = r#"{"solution": [1.0, 0.5], "residual_max": 0.0}"#;

    // Long run: the rhs refusal, then the residual reported as computed.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        ctx.budget.check()?;
        let (a, b) = (input.matrix.0, input.rhs.0);
        if b.len() != a.rows() {
            return Err(MathError::Input {
                path: "rhs".into(),
                message: format!(
                    "`rhs` has {} entries but the matrix has {} rows; give one per row",
                    b.len(),
                    a.rows()
                ),
            });
        }
        let x = numeric::solve(&a, &b).ok_or_else(|| {
            MathError::Domain("the matrix is singular to working precision".into())
        })?;
        let residual_max = (0..a.rows())
            .map(|i| (a.row(i).iter().zip(&x).map(|(p, q)| p * q).sum::<f64>() - b[i]).abs())
            .fold(0.0, f64::max);
        Ok(Output {
            solution: x,
            residual_max,
        })
    }
}
