use crate::wire::EquationText;
use hessian_kernels::expr::Expr;
use hessian_kernels::expr::rational::{factor_rational, quotient, to_sparse, together};
use hessian_kernels::linalg::parametric::{self, Halt, Solution, is_constant};
use hessian_kernels::poly::sparse::{Sparse, Work};
use hessian_kernels::poly::{factor::factor, to_primitive};
use hessian_kernels::{Budget, Q};
use hessian_op::expression::{ExprOut, Symbol};
use hessian_op::prelude::*;
use num_traits::Zero;
use std::collections::BTreeMap;

pub struct LinearSolve;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The equations, each "left = right" or an expression meaning = 0,
    /// linear in the unknowns (1 to 12).
    pub equations: List<EquationText, 12>,
    /// The unknowns (at most 12); every other symbol is a parameter (at
    /// most 3), which may appear polynomially in the coefficients. Default:
    /// every symbol is an unknown.
    #[serde(default)]
    pub unknowns: Option<List<Symbol, 12>>,
}

/// How many solutions a case has.
#[derive(Serialize, JsonSchema, PartialEq, Eq, Debug)]
#[serde(rename_all = "snake_case")]
pub enum Count {
    One,
    /// A family: the `free` unknowns take any value.
    Infinite,
    None,
}

#[derive(Serialize, JsonSchema)]
pub struct Case {
    /// The conditions on the parameters ("a - 1 != 0", "a = 1"); empty
    /// when there are no parameters.
    pub when: Vec<String>,
    pub solutions: Count,
    /// Each unknown's value (free unknowns stand for themselves).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub solution: BTreeMap<String, ExprOut>,
    /// Unknowns that take any value.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub free: Vec<String>,
    /// For no solutions: multipliers yᵢ of the equations whose combination
    /// Σ yᵢ·(left − right) has no unknown left and a nonzero constant.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate: Option<Certificate>,
}

#[derive(Serialize, JsonSchema)]
pub struct Certificate {
    pub multipliers: Vec<ExprOut>,
    /// Σ yᵢ·(left − right) = −gives: the combination reads 0 = gives.
    pub gives: ExprOut,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub unknowns: Vec<String>,
    pub parameters: Vec<String>,
    /// Conditions every case assumes: denominators of the input that hold
    /// a parameter are nonzero.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub assumes: Vec<String>,
    /// The generic case first, then each special value of a parameter.
    pub cases: Vec<Case>,
    /// Conditions under which the generic answer may fail and that were not
    /// solved (a special case with two or more parameters, or an
    /// irrational special value): the answer there is unknown.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unsplit: Vec<String>,
    pub check: String,
}

