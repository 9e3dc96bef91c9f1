//! Algebraic numbers: an irreducible primitive f ∈ Z[x] and a disk holding
//! exactly one of its roots (a real-centered disk for a real root), refined
//! on demand by isolating f's roots again and keeping the one disk that
//! meets the old one.
//!
//! Arithmetic by resultants: α ∘ β is a root of r(x) = Res_y(f(y), G(x, y))
//! with G = g(x − y) for +, g(y − x) for −, yᵐ·g(x/y) for ×, Σ gₖ·yᵏ·xᵐ⁻ᵏ
//! for ÷ and x − yᵏ for the k-th power; every G has a leading coefficient in
//! y that does not depend on x, so r is interpolated from integer
//! resultants at deg r + 1 integer points. Which root of which irreducible
//! factor of r is α ∘ β is decided by disk arithmetic: the enclosure of
//! α ∘ β from α's and β's disks must meet exactly one root disk among all
//! factors' (each factor's disks cover its roots, so the one met holds
//! α ∘ β); otherwise everything is refined. Principal r-th roots: the
//! roots γ of f(xʳ) with γʳ = α (by the same disk test), the principal one
//! having arg γ ∈ (−π/r, π/r] (arguments of the candidates are 2π/r apart;
//! a negative real α takes the one above the axis).

use super::complex_roots::{C, Disk};
use super::factor::factor;
use super::solve::{Located, factor_roots};
use super::{interpolate, to_primitive, zx};
use crate::expr::{Constant, Expr, Node};
use crate::{Budget, Q, Stop};
use num_bigint::BigInt;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;

/// Largest degree of a resultant formed (and so of a result).
pub const MAX_DEGREE: usize = 256;

/// Disks start this fine: 2⁻⁶⁴.
pub(super) fn start_radius() -> Q {
    Q::new(BigInt::one(), BigInt::one() << 64)
}

/// An algebraic number: the `root` of the irreducible `f`.
#[derive(Debug, Clone)]
pub struct Number {
    /// Irreducible over Q, primitive, leading coefficient positive.
    pub f: zx::Poly,
    pub root: Located,
    /// How a sum of real radicals refines itself without isolating f's
    /// roots (None: by isolating them).
    pub via: Option<std::sync::Arc<super::radical_sum::RadicalSum>>,
}

/// Why no number was formed.
#[derive(Debug, Clone, PartialEq)]
pub enum Refused {
    /// The expression has a part that is not an algebraic operation on
    /// algebraic numbers (a symbol, π, e, sin …).
    NotAlgebraic(String),
    DivisionByZero,
    /// A resultant of this degree would pass [`MAX_DEGREE`].
    TooLarge(usize),
    /// The roots could not be separated within the working precision.
    Unseparated,
}

type Formed = Result<Result<Number, Refused>, Stop>;

impl Number {
    pub fn new(f: zx::Poly, root: Located) -> Number {
        Number { f, root, via: None }
    }

    pub fn rational(q: &Q) -> Number {
        let f = vec![-q.numer().clone(), q.denom().clone()];
        Number {
            root: Located {
                exact: Some(Expr::num(q.clone())),
                index: Some(0),
                real: true,
                disk: Disk {
                    center: C {
                        re: q.clone(),
                        im: Q::zero(),
                    },
                    radius: Q::zero(),
                },
            },
            f,
            via: None,
        }
    }

    pub fn as_rational(&self) -> Option<Q> {
        (self.f.len() == 2).then(|| Q::new(-self.f[0].clone(), self.f[1].clone()))
    }

    pub fn degree(&self) -> usize {
        self.f.len() - 1
    }

    /// The same number in a disk of radius ≤ `radius`, with its root_of
    /// index; None when f's roots could not be isolated that finely.
    pub fn refined(&self, radius: &Q, budget: &Budget) -> Result<Option<Number>, Stop> {
        if self.f.len() == 2 {
            return Ok(Some(self.clone()));
        }
        if let Some(sum) = &self.via {
            let mut fine = self.clone();
            fine.root.disk = sum.disk(radius);
            return Ok(Some(fine));
        }
        if let Some(fine) = self.bisected(radius, budget)? {
            return Ok(Some(fine));
        }
        let mut radius = radius.clone();
        for _ in 0..8 {
            let Some(roots) = factor_roots(&self.f, &radius, budget)? else {
                return Ok(None);
            };
            let meeting: Vec<Located> = roots
                .into_iter()
                .filter(|r| meet(&r.disk, &self.root.disk))
                .collect();
            if let [one] = meeting.as_slice() {
                return Ok(Some(Number::new(self.f.clone(), one.clone())));
            }
            budget.check()?;
            radius /= Q::from_integer(BigInt::one() << 32);
        }
        Ok(None)
    }

