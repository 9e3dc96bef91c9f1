//! Gröbner bases over Q: Buchberger's algorithm with the Gebauer–Möller
//! criteria and the sugar strategy, fraction-free (every polynomial is
//! kept in Z[x] with content 1 and a positive leading coefficient), then
//! minimised and tail-reduced to the reduced basis, which is unique for
//! the ideal and the order.
//!
//! The identity behind every answer: G generates the ideal of F because G
//! is built from F by S-polynomials and reductions only (G ⊆ ⟨F⟩) and every
//! f ∈ F reduces to 0 by G (F ⊆ ⟨G⟩); G is a Gröbner basis because every
//! S-polynomial of G has a representation below its lcm (Buchberger's
//! criterion: replayed by reductions to 0, coprime leading monomials and
//! chains of such pairs). [`is_groebner`] replays both.

use super::sparse::Sparse;
use crate::integer::gcd;
use crate::{BigInt, Budget, Q, Stop};
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;

/// Monomial orders; variables are ranked in the order given, the first
/// largest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    Lex,
    /// Total degree, ties by lex.
    Grlex,
    /// Total degree, ties by the reverse of the last differing exponent.
    Grevlex,
}

/// Exponents, one per variable.
pub type Mono = Vec<u32>;

fn degree(m: &[u32]) -> u64 {
    m.iter().map(|&e| u64::from(e)).sum()
}

pub fn compare(order: Order, a: &[u32], b: &[u32]) -> Ordering {
    match order {
        Order::Lex => a.cmp(b),
        Order::Grlex => degree(a).cmp(&degree(b)).then_with(|| a.cmp(b)),
        Order::Grevlex => degree(a).cmp(&degree(b)).then_with(|| {
            a.iter()
                .zip(b)
                .rev()
                .find(|(x, y)| x != y)
                .map_or(Ordering::Equal, |(x, y)| y.cmp(x))
        }),
    }
}

fn divides(a: &[u32], b: &[u32]) -> bool {
    a.iter().zip(b).all(|(x, y)| x <= y)
}

fn lcm(a: &[u32], b: &[u32]) -> Mono {
    a.iter().zip(b).map(|(x, y)| *x.max(y)).collect()
}

fn coprime(a: &[u32], b: &[u32]) -> bool {
    a.iter().zip(b).all(|(x, y)| *x == 0 || *y == 0)
}

fn times(a: &[u32], b: &[u32]) -> Mono {
    a.iter().zip(b).map(|(x, y)| x + y).collect()
}

/// b / a, when a divides b.
fn over(b: &[u32], a: &[u32]) -> Mono {
    b.iter().zip(a).map(|(x, y)| x - y).collect()
}

/// A polynomial with its terms in decreasing order; no zero coefficients.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Poly<C> {
    pub terms: Vec<(Mono, C)>,
}

pub type ZPoly = Poly<BigInt>;
pub type QPoly = Poly<Q>;

impl<C> Poly<C> {
    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    pub fn lead(&self) -> Option<&Mono> {
        self.terms.first().map(|t| &t.0)
    }
}

/// Arithmetic the reductions need from a coefficient ring.
trait Coefficient: Clone + Zero + One + PartialEq + std::ops::Neg<Output = Self> {
    fn times(&self, other: &Self) -> Self;
    fn words(&self) -> u64;
}

impl Coefficient for BigInt {
    fn times(&self, other: &Self) -> Self {
        self * other
    }
    fn words(&self) -> u64 {
        self.bits() / 64 + 1
    }
}

impl Coefficient for Q {
    fn times(&self, other: &Self) -> Self {
        self * other
    }
    fn words(&self) -> u64 {
        (self.numer().bits() + self.denom().bits()) / 64 + 1
    }
}

