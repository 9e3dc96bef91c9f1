use hessian_kernels::linalg;
use hessian_op::prelude::*;
use hessian_op::wire::to_q;

pub struct Permanent;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The square matrix of exact rationals (order at most 20: the work doubles with each row).
    pub matrix: SquareMatrix<Rational, 20>,
}

impl Operation for Permanent {
    type Input = Input;
    /// perm(A) = Σ over permutations σ of ∏ a_{i,σ(i)}.
    type Output = Rational;
    const ID: &'static str = "matrix.permanent.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Permanent of a square matrix";
    const SUMMARY: &'static str = "Exact permanent (determinant without signs) by Ryser's formula.";
    const DESCRIPTION: &'static str = "Computes the permanent Σ_σ ∏ a_{i,σ(i)} of a square rational matrix by \
        Ryser's inclusion–exclusion formula in Gray-code order (2ⁿ·n operations). Counts perfect matchings of \
        a bipartite graph for 0/1 matrices. Order at most 20.";
    const KEYWORDS: &'static [&'static str] =
        &["permanent", "ryser", "perfect matchings", "permutation sum"];
    const PHRASINGS: &'static [&'static str] = &[
        "sum over permutations of products of entries without signs",
        "permanent counts perfect matchings of a bipartite graph",
        "like a determinant but every term added with a plus sign",
        "sum of products choosing one entry per row and column, no signs",
        "count ways to assign workers to jobs from a compatibility 0-1 table",
        "how do I count perfect matchings from a bipartite adjacency matrix",
    ];
    const ALIASES: &'static [&'static str] = &["per", "Permanent"];
    const EXAMPLE: &'static str =
        r#"{"matrix": [["1", "1", "1"], ["1", "1", "1"], ["1", "1", "1"]]}"#;
    const EXPECTED: &'static str = r#""6""#;

    fn run(input: Input, ctx: &Ctx) -> Result<Rational, MathError> {
        Ok(Rational(linalg::permanent(
            &to_q(input.matrix.0),
            &ctx.budget,
        )?))
    }
}
