use hessian_kernels::numeric;
use hessian_op::prelude::*;

pub struct SingularValuesNumeric;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Any matrix of JSON numbers (at most 500×500).
    pub matrix: Matrix<f64, 500>,
}

impl Operation for SingularValuesNumeric {
    type Input = Input;
    /// The min(m, n) singular values, non-negative and descending.
    type Output = Vec<f64>;
    const ID: &'static str = "matrix.singular_values.numeric";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Singular values in floating point (numeric)";
    const SUMMARY: &'static str =
        "Double-precision singular values (SVD) of a rectangular matrix, descending.";
    const DESCRIPTION: &'static str = "Computes the singular values of an m×n matrix in IEEE double precision \
        (faer's SVD): min(m, n) non-negative values, largest first. At most 500×500.";
    const KEYWORDS: &'static [&'static str] = &[
        "singular values",
        "svd",
        "singular value decomposition",
        "numeric",
        "float",
        "2-norm",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "singular values of a matrix in floating point",
        "square roots of the eigenvalues of A transpose A",
        "SVD spectrum",
        "how much a matrix stretches along its strongest and weakest directions, in decimals",
        "approximate singular values of a rectangular data matrix in floating point",
        "decide how many components to keep when compressing data or an image",
        "how do I get the SVD singular values of a non-square matrix numerically",
    ];
    const ALIASES: &'static [&'static str] = &["svd", "SingularValueList", "numpy.linalg.svd"];
    const EXAMPLE: &'static str = r#"{"matrix": [[3.0, 0.0], [0.0, 4.0]]}"#;
    const EXPECTED: &'static str = "[4.0, 3.0]";

    fn run(input: Input, ctx: &Ctx) -> Result<Vec<f64>, MathError> {
        ctx.budget.check()?;
        numeric::singular_values(&input.matrix.0)
            .ok_or_else(|| MathError::Domain("the SVD iteration did not converge".into()))
    }
}
