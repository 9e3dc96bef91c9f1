use crate::MAX_SPECTRAL_ORDER;
use hessian_kernels::linalg;
use hessian_op::prelude::*;
use hessian_op::wire::{PolyOut, to_q};

pub struct InvariantFactors;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The square matrix A of exact rationals (order at most 20).
    pub matrix: SquareMatrix<Rational, MAX_SPECTRAL_ORDER>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The invariant factors d₁ | d₂ | … | d_k of x·I − A other than 1,
    /// monic, each dividing the next; d_k is the minimal polynomial and
    /// their product the characteristic polynomial.
    pub invariant_factors: Vec<PolyOut>,
    pub check: String,
}

impl Operation for InvariantFactors {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "matrix.invariant_factors.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Invariant factors of a rational matrix (similarity invariants)";
    const SUMMARY: &'static str = "The invariant factors d₁ | d₂ | … of x·I − A over Q[x]: the diagonal of its Smith form, the degrees of the Frobenius blocks; two matrices are similar exactly when these agree.";
    const DESCRIPTION: &'static str = "From the ranks of p(A)ᵏ for each irreducible factor p of the characteristic polynomial (the Jordan block sizes of p's roots), the i-th largest block of every factor multiplied together gives the invariant factors from the last. Checked: the last equals the minimal polynomial computed independently (first linear dependence among I, A, A², …), and the product equals det(x·I − A). Order at most 20.";
    const KEYWORDS: &'static [&'static str] = &[
        "invariant factors",
        "similarity invariants",
        "smith form of xI - A",
        "characteristic matrix",
        "rational canonical form",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "invariant factors of a matrix",
        "Smith normal form of x I minus A over Q[x]",
        "list of dividing polynomials that pin down a matrix up to change of basis",
        "chain of polynomials where each divides the next, describing a matrix's structure",
        "test whether two matrices represent the same linear map in different bases",
        "how do I get the similarity invariants of a rational square matrix",
    ];
    const ALIASES: &'static [&'static str] = &["invariant_factors"];
    const EXAMPLE: &'static str =
        r#"{"matrix": [["2", "0", "0"], ["0", "2", "0"], ["0", "0", "3"]]}"#;
    const EXPECTED: &'static str = r#"{"invariant_factors": [{"coefficients": ["-2", "1"], "polynomial": "x - 2"}, {"coefficients": ["6", "-5", "1"], "polynomial": "x^2 - 5*x + 6"}], "check": "each divides the next; the last equals the minimal polynomial found independently; their product is det(x·I − A)"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let a = to_q(input.matrix.0);
        let s = linalg::structure(&a, &ctx.budget)?;
        let d = linalg::invariant_factors(&s, &a, &ctx.budget)?;
        Ok(Output {
            invariant_factors: d.into_iter().map(|p| PolyOut::new(p, "x")).collect(),
            check: "each divides the next; the last equals the minimal polynomial found independently; their product is det(x·I − A)".into(),
        })
    }
}
