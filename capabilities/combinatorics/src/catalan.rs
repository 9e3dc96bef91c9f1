use hessian_kernels::combinatorics as comb;
use hessian_op::prelude::*;

pub struct Catalan;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// n ≥ 0, at most 100,000.
    pub n: Bounded<0, 100_000>,
}

impl Operation for Catalan {
    type Input = Input;
    /// C_n.
    type Output = Int;
    const ID: &'static str = "combinatorics.catalan.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Catalan number C_n";
    const SUMMARY: &'static str =
        "C_n = C(2n, n)/(n + 1): binary trees, Dyck paths, triangulations, balanced parentheses.";
    const DESCRIPTION: &'static str = "Computes the n-th Catalan number C_n = C(2n, n)/(n+1) (1, 1, 2, 5, 14, …), counting Dyck paths of length 2n, binary trees with n internal nodes, triangulations of an (n+2)-gon and balanced strings of n parenthesis pairs. n ≤ 100,000.";
    const KEYWORDS: &'static [&'static str] = &[
        "catalan number",
        "dyck paths",
        "balanced parentheses",
        "binary trees count",
        "triangulations",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "mountain ranges with equal up and down strokes that never dip below the start",
        "number of balanced sequences of n pairs of parentheses",
        "number of binary trees with n internal nodes",
        "ways to triangulate a convex polygon",
        "number of Dyck paths of length 2n",
        "how many ways to put brackets around a product of several numbers",
        "ways to cut a polygon into triangles with non-crossing diagonals",
        "how many stack-sortable orderings or valid push/pop sequences there are",
        "how many ways can n pairs of brackets be correctly nested",
    ];
    const ALIASES: &'static [&'static str] = &["catalan", "CatalanNumber"];
    const EXAMPLE: &'static str = r#"{"n": 10}"#;
    const EXPECTED: &'static str = r#""16796""#;

    fn run(input: Input, _ctx: &Ctx) -> Result<Int, MathError> {
        Ok(Int(comb::catalan(input.n.0 as u64).into()))
    }
}
