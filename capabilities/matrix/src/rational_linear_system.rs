use hessian_kernels::linalg::{self, Solution};
use hessian_op::prelude::*;
use hessian_op::wire::{to_q, vector_of};

pub struct RationalLinearSystem;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The coefficient matrix A (m×n), exact rationals.
    pub matrix: Matrix<Rational, 200>,
    /// The right-hand side b: one entry per row of A.
    pub rhs: List<Rational, 200>,
}

/// The whole solution set of A·x = b.
#[derive(Serialize, JsonSchema)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Output {
    /// Exactly one solution.
    Unique { solution: Vec<Rational> },
    /// No solution: the system is inconsistent.
    None {},
    /// Infinitely many: every `particular + Σ tᵢ·basis[i]` with rational tᵢ.
    Parametric {
        particular: Vec<Rational>,
        basis: Vec<Vec<Rational>>,
    },
}

impl Operation for RationalLinearSystem {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "matrix.rational_linear_system.solve";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Solve a rational linear system A·x = b";
    const SUMMARY: &'static str =
        "All solutions of A·x = b over the rationals: unique, none, or a parametric family.";
    const DESCRIPTION: &'static str = "Solves A·x = b exactly for a rational m×n matrix A and right-hand side b \
        (m entries). The output's `status` is `unique` (with `solution`), `none` (inconsistent), or \
        `parametric` (a `particular` solution plus a `basis` of the nullspace of A). At most 200×200.";
    const KEYWORDS: &'static [&'static str] = &[
        "linear system",
        "solve",
        "equations",
        "simultaneous equations",
        "linsolve",
        "Ax=b",
        "rational",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "exact solution of A x = b with fractions",
        "solve simultaneous linear equations",
        "all solutions of a linear system or a proof that none exists",
        "solve several equations in several unknowns with fractions, or say none exists",
        "find all answers to a set of linear equations, including free parameters",
        "work out amounts of three ingredients to hit nutrition targets exactly",
        "how do I solve 3 equations in 4 unknowns and describe every solution",
    ];
    const ALIASES: &'static [&'static str] =
        &["linsolve", "LinearSolve", "solve_linear_system", "matsolve"];
    const EXAMPLE: &'static str = r#"{"matrix": [["2", "1"], ["1", "3"]], "rhs": ["3", "5"]}"#;
    const EXPECTED: &'static str = r#"{"status": "unique", "solution": ["4/5", "7/5"]}"#;

    // Long run: the rhs refusal and three solution shapes (unique, parametric, none).
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let a = to_q(input.matrix.0);
        let b: Vec<_> = input.rhs.0.into_iter().map(|r| r.0).collect();
        if b.len() != a.rows() {
            return Err(MathError::Input {
                path: "rhs".into(),
                message: format!(
                    "`rhs` has {} entries but the matrix has {} rows; give one per row",
                    b.len(),
                    a.rows()
                ),
            });
        }
        Ok(match linalg::solve(&a, &b, &ctx.budget)? {
            Solution::Unique(x) => Output::Unique {
                solution: vector_of(x),
            },
            Solution::Inconsistent => Output::None {},
            Solution::Family { particular, basis } => Output::Parametric {
                particular: vector_of(particular),
                basis: basis.into_iter().map(vector_of).collect(),
            },
        })
    }
}
