//! Solving polynomial systems through the quotient ring: from a Gröbner
//! basis G of I, the standard monomials (those no leading monomial
//! divides) are a basis of Q[x]/I, finite exactly when every variable has
//! a pure power among the leading monomials. Multiplication by xⱼ is then
//! a matrix, and the minimal polynomial of an element a is found from the
//! Krylov vectors NF(aᵏ) (1 generates the quotient, so p(a) ∈ I ⇔
//! p(M_a)·1 = 0).
//!
//! The solutions come as a shape parametrization: for a radical ideal
//! (made so by Seidenberg's lemma: add the squarefree part of every
//! variable's eliminant) and a linear form u = Σ cⱼxⱼ whose minimal
//! polynomial m has degree dim Q[x]/I, the powers 1, u, …, u^(D−1) are a
//! basis, so xⱼ = hⱼ(u) mod I, and the solutions are exactly
//! (h₁(t), …, hₙ(t)) for the D roots t of m. Checked: every input
//! polynomial vanishes at (h₁(t), …, hₙ(t)) modulo m(t), and Σ cⱼhⱼ(t) ≡ t.

use super::groebner::{self, Halt, Limits, Mono, Order, ZPoly};
use super::{QPoly, trim, zx};
use crate::{Budget, Q, Stop};
use num_bigint::BigInt;
use num_traits::{One, Zero};
use std::collections::HashMap;

/// Largest quotient dimension (number of solutions with multiplicity)
/// worked with: the linear algebra is cubic in it.
pub const MAX_QUOTIENT: usize = 400;

/// The quotient ring of a zero-dimensional ideal.
pub struct Quotient {
    order: Order,
    basis: Vec<groebner::QPoly>,
    /// The standard monomials, 1 first.
    pub standard: Vec<Mono>,
    index: HashMap<Mono, usize>,
    /// Columns NF(xⱼ·s) by variable, filled on demand.
    columns: Vec<Vec<Option<Vec<Q>>>>,
}

/// What the ideal's leading monomials say about its variety.
pub enum Dimension {
    /// The ideal is the whole ring: no solutions.
    Empty,
    /// The Krull dimension (≥ 1): infinitely many complex solutions.
    Positive(usize),
    Zero(Quotient),
}

/// The Krull dimension of Q[x]/in(G): the largest set of variables that
/// no leading monomial is supported in (n ≤ 16).
pub fn krull_dimension(g: &[ZPoly], n: usize) -> usize {
    let leads: Vec<&Mono> = g.iter().filter_map(|p| p.lead()).collect();
    (0u32..1 << n)
        .filter(|set| {
            !leads.iter().any(|m| {
                m.iter()
                    .enumerate()
                    .all(|(i, &e)| e == 0 || set >> i & 1 == 1)
            })
        })
        .map(u32::count_ones)
        .max()
        .unwrap_or(0) as usize
}

impl Quotient {
    /// The quotient of ⟨g⟩ (a reduced Gröbner basis over n variables).
    pub fn of(g: &[ZPoly], n: usize, order: Order) -> Result<Dimension, Halt> {
        if g.iter()
            .any(|p| p.lead().is_some_and(|m| m.iter().all(|&e| e == 0)))
        {
            return Ok(Dimension::Empty);
        }
        let d = krull_dimension(g, n);
        if d > 0 {
            return Ok(Dimension::Positive(d));
        }
        let leads: Vec<&Mono> = g.iter().filter_map(|p| p.lead()).collect();
        let reducible = |m: &Mono| leads.iter().any(|l| l.iter().zip(m).all(|(a, b)| a <= b));
        let mut standard = vec![vec![0u32; n]];
        let mut index = HashMap::from([(standard[0].clone(), 0)]);
        let mut at = 0;
        while at < standard.len() {
            for j in 0..n {
                let mut m = standard[at].clone();
                m[j] += 1;
                if !index.contains_key(&m) && !reducible(&m) {
                    if standard.len() >= MAX_QUOTIENT {
                        return Err(Halt::TooLarge);
                    }
                    index.insert(m.clone(), standard.len());
                    standard.push(m);
                }
            }
            at += 1;
        }
        let dim = standard.len();
        Ok(Dimension::Zero(Quotient {
            order,
            basis: g.iter().map(groebner::monic).collect(),
            standard,
            index,
            columns: vec![vec![None; dim]; n],
        }))
    }

    pub fn dimension(&self) -> usize {
        self.standard.len()
    }

    /// Coordinates of a normal form.
    fn coordinates(&self, p: &groebner::QPoly) -> Result<Vec<Q>, Stop> {
        let mut v = vec![Q::zero(); self.dimension()];
        for (m, c) in &p.terms {
            let k = self.index.get(m).ok_or(Stop::CheckFailed(
                "a normal form has a non-standard monomial",
            ))?;
            v[*k] = c.clone();
        }
        Ok(v)
    }

