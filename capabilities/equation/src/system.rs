use crate::polynomial::Domain;
use crate::wire::{EquationList, VariableList, halted, poly_text, system};
use hessian_kernels::poly::algebraic_number::{Number, Refused, polynomial_at};
use hessian_kernels::poly::factor::factor;
use hessian_kernels::poly::groebner::{self, Limits, Order};
use hessian_kernels::poly::nullstellensatz;
use hessian_kernels::poly::solve::factor_roots;
use hessian_kernels::poly::sparse::Sparse;
use hessian_kernels::poly::zero_dim::{Shape, Solved, check, solve};
use hessian_kernels::poly::{self, zx};
use hessian_kernels::{Budget, Q};
use hessian_op::algebraic::{Root, number_root};
use hessian_op::prelude::*;

pub struct SystemSolve;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The equations ("x^2 + y^2 = 1", "x = y", or a polynomial meaning
    /// = 0), polynomial with rational coefficients, 1 to 50.
    pub equations: EquationList,
    /// The unknowns (default: every symbol, alphabetically); at most 12.
    #[serde(default)]
    pub variables: Option<VariableList>,
    /// complex (default): all solutions; real: the real ones.
    #[serde(default)]
    pub domain: Domain,
    /// Significant digits of each decimal value, 1 to 1000 (default 20).
    #[serde(default = "hessian_op::wire::twenty_digits")]
    pub digits: Bounded<1, 1000>,
}

#[derive(Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Finitely many solutions, all listed (or counted in `omitted`).
    Finite,
    /// No complex solution: the ideal contains 1.
    NoSolutions,
    /// A solution set of dimension ≥ 1 (`dimension`), described by a lex
    /// Gröbner basis.
    InfinitelyMany,
}

#[derive(Serialize, JsonSchema)]
pub struct Value {
    pub variable: String,
    /// The coordinate as an algebraic number: exact when rational or
    /// quadratic, its minimal polynomial as root_of, decimal, enclosure.
    #[serde(flatten)]
    pub value: Root,
}

#[derive(Serialize, JsonSchema)]
pub struct Solution {
    pub real: bool,
    pub values: Vec<Value>,
}

/// All solutions at once: xⱼ = hⱼ(t) for t over the roots of m.
#[derive(Serialize, JsonSchema)]
pub struct Parametrization {
    /// The separating linear form t = Σ cⱼxⱼ.
    pub t: String,
    /// m(t), squarefree: its roots are the values of t at the solutions.
    pub polynomial: String,
    /// hⱼ(t) for each variable, in order.
    pub coordinates: Vec<String>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub status: Status,
    pub variables: Vec<String>,
    /// Distinct solutions in the domain (finite status).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<usize>,
    /// Solutions counted with multiplicity: dim Q[x]/I (finite status).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub with_multiplicity: Option<usize>,
    pub solutions: Vec<Solution>,
    /// Solutions in the domain not written out (beyond 64, or roots of a
    /// factor of m of degree > 24); the parametrization holds them.
    pub omitted: usize,
    /// Non-real solutions left out (domain real).
    pub non_real_omitted: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parametrization: Option<Parametrization>,
    /// The dimension of the solution set (infinitely many).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dimension: Option<usize>,
    /// The reduced Gröbner basis: lex when infinitely many (it describes
    /// the set), grevlex of the radical when finite, ["1"] when none.
    pub groebner_basis: Vec<String>,
    /// No solutions: cofactors cᵢ with Σ cᵢ·(leftᵢ − rightᵢ) = 1, so no
    /// point satisfies every equation (absent when none of degree ≤ 12
    /// was found within the size bound; the basis {1} proves it then).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate: Option<Vec<String>>,
    pub check: String,
}

/// Most solutions written out.
const MAX_SHOWN: usize = 64;
/// Largest degree of a factor of m whose roots are written out.
const MAX_FACTOR: usize = 24;

