use crate::wire::{PolyOut, Polynomial};
use hessian_kernels::poly::zx;
use hessian_op::prelude::*;

pub struct SquareFreeDecomposition;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// A non-zero polynomial.
    pub polynomial: Polynomial,
}

#[derive(Serialize, JsonSchema)]
pub struct Part {
    /// A square-free primitive integer polynomial.
    pub factor: PolyOut,
    /// Its exponent in the decomposition.
    pub multiplicity: u32,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The rational constant c.
    pub content: Rational,
    /// f = c·∏ factorᵢ^multiplicityᵢ with pairwise coprime square-free factors, by increasing multiplicity.
    pub parts: Vec<Part>,
}

impl Operation for SquareFreeDecomposition {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "polynomial.square_free_decomposition.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Square-free decomposition of a polynomial";
    const SUMMARY: &'static str =
        "Writes f = c·∏ gᵢ^i with square-free, pairwise coprime gᵢ (Yun's algorithm).";
    const DESCRIPTION: &'static str = "Computes the square-free decomposition over Q: f = c·∏ gᵢ^i with each gᵢ primitive in Z[x], square-free and pairwise coprime (Yun's algorithm with modular gcds). Factors with no roots of that multiplicity are omitted.";
    const KEYWORDS: &'static [&'static str] = &[
        "square free",
        "squarefree",
        "repeated factors",
        "multiplicity",
        "yun",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "factor by root multiplicity into squarefree parts",
        "Yun's squarefree factorization",
        "group a polynomial's factors by how many times each root repeats",
        "separate the simple roots part from the double and triple roots parts",
        "remove repeated roots before counting or isolating real roots",
        "how do I split a polynomial by multiplicity of its roots without full factoring",
    ];
    const ALIASES: &'static [&'static str] = &["sqf_list", "FactorSquareFreeList"];
    const EXAMPLE: &'static str = r#"{"polynomial": "x^3 - x^2 - x + 1"}"#;
    const EXPECTED: &'static str = r#"{"content": "1", "parts": [{"factor": {"coefficients": ["1", "1"], "polynomial": "x + 1"}, "multiplicity": 1}, {"factor": {"coefficients": ["-1", "1"], "polynomial": "x - 1"}, "multiplicity": 2}]}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Self::Output, MathError> {
        input.polynomial.nonzero("polynomial")?;
        let (c, f) = input.polynomial.primitive();
        let var = input.polynomial.var();
        let parts = zx::square_free(&f, &ctx.budget)?
            .into_iter()
            .map(|(g, m)| Part {
                factor: PolyOut::from_z(&g, var),
                multiplicity: m,
            })
            .collect();
        Ok(Output {
            content: Rational(c),
            parts,
        })
    }
}