impl Operation for LinearSolve {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "equation.linear.solve";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Solve a system of linear equations given as text, with parameters and their cases";
    const SUMMARY: &'static str = "Solves linear equations written as text (\"2x + 3y = 7, x - y = 1\") exactly: one solution, a family with free unknowns, or none with a certificate; coefficients may hold parameters, and the special values where the generic answer fails are split into their own cases.";
    const DESCRIPTION: &'static str = "Each equation is moved to one side, its denominators cleared (those holding a parameter are assumed nonzero and listed), and read as a row of A·x = b with coefficients polynomial in the parameters. Fraction-free Gauss–Jordan elimination over Q[parameters] gives the generic answer, valid where every pivot is nonzero; with one parameter each pivot (and, for no solution, the constant it leaves) is factored over Q, and every rational root of a factor becomes its own case, solved again with that value. Irrational special values and special cases of two or more parameters are listed in `unsplit`. Every answer is substituted back into the equations (multiplied out, the zero polynomial); no solution comes with multipliers whose combination of the equations cancels every unknown and leaves a nonzero constant, recomputed from the input. At most 12 equations, 12 unknowns and 3 parameters.";
    const KEYWORDS: &'static [&'static str] = &[
        "linear system",
        "system of linear equations",
        "simultaneous equations",
        "solve for x and y",
        "parameter",
        "case distinction",
        "inconsistent",
        "infinitely many solutions",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "solve 2x + 3y = 7 and x - y = 1",
        "for which values of a does this system have a solution",
        "two equations two unknowns",
        "find x, y and z from three equations",
        "find the prices of apples and pears from two shopping receipts",
        "three unknowns and three equations, solve exactly with fractions",
        "which values of k make this system have no solution or infinitely many",
        "how do I solve simultaneous linear equations typed in as text",
    ];
    const ALIASES: &'static [&'static str] = &["linsolve", "solve_linear_system", "LinearSolve"];
    const EXAMPLE: &'static str =
        r#"{"equations": ["a*x + y = 1", "x + a*y = 1"], "unknowns": ["x", "y"]}"#;
    const EXPECTED: &'static str = r#"{"unknowns": ["x", "y"], "parameters": ["a"], "cases": [{"when": ["a + 1 != 0", "a - 1 != 0"], "solutions": "one", "solution": {"x": {"expression": "1/(a + 1)", "latex": "\\frac{1}{a + 1}"}, "y": {"expression": "1/(a + 1)", "latex": "\\frac{1}{a + 1}"}}}, {"when": ["a = -1"], "solutions": "none", "certificate": {"multipliers": [{"expression": "-1", "latex": "-1"}, {"expression": "-1", "latex": "-1"}], "gives": {"expression": "-2", "latex": "-2"}}}, {"when": ["a = 1"], "solutions": "infinite", "solution": {"x": {"expression": "-y + 1", "latex": "-y + 1"}, "y": {"expression": "y", "latex": "y"}}, "free": ["y"]}], "check": "3 cases substituted back into the equations (the zero polynomial after clearing the pivots); every inconsistency certificate recomputed from the input"}"#;

    // Long run: text to rows, the generic case, then each special value.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let b = &ctx.budget;
        let equations: Vec<Expr> = input.equations.0.into_iter().map(|e| e.0).collect();
        let mut symbols: Vec<String> = equations.iter().flat_map(|e| e.symbols()).collect();
        symbols.sort();
        symbols.dedup();
        let unknowns: Vec<String> = match input.unknowns {
            Some(list) => {
                let mut u: Vec<String> = list.0.into_iter().map(|s| s.0).collect();
                let before = u.len();
                u.dedup();
                if u.len() != before {
                    return Err(MathError::Input {
                        path: "unknowns".into(),
                        message: "an unknown is named twice".into(),
                    });
                }
                u
            }
            None => symbols.clone(),
        };
        if unknowns.is_empty() {
            return Err(MathError::Input {
                path: "unknowns".into(),
                message: "the equations hold no symbol; there is nothing to solve for".into(),
            });
        }
        let parameters: Vec<String> = symbols
            .iter()
            .filter(|s| !unknowns.contains(s))
            .cloned()
            .collect();
        if parameters.len() > 3 {
            return Err(MathError::Limit(format!(
                "{} parameters ({}); at most 3 (name the unknowns in `unknowns`)",
                parameters.len(),
                parameters.join(", ")
            )));
        }
        let (a, rhs, assumes) = rows(&equations, &unknowns, &parameters, b)?;
        let halt = |h: Halt| match h {
            Halt::Stopped(s) => MathError::from(s),
            Halt::TooBig => MathError::Limit(
                "the elimination's polynomials grow beyond the expansion bound".into(),
            ),
        };
        let generic = parametric::solve(&a, &rhs, &parameters, &unknowns, b).map_err(halt)?;
        let mut special: Vec<Sparse> = generic
            .pivots
            .iter()
            .filter(|p| !is_constant(p))
            .cloned()
            .collect();
        if let Solution::Inconsistent { gives, .. } = &generic.solution
            && !is_constant(gives)
        {
            special.push(gives.clone());
        }
        let mut cases = Vec::new();
        let mut unsplit = Vec::new();
        let mut when = Vec::new();
        if parameters.len() == 1 {
            let mut values: Vec<(Q, String)> = Vec::new();
            for p in &special {
                let Some((_, coeffs)) = p.univariate() else {
                    continue;
                };
                let (_, f) = to_primitive(&coeffs);
                for (g, _) in factor(&f, b)?.factors {
                    let g_text = ExprOut::new(&hessian_kernels::expr::rational::from_poly(
                        &hessian_kernels::poly::from_z(&g),
                        &parameters[0],
                    ))?
                    .expression;
                    if g.len() == 2 {
                        let v = Q::new(-g[0].clone(), g[1].clone());
                        if !values.iter().any(|(w, _)| *w == v) {
                            values.push((v, g_text));
                        }
                    } else if !unsplit.contains(&format!("{g_text} = 0")) {
                        when.push(format!("{g_text} != 0"));
                        unsplit.push(format!("{g_text} = 0"));
                    }
                }
            }
            values.sort();
            let mut specials = Vec::new();
            for (v, g_text) in values {
                let (sa, sb) = parametric::substituted(&a, &rhs, 0, &v).map_err(halt)?;
                let solved =
                    parametric::solve(&sa, &sb, &parameters, &unknowns, b).map_err(halt)?;
                // A pivot that vanishes where the generic answer still holds
                // (the first pivot a of a*x + y = 1) is no case of its own.
                if same_at(&generic.solution, &solved.solution, &v).map_err(halt)? {
                    continue;
                }
                when.push(format!("{g_text} != 0"));
                let value = ExprOut::new(&Expr::num(v))?.expression;
                specials.push(case(
                    vec![format!("{} = {value}", parameters[0])],
                    &solved.solution,
                    &unknowns,
                    b,
                )?);
            }
            cases.push(case(when, &generic.solution, &unknowns, b)?);
            cases.extend(specials);
        } else {
            for p in &special {
                let p = p.scale(&(Q::from_integer(1.into()) / leading(p)));
                let t = ExprOut::new(&sparse_expr(&p))?.expression;
                if !unsplit.contains(&format!("{t} = 0")) {
                    when.push(format!("{t} != 0"));
                    unsplit.push(format!("{t} = 0"));
                }
            }
            cases.push(case(when, &generic.solution, &unknowns, b)?);
        }
        Ok(Output {
            check: format!(
                "{} case{} substituted back into the equations (the zero polynomial after clearing the pivots){}",
                cases.len(),
                if cases.len() == 1 { "" } else { "s" },
                if cases.iter().any(|c| c.certificate.is_some()) {
                    "; every inconsistency certificate recomputed from the input"
                } else {
                    ""
                }
            ),
            unknowns,
            parameters,
            assumes,
            cases,
            unsplit,
        })
    }
}