    /// s·α + t (s > 0): a root of f((x − t)/s), irreducible with f, and
    /// the same root_of index (x ↦ s·x + t keeps the order of real parts,
    /// then imaginary parts).
    pub fn affine(&self, s: &Q, t: &Q, budget: &Budget) -> Result<Number, Stop> {
        let inner = [-t / s, s.recip()];
        let (_, f) = to_primitive(&super::compose(&super::from_z(&self.f), &inner, budget)?);
        let d = &self.root.disk;
        let disk = Disk {
            center: C {
                re: s * &d.center.re + t,
                im: s * &d.center.im,
            },
            radius: s * &d.radius,
        };
        let exact = self
            .root
            .exact
            .as_ref()
            .map(|e| Expr::num(s.clone()).times(e).plus(&Expr::num(t.clone())));
        Ok(Number::new(
            f,
            Located {
                exact,
                disk,
                ..self.root.clone()
            },
        ))
    }

    /// A real root refined by bisecting its interval on the sign of f (f is
    /// irreducible of degree ≥ 2, so its roots are simple and irrational:
    /// f changes sign across the one root the interval holds, and never
    /// vanishes at a rational midpoint). None when the ends do not show a
    /// sign change, or when more than 200 halvings would be needed.
    fn bisected(&self, radius: &Q, budget: &Budget) -> Result<Option<Number>, Stop> {
        use num_bigint::Sign;
        let disk = &self.root.disk;
        if !self.root.real || disk.radius.is_zero() {
            return Ok(None);
        }
        let mut lo = &disk.center.re - &disk.radius;
        let mut hi = &disk.center.re + &disk.radius;
        let below = zx::sign_at(&self.f, &lo);
        if below == Sign::NoSign || below == zx::sign_at(&self.f, &hi) {
            return Ok(None);
        }
        let two = Q::from_integer(BigInt::from(2));
        // Past ~200 halvings, isolating f's roots finely is cheaper.
        let halvings = ((&hi - &lo) / (radius * &two)).ceil().to_integer().bits();
        if halvings > 200 {
            return Ok(None);
        }
        while &hi - &lo > radius * &two {
            budget.check()?;
            let mid = (&lo + &hi) / &two;
            match zx::sign_at(&self.f, &mid) {
                Sign::NoSign => return Ok(None),
                s if s == below => lo = mid,
                _ => hi = mid,
            }
        }
        let mut fine = self.clone();
        fine.root.disk = Disk {
            center: C {
                re: (&lo + &hi) / &two,
                im: Q::zero(),
            },
            radius: (hi - lo) / two,
        };
        Ok(Some(fine))
    }
}

/// Whether two closed disks meet.
pub(super) fn meet(a: &Disk, b: &Disk) -> bool {
    !a.apart(b)
}

/// |z| ≤ this (|re| + |im|).
fn abs_upper(c: &C) -> Q {
    c.re.abs() + c.im.abs()
}

/// |z| ≥ this (max(|re|, |im|)).
fn abs_lower(c: &C) -> Q {
    c.re.abs().max(c.im.abs())
}

pub(super) fn disk_add(a: &Disk, b: &Disk, sign: i32) -> Disk {
    let (re, im) = if sign > 0 {
        (&a.center.re + &b.center.re, &a.center.im + &b.center.im)
    } else {
        (&a.center.re - &b.center.re, &a.center.im - &b.center.im)
    };
    Disk {
        center: C { re, im },
        radius: &a.radius + &b.radius,
    }
}

pub(super) fn disk_mul(a: &Disk, b: &Disk) -> Disk {
    let (x, y) = (&a.center, &b.center);
    Disk {
        center: C {
            re: &x.re * &y.re - &x.im * &y.im,
            im: &x.re * &y.im + &x.im * &y.re,
        },
        radius: &a.radius * abs_upper(y) + &b.radius * abs_upper(x) + &a.radius * &b.radius,
    }
}

