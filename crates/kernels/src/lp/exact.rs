//! The exact revised simplex with bounded variables on the standard form.
//! A vertex is a basis B and the set U of nonbasic columns at their upper
//! bound; its basic values are x_B = B⁻¹(b' − Σ_{j∈U} A'ⱼu'ⱼ). Each step
//! solves with B by Dixon lifting (x_B, y = B⁻ᵀc_B, the entering column's
//! direction B⁻¹A'_q), prices every column exactly and moves by Bland's
//! rule (smallest eligible entering index, smallest index among the tied
//! leaving candidates, the entering column itself when its own bound is
//! reached first), which cannot cycle. Phase 1 minimises the sum of
//! artificials; at a positive optimum its multipliers y have A'ⱼ·y ≤ 0 on
//! the columns at their lower bound and ≥ 0 on those at their upper one,
//! so the largest y·A'z over the box is below y·b'.
//!
//! Solving with B: columns with one entry (slacks, artificials) are
//! eliminated first, so the lifting works with the square block of the
//! other columns on the other rows, which is small when few constraints
//! are tight.

use super::certificate::Common;
use super::standard::Standard;
use crate::linalg::{self, Solution};
use crate::rational::ratio;
use crate::{BigInt, Budget, Mat, Q, Stop, dixon};
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use std::cell::{OnceCell, RefCell};
use std::cmp::Ordering;
use std::rc::Rc;

/// The standard form's answer.
pub(super) enum End {
    /// z optimal, y its multipliers (for the scaled costs).
    Optimal {
        z: Vec<Q>,
        y: Vec<Q>,
    },
    /// Phase 1's multipliers at a positive optimum.
    Infeasible {
        y: Vec<Q>,
    },
    Unbounded {
        z: Vec<Q>,
        ray: Vec<Q>,
    },
}

/// A basis and which nonbasic columns sit at their upper bound.
#[derive(Clone, PartialEq)]
pub(super) struct Vertex {
    pub basis: Vec<usize>,
    /// Per column (real and artificial).
    pub upper: Vec<bool>,
}

#[derive(Clone, Copy, PartialEq)]
enum Phase {
    One,
    Two,
}

/// A vector as numerators over one positive denominator.
type Fraction = Common;

/// Where Bland's rule stopped.
enum Step {
    Optimal {
        x: Rc<Fraction>,
        y: Fraction,
    },
    Unbounded {
        x: Rc<Fraction>,
        q: usize,
        dir: Fraction,
    },
}

/// A step length N/D with D > 0.
struct Length {
    n: BigInt,
    d: BigInt,
}

impl Length {
    fn cmp(&self, other: &Length) -> Ordering {
        (&self.n * &other.d).cmp(&(&other.n * &self.d))
    }
}

struct Engine<'a> {
    s: &'a Standard,
    budget: &'a Budget,
    /// The last factored basis: a basis is checked, started from, priced
    /// and moved along, each wanting it.
    factor: RefCell<Option<(Vec<usize>, Rc<Factor>)>>,
    /// The last vertex's x_B.
    last: RefCell<Option<(Vertex, Rc<Fraction>)>>,
}

pub(super) fn run(s: &Standard, guess: Option<Vertex>, budget: &Budget) -> Result<End, Stop> {
    let e = Engine {
        s,
        budget,
        factor: Default::default(),
        last: Default::default(),
    };
    let start = || Vertex {
        basis: s.start.clone(),
        upper: vec![false; s.total()],
    };
    let mut v = match guess {
        Some(g) if e.usable(&g)? => g,
        _ => start(),
    };
    let n = s.columns();
    let x = e
        .x_of(&v)?
        .ok_or(Stop::CheckFailed("the starting basis is singular"))?;
    let artificial_positive = |v: &Vertex, x: &Fraction| {
        v.basis
            .iter()
            .zip(&x.num)
            .any(|(&col, x)| col >= n && x.is_positive())
    };
    if artificial_positive(&v, &x) {
        match e.simplex(&mut v, Phase::One)? {
            Step::Optimal { x, y } => {
                if artificial_positive(&v, &x) {
                    return Ok(End::Infeasible { y: y.to_q() });
                }
            }
            Step::Unbounded { .. } => {
                return Err(Stop::CheckFailed("phase 1 of the simplex is unbounded"));
            }
        }
    }
    e.drive_out(&mut v)?;
    Ok(match e.simplex(&mut v, Phase::Two)? {
        Step::Optimal { x, y } => End::Optimal {
            z: e.point(&v, &x),
            y: y.to_q(),
        },
        Step::Unbounded { x, q, dir } => {
            let mut ray = vec![Q::zero(); n];
            ray[q] = Q::one();
            for (k, &col) in v.basis.iter().enumerate() {
                if col < n {
                    ray[col] = -ratio(dir.num[k].clone(), dir.den.clone());
                }
            }
            End::Unbounded {
                z: e.point(&v, &x),
                ray,
            }
        }
    })
}

