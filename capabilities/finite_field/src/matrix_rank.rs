use crate::{Element, Field};
use hessian_kernels::finite_field;
use hessian_op::prelude::*;

pub struct MatrixRank;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The field GF(p^k).
    pub field: Field,
    /// A matrix of field elements (at most 100×100).
    pub matrix: Matrix<Element, 100>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub rank: usize,
    /// Pivot columns (0-based) of the reduced row echelon form.
    pub pivot_columns: Vec<usize>,
}

impl Operation for MatrixRank {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "finite_field.matrix.rank.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Rank of a matrix over a finite field GF(p^k)";
    const SUMMARY: &'static str =
        "Rank and pivot columns of a matrix with entries in F_p or GF(p^k).";
    const DESCRIPTION: &'static str = "Row-reduces a matrix over GF(p^k) (entries are integers in a prime field or \
        coefficient lists in x) and returns its rank and pivot columns. At most 100×100; for integer \
        matrices modulo a word-size prime up to 400×400 see matrix.rank_mod_p.compute.";
    const KEYWORDS: &'static [&'static str] = &[
        "rank over finite field",
        "matrix rank GF",
        "rank mod p",
        "galois field matrix",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "rank of a matrix over a finite field",
        "rank over GF(q)",
        "how many independent rows a matrix has when working mod p",
        "rank of a parity check matrix over the binary field",
        "dimension of a linear code from its generator matrix mod 2",
        "how do I find the pivot columns of a matrix mod 5",
    ];
    const ALIASES: &'static [&'static str] = &["rank over GF", "MatrixRank[m, Modulus -> p]"];
    const EXAMPLE: &'static str =
        r#"{"field": {"characteristic": 5}, "matrix": [[1, 2, 3], [2, 4, 1], [3, 1, 4]]}"#;
    const EXPECTED: &'static str = r#"{"rank": 1, "pivot_columns": [0]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let gf = input.field.build("field", ctx)?;
        let mut m = crate::field::matrix_of(&gf, input.matrix.0, "matrix")?;
        let (pivots, _) = finite_field::rref(&gf, &mut m, &ctx.budget)?;
        Ok(Output {
            rank: pivots.len(),
            pivot_columns: pivots,
        })
    }
}