/// 1/z for z in the disk, when the disk stays away from 0.
fn disk_inverse(a: &Disk) -> Option<Disk> {
    let m = abs_lower(&a.center);
    if m <= a.radius {
        return None;
    }
    let c = &a.center;
    let norm = &c.re * &c.re + &c.im * &c.im;
    Some(Disk {
        center: C {
            re: &c.re / &norm,
            im: -&c.im / &norm,
        },
        radius: &a.radius / (&m * (&m - &a.radius)),
    })
}

/// The binary operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
}

/// G(x₀, y) for the operation, g = β's polynomial (degree m).
fn g_at(op: Op, g: &[BigInt], x0: &BigInt) -> zx::Poly {
    let m = g.len() - 1;
    match op {
        // g(x₀ − y) and g(y − x₀).
        Op::Add => zx::shift(&reflect(g), &-x0.clone()),
        Op::Sub => zx::shift(g, &-x0.clone()),
        // Σ gₖ·x₀ᵏ·yᵐ⁻ᵏ.
        Op::Mul => {
            let mut out = vec![BigInt::zero(); m + 1];
            let mut power = BigInt::one();
            for (k, c) in g.iter().enumerate() {
                out[m - k] = c * &power;
                power *= x0;
            }
            zx::trim(out)
        }
        // Σ gₖ·yᵏ·x₀ᵐ⁻ᵏ.
        Op::Div => {
            let mut out = vec![BigInt::zero(); m + 1];
            let mut power = BigInt::one();
            for k in (0..=m).rev() {
                out[k] = &g[k] * &power;
                power *= x0;
            }
            zx::trim(out)
        }
    }
}

/// g(−y).
fn reflect(g: &[BigInt]) -> zx::Poly {
    g.iter()
        .enumerate()
        .map(|(k, c)| if k % 2 == 1 { -c.clone() } else { c.clone() })
        .collect()
}

/// r(x) = Res_y(f(y), G(x, y)) from its values at deg + 1 integer points.
fn interpolated(
    f: &[BigInt],
    degree: usize,
    at: impl Fn(&BigInt) -> zx::Poly,
    budget: &Budget,
) -> Result<zx::Poly, Stop> {
    let half = (degree / 2) as i64;
    let mut points = Vec::with_capacity(degree + 1);
    for k in 0..=degree as i64 {
        budget.check()?;
        let x0 = BigInt::from(k - half);
        let r = zx::resultant(f, &at(&x0), budget)?;
        points.push((Q::from_integer(x0), Q::from_integer(r)));
    }
    let r = interpolate(&points).ok_or(Stop::CheckFailed("interpolation points coincide"))?;
    Ok(to_primitive(&r).1)
}

/// The root of one of r's irreducible factors that lies in every
/// enclosure `enclose(radius)` yields (None: refine further failed).
fn identify(
    r: &[BigInt],
    mut enclose: impl FnMut(&Q) -> Result<Option<Disk>, Stop>,
    budget: &Budget,
) -> Formed {
    let factors = factor(r, budget)?.factors;
    let mut radius = start_radius();
    for _ in 0..8 {
        budget.check()?;
        let Some(e) = enclose(&radius)? else {
            return Ok(Err(Refused::Unseparated));
        };
        let mut meeting = Vec::new();
        for (g, _) in &factors {
            let Some(roots) = factor_roots(g, &radius, budget)? else {
                return Ok(Err(Refused::Unseparated));
            };
            for root in roots {
                if meet(&root.disk, &e) {
                    meeting.push((g.clone(), root));
                }
            }
        }
        if meeting.len() == 1 {
            let (mut f, root) = meeting.remove(0);
            if zx::lead_sign(&f) < 0 {
                f = zx::neg(&f);
            }
            return Ok(Ok(Number::new(f, root)));
        }
        if meeting.is_empty() {
            return Err(Stop::CheckFailed(
                "no root of the resultant meets the enclosure",
            ));
        }
        radius /= Q::from_integer(BigInt::one() << 32);
    }
    Ok(Err(Refused::Unseparated))
}

/// Both numbers refined to `radius` (None when one cannot be).
fn both(
    a: &Number,
    b: &Number,
    radius: &Q,
    budget: &Budget,
) -> Result<Option<(Number, Number)>, Stop> {
    Ok(
        match (a.refined(radius, budget)?, b.refined(radius, budget)?) {
            (Some(a), Some(b)) => Some((a, b)),
            _ => None,
        },
    )
}