/// a·f − b·m·g, merged in `order`; the work done is added to `words`.
fn combine<C: Coefficient>(
    order: Order,
    a: &C,
    f: &[(Mono, C)],
    b: &C,
    m: &[u32],
    g: &[(Mono, C)],
    words: &mut u64,
) -> Vec<(Mono, C)> {
    let mut out = Vec::with_capacity(f.len() + g.len());
    let (mut i, mut j) = (0, 0);
    let shifted = |k: usize| times(&g[k].0, m);
    let mut next_g = g.first().map(|_| shifted(0));
    while i < f.len() || next_g.is_some() {
        let take = match (f.get(i), &next_g) {
            (Some((mf, _)), Some(mg)) => compare(order, mf, mg),
            (Some(_), None) => Ordering::Greater,
            (None, _) => Ordering::Less,
        };
        match take {
            Ordering::Greater => {
                let c = if a.is_one() {
                    f[i].1.clone()
                } else {
                    a.times(&f[i].1)
                };
                *words += c.words();
                out.push((f[i].0.clone(), c));
                i += 1;
            }
            Ordering::Less => {
                let c = -b.times(&g[j].1);
                *words += c.words();
                out.push((next_g.take().unwrap_or_default(), c));
                j += 1;
                next_g = (j < g.len()).then(|| shifted(j));
            }
            Ordering::Equal => {
                let c = a.times(&f[i].1) + -b.times(&g[j].1);
                *words += c.words();
                if !c.is_zero() {
                    out.push((f[i].0.clone(), c));
                }
                i += 1;
                j += 1;
                next_g = (j < g.len()).then(|| shifted(j));
            }
        }
    }
    out
}

/// Content 1 and a positive leading coefficient.
fn primitive(mut p: ZPoly) -> ZPoly {
    let Some(first) = p.terms.first() else {
        return p;
    };
    let mut g = first.1.abs();
    for (_, c) in &p.terms[1..] {
        if g.is_one() {
            break;
        }
        g = gcd(&g, c);
    }
    if first.1.is_negative() {
        g = -g;
    }
    if !g.is_one() {
        for t in &mut p.terms {
            t.1 /= &g;
        }
    }
    p
}

/// Limits on a basis computation's size, beyond the deadline.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Terms held by all polynomials of the basis together.
    pub terms: usize,
    /// Bits of the largest coefficient.
    pub bits: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            terms: 400_000,
            bits: 1 << 20,
        }
    }
}

/// Why no basis was returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Halt {
    Stopped(Stop),
    /// A [`Limits`] bound was passed.
    TooLarge,
}

impl From<Stop> for Halt {
    fn from(s: Stop) -> Self {
        Halt::Stopped(s)
    }
}

/// Which terms a reduction rewrites.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Every term: the normal form.
    Full,
    /// Every term but the leading one.
    Tail,
}

/// Fraction-free reduction of f by the polynomials `by`, primitive.
fn reduce(
    order: Order,
    f: ZPoly,
    by: &[&ZPoly],
    mode: Mode,
    limits: &Limits,
    budget: &Budget,
) -> Result<ZPoly, Halt> {
    let mut rest = f.terms;
    // rest[at..] is still to be examined; done is irreducible.
    let mut at = 0;
    let mut done: Vec<(Mono, BigInt)> = Vec::new();
    if mode == Mode::Tail && !rest.is_empty() {
        done.push(rest[0].clone());
        at = 1;
    }
    let mut words = 0u64;
    while let Some((m, c)) = rest.get(at) {
        if words > 1 << 14 {
            budget.check()?;
            words = 0;
        }
        let Some(g) = by.iter().find(|g| divides(&g.terms[0].0, m)) else {
            done.push(rest[at].clone());
            at += 1;
            continue;
        };
        let lc = &g.terms[0].1;
        let common = gcd(c, lc);
        let (a, b) = (lc / &common, c / &common);
        let shift = over(m, &g.terms[0].0);
        rest = combine(order, &a, &rest[at..], &b, &shift, &g.terms, &mut words);
        at = 0;
        if !a.is_one() {
            for t in &mut done {
                t.1 *= &a;
            }
        }
        if rest.len() + done.len() > limits.terms || rest.iter().any(|t| t.1.bits() > limits.bits) {
            return Err(Halt::TooLarge);
        }
        if words > 1 << 16 {
            // Keep coefficients from swelling: divide out the common content.
            divide_content(&mut done, &mut rest);
            budget.check()?;
            words = 0;
        }
    }
    done.extend(rest.drain(at..));
    Ok(primitive(Poly { terms: done }))
}

