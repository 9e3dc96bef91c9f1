//! Roots of irreducible cubics and quartics written by radicals.
//!
//! Cardano: a root of a x³ + … is s + ωᵏ·u − p/(3·ωᵏ·u) with
//! u = ∛(−q/2 + √Δ); each branch is evaluated exactly as an algebraic number
//! and the one equal to the root is kept.
//!
//! Ferrari: with x = y − a/4 the quartic is y⁴ + p y² + q y + r, and for
//! any root m ≠ 0 of the resolvent R(m) = 8m³ + 8p m² + (2p² − 8r) m − q²
//! and s = √(2m) it factors as (y² + s y + u)(y² − s y + v) with
//! u, v = p/2 + m ∓ q/(2s): the y² and y coefficients agree identically and
//! uv − r = R(m)/(8m). So the four roots are −a/4 ∓ s/2 ± √w/2 with
//! w = −2m − 2p ± 2q/s, each a root by that identity and the quadratic
//! formula. Which one is the given root is decided in disk arithmetic from
//! the certified disks of s and √w against the quartic's own root disks
//! (each candidate must meet exactly one, all four different), and each
//! radical written is evaluated exactly and checked equal to the number it
//! stands for. q = 0 (biquadratic): y = ±√((−p ± √(p² − 4r))/2).

use super::algebraic_number::{
    Number, Refused, disk_add, disk_mul, equal, from_expr, meet, polynomial_at, principal_root,
    start_radius,
};
use super::complex_roots::Disk;
use super::factor::factor;
use super::solve::{FactorRoots, Located, Radicals, factor_roots};
use super::{to_primitive, zx};
use crate::expr::Expr;
use crate::{Budget, Q, Stop};
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

/// Cardano's formula for the root `n` of an irreducible cubic:
/// s + ωᵏ·u − p/(3·ωᵏ·u), u = ∛(−q/2 + √Δ) (principal branches), the k
/// found by evaluating each candidate exactly and testing equality; with
/// whether Δ < 0 (three real roots: the casus irreducibilis).
pub fn cardano(n: &Number, budget: &Budget) -> Result<Result<(Expr, bool), Refused>, Stop> {
    let q = |k: usize| Q::from_integer(n.f[k].clone());
    let (a3, a2, a1, a0) = (q(3), q(2), q(1), q(0));
    let int = |k: i64| Q::from_integer(k.into());
    let shift = -&a2 / (int(3) * &a3);
    let p = (int(3) * &a3 * &a1 - &a2 * &a2) / (int(3) * &a3 * &a3);
    let qq = (int(2) * &a2 * &a2 * &a2 - int(9) * &a3 * &a2 * &a1 + int(27) * &a3 * &a3 * &a0)
        / (int(27) * &a3 * &a3 * &a3);
    let delta = &qq * &qq / int(4) + &p * &p * &p / int(27);
    let half = Expr::num(-&qq / int(2));
    let mut radicand = half.plus(&Expr::sqrt(Expr::num(delta.clone())));
    if radicand.is_zero() {
        radicand = half.minus(&Expr::sqrt(Expr::num(delta.clone())));
    }
    let u = Expr::pow(radicand, Expr::num(Q::new(1.into(), 3.into())));
    let omega = Expr::num(Q::new((-1).into(), 2.into())).plus(
        &Expr::sqrt(Expr::int(3))
            .times(&Expr::i())
            .times(&Expr::num(Q::new(1.into(), 2.into()))),
    );
    for k in 0..3 {
        budget.check()?;
        let w = omega.pow_int(k).times(&u);
        let candidate = if p.is_zero() {
            Expr::num(shift.clone()).plus(&w)
        } else {
            Expr::num(shift.clone())
                .plus(&w)
                .minus(&Expr::num(&p / int(3)).over(&w))
        };
        let value = match from_expr(&candidate, budget)? {
            Ok(v) => v,
            Err(r) => return Ok(Err(r)),
        };
        if equal(&value, n, budget)? == Some(true) {
            return Ok(Ok((candidate, delta.is_negative())));
        }
    }
    Err(Stop::CheckFailed(
        "no branch of Cardano's formula equals the root",
    ))
}

/// How the resolvent's root was found: what the quartic's radicals rest on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resolvent {
    /// q = 0: two nested square roots.
    Biquadratic,
    /// A rational root m of the resolvent cubic: square roots only.
    Rational,
    /// The resolvent is irreducible: m by Cardano; `casus` when its three
    /// roots are real (then the cube roots pass through non-real numbers).
    Cubic { casus: bool },
}