/// a ∘ b.
pub fn binary(op: Op, a: &Number, b: &Number, budget: &Budget) -> Formed {
    if let (Some(x), Some(y)) = (a.as_rational(), b.as_rational()) {
        return Ok(match op {
            Op::Add => Ok(Number::rational(&(x + y))),
            Op::Sub => Ok(Number::rational(&(x - y))),
            Op::Mul => Ok(Number::rational(&(x * y))),
            Op::Div if y.is_zero() => Err(Refused::DivisionByZero),
            Op::Div => Ok(Number::rational(&(x / y))),
        });
    }
    let zero = |n: &Number| n.as_rational().is_some_and(|q| q.is_zero());
    match op {
        Op::Mul if zero(a) || zero(b) => return Ok(Ok(Number::rational(&Q::zero()))),
        Op::Div if zero(b) => return Ok(Err(Refused::DivisionByZero)),
        Op::Div if zero(a) => return Ok(Ok(Number::rational(&Q::zero()))),
        _ => {}
    }
    // s·α + t with a rational s > 0 keeps α's root_of index.
    let one = Q::one;
    let affine = match (op, a.as_rational(), b.as_rational()) {
        (Op::Add, Some(q), None) => Some((b, one(), q)),
        (Op::Add, None, Some(q)) => Some((a, one(), q)),
        (Op::Sub, None, Some(q)) => Some((a, one(), -q)),
        (Op::Mul, Some(q), None) if q.is_positive() => Some((b, q, Q::zero())),
        (Op::Mul, None, Some(q)) if q.is_positive() => Some((a, q, Q::zero())),
        (Op::Div, None, Some(q)) if q.is_positive() => Some((a, q.recip(), Q::zero())),
        _ => None,
    };
    if let Some((n, s, t)) = affine {
        return Ok(Ok(n.affine(&s, &t, budget)?));
    }
    let degree = a.degree() * b.degree();
    if degree > MAX_DEGREE {
        return Ok(Err(Refused::TooLarge(degree)));
    }
    let r = interpolated(&a.f, degree, |x0| g_at(op, &b.f, x0), budget)?;
    identify(
        &r,
        |radius| {
            let Some((a, b)) = both(a, b, radius, budget)? else {
                return Ok(None);
            };
            let (x, y) = (&a.root.disk, &b.root.disk);
            Ok(match op {
                Op::Add => Some(disk_add(x, y, 1)),
                Op::Sub => Some(disk_add(x, y, -1)),
                Op::Mul => Some(disk_mul(x, y)),
                Op::Div => disk_inverse(y).map(|inv| disk_mul(x, &inv)),
            })
        },
        budget,
    )
}

/// h(α) for h ∈ Q[t]: its minimal polynomial is that of h in the field
/// Q[t]/(f), and which of its roots is h(α) is decided by evaluating h on
/// α's disk (Horner in disk arithmetic), as for the binary operations.
pub fn polynomial_at(a: &Number, h: &[Q], budget: &Budget) -> Formed {
    let field = super::algebraic::Extension::new(&super::from_z(&a.f));
    let h = field.reduce(h);
    if h.len() <= 1 {
        return Ok(Ok(Number::rational(
            &h.first().cloned().unwrap_or_default(),
        )));
    }
    if let Some(q) = a.as_rational() {
        return Ok(Ok(Number::rational(&super::evaluate(&h, &q))));
    }
    let m = super::algebraic::minimal_polynomial(&field, &h, budget)?;
    identify(
        &to_primitive(&m).1,
        |radius| {
            let Some(a) = a.refined(radius, budget)? else {
                return Ok(None);
            };
            let zero = Disk {
                center: C {
                    re: Q::zero(),
                    im: Q::zero(),
                },
                radius: Q::zero(),
            };
            let acc = h.iter().rev().fold(zero, |acc, c| {
                let constant = Number::rational(c).root.disk;
                disk_add(&disk_mul(&acc, &a.root.disk), &constant, 1)
            });
            Ok(Some(acc))
        },
        budget,
    )
}

