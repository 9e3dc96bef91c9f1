use hessian_kernels::Q;
use hessian_kernels::expr::zero::{Verdict, is_zero};
use hessian_kernels::expr::{Expr, print};
use hessian_kernels::poly::{self, QPoly};
use hessian_kernels::sequence::closed_form::{Part, characteristic, closed_form, value};
use hessian_kernels::sequence::terms;
use hessian_op::expression::ExprOut;
use hessian_op::prelude::*;
use num_traits::Zero;
use std::collections::BTreeMap;

pub struct RecurrenceSolve;

/// Largest order (after the forcing term is absorbed).
const MAX_ORDER: usize = 30;
/// Largest numerator or denominator of a coefficient or forcing term.
const MAX_COEFFICIENT_BITS: u64 = 64;
/// Largest numerator or denominator of an initial value.
const MAX_INITIAL_BITS: u64 = 1024;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// c₁, …, c_k of a(n) = c₁·a(n−1) + … + c_k·a(n−k) + f(n), c_k ≠ 0;
    /// at most 30.
    pub coefficients: List<Rational, MAX_ORDER>,
    /// a(0), …, a(k−1), as many as coefficients.
    pub initial_values: List<Rational, MAX_ORDER>,
    /// f(n) = f₀ + f₁·n + f₂·n² + … as its coefficients (default: none, a
    /// homogeneous recurrence); order + degree + 1 ≤ 30.
    #[serde(default)]
    pub forcing: Option<List<Rational, MAX_ORDER>>,
}

#[derive(Serialize, JsonSchema)]
pub struct FactorOut {
    /// An irreducible factor of the characteristic polynomial, in x.
    pub polynomial: String,
    pub multiplicity: usize,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// a(n) for every n ≥ 0, in n: powers of the characteristic roots
    /// (exact when rational or quadratic, else root_sum over a factor's
    /// roots) times polynomials in n.
    pub closed_form: ExprOut,
    /// Of the homogeneous recurrence (times (x − 1)^(deg f + 1) when
    /// there is a forcing term).
    pub characteristic_polynomial: String,
    pub factors: Vec<FactorOut>,
    /// a(0), …, a(9) from the recurrence.
    pub first_terms: Vec<String>,
    pub check: String,
}