/// One of the four candidate roots: shift + α·S + β·T.
struct Candidate {
    expr: Expr,
    alpha: Q,
    s: Number,
    beta: Q,
    t: Number,
}

/// Ferrari's formula for the root `n` of an irreducible quartic (see the
/// module comment), with how the resolvent was solved.
pub fn ferrari(n: &Number, budget: &Budget) -> Result<Result<(Expr, Resolvent), Refused>, Stop> {
    let (shift, candidates, resolvent) = match quartic_candidates(&n.f, budget)? {
        Ok(found) => found,
        Err(refused) => return Ok(Err(refused)),
    };
    Ok(pick(n, &shift, &candidates, budget)?.map(|e| (e, resolvent)))
}

/// The candidate that is `n`, written. Its parts s and √w are checked
/// equal to their written forms, it is a root by the factorization
/// identity, and its certified disk meets `n`'s and no other root's.
fn pick(
    n: &Number,
    shift: &Q,
    candidates: &[Candidate],
    budget: &Budget,
) -> Result<Result<Expr, Refused>, Stop> {
    let k = match identify(n, shift, candidates, budget)? {
        Ok(k) => k,
        Err(refused) => return Ok(Err(refused)),
    };
    Ok(Ok(Expr::num(shift.clone()).plus(&candidates[k].expr)))
}

/// Writes every root of an irreducible cubic or quartic factor by radicals
/// into its `exact`, each checked equal to its root; false (nothing
/// written) for other degrees or when a root could not be told apart.
pub fn write(g: &mut FactorRoots, budget: &Budget) -> Result<bool, Stop> {
    let mut f = g.factor.clone();
    if zx::lead_sign(&f) < 0 {
        f = zx::neg(&f);
    }
    let number = |root: &Located| Number::new(f.clone(), root.clone());
    let mut written = Vec::new();
    match f.len() - 1 {
        3 => {
            for root in &g.roots {
                match cardano(&number(root), budget)? {
                    Ok((e, _)) => written.push(e),
                    Err(_) => return Ok(false),
                }
            }
        }
        4 => {
            let Ok((shift, candidates, _)) = quartic_candidates(&f, budget)? else {
                return Ok(false);
            };
            for root in &g.roots {
                match pick(&number(root), &shift, &candidates, budget)? {
                    Ok(e) => written.push(e),
                    Err(_) => return Ok(false),
                }
            }
        }
        _ => return Ok(false),
    }
    for (root, e) in g.roots.iter_mut().zip(written) {
        root.exact = Some(e);
    }
    g.radicals = Radicals::Written;
    Ok(true)
}

/// The shift −a/4 and the four candidates y of an irreducible quartic f.
type Candidates = (Q, Vec<Candidate>, Resolvent);

fn quartic_candidates(f: &[BigInt], budget: &Budget) -> Result<Result<Candidates, Refused>, Stop> {
    let c = |k: usize| Q::from_integer(f[k].clone());
    let int = |k: i64| Q::from_integer(k.into());
    let lead = c(4);
    let (a, b, cc, d) = (c(3) / &lead, c(2) / &lead, c(1) / &lead, c(0) / &lead);
    let a2 = &a * &a;
    let p = &b - int(3) * &a2 / int(8);
    let q = &cc - &a * &b / int(2) + &a2 * &a / int(8);
    let r = &d - &a * &cc / int(4) + &a2 * &b / int(16) - int(3) * &a2 * &a2 / int(256);
    let shift = -&a / int(4);
    let found = if q.is_zero() {
        biquadratic(&p, &r, budget)?.map(|c| (c, Resolvent::Biquadratic))
    } else {
        general(&p, &q, &r, budget)?
    };
    Ok(found.map(|(candidates, resolvent)| (shift, candidates, resolvent)))
}

/// √δ, z = (−p ± √δ)/2 and y = ±√z (δ = p² − 4r).
fn biquadratic(p: &Q, r: &Q, budget: &Budget) -> Result<Result<Vec<Candidate>, Refused>, Stop> {
    let half = Q::new(1.into(), 2.into());
    let delta = p * p - Q::from_integer(4.into()) * r;
    let root_delta =
        match checked_sqrt(&Expr::num(delta.clone()), &Number::rational(&delta), budget)? {
            Ok(x) => x,
            Err(refused) => return Ok(Err(refused)),
        };
    let mut out = Vec::new();
    for tau in [-1, 1] {
        let tau_half = &half * Q::from_integer(tau.into());
        let z = match polynomial_at(&root_delta.1, &[-p * &half, tau_half.clone()], budget)? {
            Ok(z) => z,
            Err(refused) => return Ok(Err(refused)),
        };
        let z_expr = Expr::num(-p * &half).plus(&Expr::num(tau_half).times(&root_delta.0));
        let (t_expr, t) = match checked_sqrt(&z_expr, &z, budget)? {
            Ok(x) => x,
            Err(refused) => return Ok(Err(refused)),
        };
        for sigma in [-1, 1] {
            let beta = Q::from_integer(sigma.into());
            out.push(Candidate {
                expr: t_expr.times(&Expr::num(beta.clone())),
                alpha: Q::zero(),
                s: Number::rational(&Q::zero()),
                beta,
                t: t.clone(),
            });
        }
    }
    Ok(Ok(out))
}