/// Divides both parts of a polynomial by the gcd of all their coefficients.
fn divide_content(a: &mut [(Mono, BigInt)], b: &mut [(Mono, BigInt)]) {
    let mut g = BigInt::zero();
    for (_, c) in a.iter().chain(b.iter()) {
        g = gcd(&g, c);
        if g.is_one() {
            return;
        }
    }
    if g.is_zero() {
        return;
    }
    for t in a.iter_mut().chain(b.iter_mut()) {
        t.1 /= &g;
    }
}

/// A critical pair of basis elements i < j with its lcm and sugar.
struct Pair {
    i: usize,
    j: usize,
    lcm: Mono,
    sugar: u64,
}

struct Element {
    p: ZPoly,
    sugar: u64,
}

/// The computation's state: every polynomial ever added (reducers may be
/// retired from `active` but pairs refer to them by index).
struct State {
    order: Order,
    all: Vec<Element>,
    active: Vec<usize>,
    pairs: Vec<Pair>,
}

impl State {
    fn lead(&self, i: usize) -> &Mono {
        &self.all[i].p.terms[0].0
    }

    fn pair(&self, i: usize, j: usize) -> Pair {
        let l = lcm(self.lead(i), self.lead(j));
        let d = degree(&l);
        let sugar = (self.all[i].sugar + d - degree(self.lead(i)))
            .max(self.all[j].sugar + d - degree(self.lead(j)));
        Pair {
            i: i.min(j),
            j: i.max(j),
            lcm: l,
            sugar,
        }
    }

    /// Gebauer–Möller's update on adding h (Becker–Weispfenning, UPDATE).
    fn add(&mut self, p: ZPoly, sugar: u64) {
        let h = self.all.len();
        self.all.push(Element { p, sugar });
        let lh = self.lead(h).clone();
        let mut c: Vec<Pair> = self.active.iter().map(|&g| self.pair(h, g)).collect();
        let mut d: Vec<Pair> = Vec::new();
        while let Some(p) = c.pop() {
            let g1 = if p.i == h { p.j } else { p.i };
            let keep = coprime(&lh, self.lead(g1))
                || !c.iter().chain(d.iter()).any(|q| divides(&q.lcm, &p.lcm));
            if keep {
                d.push(p);
            }
        }
        let e: Vec<Pair> = d
            .into_iter()
            .filter(|p| {
                let g = if p.i == h { p.j } else { p.i };
                !coprime(&lh, self.lead(g))
            })
            .collect();
        let all = &self.all;
        let lead = |i: usize| &all[i].p.terms[0].0;
        let mut kept: Vec<Pair> = std::mem::take(&mut self.pairs)
            .into_iter()
            .filter(|p| {
                !divides(&lh, &p.lcm)
                    || lcm(lead(p.i), &lh) == p.lcm
                    || lcm(lead(p.j), &lh) == p.lcm
            })
            .collect();
        kept.extend(e);
        self.pairs = kept;
        self.active.retain(|&g| !divides(&lh, &all[g].p.terms[0].0));
        self.active.push(h);
    }

    fn terms(&self) -> usize {
        self.active.iter().map(|&i| self.all[i].p.terms.len()).sum()
    }

