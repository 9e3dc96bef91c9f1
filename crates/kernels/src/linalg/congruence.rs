//! Symmetric elimination: P·A·Pᵀ = L·D·Lᵀ with P a permutation, L unit
//! lower triangular and D block diagonal with 1×1 blocks and 2×2 blocks
//! [[0, b], [b, 0]] (b ≠ 0). The natural order is kept while the next
//! diagonal entry of the Schur complement is nonzero (then P = I and this is
//! the plain LDLᵀ); else a later nonzero diagonal entry is swapped in; else,
//! when the whole remaining diagonal is 0 but the column is not, a 2×2
//! pivot. By Sylvester's law of inertia the signs of D are A's: a 2×2 block
//! [[0, b], [b, 0]] counts one positive and one negative.

use super::*;
use crate::{Budget, Mat, Q, Stop};
use num_traits::{One, Signed, Zero};

/// One diagonal block of D.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    One(Q),
    /// [[0, b], [b, 0]], b ≠ 0.
    Two(Q),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Ldl {
    /// Row i of P·A·Pᵀ is row `perm[i]` of A.
    pub perm: Vec<usize>,
    pub l: Mat<Q>,
    pub blocks: Vec<Block>,
}

impl Ldl {
    /// D as a matrix.
    pub fn d(&self) -> Mat<Q> {
        let n = self.l.rows();
        let mut d = Mat::from_fn(n, n, |_, _| Q::zero());
        let mut k = 0;
        for b in &self.blocks {
            match b {
                Block::One(x) => {
                    d[(k, k)] = x.clone();
                    k += 1;
                }
                Block::Two(x) => {
                    d[(k, k + 1)] = x.clone();
                    d[(k + 1, k)] = x.clone();
                    k += 2;
                }
            }
        }
        d
    }

    /// (positive, negative, zero) eigenvalue counts.
    pub fn inertia(&self) -> (usize, usize, usize) {
        let (mut pos, mut neg, mut zero) = (0, 0, 0);
        for b in &self.blocks {
            match b {
                Block::One(x) if x.is_positive() => pos += 1,
                Block::One(x) if x.is_negative() => neg += 1,
                Block::One(_) => zero += 1,
                Block::Two(_) => {
                    pos += 1;
                    neg += 1;
                }
            }
        }
        (pos, neg, zero)
    }

    /// A vector x ≠ 0 with xᵀ·A·x of the given sign (−1, 0, 1) when D has
    /// one, and that value: x = Pᵀ·L⁻ᵀ·y with yᵀ·D·y of that sign.
    pub fn witness(&self, sign: i32) -> Option<(Vec<Q>, Q)> {
        let n = self.l.rows();
        let mut y = vec![Q::zero(); n];
        let mut k = 0;
        let mut value = None;
        for b in &self.blocks {
            match b {
                Block::One(x) if value.is_none() && sign_of(x) == sign => {
                    y[k] = Q::one();
                    value = Some(x.clone());
                }
                Block::Two(b) if value.is_none() && sign != 0 => {
                    // (1, s)·[[0, b], [b, 0]]·(1, s)ᵀ = 2·s·b.
                    let s = if (sign > 0) == b.is_positive() {
                        Q::one()
                    } else {
                        -Q::one()
                    };
                    y[k] = Q::one();
                    value = Some(Q::from_integer(2.into()) * &s * b);
                    y[k + 1] = s;
                }
                _ => {}
            }
            k += if matches!(b, Block::One(_)) { 1 } else { 2 };
        }
        let value = value?;
        // Lᵀ·w = y by back substitution (L unit lower triangular).
        let mut w = y;
        for i in (0..n).rev() {
            let mut s = w[i].clone();
            for j in i + 1..n {
                if !self.l[(j, i)].is_zero() {
                    s -= &self.l[(j, i)] * &w[j];
                }
            }
            w[i] = s;
        }
        let mut x = vec![Q::zero(); n];
        for (i, &p) in self.perm.iter().enumerate() {
            x[p] = w[i].clone();
        }
        Some((x, value))
    }
}

fn sign_of(x: &Q) -> i32 {
    if x.is_positive() {
        1
    } else if x.is_negative() {
        -1
    } else {
        0
    }
}

/// Vectors refuting each definiteness claim they can, recomputed from A.
#[derive(Debug, Clone, PartialEq)]
pub struct Witnesses {
    /// xᵀ·A·x < 0, and the value.
    pub negative: Option<(Vec<Q>, Q)>,
    /// xᵀ·A·x > 0, and the value.
    pub positive: Option<(Vec<Q>, Q)>,
    /// x ≠ 0 with A·x = 0, when A is semidefinite and singular.
    pub kernel: Option<Vec<Q>>,
}