/// aᵏ for an integer k (a ≠ 0 when k < 0).
pub fn power(a: &Number, k: i64, budget: &Budget) -> Formed {
    if k < 0 {
        let positive = match power(a, -k, budget)? {
            Ok(p) => p,
            refused => return Ok(refused),
        };
        return binary(Op::Div, &Number::rational(&Q::one()), &positive, budget);
    }
    if let Some(q) = a.as_rational() {
        return Ok(Ok(Number::rational(&num_traits::pow(q, k as usize))));
    }
    if k == 0 {
        return Ok(Ok(Number::rational(&Q::one())));
    }
    let degree = a.degree();
    let k_usize = k as usize;
    // Res_y(f(y), x − yᵏ) has degree deg f in x.
    let r = interpolated(
        &a.f,
        degree,
        |x0| {
            let mut g = vec![BigInt::zero(); k_usize + 1];
            g[0] = x0.clone();
            g[k_usize] = -BigInt::one();
            g
        },
        budget,
    )?;
    identify(
        &r,
        |radius| {
            let Some(a) = a.refined(radius, budget)? else {
                return Ok(None);
            };
            Ok(Some(disk_power(&a.root.disk, k_usize)))
        },
        budget,
    )
}

fn disk_power(d: &Disk, k: usize) -> Disk {
    let mut acc = Disk {
        center: C {
            re: Q::one(),
            im: Q::zero(),
        },
        radius: Q::zero(),
    };
    for _ in 0..k {
        acc = disk_mul(&acc, d);
    }
    acc
}

/// The principal r-th root of a (r ≥ 2).
pub fn principal_root(a: &Number, r: u32, budget: &Budget) -> Formed {
    let r = r as usize;
    if a.as_rational().is_some_and(|q| q.is_zero()) {
        return Ok(Ok(Number::rational(&Q::zero())));
    }
    let degree = a.degree() * r;
    if degree > MAX_DEGREE {
        return Ok(Err(Refused::TooLarge(degree)));
    }
    // f(xʳ).
    let mut stretched = vec![BigInt::zero(); degree + 1];
    for (k, c) in a.f.iter().enumerate() {
        stretched[k * r] = c.clone();
    }
    let factors = factor(&stretched, budget)?.factors;
    let mut radius = start_radius();
    for _ in 0..8 {
        budget.check()?;
        let Some(alpha) = a.refined(&radius, budget)? else {
            return Ok(Err(Refused::Unseparated));
        };
        let Some(others) = factor_roots(&a.f, &radius, budget)? else {
            return Ok(Err(Refused::Unseparated));
        };
        // α's disk among f's; candidates γ with γʳ meeting it and no other.
        let at: Vec<usize> = (0..others.len())
            .filter(|&k| meet(&others[k].disk, &alpha.root.disk))
            .collect();
        let mut candidates = Vec::new();
        let mut unsure = at.len() != 1;
        let skip = unsure;
        for (g, _) in factors.iter().filter(|_| !skip) {
            let Some(roots) = factor_roots(g, &radius, budget)? else {
                return Ok(Err(Refused::Unseparated));
            };
            for root in roots {
                let p = disk_power(&root.disk, r);
                let met: Vec<usize> = (0..others.len())
                    .filter(|&k| meet(&others[k].disk, &p))
                    .collect();
                match met.as_slice() {
                    [k] if *k == at[0] => candidates.push((g.clone(), root)),
                    [_] => {}
                    _ if met.contains(&at[0]) => unsure = true,
                    _ => {}
                }
            }
        }
        if !unsure && candidates.len() == r {
            let chosen = principal(&alpha.root, candidates, r);
            if let Some((mut f, root)) = chosen {
                if zx::lead_sign(&f) < 0 {
                    f = zx::neg(&f);
                }
                return Ok(Ok(Number::new(f, root)));
            }
        }
        radius /= Q::from_integer(BigInt::one() << 32);
    }
    Ok(Err(Refused::Unseparated))
}