impl Engine<'_> {
    fn m(&self) -> usize {
        self.s.rows()
    }

    fn cost(&self, j: usize, phase: Phase) -> BigInt {
        let n = self.s.columns();
        match phase {
            Phase::One => BigInt::from(u8::from(j >= n)),
            Phase::Two if j < n => self.s.c[j].clone(),
            Phase::Two => BigInt::zero(),
        }
    }

    /// The real columns' values at a vertex.
    fn point(&self, v: &Vertex, x: &Fraction) -> Vec<Q> {
        let n = self.s.columns();
        let mut z: Vec<Q> = (0..n)
            .map(|j| match self.s.upper(j) {
                Some(u) if v.upper[j] => u.clone(),
                _ => Q::zero(),
            })
            .collect();
        for (k, &col) in v.basis.iter().enumerate() {
            if col < n {
                z[col] = ratio(x.num[k].clone(), x.den.clone());
            }
        }
        z
    }

    /// A proposed vertex: distinct basic columns, upper flags only on
    /// nonbasic columns with an upper bound, B non-singular and x_B
    /// exactly within its bounds (a basic artificial may be positive:
    /// phase 1 starts from there).
    fn usable(&self, v: &Vertex) -> Result<bool, Stop> {
        let total = self.s.total();
        let mut seen = vec![false; total];
        if v.basis.len() != self.m() || v.upper.len() != total {
            return Ok(false);
        }
        for &j in &v.basis {
            if j >= total || seen[j] {
                return Ok(false);
            }
            seen[j] = true;
        }
        if (0..total).any(|j| v.upper[j] && (seen[j] || self.s.upper(j).is_none())) {
            return Ok(false);
        }
        let Some(x) = self.x_of(v)? else {
            return Ok(false);
        };
        Ok(v.basis.iter().zip(&x.num).all(|(&j, xj)| {
            !xj.is_negative()
                && self
                    .s
                    .upper(j)
                    .is_none_or(|u| xj * u.denom() <= u.numer() * &x.den)
        }))
    }

    /// b' − Σ_{j∈U} A'ⱼu'ⱼ over one denominator.
    fn rhs(&self, v: &Vertex) -> Fraction {
        let at: Vec<(usize, &Q)> = (0..self.s.columns())
            .filter(|&j| v.upper[j])
            .filter_map(|j| self.s.upper(j).map(|u| (j, u)))
            .collect();
        let den = at.iter().fold(BigInt::one(), |l, (_, u)| l.lcm(u.denom()));
        let mut num: Vec<BigInt> = self.s.b.iter().map(|b| b * &den).collect();
        for (j, u) in at {
            let w = u.numer() * (&den / u.denom());
            for (i, a) in &self.s.cols[j] {
                num[*i] -= a * &w;
            }
        }
        Fraction { num, den }
    }

    /// x_B at a vertex, `None` when B is singular.
    fn x_of(&self, v: &Vertex) -> Result<Option<Rc<Fraction>>, Stop> {
        if let Some((w, x)) = &*self.last.borrow()
            && w == v
        {
            return Ok(Some(x.clone()));
        }
        let r = self.rhs(v);
        let Some(x) = self.factor(&v.basis)?.solve(&r.num, self.budget)? else {
            return Ok(None);
        };
        let x = Rc::new(Fraction {
            num: x.num,
            den: x.den * r.den,
        });
        *self.last.borrow_mut() = Some((v.clone(), x.clone()));
        Ok(Some(x))
    }

    fn factor(&self, basis: &[usize]) -> Result<Rc<Factor>, Stop> {
        if let Some((b, f)) = &*self.factor.borrow()
            && b == basis
        {
            return Ok(f.clone());
        }
        self.budget.check()?;
        let f = Rc::new(Factor::new(self.s, basis));
        *self.factor.borrow_mut() = Some((basis.to_vec(), f.clone()));
        Ok(f)
    }

    /// den·dⱼ = den·cⱼ − Σ numᵢ·A'ᵢⱼ for y = num/den.
    fn reduced_cost(&self, y: &Fraction, j: usize, phase: Phase) -> BigInt {
        let mut d = &y.den * self.cost(j, phase);
        for (i, a) in &self.s.cols[j] {
            if !y.num[*i].is_zero() {
                d -= &y.num[*i] * a;
            }
        }
        d
    }

    /// Bland's rule from a feasible vertex until optimal or unbounded.
    // Long run: pricing, the bounded ratio test and the move are one step.
    fn simplex(&self, v: &mut Vertex, phase: Phase) -> Result<Step, Stop> {
        let n = self.s.columns();
        let total = self.s.total();
        loop {
            self.budget.check()?;
            let x = self
                .x_of(v)?
                .ok_or(Stop::CheckFailed("a simplex basis became singular"))?;
            let f = self.factor(&v.basis)?;
            let cb: Vec<BigInt> = v.basis.iter().map(|&j| self.cost(j, phase)).collect();
            let y = f.solve_transposed(&cb, self.budget)?;
            let mut in_basis = vec![false; total];
            for &j in &v.basis {
                in_basis[j] = true;
            }
            // Phase 2 never lets an artificial in; a fixed column never moves.
            let limit = if phase == Phase::One { total } else { n };
            let entering = (0..limit)
                .filter(|&j| !in_basis[j] && self.s.upper(j).is_none_or(|u| !u.is_zero()))
                .find(|&j| {
                    let d = self.reduced_cost(&y, j, phase);
                    if v.upper[j] {
                        d.is_positive()
                    } else {
                        d.is_negative()
                    }
                });
            let Some(q) = entering else {
                return Ok(Step::Optimal { x, y });
            };
            let dir = f
                .solve(&self.s.dense(q), self.budget)?
                .ok_or(Stop::CheckFailed("a simplex basis became singular"))?;
            // x_B(t) = x_B − σ·t·dir: σ = 1 when q rises from its lower
            // bound, −1 when it falls from its upper one.
            let falling = v.upper[q];
            // (row, or None for q's own bound; the step; ends at an upper bound)
            let mut leave: Option<(Option<usize>, Length, bool)> = self.s.upper(q).map(|u| {
                (
                    None,
                    Length {
                        n: u.numer().clone(),
                        d: u.denom().clone(),
                    },
                    false,
                )
            });
            for r in 0..v.basis.len() {
                let w = if falling {
                    -&dir.num[r]
                } else {
                    dir.num[r].clone()
                };
                let candidate = if w.is_positive() {
                    // Falls to 0: t = x_r / (σw_r).
                    Length {
                        n: &x.num[r] * &dir.den,
                        d: &x.den * &w,
                    }
                } else if w.is_negative()
                    && let Some(u) = self.s.upper(v.basis[r])
                {
                    // Rises to u: t = (u − x_r) / (−σw_r).
                    Length {
                        n: (u.numer() * &x.den - u.denom() * &x.num[r]) * &dir.den,
                        d: u.denom() * &x.den * -&w,
                    }
                } else {
                    continue;
                };
                let up = w.is_negative();
                let better = match &leave {
                    None => true,
                    Some((at, best, _)) => match candidate.cmp(best) {
                        Ordering::Less => true,
                        Ordering::Equal => v.basis[r] < at.map_or(q, |at| v.basis[at]),
                        Ordering::Greater => false,
                    },
                };
                if better {
                    leave = Some((Some(r), candidate, up));
                }
            }
            match leave {
                None => return Ok(Step::Unbounded { x, q, dir }),
                Some((None, _, _)) => v.upper[q] = !v.upper[q],
                Some((Some(r), _, up)) => {
                    let leaving = v.basis[r];
                    v.basis[r] = q;
                    v.upper[q] = false;
                    v.upper[leaving] = up;
                }
            }
        }
    }

    /// Replaces each basic artificial (all at 0 after phase 1) by a real
    /// column with a nonzero entry in its row of B⁻¹A' (a pivot of step 0:
    /// the entering column keeps its value, at a bound); one with none
    /// left sits on a redundant row, where every direction is 0.
    fn drive_out(&self, v: &mut Vertex) -> Result<(), Stop> {
        let n = self.s.columns();
        for r in 0..v.basis.len() {
            if v.basis[r] < n {
                continue;
            }
            self.budget.check()?;
            let e: Vec<BigInt> = (0..v.basis.len())
                .map(|i| BigInt::from(u8::from(i == r)))
                .collect();
            let w = self.factor(&v.basis)?.solve_transposed(&e, self.budget)?;
            let mut in_basis = vec![false; self.s.total()];
            for &j in &v.basis {
                in_basis[j] = true;
            }
            let replacement = (0..n).filter(|&j| !in_basis[j]).find(|&j| {
                !self.s.cols[j]
                    .iter()
                    .filter(|(i, _)| !w.num[*i].is_zero())
                    .fold(BigInt::zero(), |acc, (i, a)| acc + &w.num[*i] * a)
                    .is_zero()
            });
            if let Some(j) = replacement {
                v.basis[r] = j;
                // Its value stays: a column at its upper bound is basic there.
                v.upper[j] = false;
            }
        }
        Ok(())
    }
}

