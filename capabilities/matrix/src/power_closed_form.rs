use crate::MAX_SPECTRAL_ORDER;
use hessian_kernels::Q;
use hessian_kernels::expr::Expr;
use hessian_kernels::linalg::{self, term_text};
use hessian_op::expression::Symbol;
use hessian_op::prelude::*;
use hessian_op::wire::to_q;

pub struct PowerClosedForm;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The square matrix A of exact rationals (order at most 20), every
    /// eigenvalue rational.
    pub matrix: SquareMatrix<Rational, MAX_SPECTRAL_ORDER>,
    /// The exponent's name (default n).
    #[serde(default)]
    pub variable: Option<Symbol>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Aⁿ entry by entry: sums of λⁿ times polynomials in n.
    pub power: Rows<String>,
    /// The formula holds for every integer n ≥ valid_from (0 unless 0 is
    /// an eigenvalue with a Jordan block of that size).
    pub valid_from: usize,
    pub check: String,
}

impl Operation for PowerClosedForm {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "matrix.power_closed_form.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Closed form of the matrix power A^n for symbolic n";
    const SUMMARY: &'static str = "Aⁿ as a matrix of formulas in n (sums of λⁿ times polynomials in n) for a rational matrix whose eigenvalues are rational, proven for every n from where it claims to hold.";
    const DESCRIPTION: &'static str = "From the Jordan form A = P·J·P⁻¹ (exact, over Q): a block (λ, k) contributes C(n, j)·λⁿ⁻ʲ above its diagonal. The result is proven without trusting P: for each eigenvalue λ ≠ 0, A·Q_λ(n) = λ·Q_λ(n + 1) as polynomials in n (checked at deg + 1 points), so the formula satisfies Aⁿ⁺¹ = A·Aⁿ, and it equals A^valid_from exactly. Eigenvalues that are not rational are refused (matrix.jordan_form.compute still gives their structure). Order at most 20.";
    const KEYWORDS: &'static [&'static str] = &[
        "matrix power",
        "A^n",
        "closed form",
        "nth power of a matrix",
        "symbolic power",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "closed form of A^n for a symbolic n",
        "general formula for the n-th power of a matrix",
        "formula in n for each entry of a matrix multiplied by itself n times",
        "general expression for repeated application of a matrix for any step n",
        "closed formula for a linear recurrence written in matrix form",
        "how do I get a formula for A^n valid for every n",
    ];
    const ALIASES: &'static [&'static str] = &["MatrixPower", "matrix_power_symbolic"];
    const EXAMPLE: &'static str = r#"{"matrix": [["2", "1"], ["0", "2"]]}"#;
    const EXPECTED: &'static str = r#"{"power": [["2^n", "2^n*n/2"], ["0", "2^n"]], "valid_from": 0, "check": "A·Q_λ(n) = λ·Q_λ(n + 1) for every eigenvalue λ ≠ 0 as a polynomial identity, and the formula at n = 0 equals A^0 exactly: by induction it holds for every n ≥ 0"}"#;

    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let a = to_q(input.matrix.0);
        let x = input.variable.map_or_else(|| "n".to_string(), |s| s.0);
        let (terms, from) = linalg::power_closed_form(&a, &ctx.budget)?.ok_or_else(|| {
            MathError::Domain(
                "an eigenvalue is not rational: closed forms are written for rational spectra only"
                    .into(),
            )
        })?;
        let base = |l: &Q| Expr::pow(Expr::num(l.clone()), Expr::sym(&x));
        let n = a.rows();
        Ok(Output {
            power: (0..n)
                .map(|r| (0..n).map(|c| term_text(&terms, r, c, &x, &base)).collect())
                .collect(),
            valid_from: from,
            check: format!(
                "A·Q_λ({x}) = λ·Q_λ({x} + 1) for every eigenvalue λ ≠ 0 as a polynomial identity, and the formula at {x} = {from} equals A^{from} exactly: by induction it holds for every {x} ≥ {from}"
            ),
        })
    }
}