/// Among the r candidates (γʳ = α), the one with arg γ ∈ (−π/r, π/r]:
/// the nearest in angle to arg(α)/r, which is at least π/r from the
/// others; a negative real α takes θ = π exactly.
fn principal(
    alpha: &Located,
    candidates: Vec<(zx::Poly, Located)>,
    r: usize,
) -> Option<(zx::Poly, Located)> {
    let c = &alpha.disk.center;
    let theta = if alpha.real {
        if c.re.is_negative() {
            std::f64::consts::PI
        } else {
            0.0
        }
    } else {
        // The disk excludes the real axis, so the sign of Im α is exact.
        let (re, im) = (c.re.to_f64()?, c.im.to_f64()?);
        im.atan2(re)
    };
    let target = theta / r as f64;
    let distance = |l: &Located| {
        let z = &l.disk.center;
        let (re, im) = (z.re.to_f64().unwrap_or(0.0), z.im.to_f64().unwrap_or(0.0));
        let mut d = (im.atan2(re) - target).abs();
        if d > std::f64::consts::PI {
            d = 2.0 * std::f64::consts::PI - d;
        }
        d
    };
    let mut scored: Vec<(f64, (zx::Poly, Located))> = candidates
        .into_iter()
        .map(|c| (distance(&c.1), c))
        .collect();
    scored.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(Ordering::Equal));
    // The next candidate is 2π/r away; demand a clear margin.
    let margin = std::f64::consts::PI / r as f64;
    match scored.as_slice() {
        [(best, _), (second, _), ..] if *best < 0.5 * margin && *second > margin => {}
        [(best, _)] if *best < 0.5 * margin => {}
        _ => return None,
    }
    scored.into_iter().next().map(|(_, c)| c)
}

/// The number an expression denotes, built from rationals and i by + − × ÷,
/// integer powers and principal rational powers (sqrt, root).
pub fn from_expr(e: &Expr, budget: &Budget) -> Formed {
    match e.node() {
        Node::Num(q) => Ok(Ok(Number::rational(q))),
        Node::Const(Constant::I) => principal_root(&Number::rational(&-Q::one()), 2, budget),
        Node::Add(terms) if let Some((r, roots)) = radicals(terms) => {
            match super::radical_sum::radical_sum(&r, &roots, budget)? {
                Some(n) => Ok(Ok(n)),
                None => folded(Op::Add, terms, budget),
            }
        }
        Node::Add(terms) => folded(Op::Add, terms, budget),
        Node::Mul(terms) => folded(Op::Mul, terms, budget),
        Node::Pow(base, exponent) => {
            let Some(q) = exponent.as_num() else {
                return Ok(Err(Refused::NotAlgebraic(format!(
                    "the power {e} has a non-rational exponent"
                ))));
            };
            let b = match from_expr(base, budget)? {
                Ok(n) => n,
                refused => return Ok(refused),
            };
            let (Some(p), Some(d)) = (q.numer().to_i64(), q.denom().to_u32()) else {
                return Ok(Err(Refused::TooLarge(usize::MAX)));
            };
            if p.unsigned_abs() > 64 || d > 64 {
                return Ok(Err(Refused::TooLarge(
                    p.unsigned_abs() as usize * d as usize,
                )));
            }
            let rooted = if d == 1 {
                b
            } else {
                match principal_root(&b, d, budget)? {
                    Ok(n) => n,
                    refused => return Ok(refused),
                }
            };
            if p < 0 && rooted.as_rational().is_some_and(|x| x.is_zero()) {
                return Ok(Err(Refused::DivisionByZero));
            }
            power(&rooted, p, budget)
        }
        _ => Ok(Err(Refused::NotAlgebraic(format!(
            "{e} is not built from rationals and i by + − × ÷ and rational powers"
        )))),
    }
}

/// r + Σ cᵢ·aᵢ^(pᵢ/nᵢ) read off a sum's terms (rationals, a^(p/n), c·a^(p/n)
/// with a > 0 rational, n ≥ 2), as (r, [(cᵢ, aᵢ^pᵢ, nᵢ)]), when every term
/// is one of those and there are at least two radicals.
fn radicals(terms: &[Expr]) -> Option<(Q, Vec<(Q, Q, u32)>)> {
    let root = |e: &Expr| match e.node() {
        Node::Pow(b, k) => {
            let (a, k) = (b.as_num()?, k.as_num()?);
            let (p, n) = (k.numer().to_i32()?, k.denom().to_u32()?);
            (a.is_positive() && n >= 2 && p.unsigned_abs() <= 8)
                .then(|| (num_traits::pow(a.clone(), p.unsigned_abs() as usize), p, n))
                .map(|(a, p, n)| (if p < 0 { a.recip() } else { a }, n))
        }
        _ => None,
    };
    let mut r = Q::zero();
    let mut roots = Vec::new();
    for t in terms {
        match t.node() {
            Node::Num(q) => r += q,
            Node::Pow(..) => {
                let (a, n) = root(t)?;
                roots.push((Q::one(), a, n));
            }
            Node::Mul(fs) if fs.len() == 2 => {
                let (a, n) = root(&fs[1])?;
                roots.push((fs[0].as_num()?.clone(), a, n));
            }
            _ => return None,
        }
    }
    (roots.len() >= 2).then_some((r, roots))
}

