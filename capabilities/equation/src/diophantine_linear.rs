use crate::wire::{EquationList, VariableList, system};
use hessian_kernels::expr::{Expr, print};
use hessian_kernels::linalg::determinant;
use hessian_kernels::normal_form::hermite;
use hessian_kernels::poly::groebner::Order;
use hessian_kernels::{Mat, Q};
use hessian_op::prelude::*;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

pub struct DiophantineLinear;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// Linear equations with rational coefficients ("6*x + 10*y = 8",
    /// "x + y + z = 1"), 1 to 50; the unknowns are integers.
    pub equations: EquationList,
    /// The unknowns, in order (default: the symbols alphabetically); at
    /// most 12.
    #[serde(default)]
    pub variables: Option<VariableList>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Whether an integer solution exists.
    pub solvable: bool,
    pub variables: Vec<String>,
    /// One integer solution (absent when none exists).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub particular: Option<Vec<String>>,
    /// A basis v₁, …, v_k of the integer solutions of the homogeneous
    /// system: every solution is particular + Σ tᵢ·vᵢ with tᵢ ∈ Z, once.
    pub kernel_basis: Vec<Vec<String>>,
    /// The general solution written out with parameters t1, t2, …
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub general: Vec<String>,
    /// Why there is no integer solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    pub check: String,
}