impl Operation for SystemSolve {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "equation.system.solve";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Solve a system of polynomial equations exactly";
    const SUMMARY: &'static str = "All solutions of a system of polynomial equations in several unknowns over Q, as tuples of algebraic numbers (exact when rational or quadratic, else root_of with enclosures), substituted back exactly; or no solutions, or the dimension of an infinite solution set.";
    const DESCRIPTION: &'static str = "Computes a grevlex Gröbner basis (Buchberger with the Gebauer–Möller criteria). The basis {1} means no solutions, certified as well by cofactors cᵢ with Σ cᵢ·(leftᵢ − rightᵢ) = 1 (Hilbert's Nullstellensatz; found by linear algebra over Q for growing degree, multiplied out and checked); a leading-monomial set with free variables gives the dimension of an infinite solution set, described by the lex basis. Otherwise the quotient ring is finite: its radical is taken by Seidenberg's lemma (the squarefree eliminant of each variable added), a linear form t = Σ cⱼxⱼ is found whose minimal polynomial m has degree equal to the number of solutions, and each variable is written xⱼ = hⱼ(t) (the shape lemma). The solutions are (h₁(t), …, hₙ(t)) for the roots t of m: each coordinate as an algebraic number whose minimal polynomial comes from the field Q[t]/(p) of each irreducible factor p of m, identified by certified disks. Checked: every equation vanishes at (h₁(t), …, hₙ(t)) modulo m(t) exactly, and Σ cⱼhⱼ(t) ≡ t, so distinct roots give distinct solutions; their number equals the dimension of the quotient, so none is missing. Bounds: 50 equations, 12 unknowns, 400 solutions with multiplicity, the basis at 400,000 terms, the deadline.";
    const KEYWORDS: &'static [&'static str] = &[
        "system of equations",
        "polynomial system",
        "simultaneous equations",
        "nonlinear system",
        "solve system",
        "intersection of curves",
        "groebner",
        "several unknowns",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "solve the system x^2 + y^2 = 1, x = y",
        "where do the circle and the parabola intersect",
        "solve simultaneous nonlinear equations exactly",
        "common solutions of polynomial equations in x and y",
        "find all points where two curves in the plane cross, exact coordinates",
        "several equations with squares and products of unknowns, find all answers",
        "intersection points of a line and an ellipse written exactly",
        "how do I solve xy = 6 and x + y = 5 together",
    ];
    const ALIASES: &'static [&'static str] = &["solve_poly_system", "nonlinsolve", "system_solve"];
    const EXAMPLE: &'static str = r#"{"equations": ["x^2 + y^2 = 1", "x = y"], "digits": 10}"#;
    const EXPECTED: &'static str = r#"{"status": "finite", "variables": ["x", "y"], "count": 2, "with_multiplicity": 2, "solutions": [{"real": true, "values": [{"variable": "x", "exact": {"expression": "-sqrt(2)/2", "latex": "-\\frac{\\sqrt{2}}{2}"}, "root_of": {"polynomial": "2*x^2 - 1", "index": 0}, "multiplicity": 1, "real": true, "decimal": "-0.7071067812", "error_bound": "6e-11", "enclosure": {"kind": "interval", "lower": "-0.7071067811865475244009", "upper": "-0.7071067811865475243991"}}, {"variable": "y", "exact": {"expression": "-sqrt(2)/2", "latex": "-\\frac{\\sqrt{2}}{2}"}, "root_of": {"polynomial": "2*y^2 - 1", "index": 0}, "multiplicity": 1, "real": true, "decimal": "-0.7071067812", "error_bound": "6e-11", "enclosure": {"kind": "interval", "lower": "-0.7071067811865475244009", "upper": "-0.7071067811865475243991"}}]}, {"real": true, "values": [{"variable": "x", "exact": {"expression": "sqrt(2)/2", "latex": "\\frac{\\sqrt{2}}{2}"}, "root_of": {"polynomial": "2*x^2 - 1", "index": 1}, "multiplicity": 1, "real": true, "decimal": "0.7071067812", "error_bound": "6e-11", "enclosure": {"kind": "interval", "lower": "0.7071067811865475243991", "upper": "0.7071067811865475244009"}}, {"variable": "y", "exact": {"expression": "sqrt(2)/2", "latex": "\\frac{\\sqrt{2}}{2}"}, "root_of": {"polynomial": "2*y^2 - 1", "index": 1}, "multiplicity": 1, "real": true, "decimal": "0.7071067812", "error_bound": "6e-11", "enclosure": {"kind": "interval", "lower": "0.7071067811865475243991", "upper": "0.7071067811865475244009"}}]}], "omitted": 0, "non_real_omitted": 0, "parametrization": {"t": "x + y", "polynomial": "t^2 - 2", "coordinates": ["1/2*t", "1/2*t"]}, "groebner_basis": ["x - y", "2*y^2 - 1"], "check": "every equation vanishes at (h₁(t), …, hₙ(t)) modulo m(t), exactly; Σ cⱼhⱼ(t) ≡ t, so the 2 roots of m are 2 distinct solutions, as many as the dimension of the quotient by the radical: none is missing; each coordinate's enclosure meets exactly one root of its minimal polynomial"}"#;

    // Long run: the three outcomes (none, infinitely many, finite) and the written-out solutions.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let b = &ctx.budget;
        let given: Vec<&_> = input.equations.0.iter().map(|e| &e.0).collect();
        let s = system(&given, input.variables, "equations", Order::Grevlex)?;
        let n = s.vars.len();
        let text = |g: &[hessian_kernels::poly::groebner::ZPoly]| {
            g.iter().map(|p| poly_text(p, &s.vars)).collect::<Vec<_>>()
        };
        let empty = |status, check: &str, basis: Vec<String>, dimension| Output {
            status,
            variables: s.vars.clone(),
            count: None,
            with_multiplicity: None,
            solutions: Vec::new(),
            omitted: 0,
            non_real_omitted: 0,
            parametrization: None,
            dimension,
            groebner_basis: basis,
            certificate: None,
            check: check.into(),
        };
        let (shape, with_multiplicity, basis) = match solve(&s.polys, n, &Limits::default(), b)
            .map_err(halted)?
        {
            Solved::Empty => {
                let given: Vec<Sparse> = s
                    .exact
                    .iter()
                    .map(|p| groebner::to_sparse(p, &s.vars, Q::clone))
                    .collect();
                let found = nullstellensatz::certificate(&given, 12, b)?;
                let mut out = empty(
                    Status::NoSolutions,
                    "the reduced Gröbner basis is {1}: 1 lies in the ideal of the equations (reached from them by S-polynomials and reductions)",
                    vec!["1".into()],
                    None,
                );
                if let Some(cofactors) = found {
                    out.check.push_str(
                        "; and the cofactors, multiplied out, combine the equations into 1 exactly",
                    );
                    out.certificate = Some(
                        cofactors
                            .iter()
                            .map(Sparse::text)
                            .map(|t| if t.is_empty() { "0".into() } else { t })
                            .collect(),
                    );
                }
                return Ok(out);
            }
            Solved::Positive { dimension, basis } => {
                return Ok(empty(
                    Status::InfinitelyMany,
                    "the leading monomials of the Gröbner basis leave the stated number of variables free: the solution set has that dimension",
                    text(&basis),
                    Some(dimension),
                ));
            }
            Solved::NotSeparated => {
                return Err(MathError::Domain(
                    "no separating linear form among the 24 tried; the solutions could not be parametrized".into(),
                ));
            }
            Solved::Finite {
                shape,
                with_multiplicity,
                basis,
            } => (shape, with_multiplicity, basis),
        };
        if !check(&s.exact, &shape, b)? {
            return Err(Stop::CheckFailed("a solution does not satisfy the equations").into());
        }
        let digits = input.digits.0 as usize;
        let (solutions, counts) = written(&shape, &s.vars, input.domain, digits, b)?;
        let d = shape.minimal.len() - 1;
        Ok(Output {
            status: Status::Finite,
            count: Some(counts.count),
            with_multiplicity: Some(with_multiplicity),
            solutions,
            omitted: counts.omitted,
            non_real_omitted: counts.non_real,
            parametrization: Some(parametrization(&shape, &s.vars)),
            dimension: None,
            groebner_basis: text(&basis),
            certificate: None,
            check: format!(
                "every equation vanishes at (h₁(t), …, hₙ(t)) modulo m(t), exactly; Σ cⱼhⱼ(t) ≡ t, so the {d} roots of m are {d} distinct solutions, as many as the dimension of the quotient by the radical: none is missing; each coordinate's enclosure meets exactly one root of its minimal polynomial"
            ),
            variables: s.vars,
        })
    }
}

