use hessian_kernels::linalg;
use hessian_op::prelude::*;
use hessian_op::wire::{rows_of, to_q};

pub struct KroneckerProduct;

/// The product may have at most this many entries.
const MAX_ENTRIES: usize = 250_000;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The left factor A (m×n).
    pub left: Matrix<Rational, 500>,
    /// The right factor B (p×q).
    pub right: Matrix<Rational, 500>,
}

impl Operation for KroneckerProduct {
    type Input = Input;
    /// A ⊗ B, (m·p)×(n·q): block (i, j) is a_ij·B.
    type Output = Rows<Rational>;
    const ID: &'static str = "matrix.kronecker_product.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Kronecker (tensor) product of two matrices";
    const SUMMARY: &'static str = "Exact Kronecker product A ⊗ B of two rational matrices.";
    const DESCRIPTION: &'static str = "Returns the Kronecker product A ⊗ B: the block matrix whose block (i, j) is \
        a_ij·B. The result may have at most 250,000 entries.";
    const KEYWORDS: &'static [&'static str] = &[
        "kronecker",
        "tensor product",
        "outer product",
        "direct product",
        "⊗",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "tensor product of two matrices",
        "block matrix of a_ij times B",
        "replace each entry of one matrix by that number times the other whole matrix",
        "big block matrix built from two smaller ones for combined systems",
        "build the operator for a two-qubit system from single qubit gates",
        "how do I form the tensor product of two matrices exactly",
    ];
    const ALIASES: &'static [&'static str] = &["kron", "KroneckerProduct", "TensorProduct"];
    const EXAMPLE: &'static str = r#"{"left": [["1", "2"]], "right": [["0", "1"], ["1", "0"]]}"#;
    const EXPECTED: &'static str = r#"[["0", "1", "0", "2"], ["1", "0", "2", "0"]]"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Rows<Rational>, MathError> {
        let (a, b) = (to_q(input.left.0), to_q(input.right.0));
        let entries = a.rows() * a.cols() * b.rows() * b.cols();
        if entries > MAX_ENTRIES {
            return Err(MathError::Limit(format!(
                "the product would have {entries} entries; at most {MAX_ENTRIES}"
            )));
        }
        ctx.room_for_digits(
            linalg::kronecker_digits_lower(&a, &b),
            "the Kronecker product",
        )?;
        Ok(rows_of(linalg::kronecker(&a, &b, &ctx.budget)?))
    }
}