    /// NF(xⱼ·s_k) as coordinates.
    fn column(&mut self, j: usize, k: usize, budget: &Budget) -> Result<&Vec<Q>, Halt> {
        if self.columns[j][k].is_none() {
            let mut m = self.standard[k].clone();
            m[j] += 1;
            let col = if let Some(&i) = self.index.get(&m) {
                let mut v = vec![Q::zero(); self.dimension()];
                v[i] = Q::one();
                v
            } else {
                let f = groebner::Poly {
                    terms: vec![(m, Q::one())],
                };
                let (_, r) =
                    groebner::divide(self.order, &f, &self.basis, &Limits::default(), budget)?;
                self.coordinates(&r)?
            };
            self.columns[j][k] = Some(col);
        }
        self.columns[j][k]
            .as_ref()
            .ok_or(Halt::Stopped(Stop::CheckFailed("a column was not stored")))
    }

    /// M_u·v for u = Σ cⱼxⱼ.
    fn apply(&mut self, c: &[i64], v: &[Q], budget: &Budget) -> Result<Vec<Q>, Halt> {
        let mut out = vec![Q::zero(); self.dimension()];
        for (j, &cj) in c.iter().enumerate() {
            if cj == 0 {
                continue;
            }
            let cj = Q::from_integer(cj.into());
            for (k, vk) in v.iter().enumerate() {
                if vk.is_zero() {
                    continue;
                }
                budget.check()?;
                let scale = &cj * vk;
                let col = self.column(j, k, budget)?;
                for (o, x) in out.iter_mut().zip(col) {
                    if !x.is_zero() {
                        *o += &scale * x;
                    }
                }
            }
        }
        Ok(out)
    }

    /// The monic minimal polynomial of u = Σ cⱼxⱼ modulo I, and the
    /// elimination that found it (to express other elements in powers of u).
    pub fn minimal_polynomial(&mut self, c: &[i64], budget: &Budget) -> Result<Krylov, Halt> {
        let mut kry = Krylov {
            rows: Vec::new(),
            minimal: Vec::new(),
        };
        let mut v = vec![Q::zero(); self.dimension()];
        v[0] = Q::one();
        for k in 0..=self.dimension() {
            budget.check()?;
            if let Some(dependency) = kry.push(v.clone(), k) {
                kry.minimal = dependency;
                return Ok(kry);
            }
            v = self.apply(c, &v, budget)?;
        }
        Err(Halt::Stopped(Stop::CheckFailed(
            "the Krylov vectors did not become dependent",
        )))
    }

    /// NF(xⱼ) as coordinates.
    pub fn variable(&mut self, j: usize, budget: &Budget) -> Result<Vec<Q>, Halt> {
        Ok(self.column(j, 0, budget)?.clone())
    }
}

/// Gaussian elimination of the Krylov vectors v₀, v₁, … as they come: each
/// row is a reduced vector with its pivot and its combination of the vᵢ.
pub struct Krylov {
    rows: Vec<(usize, Vec<Q>, Vec<Q>)>,
    /// Monic, lowest coefficient first.
    pub minimal: QPoly,
}

impl Krylov {
    /// Adds v_k; returns the monic dependency Σ aᵢvᵢ = 0 (a_k = 1) when
    /// v_k depends on the earlier ones.
    fn push(&mut self, v: Vec<Q>, k: usize) -> Option<QPoly> {
        let mut comb = vec![Q::zero(); k + 1];
        comb[k] = Q::one();
        let (w, comb) = self.eliminate(v, comb);
        match w.iter().position(|x| !x.is_zero()) {
            None => Some(trim(comb)),
            Some(p) => {
                self.rows.push((p, w, comb));
                None
            }
        }
    }

    fn eliminate(&self, mut w: Vec<Q>, mut comb: Vec<Q>) -> (Vec<Q>, Vec<Q>) {
        for (p, row, rc) in &self.rows {
            if w[*p].is_zero() {
                continue;
            }
            let f = &w[*p] / &row[*p];
            for (x, y) in w.iter_mut().zip(row) {
                if !y.is_zero() {
                    *x -= &f * y;
                }
            }
            if comb.len() < rc.len() {
                comb.resize(rc.len(), Q::zero());
            }
            for (x, y) in comb.iter_mut().zip(rc) {
                if !y.is_zero() {
                    *x -= &f * y;
                }
            }
        }
        (w, comb)
    }

    /// a(t) with deg a < deg m and a(u) ≡ the element with coordinates
    /// `target` (None when it is not in the span of the powers of u).
    pub fn in_powers(&self, target: Vec<Q>) -> Option<QPoly> {
        let (w, comb) = self.eliminate(target, Vec::new());
        w.iter()
            .all(Zero::is_zero)
            .then(|| trim(comb.into_iter().map(|c| -c).collect()))
    }
}