/// B with its columns of one entry eliminated: those claim their row, and
/// the square block M of the other columns on the unclaimed rows is
/// lifted (M and Mᵀ each on first use).
struct Factor {
    m: usize,
    /// (basis position, row, entry) of each claiming column.
    single: Vec<(usize, usize, BigInt)>,
    /// The unclaimed rows and the remaining basis positions: M's rows and columns.
    rows: Vec<usize>,
    positions: Vec<usize>,
    /// Per remaining position, its entries on claimed rows.
    off: Vec<Vec<(usize, BigInt)>>,
    /// M row-major.
    flat: Vec<BigInt>,
    /// lcm of the claiming entries.
    lcm: BigInt,
    lift: [OnceCell<Option<dixon::Lifting>>; 2],
}

impl Factor {
    fn new(s: &Standard, basis: &[usize]) -> Factor {
        let m = s.rows();
        let mut claimed = vec![false; m];
        let mut single = Vec::new();
        let mut positions = Vec::new();
        for (k, &j) in basis.iter().enumerate() {
            match s.cols[j].as_slice() {
                [(i, a)] if !claimed[*i] => {
                    claimed[*i] = true;
                    single.push((k, *i, a.clone()));
                }
                _ => positions.push(k),
            }
        }
        let rows: Vec<usize> = (0..m).filter(|&i| !claimed[i]).collect();
        let mut index = vec![usize::MAX; m];
        for (t, &i) in rows.iter().enumerate() {
            index[i] = t;
        }
        let k = rows.len();
        let mut flat = vec![BigInt::zero(); k * positions.len()];
        let mut off = Vec::with_capacity(positions.len());
        for (t, &pos) in positions.iter().enumerate() {
            let mut o = Vec::new();
            for (i, a) in &s.cols[basis[pos]] {
                if claimed[*i] {
                    o.push((*i, a.clone()));
                } else {
                    flat[index[*i] * positions.len() + t] = a.clone();
                }
            }
            off.push(o);
        }
        let lcm = single.iter().fold(BigInt::one(), |l, (_, _, a)| l.lcm(a));
        Factor {
            m,
            single,
            rows,
            positions,
            off,
            flat,
            lcm,
            lift: Default::default(),
        }
    }

