use hessian_kernels::normal_form;
use hessian_op::prelude::*;

pub struct SmithNormalForm;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// An integer matrix A: square and non-singular up to 100×100, any shape up to 20×20.
    pub matrix: Matrix<Int, 100>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The diagonal d₁, d₂, … of the Smith normal form (length min(m, n)):
    /// non-negative, each dividing the next, zeros last.
    pub diagonal: Vec<Int>,
    /// The number of non-zero dᵢ: the rank.
    pub rank: usize,
}

impl Operation for SmithNormalForm {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "matrix.normal_form.smith.compute";
    const VERSION: u32 = 4;
    const TITLE: &'static str = "Smith normal form (invariant factors) of an integer matrix";
    const SUMMARY: &'static str =
        "The invariant factors d₁ | d₂ | … of an integer matrix: its Smith normal form diagonal.";
    const DESCRIPTION: &'static str = "Computes the diagonal of the Smith normal form U·A·V (U, V unimodular) of an \
        integer matrix: the invariant factors d₁ | d₂ | …, with d₁⋯d_k equal to the gcd of all k×k minors. \
        Describes the abelian group Z^m / (row lattice of A) and the structure of integer linear systems. \
        Square non-singular matrices up to 100×100 are reduced modulo |det A| (entries never grow); other \
        shapes and singular matrices use direct elimination and are limited to 20×20.";
    const KEYWORDS: &'static [&'static str] = &[
        "smith normal form",
        "snf",
        "invariant factors",
        "elementary divisors",
        "abelian group",
        "determinantal divisors",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "diagonal normal form of an integer matrix under row and column operations",
        "invariant factors and elementary divisors",
        "structure of a finitely generated abelian group from its relation matrix",
        "diagonalize an integer matrix using integer row and column moves",
        "find the diagonal numbers each dividing the next for a whole number matrix",
        "compute homology groups or torsion from an integer boundary matrix",
        "how do I find the abelian group given by generators and integer relations",
    ];
    const ALIASES: &'static [&'static str] = &["smith_normal_form", "SmithDecomposition", "matsnf"];
    const EXAMPLE: &'static str = r#"{"matrix": [[2, 4, 4], [-6, 6, 12], [10, -4, -16]]}"#;
    const EXPECTED: &'static str = r#"{"diagonal": ["2", "6", "12"], "rank": 3}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let a = input.matrix.0.into_map(|x| x.0);
        let d = crate::normal_form(
            &a,
            |a| normal_form::smith_diagonal_modular(a, &ctx.budget),
            |a| normal_form::smith_diagonal(a, &ctx.budget),
        )?;
        let rank = d
            .iter()
            .filter(|x| x.sign() != hessian_kernels::Sign::NoSign)
            .count();
        Ok(Output {
            diagonal: d.into_iter().map(Int).collect(),
            rank,
        })
    }
}