/// The terms combined by `op` with resultants, one term at a time.
fn folded(op: Op, terms: &[Expr], budget: &Budget) -> Formed {
    let mut acc = match from_expr(&terms[0], budget)? {
        Ok(n) => n,
        refused => return Ok(refused),
    };
    for t in &terms[1..] {
        let next = match from_expr(t, budget)? {
            Ok(n) => n,
            refused => return Ok(refused),
        };
        acc = match binary(op, &acc, &next, budget)? {
            Ok(n) => n,
            refused => return Ok(refused),
        };
    }
    Ok(Ok(acc))
}

/// a = b: the same polynomial and the same root of it (None when the
/// roots were not told apart within the working precision).
pub fn equal(a: &Number, b: &Number, budget: &Budget) -> Result<Option<bool>, Stop> {
    if a.f != b.f {
        return Ok(Some(false));
    }
    if a.f.len() == 2 {
        return Ok(Some(true));
    }
    // Isolate f finely; each number must meet exactly one of its disks.
    let mut radius = start_radius();
    for _ in 0..8 {
        budget.check()?;
        let (Some(x), Some(y)) = (a.refined(&radius, budget)?, b.refined(&radius, budget)?) else {
            return Ok(None);
        };
        let Some(roots) = factor_roots(&a.f, &radius, budget)? else {
            return Ok(None);
        };
        let position = |n: &Number| {
            let hits: Vec<usize> = (0..roots.len())
                .filter(|&k| meet(&roots[k].disk, &n.root.disk))
                .collect();
            (hits.len() == 1).then(|| hits[0])
        };
        if let (Some(i), Some(j)) = (position(&x), position(&y)) {
            return Ok(Some(i == j));
        }
        radius /= Q::from_integer(BigInt::one() << 32);
    }
    Ok(None)
}

/// The order of two real numbers (None when not both real, or not
/// separated within the working precision).
pub fn compare(a: &Number, b: &Number, budget: &Budget) -> Result<Option<Ordering>, Stop> {
    if !a.root.real || !b.root.real {
        return Ok(None);
    }
    if equal(a, b, budget)? == Some(true) {
        return Ok(Some(Ordering::Equal));
    }
    let mut radius = start_radius();
    for _ in 0..16 {
        budget.check()?;
        let Some((x, y)) = both(a, b, &radius, budget)? else {
            return Ok(None);
        };
        let (dx, dy) = (&x.root.disk, &y.root.disk);
        if &dx.center.re + &dx.radius < &dy.center.re - &dy.radius {
            return Ok(Some(Ordering::Less));
        }
        if &dy.center.re + &dy.radius < &dx.center.re - &dx.radius {
            return Ok(Some(Ordering::Greater));
        }
        radius /= Q::from_integer(BigInt::one() << 64);
    }
    Ok(None)
}

/// The order of two real expressions decided by certified interval
/// enclosures at 128, 512 and 2048 bits, when they come apart (None: not
/// real, not enclosed, or not apart — then only exact arithmetic decides).
pub fn order_by_enclosures(
    a: &Expr,
    b: &Expr,
    budget: &Budget,
) -> Result<Option<(Ordering, [(Q, Q); 2])>, Stop> {
    use crate::expr::interval::{EvalError, eval};
    let env = std::collections::BTreeMap::new();
    for prec in [128, 512, 2048] {
        let (x, y) = match (eval(a, &env, prec, budget), eval(b, &env, prec, budget)) {
            (Ok(x), Ok(y)) => (x, y),
            (Err(EvalError::Stopped(s)), _) | (_, Err(EvalError::Stopped(s))) => return Err(s),
            _ => return Ok(None),
        };
        let ends = [(x.lo_q(), x.hi_q()), (y.lo_q(), y.hi_q())];
        if ends[0].1 < ends[1].0 {
            return Ok(Some((Ordering::Less, ends)));
        }
        if ends[1].1 < ends[0].0 {
            return Ok(Some((Ordering::Greater, ends)));
        }
    }
    Ok(None)
}
