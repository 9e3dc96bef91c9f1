use crate::MAX_SPECTRAL_ORDER;
use hessian_kernels::linalg;
use hessian_op::prelude::*;
use hessian_op::wire::{PolyOut, rows_of, to_q};

pub struct RationalCanonicalForm;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The square matrix A of exact rationals (order at most 20).
    pub matrix: SquareMatrix<Rational, MAX_SPECTRAL_ORDER>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// C: the companion matrices of the invariant factors on the
    /// diagonal (ones below the diagonal, the last column −c₀, …, −c_{d−1}).
    pub form: Rows<Rational>,
    /// P, invertible, with P⁻¹·A·P = C (absent only if no invertible P
    /// was found, which `note` then says).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transform: Option<Rows<Rational>>,
    /// The invariant factors d₁ | d₂ | …, one companion block each.
    pub invariant_factors: Vec<PolyOut>,
    pub check: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl Operation for RationalCanonicalForm {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "matrix.rational_canonical_form.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Rational canonical (Frobenius) form with its transform";
    const SUMMARY: &'static str = "The Frobenius normal form C of a rational matrix — companion blocks of its invariant factors — and an invertible P with P⁻¹·A·P = C, all over Q.";
    const DESCRIPTION: &'static str = "The invariant factors come from exact ranks (as matrix.invariant_factors.compute, the last checked against the minimal polynomial). P's columns are Krylov chains v, A·v, … of vectors vᵢ in the kernel of dᵢ(A): every solution of A·P = P·C has that shape, so a pseudo-random choice is invertible unless its determinant, a nonzero polynomial, vanishes there; a singular choice is retried. Checked: A·P = P·C exactly and det P ≠ 0. Order at most 20.";
    const KEYWORDS: &'static [&'static str] = &[
        "rational canonical form",
        "frobenius normal form",
        "frobenius form",
        "companion matrix",
        "invariant factors",
        "similarity transform",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "rational canonical form of a matrix",
        "Frobenius normal form with the change of basis",
        "standard block form built from companion matrices, with no irrational numbers needed",
        "canonical representative of a matrix using only fractions, plus basis change",
        "compare two linear maps by reducing both to the same block standard form",
        "how do I put a matrix into companion block form over the rationals",
    ];
    const ALIASES: &'static [&'static str] =
        &["rational_canonical_form", "FrobeniusForm", "frobenius_form"];
    const EXAMPLE: &'static str = r#"{"matrix": [["0", "1"], ["-2", "3"]]}"#;
    const EXPECTED: &'static str = r#"{"form": [["0", "-2"], ["1", "3"]], "transform": [["1", "0"], ["0", "-2"]], "invariant_factors": [{"coefficients": ["2", "-3", "1"], "polynomial": "x^2 - 3*x + 2"}], "check": "the last invariant factor equals the minimal polynomial found independently and their product det(x·I − A); A·P = P·C exactly with det P ≠ 0"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let a = to_q(input.matrix.0);
        let s = linalg::structure(&a, &ctx.budget)?;
        let d = linalg::invariant_factors(&s, &a, &ctx.budget)?;
        let p = linalg::frobenius_transform(&a, &d, &ctx.budget)?;
        Ok(Output {
            form: rows_of(linalg::frobenius(&d)),
            note: p.is_none().then(|| "no invertible transform among 10 choices; the form itself is certain".into()),
            transform: p.map(rows_of),
            invariant_factors: d.into_iter().map(|p| PolyOut::new(p, "x")).collect(),
            check: "the last invariant factor equals the minimal polynomial found independently and their product det(x·I − A); A·P = P·C exactly with det P ≠ 0".into(),
        })
    }
}
