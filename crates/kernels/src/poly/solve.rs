//! All roots of a polynomial over Z, located and checked.
//!
//! The polynomial is factored over Q and multiplied back. Each irreducible
//! factor's roots are located in certified disks ([`super::complex_roots`]:
//! one real-centered disk per real root, the count checked against
//! Descartes' isolation); linear and quadratic factors also get exact
//! roots (−b/a, (−b ± √Δ)/(2a)), each substituted back and proven 0. Roots
//! come in root_of order: real ascending, then by real part and imaginary
//! part (SymPy's CRootOf order). Factors of degree ≥ 5 get a radical
//! verdict from [`super::galois`].

use super::complex_roots::{self, Disk};
use super::galois::{Solvability, by_radicals};
use super::{factor::factor, from_z, roots, zx};
use crate::expr::Expr;
use crate::expr::rational::from_poly;
use crate::expr::zero::{Verdict, is_zero};
use crate::{Budget, Q, Stop};
use num_bigint::BigInt;
use std::collections::BTreeMap;

/// One root of an irreducible factor.
#[derive(Debug, Clone)]
pub struct Located {
    /// The exact value of a root of a linear or quadratic factor, in the
    /// variable's terms (no symbol), checked by substitution.
    pub exact: Option<Expr>,
    /// Its position in root_of order; None when the order of two real
    /// parts was not certain.
    pub index: Option<usize>,
    pub real: bool,
    /// Holds this root and no other root of the polynomial (exact: radius
    /// 0 for a rational root).
    pub disk: Disk,
}

/// Whether a factor's roots have an expression by radicals.
#[derive(Debug, Clone)]
pub enum Radicals {
    /// Degree 1 or 2: written in `exact`.
    Written,
    /// Degree 3 or 4 (Cardano, Ferrari); not written.
    Exist,
    /// The Galois group is not solvable.
    None(Solvability),
    /// Not decided (`primes` cycle types tried).
    Unknown(usize),
}

#[derive(Debug, Clone)]
pub struct FactorRoots {
    /// Irreducible over Q, primitive.
    pub factor: zx::Poly,
    pub multiplicity: u32,
    pub roots: Vec<Located>,
    pub radicals: Radicals,
}

/// The factors of f (primitive, nonzero) with their roots, disks of radius
/// at most `radius` where the precision allows, pairwise disjoint across
/// all factors (roots of different factors are distinct; close ones are
/// refined apart); None when they could not be separated.
pub fn solve(f: &[BigInt], radius: &Q, budget: &Budget) -> Result<Option<Vec<FactorRoots>>, Stop> {
    let mut radius = radius.clone();
    for _ in 0..8 {
        let Some(found) = located(f, &radius, budget)? else {
            return Ok(None);
        };
        let disks: Vec<(usize, &Disk)> = found
            .iter()
            .enumerate()
            .flat_map(|(k, g)| g.roots.iter().map(move |r| (k, &r.disk)))
            .collect();
        let apart = disks
            .iter()
            .enumerate()
            .all(|(i, (ki, a))| disks[i + 1..].iter().all(|(kj, c)| ki == kj || a.apart(c)));
        if apart {
            return Ok(Some(found));
        }
        budget.check()?;
        radius /= Q::from_integer(BigInt::from(1u64) << 64);
    }
    Ok(None)
}

/// Each factor's roots located, disjoint within the factor.
fn located(f: &[BigInt], radius: &Q, budget: &Budget) -> Result<Option<Vec<FactorRoots>>, Stop> {
    let factored = factor(f, budget)?;
    let mut product = vec![factored.content.clone()];
    for (g, m) in &factored.factors {
        product = zx::mul(&product, &zx::pow(g, *m));
    }
    if zx::trim(product) != zx::trim(f.to_vec()) {
        return Err(Stop::CheckFailed(
            "the factors do not multiply back to the polynomial",
        ));
    }
    let mut out = Vec::new();
    let mut counted = 0;
    for (g, m) in &factored.factors {
        let Some(roots) = factor_roots(g, radius, budget)? else {
            return Ok(None);
        };
        counted += roots.len() * *m as usize;
        let radicals = match g.len() - 1 {
            1 | 2 => Radicals::Written,
            3 | 4 => Radicals::Exist,
            _ => match by_radicals(g, budget)? {
                s @ Solvability::NotSolvable { .. } => Radicals::None(s),
                Solvability::Unknown { primes } => Radicals::Unknown(primes),
            },
        };
        out.push(FactorRoots {
            factor: g.clone(),
            multiplicity: *m,
            roots,
            radicals,
        });
    }
    if counted + 1 != f.len() {
        return Err(Stop::CheckFailed(
            "the roots with multiplicity do not number the degree",
        ));
    }
    Ok(Some(out))
}

