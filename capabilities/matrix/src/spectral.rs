//! What the spectral operations show of an eigenvalue: its root (exact when
//! rational or quadratic, else root_of with an enclosure) and vectors over
//! Q(θ) written at that root — substituted when the root is exact, else as
//! polynomials in t, where t stands for the eigenvalue (the same formulas
//! hold at every root of the factor: docs/DECISIONS.md, Exact spectra).

use hessian_kernels::Budget;
use hessian_kernels::expr::expand::{Halt, expand};
use hessian_kernels::expr::rational::from_poly;
use hessian_kernels::expr::{Expr, print};
use hessian_kernels::linalg::{K, Structure};
use hessian_kernels::poly::{self, zx};
use hessian_op::MathError;
use hessian_op::algebraic::{Factor, Root, located, solve_for_digits};
use std::collections::BTreeMap;

/// One distinct eigenvalue.
pub struct Eigen {
    pub root: Root,
    /// The exact value, when rational or quadratic.
    pub exact: Option<Expr>,
    /// Index into `Structure::primaries`.
    pub primary: usize,
}

/// The distinct eigenvalues (real ones ascending, then the others by real
/// and imaginary part) and the factors of χ_A with their radical verdicts.
pub fn eigenvalues(
    s: &Structure,
    digits: usize,
    budget: &Budget,
) -> Result<(Vec<Eigen>, Vec<Factor>), MathError> {
    let (_, f) = poly::to_primitive(&s.charpoly);
    let found = solve_for_digits(&f, digits, budget)?;
    let (roots, factors) = located(&found, "x", digits)?;
    let primary_of = |g: &zx::Poly| {
        s.primaries
            .iter()
            .position(|p| p.factor == *g || p.factor == zx::neg(g))
            .unwrap_or(0)
    };
    let mut keyed: Vec<_> = found
        .iter()
        .flat_map(|g| {
            g.roots.iter().map(move |r| {
                let c = &r.disk.center;
                (
                    (!r.real, c.re.clone(), c.im.clone()),
                    r.exact.clone(),
                    primary_of(&g.factor),
                )
            })
        })
        .zip(roots)
        .collect();
    keyed.sort_by(|(a, ..), (b, ..)| a.0.cmp(&b.0));
    let eigen = keyed
        .into_iter()
        .map(|((_, exact, primary), root)| Eigen {
            root,
            exact,
            primary,
        })
        .collect();
    Ok((eigen, factors))
}

/// An element of Q(θ) at the root: expanded when exact, else in t.
pub fn entry(k: &K, exact: Option<&Expr>, budget: &Budget) -> Result<String, MathError> {
    let e = from_poly(k, "t");
    let Some(x) = exact else {
        return Ok(print::text(&e));
    };
    let at = e.substitute(&BTreeMap::from([("t".to_string(), x.clone())]));
    match expand(&at, budget) {
        Ok(v) => Ok(print::text(&v)),
        Err(Halt::Stopped(s)) => Err(MathError::from(s)),
        Err(Halt::TooBig) => Err(MathError::Limit(
            "an eigenvector entry grows beyond the expansion bound".into(),
        )),
    }
}

pub fn vector(v: &[K], exact: Option<&Expr>, budget: &Budget) -> Result<Vec<String>, MathError> {
    v.iter().map(|k| entry(k, exact, budget)).collect()
}
