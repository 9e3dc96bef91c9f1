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
use crate::integer::gcd;
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
    /// Columns NF(xⱼ·s) by variable, filled on demand, as (D·v, D) over Z.
    columns: Vec<Vec<Option<(Vec<BigInt>, BigInt)>>>,
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

    /// NF(xⱼ·s_k) as coordinates, integral with their common denominator.
    fn column(
        &mut self,
        j: usize,
        k: usize,
        budget: &Budget,
    ) -> Result<&(Vec<BigInt>, BigInt), Halt> {
        if self.columns[j][k].is_none() {
            let mut m = self.standard[k].clone();
            m[j] += 1;
            let col = if let Some(&i) = self.index.get(&m) {
                let mut v = vec![BigInt::zero(); self.dimension()];
                v[i] = BigInt::one();
                (v, BigInt::one())
            } else {
                let f = groebner::Poly {
                    terms: vec![(m, Q::one())],
                };
                let (_, r) =
                    groebner::divide(self.order, &f, &self.basis, &Limits::default(), budget)?;
                integral(&self.coordinates(&r)?)
            };
            self.columns[j][k] = Some(col);
        }
        self.columns[j][k]
            .as_ref()
            .ok_or(Halt::Stopped(Stop::CheckFailed("a column was not stored")))
    }

    /// M_u·v for u = Σ cⱼxⱼ, summed over Z: v = w/d, column k = c_k/D_k, so
    /// M_u·v = Σ cⱼ·w_k·(L/D_k)·c_k / (d·L) with L the lcm of the D_k used.
    fn apply(&mut self, c: &[i64], v: &[Q], budget: &Budget) -> Result<Vec<Q>, Halt> {
        let (w, d) = integral(v);
        let mut used = Vec::new();
        for (j, &cj) in c.iter().enumerate() {
            if cj == 0 {
                continue;
            }
            for (k, wk) in w.iter().enumerate() {
                if !wk.is_zero() {
                    self.column(j, k, budget)?;
                    used.push((j, k, wk * BigInt::from(cj)));
                }
            }
        }
        let columns = &self.columns;
        let column = |j: usize, k: usize| {
            columns[j][k]
                .as_ref()
                .ok_or(Halt::Stopped(Stop::CheckFailed("a column was not stored")))
        };
        let mut l = BigInt::one();
        for &(j, k, _) in &used {
            l = num_integer::Integer::lcm(&l, &column(j, k)?.1);
        }
        let mut out = vec![BigInt::zero(); self.dimension()];
        for (j, k, scale) in used {
            budget.check()?;
            let (col, den) = column(j, k)?;
            let scale = scale * (&l / den);
            for (o, x) in out.iter_mut().zip(col) {
                if !x.is_zero() {
                    *o += &scale * x;
                }
            }
        }
        let den = d * l;
        Ok(out.into_iter().map(|o| Q::new(o, den.clone())).collect())
    }

    /// The monic minimal polynomial of u = Σ cⱼxⱼ modulo I, and the
    /// elimination that found it (to express other elements in powers of u).
    pub fn minimal_polynomial(&mut self, c: &[i64], budget: &Budget) -> Result<Krylov, Halt> {
        let mut kry = Krylov::new();
        let mut v = vec![Q::zero(); self.dimension()];
        v[0] = Q::one();
        for k in 0..=self.dimension() {
            budget.check()?;
            if let Some(dependency) = kry.push(&v, k, budget)? {
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
        let (v, d) = self.column(j, 0, budget)?;
        Ok(v.iter().map(|x| Q::new(x.clone(), d.clone())).collect())
    }
}

/// Gaussian elimination of the Krylov vectors v₀, v₁, … as they come: each
/// row is a reduced vector with its pivot and its combination of the vᵢ.
/// Fraction-free: a row is an integer multiple of (w, Σ combᵢvᵢ = w), so an
/// elimination step multiplies both parts by one integer and divides out
/// their common content; rationals would pay a gcd on every entry.
pub struct Krylov {
    rows: Vec<Row>,
    /// Monic, lowest coefficient first.
    pub minimal: QPoly,
}

struct Row {
    pivot: usize,
    w: Vec<BigInt>,
    comb: Vec<BigInt>,
}

/// Whether Σ aᵢ·vᵢ = 0, summed over Z: with aᵢ = αᵢ/A and vᵢ = wᵢ/dᵢ,
/// Σ αᵢ·(L/dᵢ)·wᵢ = 0 for L the lcm of the dᵢ.
fn vanishes(vectors: &[&[Q]], a: &[Q]) -> bool {
    let (alpha, _) = integral(a);
    let parts: Vec<(Vec<BigInt>, BigInt)> = vectors.iter().map(|v| integral(v)).collect();
    let l = parts
        .iter()
        .fold(BigInt::one(), |l, (_, d)| num_integer::Integer::lcm(&l, d));
    let mut sum = vec![BigInt::zero(); vectors.first().map_or(0, |v| v.len())];
    for (ai, (w, d)) in alpha.iter().zip(&parts) {
        if ai.is_zero() {
            continue;
        }
        let scale = ai * (&l / d);
        for (s, x) in sum.iter_mut().zip(w) {
            *s += &scale * x;
        }
    }
    alpha.len() == vectors.len() && sum.iter().all(Zero::is_zero)
}

/// D·v over Z with D the lcm of the denominators, and D.
fn integral(v: &[Q]) -> (Vec<BigInt>, BigInt) {
    let d = v.iter().fold(BigInt::one(), |l, x| {
        num_integer::Integer::lcm(&l, x.denom())
    });
    let w = v.iter().map(|x| x.numer() * (&d / x.denom())).collect();
    (w, d)
}

impl Krylov {
    fn new() -> Krylov {
        Krylov {
            rows: Vec::new(),
            minimal: Vec::new(),
        }
    }

    /// Adds v_k; returns the monic dependency Σ aᵢvᵢ = 0 (a_k = 1) when
    /// v_k depends on the earlier ones.
    fn push(&mut self, v: &[Q], k: usize, budget: &Budget) -> Result<Option<QPoly>, Stop> {
        let (w, d) = integral(v);
        let mut comb = vec![BigInt::zero(); k + 1];
        comb[k] = d;
        let (w, comb) = self.eliminate(w, comb, budget)?;
        Ok(match w.iter().position(|x| !x.is_zero()) {
            None => {
                let lead = comb[k].clone();
                Some(trim(
                    comb.into_iter().map(|c| Q::new(c, lead.clone())).collect(),
                ))
            }
            Some(pivot) => {
                self.rows.push(Row { pivot, w, comb });
                None
            }
        })
    }

    /// (a·w − b·row.w, a·comb − b·row.comb) for each row whose pivot w
    /// holds, a and b cancelling w[pivot], content divided out.
    fn eliminate(
        &self,
        mut w: Vec<BigInt>,
        mut comb: Vec<BigInt>,
        budget: &Budget,
    ) -> Result<(Vec<BigInt>, Vec<BigInt>), Stop> {
        for row in &self.rows {
            if w[row.pivot].is_zero() {
                continue;
            }
            budget.check()?;
            let g = gcd(&w[row.pivot], &row.w[row.pivot]);
            let (a, b) = (&row.w[row.pivot] / &g, &w[row.pivot] / &g);
            if comb.len() < row.comb.len() {
                comb.resize(row.comb.len(), BigInt::zero());
            }
            if !a.is_one() {
                for x in w.iter_mut().chain(comb.iter_mut()) {
                    *x *= &a;
                }
            }
            for (x, y) in w
                .iter_mut()
                .zip(&row.w)
                .chain(comb.iter_mut().zip(&row.comb))
            {
                if !y.is_zero() {
                    *x -= &b * y;
                }
            }
            let content =
                w.iter().chain(&comb).fold(
                    BigInt::zero(),
                    |g, x| {
                        if g.is_one() { g } else { gcd(&g, x) }
                    },
                );
            if !content.is_zero() && !content.is_one() {
                for x in w.iter_mut().chain(comb.iter_mut()) {
                    *x /= &content;
                }
            }
        }
        Ok((w, comb))
    }

    /// a(t) with deg a < deg m and a(u) ≡ the element with coordinates
    /// `target` (None when it is not in the span of the powers of u).
    pub fn in_powers(&self, target: &[Q], budget: &Budget) -> Result<Option<QPoly>, Stop> {
        // The last slot of comb is target's own coefficient: w = t·target + Σ combᵢvᵢ.
        let (w, d) = integral(target);
        let slot = self.rows.iter().map(|r| r.comb.len()).max().unwrap_or(0);
        let mut comb = vec![BigInt::zero(); slot + 1];
        comb[slot] = d;
        let (w, mut comb) = self.eliminate(w, comb, budget)?;
        if !w.iter().all(Zero::is_zero) {
            return Ok(None);
        }
        let t = comb.pop().unwrap_or_else(BigInt::one);
        Ok(Some(trim(
            comb.into_iter().map(|c| Q::new(-c, t.clone())).collect(),
        )))
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
            coordinates.push(kry.in_powers(&v, budget)?.ok_or(Halt::Stopped(
                Stop::CheckFailed("a variable is not a polynomial in the separating form"),
            ))?);
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
        let mut kry = Krylov::new();
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
            match kry.push(&v, k, budget)? {
                Some(dependency) => {
                    // The elimination's claim, replayed: Σ aᵢ·NF(sᵢ) + NF(m) = 0.
                    let mut vectors: Vec<&[Q]> = staircase.iter().map(|(_, v)| &v[..]).collect();
                    vectors.push(&v);
                    if !vanishes(&vectors, &dependency) {
                        return Err(Halt::Stopped(Stop::CheckFailed(
                            "an FGLM element is not 0 in the quotient",
                        )));
                    }
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