    /// The S-polynomial of a pair.
    fn s_polynomial(&self, p: &Pair) -> ZPoly {
        let (f, g) = (&self.all[p.i].p, &self.all[p.j].p);
        let (cf, cg) = (&f.terms[0].1, &g.terms[0].1);
        let common = gcd(cf, cg);
        let (a, b) = (cg / &common, cf / &common);
        let mf = over(&p.lcm, &f.terms[0].0);
        let mg = over(&p.lcm, &g.terms[0].0);
        let fm: Vec<(Mono, BigInt)> = f
            .terms
            .iter()
            .map(|(m, c)| (times(m, &mf), c.clone()))
            .collect();
        let mut words = 0;
        let s = combine(self.order, &a, &fm, &b, &mg, &g.terms, &mut words);
        primitive(Poly { terms: s })
    }

    fn reducers(&self) -> Vec<&ZPoly> {
        self.active.iter().map(|&i| &self.all[i].p).collect()
    }
}

/// The reduced Gröbner basis of the ideal of `polys` (all over the same
/// variables) for `order`, primitive with positive leading coefficients,
/// in increasing order of leading monomials. `[1]` when the ideal is the
/// whole ring, empty for the zero ideal.
pub fn basis(
    polys: &[ZPoly],
    order: Order,
    limits: &Limits,
    budget: &Budget,
) -> Result<Vec<ZPoly>, Halt> {
    let mut state = State {
        order,
        all: Vec::new(),
        active: Vec::new(),
        pairs: Vec::new(),
    };
    let mut start: Vec<ZPoly> = polys
        .iter()
        .filter(|p| !p.is_zero())
        .map(|p| primitive(sorted(order, p.clone())))
        .collect();
    start.sort_by(|a, b| compare(order, &a.terms[0].0, &b.terms[0].0));
    for p in start {
        let p = reduce(order, p, &state.reducers(), Mode::Full, limits, budget)?;
        if p.is_zero() {
            continue;
        }
        if degree(&p.terms[0].0) == 0 {
            return Ok(vec![one(&p.terms[0].0)]);
        }
        let sugar = p.terms.iter().map(|t| degree(&t.0)).max().unwrap_or(0);
        state.add(p, sugar);
    }
    while !state.pairs.is_empty() {
        budget.check()?;
        let best = (0..state.pairs.len())
            .min_by(|&a, &b| {
                let (p, q) = (&state.pairs[a], &state.pairs[b]);
                p.sugar
                    .cmp(&q.sugar)
                    .then_with(|| compare(order, &p.lcm, &q.lcm))
            })
            .unwrap_or(0);
        let pair = state.pairs.swap_remove(best);
        let s = state.s_polynomial(&pair);
        let h = reduce(order, s, &state.reducers(), Mode::Full, limits, budget)?;
        if h.is_zero() {
            continue;
        }
        if degree(&h.terms[0].0) == 0 {
            return Ok(vec![one(&h.terms[0].0)]);
        }
        state.add(h, pair.sugar);
        if state.terms() > limits.terms {
            return Err(Halt::TooLarge);
        }
    }
    let mut g: Vec<ZPoly> = state
        .active
        .iter()
        .map(|&i| state.all[i].p.clone())
        .collect();
    g.sort_by(|a, b| compare(order, &a.terms[0].0, &b.terms[0].0));
    // Tail-reduce each element by the others (leading monomials are
    // already minimal: no one divides another).
    for k in 0..g.len() {
        let others: Vec<&ZPoly> = g
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != k)
            .map(|(_, p)| p)
            .collect();
        g[k] = reduce(order, g[k].clone(), &others, Mode::Tail, limits, budget)?;
    }
    Ok(g)
}

/// The constant 1 over the variables of a monomial.
fn one(like: &[u32]) -> ZPoly {
    Poly {
        terms: vec![(vec![0; like.len()], BigInt::one())],
    }
}

/// The terms of p put in decreasing `order`.
fn sorted<C>(order: Order, mut p: Poly<C>) -> Poly<C> {
    p.terms.sort_by(|a, b| compare(order, &b.0, &a.0));
    p
}

/// Σ c·x^e of a sparse polynomial, over Z after clearing denominators.
pub fn from_sparse(p: &Sparse, order: Order) -> ZPoly {
    integral(&from_sparse_q(p, order))
}

