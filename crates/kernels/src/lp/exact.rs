//! The exact revised simplex on the standard form: each step solves with
//! the basis B by Dixon lifting (x_B = B⁻¹b', y = B⁻ᵀc_B, the entering
//! column's direction B⁻¹A'_q), prices every column exactly and pivots by
//! Bland's rule (smallest entering index, smallest leaving index among
//! ties), which cannot cycle. Phase 1 minimises the sum of artificials;
//! at a positive optimum its multipliers y satisfy A'ᵀy ≤ 0 < b'·y.

use super::standard::Standard;
use crate::linalg::{self, Solution};
use crate::rational::ratio;
use crate::{BigInt, Budget, Mat, Q, Stop, dixon};
use num_traits::{One, Signed, Zero};
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

#[derive(Clone, Copy, PartialEq)]
enum Phase {
    One,
    Two,
}

/// A vector as numerators over one positive denominator.
struct Fraction {
    num: Vec<BigInt>,
    den: BigInt,
}

impl Fraction {
    fn of(x: &[Q]) -> Fraction {
        let c = super::certificate::Common::of(x);
        Fraction {
            num: c.num,
            den: c.den,
        }
    }

    fn to_q(&self) -> Vec<Q> {
        self.num
            .iter()
            .map(|v| ratio(v.clone(), self.den.clone()))
            .collect()
    }
}

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

struct Engine<'a> {
    s: &'a Standard,
    budget: &'a Budget,
    /// The last x_B = B⁻¹b' and its basis: a basis is checked, then
    /// started from, then priced, each wanting it.
    last: std::cell::RefCell<Option<(Vec<usize>, Rc<Fraction>)>>,
}

pub(super) fn run(s: &Standard, guess: Option<Vec<usize>>, budget: &Budget) -> Result<End, Stop> {
    let e = Engine {
        s,
        budget,
        last: Default::default(),
    };
    let mut basis = match guess {
        Some(b) if e.usable(&b)? => b,
        _ => s.start.clone(),
    };
    let n = s.columns();
    let x = e
        .x_of(&basis)?
        .ok_or(Stop::CheckFailed("the starting basis is singular"))?;
    let infeasible = basis
        .iter()
        .zip(&x.num)
        .any(|(&col, v)| col >= n && v.is_positive());
    if infeasible {
        match e.simplex(&mut basis, Phase::One)? {
            Step::Optimal { x, y } => {
                let positive = basis
                    .iter()
                    .zip(&x.num)
                    .any(|(&col, v)| col >= n && v.is_positive());
                if positive {
                    return Ok(End::Infeasible { y: y.to_q() });
                }
            }
            Step::Unbounded { .. } => {
                return Err(Stop::CheckFailed("phase 1 of the simplex is unbounded"));
            }
        }
    }
    e.drive_out(&mut basis)?;
    let z = |x: &Fraction, basis: &[usize]| {
        let mut z = vec![Q::zero(); n];
        for (k, &col) in basis.iter().enumerate() {
            if col < n {
                z[col] = ratio(x.num[k].clone(), x.den.clone());
            }
        }
        z
    };
    Ok(match e.simplex(&mut basis, Phase::Two)? {
        Step::Optimal { x, y } => End::Optimal {
            z: z(&x, &basis),
            y: y.to_q(),
        },
        Step::Unbounded { x, q, dir } => {
            let mut ray = vec![Q::zero(); n];
            ray[q] = Q::one();
            for (k, &col) in basis.iter().enumerate() {
                if col < n {
                    ray[col] = -ratio(dir.num[k].clone(), dir.den.clone());
                }
            }
            End::Unbounded {
                z: z(&x, &basis),
                ray,
            }
        }
    })
}

