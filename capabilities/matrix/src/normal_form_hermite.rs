use hessian_kernels::normal_form;
use hessian_op::prelude::*;

pub struct HermiteNormalForm;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// An integer matrix A: square and non-singular up to 100×100, any shape up to 20×20.
    pub matrix: Matrix<Int, 100>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// H = U·A in row-style Hermite normal form.
    pub hermite: Rows<Int>,
    /// The unimodular transform U (det ±1) with U·A = H.
    pub transform: Rows<Int>,
    /// Pivot columns of H, 0-based; their count is the rank.
    pub pivot_columns: Vec<usize>,
}

fn rows(m: hessian_kernels::Mat<hessian_kernels::BigInt>) -> Rows<Int> {
    m.into_rows()
        .into_iter()
        .map(|r| r.into_iter().map(Int).collect())
        .collect()
}

impl Operation for HermiteNormalForm {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "matrix.normal_form.hermite.compute";
    const VERSION: u32 = 4;
    const TITLE: &'static str = "Hermite normal form of an integer matrix";
    const SUMMARY: &'static str =
        "Row-style Hermite normal form H = U·A over the integers, with the unimodular U.";
    const DESCRIPTION: &'static str = "Computes the (row-style) Hermite normal form of an integer matrix by unimodular \
        row operations: H is in row echelon form, every pivot is positive and the entries above a pivot lie in \
        [0, pivot). H is unique: two matrices have the same H exactly when they have the same row lattice. Also \
        returns U with U·A = H, det U = ±1. Square non-singular matrices up to 100×100 are reduced modulo \
        |det A| and certified (U = H·A⁻¹ integral, ∏ pivots = |det A|); other shapes and singular matrices use \
        direct elimination and are limited to 20×20.";
    const KEYWORDS: &'static [&'static str] = &[
        "hermite normal form",
        "hnf",
        "integer row echelon form",
        "lattice basis",
        "unimodular",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "canonical echelon form of an integer matrix under unimodular row operations",
        "Hermite normal form",
        "lattice basis in triangular form",
    ];
    const ALIASES: &'static [&'static str] =
        &["hermite_normal_form", "HermiteDecomposition", "mathnf"];
    const EXAMPLE: &'static str = r#"{"matrix": [[2, 4], [3, 5]]}"#;
    const EXPECTED: &'static str = r#"{"hermite": [["1", "1"], ["0", "2"]], "transform": [["-1", "1"], ["3", "-2"]], "pivot_columns": [0, 1]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let a = input.matrix.0.into_map(|x| x.0);
        let f = crate::normal_form(
            &a,
            |a| normal_form::hermite_modular(a, &ctx.budget),
            |a| normal_form::hermite(a, &ctx.budget),
        )?;
        Ok(Output {
            hermite: rows(f.h),
            transform: rows(f.u),
            pivot_columns: f.pivots,
        })
    }
}