/// The same polynomial over Q with its terms in decreasing `order`.
pub fn from_sparse_q(p: &Sparse, order: Order) -> QPoly {
    let terms = p
        .terms
        .iter()
        .map(|(e, c)| (e.clone(), c.clone()))
        .collect();
    sorted(order, Poly { terms })
}

/// The sparse polynomial over `vars`.
pub fn to_sparse<C: Clone>(p: &Poly<C>, vars: &[String], q: impl Fn(&C) -> Q) -> Sparse {
    Sparse {
        vars: vars.to_vec(),
        terms: p.terms.iter().map(|(e, c)| (e.clone(), q(c))).collect(),
    }
}

/// The primitive integer multiple of p with a positive leading coefficient.
pub fn integral(p: &QPoly) -> ZPoly {
    let mut l = BigInt::one();
    for (_, c) in &p.terms {
        l = l.lcm(c.denom());
    }
    let terms = p
        .terms
        .iter()
        .map(|(m, c)| (m.clone(), (c * Q::from_integer(l.clone())).to_integer()))
        .collect();
    primitive(Poly { terms })
}

/// The monic form over Q (p ≠ 0).
pub fn monic(p: &ZPoly) -> QPoly {
    let lc = Q::from_integer(p.terms[0].1.clone());
    Poly {
        terms: p
            .terms
            .iter()
            .map(|(m, c)| (m.clone(), Q::from_integer(c.clone()) / &lc))
            .collect(),
    }
}

/// f = Σ qᵢ·gᵢ + r by multivariate division over Q (the remainder has no
/// term divisible by a leading monomial of `by`); the quotients are
/// returned in the order of `by`.
pub fn divide(
    order: Order,
    f: &QPoly,
    by: &[QPoly],
    limits: &Limits,
    budget: &Budget,
) -> Result<(Vec<QPoly>, QPoly), Halt> {
    let mut quotients: Vec<Vec<(Mono, Q)>> = vec![Vec::new(); by.len()];
    let mut rest = f.terms.clone();
    let mut at = 0;
    let mut remainder = Vec::new();
    let mut words = 0u64;
    while let Some((m, c)) = rest.get(at) {
        if words > 1 << 14 {
            budget.check()?;
            words = 0;
        }
        let Some(k) = by.iter().position(|g| divides(&g.terms[0].0, m)) else {
            remainder.push(rest[at].clone());
            at += 1;
            continue;
        };
        let g = &by[k];
        let b = c / &g.terms[0].1;
        let shift = over(m, &g.terms[0].0);
        quotients[k].push((shift.clone(), b.clone()));
        rest = combine(
            order,
            &Q::one(),
            &rest[at..],
            &b,
            &shift,
            &g.terms,
            &mut words,
        );
        at = 0;
        if rest.len() + remainder.len() > limits.terms {
            return Err(Halt::TooLarge);
        }
    }
    remainder.extend(rest.drain(at..));
    // Quotient terms arrive in decreasing order, one per step.
    let quotients = quotients
        .into_iter()
        .map(|t| sorted(order, Poly { terms: t }))
        .collect();
    Ok((quotients, Poly { terms: remainder }))
}

/// a + b, a·b and the zero test over Q, for replaying certificates.
pub fn add(order: Order, a: &QPoly, b: &QPoly) -> QPoly {
    let mut w = 0;
    let zero = vec![0; a.lead().or(b.lead()).map_or(0, |m| m.len())];
    Poly {
        terms: combine(
            order,
            &Q::one(),
            &a.terms,
            &-Q::one(),
            &zero,
            &b.terms,
            &mut w,
        ),
    }
}