/// The four roots −s/2 ± √w₁/2 and s/2 ± √w₂/2 from a root m ≠ 0 of the
/// resolvent: its largest rational root (square roots only; s may be
/// imaginary), else its largest real root, which is positive.
fn general(
    p: &Q,
    q: &Q,
    r: &Q,
    budget: &Budget,
) -> Result<Result<(Vec<Candidate>, Resolvent), Refused>, Stop> {
    let int = |k: i64| Q::from_integer(k.into());
    // R(m) = 8m³ + 8p m² + (2p² − 8r) m − q², made primitive over Z.
    let resolvent = [-(q * q), int(2) * p * p - int(8) * r, int(8) * p, int(8)];
    let (_, rz) = to_primitive(&resolvent);
    let factors = factor(&rz, budget)?.factors;
    let rational_roots: Vec<Q> = factors
        .iter()
        .filter(|(g, _)| g.len() == 2)
        .map(|(g, _)| Q::new(-g[0].clone(), g[1].clone()))
        .collect();
    let (m_expr, m, kind) = if let Some(best) = rational_roots.iter().max() {
        (
            Expr::num(best.clone()),
            Number::rational(best),
            Resolvent::Rational,
        )
    } else {
        // Irreducible: its largest real root is positive (the roots'
        // product is q²/8 > 0 and their sum real).
        let mut rz = rz;
        if zx::lead_sign(&rz) < 0 {
            rz = zx::neg(&rz);
        }
        let Some(roots) = factor_roots(&rz, &start_radius(), budget)? else {
            return Ok(Err(Refused::Unseparated));
        };
        let real = roots.iter().filter(|l| l.real).count();
        let Some(largest) = roots.into_iter().filter(|l| l.real).last() else {
            return Err(Stop::CheckFailed("a real cubic without a real root"));
        };
        let m = Number::new(rz, largest);
        let (m_expr, _) = match cardano(&m, budget)? {
            Ok(x) => x,
            Err(refused) => return Ok(Err(refused)),
        };
        (m_expr, m, Resolvent::Cubic { casus: real == 3 })
    };
    if kind != Resolvent::Rational && !m.root.disk.center.re.is_positive() {
        return Err(Stop::CheckFailed(
            "the resolvent's largest real root is not positive",
        ));
    }
    // s = √(2m), and 1/s in Q[s] from s's minimal polynomial g:
    // 1/s = −(g₁ + g₂ s + … + g_k s^(k−1))/g₀.
    let two_m = match polynomial_at(&m, &[Q::zero(), int(2)], budget)? {
        Ok(x) => x,
        Err(refused) => return Ok(Err(refused)),
    };
    let (s_expr, s) = match checked_sqrt(&Expr::num(int(2)).times(&m_expr), &two_m, budget)? {
        Ok(x) => x,
        Err(refused) => return Ok(Err(refused)),
    };
    let inverse: Vec<Q> = match s.as_rational() {
        Some(x) => vec![Q::one() / x],
        None => {
            let g0 = Q::from_integer(s.f[0].clone());
            s.f[1..]
                .iter()
                .map(|g| -Q::from_integer(g.clone()) / &g0)
                .collect()
        }
    };
    let mut out = Vec::new();
    for (side, sign) in [(-1i64, 1i64), (1, -1)] {
        // w = −s² − 2p ± 2q/s, as a polynomial in s.
        let mut h = vec![Q::zero(); inverse.len().max(3)];
        h[0] = -int(2) * p;
        h[2] -= Q::one();
        for (k, x) in inverse.iter().enumerate() {
            h[k] += int(2 * sign) * q * x;
        }
        let w = match polynomial_at(&s, &h, budget)? {
            Ok(x) => x,
            Err(refused) => return Ok(Err(refused)),
        };
        let w_expr = Expr::num(-int(2) * p)
            .minus(&Expr::num(int(2)).times(&m_expr))
            .plus(&Expr::num(int(2 * sign) * q).over(&s_expr));
        let (t_expr, t) = match checked_sqrt(&w_expr, &w, budget)? {
            Ok(x) => x,
            Err(refused) => return Ok(Err(refused)),
        };
        let alpha = Q::new(side.into(), 2.into());
        for pm in [-1i64, 1] {
            let beta = Q::new(pm.into(), 2.into());
            out.push(Candidate {
                expr: Expr::num(alpha.clone())
                    .times(&s_expr)
                    .plus(&Expr::num(beta.clone()).times(&t_expr)),
                alpha: alpha.clone(),
                s: s.clone(),
                beta,
                t: t.clone(),
            });
        }
    }
    Ok(Ok((out, kind)))
}