impl Operation for DiophantineLinear {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "equation.diophantine.linear.solve";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Solve linear Diophantine equations: all integer solutions";
    const SUMMARY: &'static str = "The general integer solution of a·x + b·y = c or of a system of linear equations over Z: a particular solution plus a basis of the integer kernel, or a proof that none exists.";
    const DESCRIPTION: &'static str = "Writes the system as A·x = b with integer entries (each equation's denominators cleared) and reduces Aᵀ to Hermite normal form by unimodular operations, so A·V = L is in column echelon form with V unimodular. Then A·x = b ⇔ L·y = b with x = V·y: the pivot columns fix y₁, …, y_r by forward substitution — a quotient that is not an integer, or a row left unsatisfied, proves there is no integer solution (saying which) — and the other yᵢ are free. Checked: A·x₀ = b, A·vᵢ = 0 for each kernel vector, and det V = ±1, which makes the parametrization complete and without repetition. Bounds: 50 equations, 12 unknowns.";
    const KEYWORDS: &'static [&'static str] = &[
        "diophantine",
        "integer solutions",
        "linear diophantine equation",
        "bezout",
        "integer linear system",
        "lattice",
        "solve over the integers",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "integer solutions of 6x + 10y = 8",
        "solve a linear diophantine equation",
        "all whole number solutions of a system of linear equations",
        "whole number answers to 3x + 5y = 47",
        "pay exactly 100 cents using 7 cent and 11 cent stamps, integer combinations",
        "equations where the unknowns must be integers, find every solution",
        "is there a way to tell if ax + by = c has integer solutions",
    ];
    const ALIASES: &'static [&'static str] = &["diophantine", "diop_linear", "FindInstance"];
    const EXAMPLE: &'static str = r#"{"equations": ["6*x + 10*y = 8"]}"#;
    const EXPECTED: &'static str = r#"{"solvable": true, "variables": ["x", "y"], "particular": ["8", "-4"], "kernel_basis": [["5", "-3"]], "general": ["x = 5*t1 + 8", "y = -3*t1 - 4"], "check": "A·x₀ = b and A·vᵢ = 0 recomputed; the column transform V has determinant ±1, so x₀ + Σ tᵢ·vᵢ (tᵢ ∈ Z) is every integer solution exactly once"}"#;

    // Long run: parse, Hermite form, forward substitution with its two refusals, then the checks.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let b = &ctx.budget;
        let given: Vec<&_> = input.equations.0.iter().map(|e| &e.0).collect();
        let s = system(&given, input.variables, "equations", Order::Grlex)?;
        let n = s.vars.len();
        // Rows [a₁ … aₙ | −c] from each primitive integer polynomial.
        let mut a = Vec::with_capacity(s.polys.len());
        let mut rhs = Vec::with_capacity(s.polys.len());
        for (k, p) in s.polys.iter().enumerate() {
            let mut row = vec![BigInt::zero(); n];
            let mut c = BigInt::zero();
            for (m, coefficient) in &p.terms {
                match m.iter().sum::<u32>() {
                    0 => c = -coefficient.clone(),
                    1 => {
                        let j = m.iter().position(|&e| e == 1).unwrap_or(0);
                        row[j] = coefficient.clone();
                    }
                    _ => {
                        return Err(MathError::Domain(format!(
                            "equations[{k}] is not linear in {}",
                            s.vars.join(", ")
                        )));
                    }
                }
            }
            a.push(row);
            rhs.push(c);
        }
        let m = a.len();
        let am = Mat::from_fn(m, n, |i, j| a[i][j].clone());
        let h = hermite(&am.transpose(), b)?;
        let v = h.u.transpose();
        let l = h.h.transpose();
        let r = h.pivots.len();
        let mut y = vec![BigInt::zero(); n];
        let mut why = None;
        for k in 0..r {
            let p = h.pivots[k];
            let mut value = rhs[p].clone();
            for (j, yj) in y.iter().enumerate().take(k) {
                value -= &l[(p, j)] * yj;
            }
            let (q, rem) = value.div_rem(&l[(p, k)]);
            if !rem.is_zero() {
                why = Some(format!(
                    "no integer solution: with x = V·y (V unimodular), equation {} becomes {}·y{} = {}{}, and {} does not divide {}",
                    p + 1,
                    l[(p, k)],
                    k + 1,
                    value,
                    if k == 0 {
                        String::new()
                    } else {
                        format!(" once y1…y{k} are fixed")
                    },
                    l[(p, k)].abs(),
                    value
                ));
                break;
            }
            y[k] = q;
        }
        let x0: Vec<BigInt> = (0..n)
            .map(|i| (0..n).map(|j| &v[(i, j)] * &y[j]).sum())
            .collect();
        let times = |x: &[BigInt]| -> Vec<BigInt> {
            a.iter()
                .map(|row| row.iter().zip(x).map(|(c, xi)| c * xi).sum())
                .collect()
        };
        if why.is_none() && times(&x0) != rhs {
            why = Some("no solution at all, even rational: the equations are inconsistent".into());
        }
        let kernel: Vec<Vec<BigInt>> = (r..n)
            .map(|j| (0..n).map(|i| v[(i, j)].clone()).collect())
            .collect();
        if kernel.iter().any(|k| times(k).iter().any(|c| !c.is_zero())) {
            return Err(Stop::CheckFailed("a kernel vector is not a solution of A·v = 0").into());
        }
        let det = determinant(&v.map(|c| Q::from_integer(c.clone())), b)?;
        if det.abs() != Q::one() {
            return Err(Stop::CheckFailed("the column transform is not unimodular").into());
        }
        let text = |x: &[BigInt]| x.iter().map(BigInt::to_string).collect::<Vec<_>>();
        let general = if why.is_none() {
            (0..n)
                .map(|i| {
                    let mut terms = vec![Expr::integer(x0[i].clone())];
                    for (t, k) in kernel.iter().enumerate() {
                        terms.push(
                            Expr::integer(k[i].clone()).times(&Expr::sym(&format!("t{}", t + 1))),
                        );
                    }
                    format!("{} = {}", s.vars[i], print::text(&Expr::add(terms)))
                })
                .collect()
        } else {
            Vec::new()
        };
        Ok(Output {
            solvable: why.is_none(),
            particular: why.is_none().then(|| text(&x0)),
            kernel_basis: kernel.iter().map(|k| text(k)).collect(),
            general,
            check: match &why {
                None => "A·x₀ = b and A·vᵢ = 0 recomputed; the column transform V has determinant ±1, so x₀ + Σ tᵢ·vᵢ (tᵢ ∈ Z) is every integer solution exactly once".into(),
                Some(_) => "the column transform V has determinant ±1, so A·x = b has an integer solution exactly when L·y = b does, and the stated row rules that out".into(),
            },
            why,
            variables: s.vars,
        })
    }
}