type Rows = (Vec<Vec<Sparse>>, Vec<Sparse>, Vec<String>);

/// Each equation as a row of A·x = b over Q[parameters]; denominators
/// holding a parameter are returned as assumptions.
fn rows(
    equations: &[Expr],
    unknowns: &[String],
    parameters: &[String],
    b: &Budget,
) -> Result<Rows, MathError> {
    let np = parameters.len();
    let mut vars: Vec<String> = parameters.to_vec();
    vars.extend(unknowns.iter().cloned());
    let (mut a, mut rhs, mut assumes) = (Vec::new(), Vec::new(), Vec::new());
    for (i, e) in equations.iter().enumerate() {
        let path = format!("equations[{i}]");
        let (n, d) = together(e, b)?.ok_or_else(|| {
            MathError::Limit(format!(
                "{path}: clearing its denominators grows beyond the expansion bound"
            ))
        })?;
        if d.symbols().iter().any(|s| unknowns.contains(s)) {
            return Err(MathError::Domain(format!(
                "{path}: an unknown appears in a denominator, so the equation is not linear in the unknowns"
            )));
        }
        if !d.symbols().is_empty() {
            let t = ExprOut::new(&d)?.expression;
            if !assumes.contains(&format!("{t} != 0")) {
                assumes.push(format!("{t} != 0"));
            }
        }
        let not_linear = || {
            MathError::Domain(format!(
                "{path}: not linear in the unknowns {} with coefficients polynomial in the parameters",
                unknowns.join(", ")
            ))
        };
        let s = to_sparse(&n, &vars, &mut Work::default()).ok_or_else(not_linear)?;
        let mut row = vec![Sparse::zero(parameters); unknowns.len()];
        let mut constant = Sparse::zero(parameters);
        for (exps, c) in &s.terms {
            let degree: u32 = exps[np..].iter().sum();
            let mut term = Sparse::zero(parameters);
            term.terms.insert(exps[..np].to_vec(), c.clone());
            match degree {
                0 => constant = constant.add(&term),
                1 => {
                    let j = exps[np..].iter().position(|&k| k == 1).unwrap_or(0);
                    row[j] = row[j].add(&term);
                }
                _ => return Err(not_linear()),
            }
        }
        a.push(row);
        rhs.push(constant.neg());
    }
    Ok((a, rhs, assumes))
}

/// A polynomial as an expression: Σ c·∏ varᵉ.
fn sparse_expr(s: &Sparse) -> Expr {
    s.terms
        .iter()
        .fold(Expr::num(Q::from_integer(0.into())), |acc, (exps, c)| {
            let term = exps
                .iter()
                .zip(&s.vars)
                .filter(|(e, _)| **e > 0)
                .fold(Expr::num(c.clone()), |t, (e, v)| {
                    t.times(&Expr::sym(v).pow_int(i64::from(*e)))
                });
            acc.plus(&term)
        })
}