/// √x written as an expression and formed as a number, the expression
/// evaluated exactly and checked equal to the number.
fn checked_sqrt(
    x_expr: &Expr,
    x: &Number,
    budget: &Budget,
) -> Result<Result<(Expr, Number), Refused>, Stop> {
    let root = match principal_root(x, 2, budget)? {
        Ok(root) => root,
        Err(refused) => return Ok(Err(refused)),
    };
    // A negative real radicand is written i·√(−x): the same principal
    // root, and one that numerical evaluators (whose rounding may put
    // x just below the branch cut) evaluate on the right side.
    let expr = if negative_real(x, budget)? {
        Expr::sqrt(x_expr.neg()).times(&Expr::i())
    } else {
        Expr::sqrt(x_expr.clone())
    };
    let value = match from_expr(&expr, budget)? {
        Ok(v) => v,
        Err(refused) => return Ok(Err(refused)),
    };
    if equal(&value, &root, budget)? != Some(true) {
        return Err(Stop::CheckFailed(
            "a written square root differs from its value",
        ));
    }
    Ok(Ok((expr, root)))
}

/// Whether x is real and below 0 (its disk refined off 0; false when that
/// does not happen within the working precision: then √x is written as is).
fn negative_real(x: &Number, budget: &Budget) -> Result<bool, Stop> {
    if !x.root.real {
        return Ok(false);
    }
    let mut radius = start_radius();
    for _ in 0..8 {
        let Some(r) = x.refined(&radius, budget)? else {
            return Ok(false);
        };
        let d = &r.root.disk;
        if d.center.re.abs() > d.radius {
            return Ok(d.center.re.is_negative());
        }
        radius /= Q::from_integer(BigInt::one() << 32);
    }
    Ok(false)
}

/// The candidate that is `n`: every candidate's disk must meet exactly one
/// of the quartic's root disks, the four all different.
fn identify(
    n: &Number,
    shift: &Q,
    candidates: &[Candidate],
    budget: &Budget,
) -> Result<Result<usize, Refused>, Stop> {
    let constant = |x: &Q| Number::rational(x).root.disk;
    let mut radius = start_radius();
    for _ in 0..8 {
        budget.check()?;
        let Some(target) = n.refined(&radius, budget)? else {
            return Ok(Err(Refused::Unseparated));
        };
        let Some(roots) = factor_roots(&n.f, &radius, budget)? else {
            return Ok(Err(Refused::Unseparated));
        };
        let position = |disk: &Disk| -> Vec<usize> {
            (0..roots.len())
                .filter(|&k| meet(&roots[k].disk, disk))
                .collect()
        };
        let mut met = Vec::new();
        for c in candidates {
            let (Some(s), Some(t)) = (c.s.refined(&radius, budget)?, c.t.refined(&radius, budget)?)
            else {
                return Ok(Err(Refused::Unseparated));
            };
            let disk = disk_add(
                &disk_add(
                    &constant(shift),
                    &disk_mul(&constant(&c.alpha), &s.root.disk),
                    1,
                ),
                &disk_mul(&constant(&c.beta), &t.root.disk),
                1,
            );
            let hits = position(&disk);
            if hits.is_empty() {
                return Err(Stop::CheckFailed(
                    "a Ferrari candidate is no root of the quartic",
                ));
            }
            met.push(hits);
        }
        let at = position(&target.root.disk);
        let mut single: Vec<usize> = met.iter().filter(|h| h.len() == 1).map(|h| h[0]).collect();
        if single.len() == candidates.len() && at.len() == 1 {
            single.sort_unstable();
            single.dedup();
            if single.len() != candidates.len() {
                return Err(Stop::CheckFailed(
                    "two Ferrari candidates are the same root",
                ));
            }
            return Ok(met
                .iter()
                .position(|h| h[0] == at[0])
                .ok_or(Refused::Unseparated));
        }
        radius /= Q::from_integer(BigInt::one() << 32);
    }
    Ok(Err(Refused::Unseparated))
}
