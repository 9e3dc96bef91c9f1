use hessian_contract::wire::SquareMatrix;
use hessian_contract::{Ctx, MathError, Operation};
use hessian_kernels::numeric;
use schemars::JsonSchema;
use serde::Deserialize;

pub struct ConditionNumberNumeric;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The square matrix of JSON numbers (order at most 500).
    pub matrix: SquareMatrix<f64, 500>,
}

impl Operation for ConditionNumberNumeric {
    type Input = Input;
    /// κ₂(A) = σ_max / σ_min; null when A is singular (σ_min = 0).
    type Output = Option<f64>;
    const ID: &'static str = "matrix.condition_number.numeric";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "2-norm condition number in floating point (numeric)";
    const SUMMARY: &'static str = "κ₂(A) = largest / smallest singular value, in double precision; null if singular.";
    const DESCRIPTION: &'static str = "Computes the 2-norm condition number σ_max/σ_min of a square matrix from its \
        singular values in IEEE double precision. null means σ_min is exactly 0 (singular). Order at most 500.";
    const KEYWORDS: &'static [&'static str] = &["condition number", "cond", "kappa", "ill-conditioned", "numeric", "float"];
    const EXAMPLE: &'static str = r#"{"matrix": [[1.0, 0.0], [0.0, 2.0]]}"#;
    const EXPECTED: &'static str = "2.0";

    fn run(input: Input, ctx: &Ctx) -> Result<Option<f64>, MathError> {
        ctx.budget.check()?;
        let s = numeric::singular_values(&input.matrix.0)
            .ok_or_else(|| MathError::Domain("the SVD iteration did not converge".into()))?;
        let (max, min) = (s.first().copied().unwrap_or(0.0), s.last().copied().unwrap_or(0.0));
        Ok(if min == 0.0 { None } else { Some(max / min) })
    }
}