    /// B⁻¹·rhs (rhs by rows, the answer by basis positions), `None` when
    /// B is singular.
    fn solve(&self, rhs: &[BigInt], budget: &Budget) -> Result<Option<Fraction>, Stop> {
        let reduced: Vec<BigInt> = self.rows.iter().map(|&i| rhs[i].clone()).collect();
        let Some(xc) = self.block(false, &reduced, budget)? else {
            return Ok(None);
        };
        let mut num = vec![BigInt::zero(); self.m];
        for (&pos, v) in self.positions.iter().zip(&xc.num) {
            num[pos] = v * &self.lcm;
        }
        // A claimed row i: entry·x_s = rhsᵢ − Σ_t Bᵢₜ·x_t.
        let mut acc: Vec<BigInt> = vec![BigInt::zero(); self.m];
        for &(_, i, _) in &self.single {
            acc[i] = &rhs[i] * &xc.den;
        }
        for (offs, xt) in self.off.iter().zip(&xc.num) {
            if xt.is_zero() {
                continue;
            }
            for (i, a) in offs {
                acc[*i] -= a * xt;
            }
        }
        for (pos, i, a) in &self.single {
            num[*pos] = std::mem::take(&mut acc[*i]) * (&self.lcm / a);
        }
        Ok(Some(Fraction {
            num,
            den: xc.den * &self.lcm,
        }))
    }