/// The witnesses of `f = ldl(a)`, each checked against A itself.
pub fn witnesses(a: &Mat<Q>, f: &Ldl) -> Result<Witnesses, Stop> {
    let from_a = |sign: i32| {
        f.witness(sign).map(|(x, _)| {
            let value = quadratic_form(a, &x);
            (x, value)
        })
    };
    let (negative, positive) = (from_a(-1), from_a(1));
    let kernel = if negative.is_none() || positive.is_none() {
        from_a(0).map(|(x, _)| x)
    } else {
        None
    };
    let holds = negative.as_ref().is_none_or(|(_, v)| v.is_negative())
        && positive.as_ref().is_none_or(|(_, v)| v.is_positive())
        && kernel.as_ref().is_none_or(|x| {
            x.iter().any(|c| !c.is_zero()) && mat_vec(a, x).iter().all(Zero::is_zero)
        });
    if !holds {
        return Err(Stop::CheckFailed(
            "a definiteness witness has the wrong sign",
        ));
    }
    Ok(Witnesses {
        negative,
        positive,
        kernel,
    })
}

/// xᵀ·A·x.
pub fn quadratic_form(a: &Mat<Q>, x: &[Q]) -> Q {
    x.iter().zip(mat_vec(a, x)).map(|(xi, yi)| xi * yi).sum()
}

/// P·A·Pᵀ = L·D·Lᵀ for a symmetric A (the caller checks symmetry), checked
/// by multiplying back.
pub fn ldl(a: &Mat<Q>, budget: &Budget) -> Result<Ldl, Stop> {
    let n = a.rows();
    let mut s = a.clone();
    let mut perm: Vec<usize> = (0..n).collect();
    let mut l = Mat::from_fn(n, n, |i, j| if i == j { Q::one() } else { Q::zero() });
    let mut blocks = Vec::new();
    let mut k = 0;
    while k < n {
        budget.check()?;
        if s[(k, k)].is_zero() {
            if let Some(j) = (k + 1..n).find(|&j| !s[(j, j)].is_zero()) {
                swap_symmetric(&mut s, &mut l, &mut perm, k, j);
            } else if let Some(j) = (k + 1..n).find(|&j| !s[(j, k)].is_zero()) {
                swap_symmetric(&mut s, &mut l, &mut perm, k + 1, j);
                let b = s[(k + 1, k)].clone();
                // E⁻¹ = [[0, 1/b], [1/b, 0]]; L's columns k, k+1 are C·E⁻¹.
                for i in k + 2..n {
                    let (c0, c1) = (s[(i, k)].clone(), s[(i, k + 1)].clone());
                    l[(i, k)] = &c1 / &b;
                    l[(i, k + 1)] = &c0 / &b;
                }
                // S ← S − C·E⁻¹·Cᵀ: entry (i, j) loses (cᵢ₀·c_j1 + cᵢ₁·c_j0)/b.
                for i in k + 2..n {
                    for j in k + 2..=i {
                        let t = (&s[(i, k)] * &s[(j, k + 1)] + &s[(i, k + 1)] * &s[(j, k)]) / &b;
                        if !t.is_zero() {
                            s[(i, j)] -= &t;
                            s[(j, i)] = s[(i, j)].clone();
                        }
                    }
                }
                blocks.push(Block::Two(b));
                k += 2;
                continue;
            }
        }
        let pivot = s[(k, k)].clone();
        if !pivot.is_zero() {
            for i in k + 1..n {
                l[(i, k)] = &s[(i, k)] / &pivot;
            }
            for i in k + 1..n {
                if s[(i, k)].is_zero() {
                    continue;
                }
                for j in k + 1..=i {
                    let t = &l[(i, k)] * &s[(j, k)];
                    if !t.is_zero() {
                        s[(i, j)] -= &t;
                        s[(j, i)] = s[(i, j)].clone();
                    }
                }
            }
        }
        blocks.push(Block::One(pivot));
        k += 1;
    }
    let out = Ldl { perm, l, blocks };
    let permuted = Mat::from_fn(n, n, |i, j| a[(out.perm[i], out.perm[j])].clone());
    let back = multiply(
        &multiply(&out.l, &out.d(), budget)?,
        &out.l.transpose(),
        budget,
    )?;
    if back != permuted {
        return Err(Stop::CheckFailed("L·D·Lᵀ ≠ P·A·Pᵀ"));
    }
    Ok(out)
}

/// Swaps rows and columns i and j of the Schur complement, and the rows of
/// the finished columns of L.
fn swap_symmetric(s: &mut Mat<Q>, l: &mut Mat<Q>, perm: &mut [usize], i: usize, j: usize) {
    if i == j {
        return;
    }
    s.swap_rows(i, j);
    for r in 0..s.rows() {
        let t = s[(r, i)].clone();
        s[(r, i)] = s[(r, j)].clone();
        s[(r, j)] = t;
    }
    for c in 0..i.min(j) {
        let t = l[(i, c)].clone();
        l[(i, c)] = l[(j, c)].clone();
        l[(j, c)] = t;
    }
    perm.swap(i, j);
}