impl Operation for RecurrenceSolve {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "equation.recurrence.solve";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Closed form of a linear recurrence with constant coefficients";
    const SUMMARY: &'static str = "Solves a(n) = c₁a(n−1) + … + c_k·a(n−k) (+ a polynomial in n) exactly: a(n) as a sum of powers of the characteristic roots times polynomials in n (Fibonacci → Binet's formula), checked against the recurrence's terms.";
    const DESCRIPTION: &'static str = "Factors the characteristic polynomial x^k − c₁x^(k−1) − … − c_k over Q; a forcing polynomial f of degree d multiplies it by (x − 1)^(d+1) (the annihilator of f) after d + 1 more terms are computed. For each irreducible factor p^e the part is Σ over the roots θ of p of C(θ, n)·θⁿ with C a polynomial in n of degree < e whose coefficients lie in Q[t]/(p); the k unknown rationals solve the k×k system of the initial values written with traces. Rational roots give c·n^j·θⁿ, quadratic ones both conjugates with square roots, higher degrees a root_sum over the factor's roots. Checked: the form (built from roots of χ with their multiplicities, so it satisfies the recurrence) equals the recurrence's terms at n = 0 … k + 9 exactly, and the printed expression is proven equal to the first terms. Bounds: order 30 (with the forcing term absorbed), coefficients and forcing terms of 64 bits, initial values of 1,024 bits, c_k ≠ 0.";
    const KEYWORDS: &'static [&'static str] = &[
        "recurrence relation",
        "closed form",
        "linear recurrence",
        "solve recurrence",
        "characteristic equation",
        "fibonacci formula",
        "binet",
        "difference equation",
        "rsolve",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "solve the recurrence a(n) = a(n-1) + a(n-2)",
        "closed form of a(n) = 2a(n-1) + 1",
        "explicit formula for a linear recurrence relation",
        "formula for the nth term when each term depends on the previous two",
        "find the nth number of a sequence without computing all the earlier ones",
        "direct formula for the number of rabbit pairs after n months",
        "how do I turn a(n) = 3a(n-1) - 2a(n-2) into an explicit formula",
    ];
    const ALIASES: &'static [&'static str] = &["rsolve", "RSolve", "solve_recurrence"];
    const EXAMPLE: &'static str = r#"{"coefficients": ["1", "1"], "initial_values": ["0", "1"]}"#;
    const EXPECTED: &'static str = r#"{"closed_form": {"expression": "-sqrt(5)*(-sqrt(5)/2 + 1/2)^n/5 + sqrt(5)*(sqrt(5)/2 + 1/2)^n/5", "latex": "-\\frac{\\sqrt{5} \\cdot \\left(-\\frac{\\sqrt{5}}{2} + \\frac{1}{2}\\right)^{n}}{5} + \\frac{\\sqrt{5} \\cdot \\left(\\frac{\\sqrt{5}}{2} + \\frac{1}{2}\\right)^{n}}{5}"}, "characteristic_polynomial": "x^2 - x - 1", "factors": [{"polynomial": "x^2 - x - 1", "multiplicity": 1}], "first_terms": ["0", "1", "1", "2", "3", "5", "8", "13", "21", "34"], "check": "the form's parts are powers of roots of the characteristic polynomial of order 2 within their multiplicities, so it satisfies the recurrence; it equals the recurrence's terms a(0) … a(11) exactly (traces in each factor's field); the written expression is proven equal to a(n) for 6 of n = 0 … 5"}"#;

    // Long run: the forcing absorbed, the parts solved and checked twice, then written.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let b = &ctx.budget;
        let mut c: Vec<Q> = input.coefficients.0.into_iter().map(|r| r.0).collect();
        let mut initial: Vec<Q> = input.initial_values.0.into_iter().map(|r| r.0).collect();
        if initial.len() != c.len() {
            return Err(MathError::Input {
                path: "initial_values".into(),
                message: format!(
                    "{} initial values for a recurrence of order {}; give a(0) … a({})",
                    initial.len(),
                    c.len(),
                    c.len() - 1
                ),
            });
        }
        // Traces of powers of roots grow with the coefficients' size times
        // the order: bounded so that every step stays short.
        let small = |q: &Q, bits: u64| q.numer().bits() <= bits && q.denom().bits() <= bits;
        let forcing_given = input.forcing.as_ref().map_or(&[][..], |f| &f.0[..]);
        if !c
            .iter()
            .chain(forcing_given.iter().map(|r| &r.0))
            .all(|q| small(q, MAX_COEFFICIENT_BITS))
            || !initial.iter().all(|q| small(q, MAX_INITIAL_BITS))
        {
            return Err(MathError::Limit(format!(
                "coefficients and forcing terms of at most {MAX_COEFFICIENT_BITS} bits (numerator and denominator), initial values of at most {MAX_INITIAL_BITS}"
            )));
        }
        if c.last().is_some_and(Zero::is_zero) {
            return Err(MathError::Input {
                path: "coefficients".into(),
                message: "the last coefficient c_k is 0: drop it (the order is lower) and start the initial values where the recurrence begins".into(),
            });
        }
        let k = c.len();
        let forcing: QPoly = poly::trim(
            input
                .forcing
                .map(|f| f.0.into_iter().map(|r| r.0).collect())
                .unwrap_or_default(),
        );
        let forced = |n: usize, a: &[Q]| -> Q {
            let mut next = poly::evaluate(&forcing, &Q::from_integer(n.into()));
            for (i, ci) in c.iter().enumerate() {
                next += ci * &a[n - 1 - i];
            }
            next
        };
        // The sequence itself, from the recurrence as given.
        let mut seq = initial.clone();
        for n in k..k + forcing.len() + 10 {
            b.check()?;
            let next = forced(n, &seq);
            seq.push(next);
        }
        if !forcing.is_empty() {
            // χ·(x − 1)^(d+1): the same sequence satisfies it from a(0).
            let extra = forcing.len();
            if k + extra > MAX_ORDER {
                return Err(MathError::Limit(format!(
                    "order {k} plus a forcing polynomial of degree {} exceeds {MAX_ORDER}",
                    extra - 1
                )));
            }
            let mut chi = characteristic(&c);
            for _ in 0..extra {
                chi = poly::mul(
                    &chi,
                    &[-Q::from_integer(1.into()), Q::from_integer(1.into())],
                );
            }
            let order = chi.len() - 1;
            c = (1..=order).map(|i| -chi[order - i].clone()).collect();
            initial = seq[..order].to_vec();
        }
        let order = c.len();
        let parts = closed_form(&c, &initial, b)?;
        for (n, a) in seq.iter().enumerate() {
            if value(&parts, n, b)? != *a {
                return Err(Stop::CheckFailed(
                    "the closed form differs from a term of the recurrence",
                )
                .into());
            }
        }
        let recomputed = terms(&c, &initial, seq.len() - 1, b)?;
        if recomputed != seq {
            return Err(
                Stop::CheckFailed("the absorbed recurrence differs from the given one").into(),
            );
        }
        let form = written(&parts);
        let mut proven = 0;
        for (n, a) in seq.iter().enumerate().take(6) {
            let at = form.substitute(&BTreeMap::from([("n".to_string(), Expr::int(n as i64))]));
            match is_zero(&at.minus(&Expr::num(a.clone())), b)? {
                Verdict::Proven { .. } => proven += 1,
                Verdict::Disproven { .. } => {
                    return Err(
                        Stop::CheckFailed("the written closed form differs from a term").into(),
                    );
                }
                _ => {}
            }
        }
        let x = |p: &[Q]| print::text(&hessian_kernels::expr::rational::from_poly(p, "x"));
        Ok(Output {
            closed_form: ExprOut::new(&form)?,
            characteristic_polynomial: x(&characteristic(&c)),
            factors: parts
                .iter()
                .map(|p| FactorOut {
                    polynomial: x(&p.factor),
                    multiplicity: p.multiplicity,
                })
                .collect(),
            first_terms: seq.iter().take(10).map(|q| q.to_string()).collect(),
            check: format!(
                "the form's parts are powers of roots of the characteristic polynomial of order {order} within their multiplicities, so it satisfies the recurrence; it equals the recurrence's terms a(0) … a({}) exactly (traces in each factor's field); the written expression is proven equal to a(n) for {proven} of n = 0 … 5",
                seq.len() - 1
            ),
        })
    }
}