    /// B⁻ᵀ·c (c by basis positions, the answer by rows).
    fn solve_transposed(&self, c: &[BigInt], budget: &Budget) -> Result<Fraction, Stop> {
        // A claimed row: entry·yᵢ = c_s, so yᵢ = c_s·(lcm/entry)/lcm.
        let mut claimed = vec![BigInt::zero(); self.m];
        for (pos, i, a) in &self.single {
            claimed[*i] = &c[*pos] * (&self.lcm / a);
        }
        let reduced: Vec<BigInt> = self
            .positions
            .iter()
            .zip(&self.off)
            .map(|(&pos, offs)| {
                offs.iter()
                    .fold(&c[pos] * &self.lcm, |acc, (i, a)| acc - a * &claimed[*i])
            })
            .collect();
        let yc = self
            .block(true, &reduced, budget)?
            .ok_or(Stop::CheckFailed("a simplex basis became singular"))?;
        let mut num: Vec<BigInt> = claimed.into_iter().map(|v| v * &yc.den).collect();
        for (&i, v) in self.rows.iter().zip(yc.num) {
            num[i] = v;
        }
        Ok(Fraction {
            num,
            den: yc.den * &self.lcm,
        })
    }

    /// M⁻¹·rhs or M⁻ᵀ·rhs.
    fn block(
        &self,
        transpose: bool,
        rhs: &[BigInt],
        budget: &Budget,
    ) -> Result<Option<Fraction>, Stop> {
        let k = self.rows.len();
        if k == 0 {
            return Ok(Some(Fraction {
                num: Vec::new(),
                den: BigInt::one(),
            }));
        }
        if k != self.positions.len() {
            return Ok(None);
        }
        let at = |i: usize, j: usize| {
            if transpose {
                &self.flat[j * k + i]
            } else {
                &self.flat[i * k + j]
            }
        };
        // Hadamard's bound on [M | rhs], row by row.
        let log2_bound: f64 = (0..k)
            .map(|i| {
                let bits = (0..k).map(|j| at(i, j).bits()).max().unwrap_or(0);
                bits.max(rhs[i].bits()) as f64 + 0.5 * ((k + 1) as f64).log2()
            })
            .sum();
        let cell = &self.lift[usize::from(transpose)];
        if cell.get().is_none() {
            let matrix: Vec<BigInt> = (0..k * k).map(|e| at(e / k, e % k).clone()).collect();
            let _ = cell.set(dixon::Lifting::new(&matrix, k, budget)?);
        }
        if let Some(Some(lift)) = cell.get()
            && let Some((num, den)) = lift.solve(rhs, log2_bound, budget)?
        {
            return Ok(Some(Fraction { num, den }));
        }
        // Singular modulo the lifting primes: decide over Q.
        let a = Mat::from_fn(k, k, |i, j| Q::from_integer(at(i, j).clone()));
        let b: Vec<Q> = rhs.iter().cloned().map(Q::from_integer).collect();
        Ok(match linalg::solve(&a, &b, budget)? {
            Solution::Unique(x) => Some(Common::of(&x)),
            _ => None,
        })
    }
}
