use hessian_kernels::numeric;
use hessian_op::prelude::*;

pub struct ConditionNumberNumeric;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The square matrix of JSON numbers (order at most 500).
    pub matrix: SquareMatrix<f64, 500>,
}

/// κ₂(A) = σ_max / σ_min, or `singular` when σ_min = 0 (κ is infinite).
#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// σ_max / σ_min; absent when the matrix is singular.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub condition_number: Option<f64>,
    /// True when σ_min is exactly 0, so κ₂ is infinite.
    pub singular: bool,
}

impl Operation for ConditionNumberNumeric {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "matrix.condition_number.numeric";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "2-norm condition number in floating point (numeric)";
    const SUMMARY: &'static str = "κ₂(A) = largest / smallest singular value, in double precision; `singular` when σ_min = 0.";
    const DESCRIPTION: &'static str = "Computes the 2-norm condition number σ_max/σ_min of a square matrix from its \
        singular values in IEEE double precision. `singular: true` means σ_min is exactly 0 (κ₂ infinite). Order at most 500.";
    const KEYWORDS: &'static [&'static str] = &[
        "condition number",
        "cond",
        "kappa",
        "ill-conditioned",
        "numeric",
        "float",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "how much the solution of A x = b can change with small input errors",
        "ratio of largest to smallest singular value",
        "sensitivity of a matrix to rounding",
        "how badly will tiny measurement errors blow up when I solve this system",
        "is my matrix close to singular, give me a number in floating point",
        "check whether a regression design matrix is ill conditioned before fitting",
        "how do I measure how numerically unstable my linear system is",
    ];
    const ALIASES: &'static [&'static str] = &["cond", "numpy.linalg.cond", "condition_number"];
    const EXAMPLE: &'static str = r#"{"matrix": [[1.0, 0.0], [0.0, 2.0]]}"#;
    const EXPECTED: &'static str = r#"{"condition_number": 2.0, "singular": false}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        ctx.budget.check()?;
        let s = numeric::singular_values(&input.matrix.0)
            .ok_or_else(|| MathError::Domain("the SVD iteration did not converge".into()))?;
        let (max, min) = (
            s.first().copied().unwrap_or(0.0),
            s.last().copied().unwrap_or(0.0),
        );
        Ok(if min == 0.0 {
            Output {
                condition_number: None,
                singular: true,
            }
        } else {
            Output {
                condition_number: Some(max / min),
                singular: false,
            }
        })
    }
}