/// The solutions of a zero-dimensional radical ideal as xⱼ = hⱼ(t), t over
/// the roots of `minimal` (squarefree, degree = number of solutions).
#[derive(Debug, Clone)]
pub struct Shape {
    /// u = Σ cⱼxⱼ.
    pub form: Vec<i64>,
    pub minimal: QPoly,
    pub coordinates: Vec<QPoly>,
}

/// What solving found.
pub enum Solved {
    Empty,
    Positive {
        dimension: usize,
        basis: Vec<ZPoly>,
    },
    Finite {
        shape: Shape,
        /// dim Q[x]/I before the radical was taken (solutions counted with
        /// multiplicity).
        with_multiplicity: usize,
        /// The reduced grevlex basis of the radical.
        basis: Vec<ZPoly>,
    },
    /// No separating form among the ones tried.
    NotSeparated,
}

/// Squarefree part of a monic polynomial over Q.
fn squarefree(p: &[Q], budget: &Budget) -> Result<zx::Poly, Stop> {
    let (_, f) = super::to_primitive(p);
    let g = zx::gcd(&f, &zx::derivative(&f), budget)?;
    zx::divide_exact(&f, &g).ok_or(Stop::CheckFailed("f / gcd(f, f') is not exact"))
}

/// The polynomial c(xⱼ) over n variables.
fn univariate_in(c: &[BigInt], j: usize, n: usize) -> ZPoly {
    let mut terms: Vec<(Mono, BigInt)> = c
        .iter()
        .enumerate()
        .filter(|(_, a)| !a.is_zero())
        .map(|(k, a)| {
            let mut m = vec![0; n];
            m[j] = k as u32;
            (m, a.clone())
        })
        .collect();
    terms.reverse();
    groebner::Poly { terms }
}

/// Solves the system f = 0 over n variables.
pub fn solve(f: &[ZPoly], n: usize, limits: &Limits, budget: &Budget) -> Result<Solved, Halt> {
    let order = Order::Grevlex;
    let mut g = groebner::basis(f, order, limits, budget)?;
    let mut q = match Quotient::of(&g, n, order)? {
        Dimension::Empty => return Ok(Solved::Empty),
        Dimension::Positive(dimension) => {
            let basis = groebner::basis(f, Order::Lex, limits, budget)?;
            return Ok(Solved::Positive { dimension, basis });
        }
        Dimension::Zero(q) => q,
    };
    let with_multiplicity = q.dimension();
    // Seidenberg: with a squarefree eliminant in every variable the ideal
    // is radical.
    let mut added = Vec::new();
    for j in 0..n {
        let mut c = vec![0; n];
        c[j] = 1;
        let e = q.minimal_polynomial(&c, budget)?.minimal;
        let s = squarefree(&e, budget)?;
        if s.len() < e.len() {
            added.push(univariate_in(&s, j, n));
        }
    }
    if !added.is_empty() {
        let mut more = g.clone();
        more.extend(added);
        g = groebner::basis(&more, order, limits, budget)?;
        q = match Quotient::of(&g, n, order)? {
            Dimension::Zero(q) => q,
            _ => {
                return Err(Halt::Stopped(Stop::CheckFailed(
                    "the radical lost its zeros",
                )));
            }
        };
    }
    let dim = q.dimension();
    for k in 1..=24i64 {
        let form: Vec<i64> = (0..n as u32)
            .map(|j| k.saturating_pow(j).min(1 << 40))
            .collect();
        let kry = q.minimal_polynomial(&form, budget)?;
        if kry.minimal.len() != dim + 1 {
            continue;
        }
        let mut coordinates = Vec::with_capacity(n);
        for j in 0..n {
            let v = q.variable(j, budget)?;
            coordinates.push(kry.in_powers(v).ok_or(Halt::Stopped(Stop::CheckFailed(
                "a variable is not a polynomial in the separating form",
            )))?);
        }
        let shape = Shape {
            form,
            minimal: kry.minimal,
            coordinates,
        };
        return Ok(Solved::Finite {
            shape,
            with_multiplicity,
            basis: g,
        });
    }
    Ok(Solved::NotSeparated)
}