struct Counts {
    count: usize,
    omitted: usize,
    non_real: usize,
}

/// The solutions in the domain, written out up to the bounds.
fn written(
    shape: &Shape,
    vars: &[String],
    domain: Domain,
    digits: usize,
    b: &Budget,
) -> Result<(Vec<Solution>, Counts), MathError> {
    let (_, m) = poly::to_primitive(&shape.minimal);
    let mut factors: Vec<zx::Poly> = factor(&m, b)?.factors.into_iter().map(|(f, _)| f).collect();
    factors.sort_by_key(Vec::len);
    let start = Q::new(1.into(), num_bigint::BigInt::from(1) << 64);
    let mut out = Vec::new();
    let mut counts = Counts {
        count: 0,
        omitted: 0,
        non_real: 0,
    };
    for mut f in factors {
        if zx::lead_sign(&f) < 0 {
            f = zx::neg(&f);
        }
        let roots = factor_roots(&f, &start, b)?.ok_or_else(|| {
            MathError::Domain(
                "the roots of m(t) could not be separated within the working precision".into(),
            )
        })?;
        for root in roots {
            if domain == Domain::Real && !root.real {
                counts.non_real += 1;
                continue;
            }
            counts.count += 1;
            if out.len() >= MAX_SHOWN || f.len() - 1 > MAX_FACTOR {
                counts.omitted += 1;
                continue;
            }
            let t = Number::new(f.clone(), root.clone());
            // A coordinate whose conjugates could not be separated is left
            // to the parametrization (the solution is proven all the same).
            let Some(values) = coordinates(&t, shape, vars, digits, b)? else {
                counts.omitted += 1;
                continue;
            };
            out.push(Solution {
                real: root.real,
                values,
            });
        }
    }
    Ok((out, counts))
}