/// Whether the generic solution, at the parameter's value v (its
/// denominators nonzero there), is the special one: the same free
/// unknowns and every value equal as a fraction.
fn same_at(generic: &Solution, special: &Solution, v: &Q) -> Result<bool, Halt> {
    let (
        Solution::Solved {
            values: g,
            free: gf,
        },
        Solution::Solved {
            values: s,
            free: sf,
        },
    ) = (generic, special)
    else {
        return Ok(false);
    };
    if gf != sf {
        return Ok(false);
    }
    let mut work = Work::default();
    for ((gn, gd), (sn, sd)) in g.iter().zip(s) {
        // One parameter and no free unknown: the fraction's value at v,
        // common factors (x − v) cancelled first.
        if let (Some((_, n)), Some((_, d)), Some((_, m)), Some((_, e))) = (
            gn.univariate(),
            gd.univariate(),
            sn.univariate(),
            sd.univariate(),
        ) && m.len() <= 1
            && e.len() == 1
        {
            let theirs = m.first().cloned().unwrap_or_default() / &e[0];
            if value_at(n, d, v) != Some(theirs) {
                return Ok(false);
            }
            continue;
        }
        let by = Sparse::constant(&gn.vars, v.clone());
        let (gn, gd) = (
            gn.substitute(0, &by, &mut work)?,
            gd.substitute(0, &by, &mut work)?,
        );
        if gd.is_zero() || gn.mul(sd, &mut work)? != sn.mul(&gd, &mut work)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// n(v)/d(v) after cancelling the factors (x − v) they share; None at a
/// pole.
fn value_at(mut n: Vec<Q>, mut d: Vec<Q>, v: &Q) -> Option<Q> {
    let at = |p: &[Q]| p.iter().rev().fold(Q::zero(), |acc, c| acc * v + c);
    // p / (x − v) by synthetic division (p(v) = 0).
    let divided = |p: &[Q]| {
        let mut out = vec![Q::zero(); p.len().saturating_sub(1)];
        let mut carry = Q::zero();
        for k in (1..p.len()).rev() {
            carry = &p[k] + carry * v;
            out[k - 1] = carry.clone();
        }
        out
    };
    loop {
        let (nv, dv) = (at(&n), at(&d));
        if !dv.is_zero() {
            return Some(nv / dv);
        }
        if !nv.is_zero() || n.is_empty() || d.len() <= 1 {
            return None;
        }
        n = divided(&n);
        d = divided(&d);
    }
}

/// The coefficient of the term written first (highest total degree).
fn leading(p: &Sparse) -> Q {
    p.terms
        .iter()
        .max_by(|a, b| {
            let (da, db): (u32, u32) = (a.0.iter().sum(), b.0.iter().sum());
            da.cmp(&db).then_with(|| a.0.cmp(b.0))
        })
        .map(|(_, c)| c.clone())
        .unwrap_or_else(|| Q::from_integer(1.into()))
}

/// n/d with d's leading coefficient 1, reduced over Q when it has a
/// single symbol.
fn value(n: &Sparse, d: &Sparse, b: &Budget) -> Result<Expr, MathError> {
    let unit = Q::from_integer(1.into()) / leading(d);
    let e = quotient(&sparse_expr(&n.scale(&unit)), &sparse_expr(&d.scale(&unit)));
    if e.symbols().len() == 1
        && let Some(f) = factor_rational(&e, b)?
    {
        return Ok(f.product());
    }
    Ok(e)
}

fn case(
    when: Vec<String>,
    solution: &Solution,
    unknowns: &[String],
    b: &Budget,
) -> Result<Case, MathError> {
    Ok(match solution {
        Solution::Solved { values, free } => {
            let mut out = BTreeMap::new();
            for (j, (n, d)) in values.iter().enumerate() {
                out.insert(unknowns[j].clone(), ExprOut::new(&value(n, d, b)?)?);
            }
            Case {
                when,
                solutions: if free.is_empty() {
                    Count::One
                } else {
                    Count::Infinite
                },
                solution: out,
                free: free.iter().map(|&j| unknowns[j].clone()).collect(),
                certificate: None,
            }
        }
        Solution::Inconsistent { multipliers, gives } => Case {
            when,
            solutions: Count::None,
            solution: BTreeMap::new(),
            free: Vec::new(),
            certificate: Some(Certificate {
                multipliers: multipliers
                    .iter()
                    .map(|m| ExprOut::new(&sparse_expr(m)))
                    .collect::<Result<_, _>>()?,
                gives: ExprOut::new(&sparse_expr(gives))?,
            }),
        },
    })
}
