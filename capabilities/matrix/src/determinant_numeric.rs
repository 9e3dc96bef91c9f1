use hessian_kernels::numeric;
use hessian_op::prelude::*;

pub struct DeterminantNumeric;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The square matrix of JSON numbers (order at most 1000).
    pub matrix: SquareMatrix<f64, 1000>,
}

impl Operation for DeterminantNumeric {
    type Input = Input;
    /// det(A) in double precision.
    type Output = f64;
    const ID: &'static str = "matrix.determinant.numeric";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Determinant in floating point (numeric)";
    const SUMMARY: &'static str =
        "Double-precision determinant via LU with partial pivoting; not exact.";
    const DESCRIPTION: &'static str = "Computes det(A) in IEEE double precision by LU with partial pivoting (faer). \
        The result carries rounding error; for an exact value use matrix.determinant.compute. A determinant \
        beyond the double range is refused (limit_exceeded). Order at most 1000.";
    const KEYWORDS: &'static [&'static str] = &[
        "numeric determinant",
        "floating point",
        "float",
        "approximate",
        "double precision",
        "det",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "determinant in floating point",
        "approximate determinant of a large real matrix",
        "rough determinant value of a big matrix of decimal numbers",
        "quick approximate det using LU on measured real-valued data",
        "estimate the Jacobian determinant numerically for a change of variables",
        "is there a fast way to get a floating point determinant of a 200x200 matrix",
    ];
    const ALIASES: &'static [&'static str] = &["numpy.linalg.det", "slogdet"];
    const EXAMPLE: &'static str = r#"{"matrix": [[2.0, 0.0], [1.0, 4.0]]}"#;
    const EXPECTED: &'static str = "8.0";

    fn run(input: Input, ctx: &Ctx) -> Result<f64, MathError> {
        ctx.budget.check()?;
        let d = numeric::determinant(&input.matrix.0);
        if d.is_finite() {
            Ok(d)
        } else {
            Err(MathError::Limit("the determinant overflows double precision; matrix.determinant.compute gives it exactly".into()))
        }
    }
}