pub fn mul(order: Order, a: &QPoly, b: &QPoly, budget: &Budget) -> Result<QPoly, Stop> {
    let mut acc: std::collections::BTreeMap<Mono, Q> = std::collections::BTreeMap::new();
    for (m, c) in &a.terms {
        budget.check()?;
        for (n, d) in &b.terms {
            *acc.entry(times(m, n)).or_insert_with(Q::zero) += c * d;
        }
    }
    acc.retain(|_, c| !c.is_zero());
    Ok(sorted(
        order,
        Poly {
            terms: acc.into_iter().collect(),
        },
    ))
}

/// Replays what makes `g` the reduced Gröbner basis of ⟨f⟩: every f
/// reduces to 0 by g; every S-polynomial of g has a standard
/// representation; no leading monomial divides a term of another element.
///
/// The S-polynomials are replayed by the chain criterion in its global
/// form (Becker–Weispfenning, Thm. 5.64): S(gᵢ, gⱼ) has a representation
/// below L = lcm(LM gᵢ, LM gⱼ) when gᵢ and gⱼ are joined by a path of
/// elements whose leading monomials divide L, each step a pair whose
/// S-polynomial was reduced to 0 here or whose leading monomials are
/// coprime (Buchberger's first criterion). Telescoping along the path
/// writes S(gᵢ, gⱼ) as a sum of multiples of the steps' S-polynomials, each
/// below L. Every edge is a reduction done in this call, so the order in
/// which pairs are skipped cannot make the argument circular; pairs go by
/// increasing L so that the small ones build the paths for the large.
pub fn is_groebner(
    f: &[ZPoly],
    g: &[ZPoly],
    order: Order,
    limits: &Limits,
    budget: &Budget,
) -> Result<bool, Halt> {
    let by: Vec<&ZPoly> = g.iter().collect();
    for p in f {
        if !reduce(
            order,
            sorted(order, p.clone()),
            &by,
            Mode::Full,
            limits,
            budget,
        )?
        .is_zero()
        {
            return Ok(false);
        }
    }
    let state = State {
        order,
        all: g
            .iter()
            .map(|p| Element {
                p: p.clone(),
                sugar: 0,
            })
            .collect(),
        active: (0..g.len()).collect(),
        pairs: Vec::new(),
    };
    let n = g.len();
    // joined[i][j]: S(gᵢ, gⱼ) →* 0, replayed, or LM gᵢ, LM gⱼ coprime.
    let mut joined = vec![vec![false; n]; n];
    let mut pairs = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if coprime(state.lead(i), state.lead(j)) {
                joined[i][j] = true;
                joined[j][i] = true;
            } else {
                pairs.push(state.pair(i, j));
            }
        }
    }
    pairs.sort_by(|p, q| compare(order, &p.lcm, &q.lcm));
    for pair in &pairs {
        budget.check()?;
        if path_below(&state, &joined, pair) {
            continue;
        }
        let s = state.s_polynomial(pair);
        if !reduce(order, s, &by, Mode::Full, limits, budget)?.is_zero() {
            return Ok(false);
        }
        joined[pair.i][pair.j] = true;
        joined[pair.j][pair.i] = true;
    }
    let reduced = g.iter().enumerate().all(|(i, p)| {
        g.iter()
            .enumerate()
            .all(|(j, q)| i == j || !p.terms.iter().any(|t| divides(&q.terms[0].0, &t.0)))
    });
    Ok(reduced)
}

/// Whether `pair.i` reaches `pair.j` through `joined` edges among the
/// elements whose leading monomials divide the pair's lcm.
fn path_below(state: &State, joined: &[Vec<bool>], pair: &Pair) -> bool {
    let n = joined.len();
    let inside: Vec<bool> = (0..n).map(|k| divides(state.lead(k), &pair.lcm)).collect();
    let mut seen = vec![false; n];
    let mut stack = vec![pair.i];
    seen[pair.i] = true;
    while let Some(k) = stack.pop() {
        if k == pair.j {
            return true;
        }
        for next in 0..n {
            if inside[next] && !seen[next] && joined[k][next] {
                seen[next] = true;
                stack.push(next);
            }
        }
    }
    false
}