/// The roots of one irreducible factor g in root_of order, each disk of
/// radius ≤ `radius` holding exactly one root.
pub fn factor_roots(
    g: &[BigInt],
    radius: &Q,
    budget: &Budget,
) -> Result<Option<Vec<Located>>, Stop> {
    if g.len() == 2 {
        let q = Q::new(-g[0].clone(), g[1].clone());
        return Ok(Some(vec![Located {
            exact: Some(Expr::num(q.clone())),
            index: Some(0),
            real: true,
            disk: Disk {
                center: complex_roots::C {
                    re: q,
                    im: Q::from_integer(0.into()),
                },
                radius: Q::from_integer(0.into()),
            },
        }]));
    }
    let real = roots::isolate(g, budget)?.len();
    let Some(mut disks) = complex_roots::isolate(g, real, radius, budget)? else {
        return Ok(None);
    };
    if disks.iter().filter(|d| d.is_real()).count() != real {
        return Err(Stop::CheckFailed(
            "the disks disagree with the count of real roots",
        ));
    }
    disks.sort_by(|a, c| {
        (!a.is_real())
            .cmp(&!c.is_real())
            .then(a.center.re.cmp(&c.center.re))
            .then(a.center.im.cmp(&c.center.im))
    });
    let ordered = certified_order(&disks[real..]);
    let mut out: Vec<Located> = disks
        .into_iter()
        .enumerate()
        .map(|(k, disk)| Located {
            exact: None,
            index: (k < real || ordered).then_some(k),
            real: k < real,
            disk,
        })
        .collect();
    if let Some(values) = quadratic_roots(g) {
        let x = "x";
        let ge = from_poly(&from_z(g), x);
        for (root, value) in out.iter_mut().zip(values) {
            let at = ge.substitute(&BTreeMap::from([(x.to_string(), value.clone())]));
            if !matches!(is_zero(&at, budget)?, Verdict::Proven { .. }) {
                return Err(Stop::CheckFailed(
                    "a quadratic root does not substitute to 0",
                ));
            }
            root.exact = Some(value);
        }
    }
    Ok(Some(out))
}

/// (−b ∓ √Δ)/(2a) for a quadratic g, in root_of order (real ascending;
/// else the negative imaginary part first).
fn quadratic_roots(g: &[BigInt]) -> Option<Vec<Expr>> {
    use num_traits::{One, Signed};
    if g.len() != 3 {
        return None;
    }
    let q = |c: &BigInt| Q::from_integer(c.clone());
    let (c, b, a) = (q(&g[0]), q(&g[1]), q(&g[2]));
    let delta = &b * &b - Q::from_integer(4.into()) * &a * &c;
    let two_a = Q::from_integer(2.into()) * &a;
    let half = Expr::num(-b / &two_a);
    let step = Expr::sqrt(Expr::num(delta.abs())).times(&Expr::num(Q::one() / two_a.abs()));
    let step = if delta.is_positive() {
        step
    } else {
        step.times(&Expr::i())
    };
    Some(vec![half.minus(&step), half.plus(&step)])
}

/// Whether the order by real part is certain: neighbours whose real parts
/// may coincide are conjugates (the same real part exactly).
fn certified_order(disks: &[Disk]) -> bool {
    disks.windows(2).all(|w| {
        let (a, c) = (&w[0], &w[1]);
        a.center.re == c.center.re && a.center.im == -c.center.im.clone()
            || &a.center.re + &a.radius < &c.center.re - &c.radius
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quadratic_and_a_quintic() {
        let z = |v: &[i64]| -> Vec<BigInt> { v.iter().map(|&c| BigInt::from(c)).collect() };
        let r = Q::new(1.into(), BigInt::from(10).pow(20));
        let b = Budget::unlimited();
        // (x² − 2)(x⁵ − x − 1)
        let f = zx::mul(&z(&[-2, 0, 1]), &z(&[-1, -1, 0, 0, 0, 1]));
        let factors = solve(&f, &r, &b).unwrap().unwrap();
        assert_eq!(factors.len(), 2);
        let quadratic = factors.iter().find(|f| f.factor.len() == 3).unwrap();
        let exact: Vec<String> = quadratic
            .roots
            .iter()
            .map(|r| r.exact.clone().unwrap().to_string())
            .collect();
        assert_eq!(exact, ["-sqrt(2)", "sqrt(2)"]);
        let quintic = factors.iter().find(|f| f.factor.len() == 6).unwrap();
        assert_eq!(quintic.roots.iter().filter(|r| r.real).count(), 1);
        assert!(matches!(quintic.radicals, Radicals::None(_)));
    }
}