/// Σ c(θ)·n^j·θⁿ over the parts, with θ exact when rational or quadratic.
fn written(parts: &[Part]) -> Expr {
    let n = Expr::sym("n");
    let body = |p: &Part, theta: &Expr| {
        Expr::add(
            p.coefficients
                .iter()
                .enumerate()
                .map(|(j, cj)| {
                    let c = Expr::add(
                        cj.iter()
                            .enumerate()
                            .map(|(i, ci)| Expr::num(ci.clone()).times(&theta.pow_int(i as i64)))
                            .collect(),
                    );
                    c.times(&n.pow_int(j as i64))
                        .times(&Expr::pow(theta.clone(), n.clone()))
                })
                .collect(),
        )
    };
    Expr::add(
        parts
            .iter()
            .map(|p| match p.factor.len() - 1 {
                1 => body(p, &Expr::num(-p.factor[0].clone())),
                2 => {
                    // t² + βt + γ: θ = −β/2 ± √(β² − 4γ)/2.
                    let (beta, gamma) = (&p.factor[1], &p.factor[0]);
                    let half = Q::new(1.into(), 2.into());
                    let centre = Expr::num(-beta * &half);
                    let root = Expr::num(half.clone()).times(&Expr::sqrt(Expr::num(
                        beta * beta - Q::from_integer(4.into()) * gamma,
                    )));
                    body(p, &centre.plus(&root)).plus(&body(p, &centre.minus(&root)))
                }
                _ => Expr::root_sum(&p.factor, body(p, &Expr::bound())),
            })
            .collect(),
    )
}
