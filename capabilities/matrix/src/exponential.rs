use crate::MAX_SPECTRAL_ORDER;
use hessian_kernels::expr::Expr;
use hessian_kernels::linalg::{self, Terms, term_text};
use hessian_kernels::{Mat, Q};
use hessian_op::expression::Symbol;
use hessian_op::prelude::*;
use hessian_op::wire::to_q;

pub struct Exponential;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The square matrix A of exact rationals (order at most 20), every
    /// eigenvalue rational.
    pub matrix: SquareMatrix<Rational, MAX_SPECTRAL_ORDER>,
    /// When given, e^(A·t) as a function of this variable (t); else e^A.
    #[serde(default)]
    pub variable: Option<Symbol>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// e^(A·t) (or e^A) entry by entry: sums of e^(λt) times polynomials.
    pub exponential: Rows<String>,
    pub check: String,
}

impl Operation for Exponential {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "matrix.exponential.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Exact matrix exponential e^A or e^(At)";
    const SUMMARY: &'static str = "The matrix exponential of a rational matrix with rational eigenvalues, exactly: each entry a sum of e^(λt) times a polynomial in t — the solution of x′ = A·x — proven by F′ = A·F and F(0) = I.";
    const DESCRIPTION: &'static str = "From the Jordan form A = P·J·P⁻¹ over Q: a block (λ, k) contributes e^(λt)·tʲ/j! above its diagonal. Proven without trusting P: with F = Σ_λ e^(λt)·Q_λ(t), the identity λ·Q_λ + Q_λ′ = A·Q_λ is checked coefficient by coefficient and Σ Q_λ(0) = I, so F solves F′ = A·F, F(0) = I, whose solution is unique. Without `variable` the result is e^A (t = 1). Eigenvalues that are not rational are refused. Order at most 20.";
    const KEYWORDS: &'static [&'static str] = &[
        "matrix exponential",
        "expm",
        "exp(A)",
        "e^(At)",
        "linear ode system",
        "fundamental matrix",
        "state transition matrix",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "exponential of a matrix exactly",
        "e^(At) for the system x' = A x",
        "exact formula for the solution of a linear system of differential equations",
        "e to the power of a matrix written with exponentials and polynomials in t",
        "closed form state transition matrix for a linear control system",
        "how do I compute exp of a matrix times t by hand exactly",
    ];
    const ALIASES: &'static [&'static str] = &["expm", "MatrixExp", "matrix_exp"];
    const EXAMPLE: &'static str = r#"{"matrix": [["1", "1"], ["0", "1"]], "variable": "t"}"#;
    const EXPECTED: &'static str = r#"{"exponential": [["exp(t)", "t*exp(t)"], ["0", "exp(t)"]], "check": "λ·Q_λ + Q_λ′ = A·Q_λ coefficient by coefficient for every eigenvalue λ and Σ Q_λ(0) = I: F′ = A·F, F(0) = I"}"#;

    // Long run: e^A (the polynomials at t = 1) or e^(At), entry by entry.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let a = to_q(input.matrix.0);
        let terms = linalg::exponential(&a, &ctx.budget)?.ok_or_else(|| {
            MathError::Domain("an eigenvalue is not rational: the exponential is written for rational spectra only".into())
        })?;
        let n = a.rows();
        let Some(t) = input.variable else {
            // e^A: each Q_λ at t = 1, the sum of its coefficients.
            let at_one: Terms = terms
                .into_iter()
                .map(|(l, q)| {
                    let sum = Mat::from_fn(n, n, |r, c| q.iter().map(|m| m[(r, c)].clone()).sum());
                    (l, vec![sum])
                })
                .collect();
            let base = |l: &Q| Expr::exp(Expr::num(l.clone()));
            return Ok(Output {
                exponential: (0..n)
                    .map(|r| {
                        (0..n)
                            .map(|c| term_text(&at_one, r, c, "t", &base))
                            .collect()
                    })
                    .collect(),
                check: CHECK.into(),
            });
        };
        let base = |l: &Q| Expr::exp(Expr::num(l.clone()).times(&Expr::sym(&t.0)));
        Ok(Output {
            exponential: (0..n)
                .map(|r| {
                    (0..n)
                        .map(|c| term_text(&terms, r, c, &t.0, &base))
                        .collect()
                })
                .collect(),
            check: CHECK.into(),
        })
    }
}

const CHECK: &str = "λ·Q_λ + Q_λ′ = A·Q_λ coefficient by coefficient for every eigenvalue λ and Σ Q_λ(0) = I: F′ = A·F, F(0) = I";
