use crate::symmetric;
use hessian_kernels::linalg::{self, Block};
use hessian_op::prelude::*;
use hessian_op::wire::{rows_of, to_q};

pub struct LdlDecomposition;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A symmetric matrix of exact rationals (order at most 100).
    pub matrix: SquareMatrix<Rational, 100>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Row i of P·A·Pᵀ is row `permutation[i]` of A (0-based); the
    /// identity when no pivoting was needed.
    pub permutation: Vec<usize>,
    /// L, unit lower triangular.
    pub lower: Rows<Rational>,
    /// D, block diagonal: 1×1 blocks and 2×2 blocks [[0, b], [b, 0]].
    pub d: Rows<Rational>,
    /// The first row of each 2×2 block of D (empty when D is diagonal).
    pub two_by_two_blocks: Vec<usize>,
    pub check: String,
}

impl Operation for LdlDecomposition {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "matrix.ldl_decomposition.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Exact LDLᵀ decomposition over the rationals, with pivoting";
    const SUMMARY: &'static str = "P·A·Pᵀ = L·D·Lᵀ over Q for symmetric A: L unit lower triangular, D diagonal (P = I) whenever the leading pivots are nonzero, else with symmetric pivoting and 2×2 blocks — every symmetric matrix has one.";
    const DESCRIPTION: &'static str = "Symmetric Gaussian elimination in exact rationals, keeping the natural order while the next pivot is nonzero (then it is the classical A = L·D·Lᵀ); otherwise a later nonzero diagonal entry is swapped in symmetrically, and when the whole remaining diagonal is zero a 2×2 pivot [[0, b], [b, 0]] is taken. Checked: L·D·Lᵀ equals P·A·Pᵀ exactly. The signs of D give the inertia (Sylvester's law). Order at most 100.";
    const KEYWORDS: &'static [&'static str] = &[
        "ldl",
        "ldlt",
        "ldl decomposition",
        "symmetric factorization",
        "cholesky",
        "bunch kaufman",
        "congruence",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "LDL transpose factorization of a symmetric matrix",
        "exact Cholesky without square roots",
        "split a symmetric matrix into triangle times diagonal times triangle transposed",
        "factor a symmetric matrix exactly even when it is not positive definite",
        "read off the signs of a quadratic form from an exact diagonal factorization",
        "is there a square-root-free way to factor a symmetric fraction matrix",
    ];
    const ALIASES: &'static [&'static str] = &["LDLdecomposition", "scipy.linalg.ldl", "ldl"];
    const EXAMPLE: &'static str = r#"{"matrix": [["4", "2"], ["2", "3"]]}"#;
    const EXPECTED: &'static str = r#"{"permutation": [0, 1], "lower": [["1", "0"], ["1/2", "1"]], "d": [["4", "0"], ["0", "2"]], "two_by_two_blocks": [], "check": "L·D·Lᵀ = P·A·Pᵀ exactly"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let a = to_q(input.matrix.0);
        symmetric(&a)?;
        let f = linalg::ldl(&a, &ctx.budget)?;
        let mut at = 0;
        let mut two_by_two_blocks = Vec::new();
        for b in &f.blocks {
            if matches!(b, Block::Two(_)) {
                two_by_two_blocks.push(at);
                at += 2;
            } else {
                at += 1;
            }
        }
        Ok(Output {
            d: rows_of(f.d()),
            permutation: f.perm,
            lower: rows_of(f.l),
            two_by_two_blocks,
            check: "L·D·Lᵀ = P·A·Pᵀ exactly".into(),
        })
    }
}