impl Engine<'_> {
    fn m(&self) -> usize {
        self.s.rows()
    }

    /// Column `j` of [A' | artificials].
    fn column(&self, j: usize) -> Vec<BigInt> {
        let n = self.s.columns();
        match self.s.artificial_row(j) {
            Some(r) => (0..self.m())
                .map(|i| BigInt::from(u8::from(i == r)))
                .collect(),
            None if j < n => self.s.a.iter().map(|row| row[j].clone()).collect(),
            None => vec![BigInt::zero(); self.m()],
        }
    }

    fn cost(&self, j: usize, phase: Phase) -> BigInt {
        let n = self.s.columns();
        match phase {
            Phase::One => BigInt::from(u8::from(j >= n)),
            Phase::Two if j < n => self.s.c[j].clone(),
            Phase::Two => BigInt::zero(),
        }
    }

    /// A proposed basis: distinct, of known columns, non-singular and
    /// exactly feasible.
    fn usable(&self, basis: &[usize]) -> Result<bool, Stop> {
        let mut seen = basis.to_vec();
        seen.sort_unstable();
        seen.dedup();
        let n = self.s.columns();
        if seen.len() != basis.len()
            || basis.len() != self.m()
            || basis
                .iter()
                .any(|&c| c >= n && self.s.artificial_row(c).is_none())
        {
            return Ok(false);
        }
        Ok(match self.x_of(basis)? {
            Some(x) => x.num.iter().all(|v| !v.is_negative()),
            None => false,
        })
    }

    /// x_B = B⁻¹b', `None` when B is singular.
    fn x_of(&self, basis: &[usize]) -> Result<Option<Rc<Fraction>>, Stop> {
        if let Some((b, x)) = &*self.last.borrow()
            && b == basis
        {
            return Ok(Some(x.clone()));
        }
        let x = self
            .factor(basis, false)?
            .solve(&self.s.b, self.budget)?
            .map(Rc::new);
        if let Some(x) = &x {
            *self.last.borrow_mut() = Some((basis.to_vec(), x.clone()));
        }
        Ok(x)
    }

    /// B (or Bᵀ) ready to solve with.
    fn factor(&self, basis: &[usize], transpose: bool) -> Result<Factor, Stop> {
        let m = self.m();
        let columns: Vec<Vec<BigInt>> = basis.iter().map(|&j| self.column(j)).collect();
        // Row-major B (or Bᵀ, whose rows are B's columns).
        let flat: Vec<BigInt> = if transpose {
            columns.into_iter().flatten().collect()
        } else {
            (0..m)
                .flat_map(|i| columns.iter().map(move |c| c[i].clone()))
                .collect()
        };
        let row_bits = (0..m)
            .map(|i| {
                flat[i * m..(i + 1) * m]
                    .iter()
                    .map(|v| v.bits())
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let lift = if m == 0 {
            None
        } else {
            dixon::Lifting::new(&flat, m, self.budget)?
        };
        Ok(Factor {
            m,
            lift,
            flat,
            row_bits,
        })
    }

    /// Bland's rule from a feasible basis until optimal or unbounded.
    fn simplex(&self, basis: &mut [usize], phase: Phase) -> Result<Step, Stop> {
        let n = self.s.columns();
        let total = n + self.s.start.iter().filter(|&&c| c >= n).count();
        loop {
            self.budget.check()?;
            let x = self
                .x_of(basis)?
                .ok_or(Stop::CheckFailed("a simplex basis became singular"))?;
            let cb: Vec<BigInt> = basis.iter().map(|&j| self.cost(j, phase)).collect();
            let y = self.factor(basis, true)?.solve_basis(&cb, self.budget)?;
            let mut in_basis = vec![false; total];
            for &j in basis.iter() {
                in_basis[j] = true;
            }
            // Phase 2 never lets an artificial in.
            let limit = if phase == Phase::One { total } else { n };
            let mut entering = None;
            for j in (0..limit).filter(|&j| !in_basis[j]) {
                // den·d_j = den·c_j − Σ numᵢ·A'ᵢⱼ.
                let col = self.column(j);
                let mut d = &y.den * self.cost(j, phase);
                for (yi, aij) in y.num.iter().zip(&col) {
                    if !yi.is_zero() && !aij.is_zero() {
                        d -= yi * aij;
                    }
                }
                if d.is_negative() {
                    entering = Some((j, col));
                    break;
                }
            }
            let Some((q, col)) = entering else {
                return Ok(Step::Optimal { x, y });
            };
            let dir = self.factor(basis, false)?.solve_basis(&col, self.budget)?;
            // min x_r/dir_r over dir_r > 0 (both denominators positive).
            let mut leave: Option<usize> = None;
            for r in (0..basis.len()).filter(|&r| dir.num[r].is_positive()) {
                leave = Some(match leave {
                    None => r,
                    Some(best) => {
                        let lhs = &x.num[r] * &dir.num[best];
                        let rhs = &x.num[best] * &dir.num[r];
                        if lhs < rhs || (lhs == rhs && basis[r] < basis[best]) {
                            r
                        } else {
                            best
                        }
                    }
                });
            }
            match leave {
                Some(r) => basis[r] = q,
                None => return Ok(Step::Unbounded { x, q, dir }),
            }
        }
    }

    /// Replaces each basic artificial (all at 0 after phase 1) by a real
    /// column with a nonzero entry in its row of B⁻¹A'; one with none
    /// left sits on a redundant row, where every direction is 0.
    fn drive_out(&self, basis: &mut [usize]) -> Result<(), Stop> {
        let n = self.s.columns();
        for r in 0..basis.len() {
            if basis[r] < n {
                continue;
            }
            self.budget.check()?;
            let e: Vec<BigInt> = (0..basis.len())
                .map(|i| BigInt::from(u8::from(i == r)))
                .collect();
            let w = self.factor(basis, true)?.solve_basis(&e, self.budget)?;
            let replacement = (0..n).filter(|j| !basis.contains(j)).find(|&j| {
                !w.num
                    .iter()
                    .zip(&self.s.a)
                    .filter(|(wi, row)| !wi.is_zero() && !row[j].is_zero())
                    .fold(BigInt::zero(), |acc, (wi, row)| acc + wi * &row[j])
                    .is_zero()
            });
            if let Some(j) = replacement {
                basis[r] = j;
            }
        }
        Ok(())
    }
}

/// A basis matrix (row-major) with its lifting.
struct Factor {
    m: usize,
    lift: Option<dixon::Lifting>,
    flat: Vec<BigInt>,
    /// Bits of each row's largest entry, for Hadamard's bound.
    row_bits: Vec<u64>,
}

impl Factor {
    /// M⁻¹·rhs, `None` when M is singular.
    fn solve(&self, rhs: &[BigInt], budget: &Budget) -> Result<Option<Fraction>, Stop> {
        let m = self.m;
        if m == 0 {
            return Ok(Some(Fraction {
                num: Vec::new(),
                den: BigInt::one(),
            }));
        }
        // Hadamard's bound on [M | rhs], row by row.
        let log2_bound: f64 = self
            .row_bits
            .iter()
            .zip(rhs)
            .map(|(&bits, r)| bits.max(r.bits()) as f64 + 0.5 * ((m + 1) as f64).log2())
            .sum();
        if let Some(lift) = &self.lift
            && let Some((num, den)) = lift.solve(rhs, log2_bound, budget)?
        {
            return Ok(Some(Fraction { num, den }));
        }
        // Singular modulo the lifting primes: decide over Q.
        let a = Mat::from_vec(
            m,
            m,
            self.flat.iter().cloned().map(Q::from_integer).collect(),
        )
        .ok_or(Stop::CheckFailed("a basis matrix of the wrong shape"))?;
        let b: Vec<Q> = rhs.iter().cloned().map(Q::from_integer).collect();
        Ok(match linalg::solve(&a, &b, budget)? {
            Solution::Unique(x) => Some(Fraction::of(&x)),
            _ => None,
        })
    }

    fn solve_basis(&self, rhs: &[BigInt], budget: &Budget) -> Result<Fraction, Stop> {
        self.solve(rhs, budget)?
            .ok_or(Stop::CheckFailed("a simplex basis became singular"))
    }
}
