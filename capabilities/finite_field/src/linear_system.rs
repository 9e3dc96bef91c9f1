use crate::{Element, Field, Value};
use hessian_kernels::finite_field;
use hessian_op::prelude::*;

pub struct LinearSystem;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The field GF(p^k).
    pub field: Field,
    /// The coefficient matrix A (m×n, at most 100×100).
    pub matrix: Matrix<Element, 100>,
    /// The right-hand side b, one entry per row of A.
    pub rhs: List<Element, 100>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// True when A·x = b has a solution.
    pub consistent: bool,
    /// One solution (free variables 0), or null when inconsistent.
    pub particular: Option<Vec<Value>>,
    /// A basis of the null space of A: every solution is particular + Σ c_i·basis_i.
    pub nullspace: Vec<Vec<Value>>,
}

impl Operation for LinearSystem {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "finite_field.linear_system.solve";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Solve a linear system A·x = b over a finite field GF(p^k)";
    const SUMMARY: &'static str = "All solutions of A·x = b over F_p or GF(p^k): a particular solution plus a null-space basis.";
    const DESCRIPTION: &'static str = "Solves A·x = b over GF(p^k) by reduction to reduced row echelon form: says \
        whether it is consistent and gives one solution (free variables set to 0) and a basis of the null \
        space, so the solution set is particular + span(nullspace). At most 100×100.";
    const KEYWORDS: &'static [&'static str] = &[
        "solve linear system mod p",
        "linear equations over finite field",
        "gaussian elimination GF",
        "solve over F_p",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "solve linear equations over GF(q)",
        "Gaussian elimination modulo a prime",
        "solve linear equations where all the arithmetic is done mod 2",
        "find all solutions of linear equations with numbers wrapping mod 7",
        "solve the lights out puzzle as a system of equations mod 2",
        "how do I solve a system of XOR equations",
    ];
    const ALIASES: &'static [&'static str] = &[
        "solve_right over GF",
        "LinearSolve[m, b, Modulus -> p]",
        "matsolvemod",
    ];
    const EXAMPLE: &'static str =
        r#"{"field": {"characteristic": 5}, "matrix": [[1, 2], [3, 4]], "rhs": [1, 2]}"#;
    const EXPECTED: &'static str =
        r#"{"consistent": true, "particular": ["0", "3"], "nullspace": []}"#;

    // Long run: each entry of rhs is lifted into GF(q) at its own path; one kernel call.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let gf = input.field.build("field", ctx)?;
        let rows = input.matrix.0.rows();
        if input.rhs.0.len() != rows {
            return Err(MathError::Input {
                path: "rhs".into(),
                message: format!(
                    "has {} entries but the matrix has {rows} rows",
                    input.rhs.0.len()
                ),
            });
        }
        let a = crate::field::matrix_of(&gf, input.matrix.0, "matrix")?;
        let b = (input.rhs.0.iter().enumerate())
            .map(|(i, e)| e.of(&gf, &format!("rhs.{i}")))
            .collect::<Result<Vec<_>, _>>()?;
        let (particular, nullspace) = finite_field::solve(&gf, &a, &b, &ctx.budget)?;
        let values = |v: Vec<_>| v.into_iter().map(Value).collect();
        Ok(Output {
            consistent: particular.is_some(),
            particular: particular.map(values),
            nullspace: nullspace.into_iter().map(values).collect(),
        })
    }
}