/// The coordinates hⱼ(t) at one root t as algebraic numbers; None when one
/// could not be separated from its conjugates.
fn coordinates(
    t: &Number,
    shape: &Shape,
    vars: &[String],
    digits: usize,
    b: &Budget,
) -> Result<Option<Vec<Value>>, MathError> {
    let mut values = Vec::with_capacity(vars.len());
    for (x, h) in vars.iter().zip(&shape.coordinates) {
        let n = match polynomial_at(t, h, b)? {
            Ok(n) => n,
            Err(Refused::TooLarge(d)) => {
                return Err(MathError::Limit(format!(
                    "a coordinate's minimal polynomial of degree {d}"
                )));
            }
            Err(_) => return Ok(None),
        };
        match number_root(&n, x, digits, b) {
            Ok(value) => values.push(Value {
                variable: x.clone(),
                value,
            }),
            Err(MathError::Domain(_)) => return Ok(None),
            Err(e) => return Err(e),
        }
    }
    Ok(Some(values))
}

fn parametrization(shape: &Shape, vars: &[String]) -> Parametrization {
    let t = vec!["t".to_string()];
    let univariate = |p: &[Q]| {
        let terms: Vec<(Vec<u32>, Q)> = p
            .iter()
            .enumerate()
            .rev()
            .filter(|(_, c)| !num_traits::Zero::is_zero(*c))
            .map(|(k, c)| (vec![k as u32], c.clone()))
            .collect();
        hessian_kernels::poly::sparse::text_in_order(
            terms.iter().map(|(m, c)| (m.as_slice(), c)),
            &t,
        )
    };
    let form: Vec<(Vec<u32>, Q)> = shape
        .form
        .iter()
        .enumerate()
        .filter(|(_, c)| **c != 0)
        .map(|(j, c)| {
            let mut m = vec![0; vars.len()];
            m[j] = 1;
            (m, Q::from_integer((*c).into()))
        })
        .collect();
    Parametrization {
        t: hessian_kernels::poly::sparse::text_in_order(
            form.iter().map(|(m, c)| (m.as_slice(), c)),
            vars,
        ),
        polynomial: univariate(&shape.minimal),
        coordinates: shape.coordinates.iter().map(|h| univariate(h)).collect(),
    }
}