/// p(h₁(t), …, hₙ(t)) mod m(t) for p over Q.
pub fn substitute(p: &groebner::QPoly, shape: &Shape, budget: &Budget) -> Result<QPoly, Stop> {
    let m = &shape.minimal;
    let reduce = |a: QPoly| super::divrem(&a, m).1;
    let mut powers: Vec<Vec<QPoly>> = shape
        .coordinates
        .iter()
        .map(|h| vec![vec![Q::one()], h.clone()])
        .collect();
    let mut acc: QPoly = Vec::new();
    for (mono, c) in &p.terms {
        budget.check()?;
        let mut term = vec![c.clone()];
        for (j, &e) in mono.iter().enumerate() {
            while powers[j].len() <= e as usize {
                let next = reduce(super::mul(
                    &powers[j][powers[j].len() - 1],
                    &shape.coordinates[j],
                ));
                powers[j].push(next);
            }
            term = reduce(super::mul(&term, &powers[j][e as usize]));
        }
        acc = super::add(&acc, &term);
    }
    Ok(acc)
}

/// The certificate of a shape: every input polynomial vanishes at the
/// parametrized point modulo m, and Σ cⱼhⱼ(t) ≡ t (so distinct roots of m
/// are distinct solutions).
pub fn check(f: &[groebner::QPoly], shape: &Shape, budget: &Budget) -> Result<bool, Stop> {
    for p in f {
        if !substitute(p, shape, budget)?.is_empty() {
            return Ok(false);
        }
    }
    let mut u: QPoly = Vec::new();
    for (c, h) in shape.form.iter().zip(&shape.coordinates) {
        u = super::add(
            &u,
            &h.iter()
                .map(|x| x * Q::from_integer((*c).into()))
                .collect::<Vec<_>>(),
        );
    }
    let t = trim(vec![Q::zero(), Q::one()]);
    Ok(super::divrem(&super::sub(&u, &t), &shape.minimal)
        .1
        .is_empty())
}

impl Quotient {
    /// The reduced lex Gröbner basis of the same ideal by FGLM: monomials
    /// are visited in increasing lex order, each one's normal form found
    /// from a smaller one's by a multiplication matrix; a normal form that
    /// depends on those of the new staircase gives a basis element (the
    /// monomial minus that combination), otherwise the monomial joins the
    /// staircase. Linear algebra over the quotient only, so no coefficient
    /// grows beyond what the answer holds.
    pub fn lex_basis(&mut self, budget: &Budget) -> Result<Vec<ZPoly>, Halt> {
        let n = self.columns.len();
        let mut staircase: Vec<(Mono, Vec<Q>)> = Vec::new();
        let mut kry = Krylov {
            rows: Vec::new(),
            minimal: Vec::new(),
        };
        let mut out: Vec<groebner::QPoly> = Vec::new();
        let mut candidates: Vec<Mono> = vec![vec![0; n]];
        while let Some(at) = (0..candidates.len())
            .min_by(|&a, &b| groebner::compare(Order::Lex, &candidates[a], &candidates[b]))
        {
            budget.check()?;
            let m = candidates.swap_remove(at);
            let divides = |l: &Mono| l.iter().zip(&m).all(|(a, b)| a <= b);
            if out.iter().any(|g| g.lead().is_some_and(divides)) {
                continue;
            }
            let v = match m.iter().position(|&e| e > 0) {
                None => {
                    let mut v = vec![Q::zero(); self.dimension()];
                    v[0] = Q::one();
                    v
                }
                Some(_) => {
                    // m = xⱼ·s for some s already in the staircase.
                    let (j, s) = (0..n)
                        .filter(|&j| m[j] > 0)
                        .find_map(|j| {
                            let mut s = m.clone();
                            s[j] -= 1;
                            staircase
                                .iter()
                                .find(|(t, _)| *t == s)
                                .map(|(_, v)| (j, v.clone()))
                        })
                        .ok_or(Halt::Stopped(Stop::CheckFailed(
                            "an FGLM candidate has no predecessor in the staircase",
                        )))?;
                    let mut c = vec![0; n];
                    c[j] = 1;
                    self.apply(&c, &s, budget)?
                }
            };
            let k = staircase.len();
            match kry.push(v.clone(), k) {
                Some(dependency) => {
                    let mut terms = vec![(m.clone(), Q::one())];
                    for i in (0..k).rev() {
                        if let Some(c) = dependency.get(i).filter(|c| !c.is_zero()) {
                            terms.push((staircase[i].0.clone(), c.clone()));
                        }
                    }
                    out.push(groebner::Poly { terms });
                }
                None => {
                    for j in 0..n {
                        let mut next = m.clone();
                        next[j] += 1;
                        if !candidates.contains(&next) {
                            candidates.push(next);
                        }
                    }
                    staircase.push((m, v));
                    if staircase.len() > self.dimension() {
                        return Err(Halt::Stopped(Stop::CheckFailed(
                            "the lex staircase outgrew the quotient",
                        )));
                    }
                }
            }
        }
        if staircase.len() != self.dimension() {
            return Err(Halt::Stopped(Stop::CheckFailed(
                "the lex staircase and the quotient differ in size",
            )));
        }
        Ok(out.iter().map(groebner::integral).collect())
    }
}
