//! Eigenvectors and Jordan chains over Q(θ), θ a root of an irreducible
//! factor p of χ_A: one computation in Q[t]/(p) serves every root of p at
//! once (a Galois conjugate of a chain for θ is a chain for the conjugate
//! root). With N = A − θ·I, an eigenvector spans ker N; a Jordan chain
//! v₁, …, v_k has N·v₁ = 0 and N·vⱼ = vⱼ₋₁, i.e. A·vⱼ = θ·vⱼ + vⱼ₋₁ (the
//! columns of P for one block of J, ones above the diagonal). Chains are
//! chosen from the top: a vector of ker Nᵏ outside ker Nᵏ⁻¹ plus the
//! level-k vectors of the longer chains starts a new chain of length k.
//! Every relation is checked in Q(θ), and the chains of θ are checked to
//! be independent (their rank is p's multiplicity); chains of different
//! eigenvalues are independent by theory.

use super::similarity::Primary;
use crate::poly::algebraic::Extension;
use crate::poly::{QPoly, add, from_z, sub};
use crate::{Budget, Mat, Q, Stop};
use num_traits::Zero;

/// An element of Q(θ): its remainder modulo p.
pub type K = QPoly;

/// N = A − θ·I over Q(θ) and the field.
fn shifted(a: &Mat<Q>, p: &Primary) -> (Extension, Vec<Vec<K>>) {
    let field = Extension::new(&from_z(&p.factor));
    let n = a.rows();
    let theta = field.reduce(&[Q::zero(), Q::from_integer(1.into())]);
    let rows = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| {
                    let c = constant(&a[(i, j)]);
                    if i == j { sub(&c, &theta) } else { c }
                })
                .collect()
        })
        .collect();
    (field, rows)
}

fn constant(q: &Q) -> K {
    if q.is_zero() {
        Vec::new()
    } else {
        vec![q.clone()]
    }
}

/// M·v over Q(θ).
fn apply(field: &Extension, m: &[Vec<K>], v: &[K]) -> Vec<K> {
    m.iter()
        .map(|row| {
            row.iter()
                .zip(v)
                .filter(|(x, y)| !x.is_empty() && !y.is_empty())
                .fold(Vec::new(), |acc, (x, y)| add(&acc, &field.mul(x, y)))
        })
        .collect()
}

/// Reduced row echelon form over Q(θ): the rows and pivot columns.
fn rref(
    field: &Extension,
    mut m: Vec<Vec<K>>,
    budget: &Budget,
) -> Result<(Vec<Vec<K>>, Vec<usize>), Stop> {
    let cols = m.first().map_or(0, Vec::len);
    let mut pivots = Vec::new();
    let mut r = 0;
    for c in 0..cols {
        budget.check()?;
        let Some(p) = (r..m.len()).find(|&i| !m[i][c].is_empty()) else {
            continue;
        };
        m.swap(p, r);
        let inv = field
            .inverse(&m[r][c], budget)?
            .ok_or(Stop::CheckFailed("a nonzero pivot of Q(θ) has no inverse"))?;
        m[r] = m[r].iter().map(|x| field.mul(x, &inv)).collect();
        let pivot_row = m[r].clone();
        for (i, row) in m.iter_mut().enumerate() {
            if i == r || row[c].is_empty() {
                continue;
            }
            let f = row[c].clone();
            for (x, y) in row.iter_mut().zip(&pivot_row) {
                if !y.is_empty() {
                    *x = sub(x, &field.mul(&f, y));
                }
            }
        }
        pivots.push(c);
        r += 1;
        if r == m.len() {
            break;
        }
    }
    m.truncate(r);
    Ok((m, pivots))
}

/// A basis of {v : M·v = 0} over Q(θ), one vector per free column.
fn kernel(
    field: &Extension,
    m: Vec<Vec<K>>,
    n: usize,
    budget: &Budget,
) -> Result<Vec<Vec<K>>, Stop> {
    let (r, pivots) = rref(field, m, budget)?;
    let mut basis = Vec::new();
    for f in (0..n).filter(|c| !pivots.contains(c)) {
        let mut v = vec![Vec::new(); n];
        v[f] = vec![Q::from_integer(1.into())];
        for (row, &p) in r.iter().zip(&pivots) {
            v[p] = sub(&[], &row[f]);
        }
        basis.push(v);
    }
    Ok(basis)
}

fn rank(field: &Extension, vectors: &[Vec<K>], budget: &Budget) -> Result<usize, Stop> {
    if vectors.is_empty() {
        return Ok(0);
    }
    Ok(rref(field, vectors.to_vec(), budget)?.1.len())
}

/// M·M over Q(θ).
fn square_product(field: &Extension, a: &[Vec<K>], b: &[Vec<K>]) -> Vec<Vec<K>> {
    let n = a.len();
    let bt: Vec<Vec<K>> = (0..n)
        .map(|j| b.iter().map(|row| row[j].clone()).collect())
        .collect();
    a.iter().map(|row| apply(field, &bt, row)).collect()
}

/// A basis of the eigenspace ker(A − θ·I) over Q(θ), checked: N·v = 0.
pub fn eigenvectors(a: &Mat<Q>, p: &Primary, budget: &Budget) -> Result<Vec<Vec<K>>, Stop> {
    let (field, n_mat) = shifted(a, p);
    let basis = kernel(&field, n_mat.clone(), a.rows(), budget)?;
    if basis.len() != p.sizes.len() {
        return Err(Stop::CheckFailed(
            "the eigenspace dimension differs from the number of Jordan blocks",
        ));
    }
    for v in &basis {
        if apply(&field, &n_mat, v).iter().any(|x| !x.is_empty()) {
            return Err(Stop::CheckFailed("(A − θI)·v ≠ 0 for an eigenvector"));
        }
    }
    Ok(basis)
}

/// Jordan chains v₁, …, v_k of θ, longest first, checked: N·v₁ = 0,
/// N·vⱼ = vⱼ₋₁, and all chains together of rank = p's multiplicity.
pub fn jordan_chains(a: &Mat<Q>, p: &Primary, budget: &Budget) -> Result<Vec<Vec<Vec<K>>>, Stop> {
    let n = a.rows();
    let (field, n_mat) = shifted(a, p);
    let top = p.sizes.first().copied().unwrap_or(0);
    // ker Nᵏ for k = 0 … top.
    let mut kernels = vec![Vec::new()];
    let mut power = n_mat.clone();
    for k in 1..=top {
        if k > 1 {
            power = square_product(&field, &power, &n_mat);
        }
        kernels.push(kernel(&field, power.clone(), n, budget)?);
    }
    let mut tops: Vec<(usize, Vec<K>)> = Vec::new();
    for k in (1..=top).rev() {
        let wanted = p.sizes.iter().filter(|&&s| s == k).count();
        // ker Nᵏ⁻¹ and the level-k vectors N^(L−k)·w of longer chains.
        let mut span: Vec<Vec<K>> = kernels[k - 1].clone();
        for (length, w) in &tops {
            let mut v = w.clone();
            for _ in k..*length {
                v = apply(&field, &n_mat, &v);
            }
            span.push(v);
        }
        let mut found = 0;
        for w in &kernels[k] {
            if found == wanted {
                break;
            }
            budget.check()?;
            let before = rank(&field, &span, budget)?;
            span.push(w.clone());
            if rank(&field, &span, budget)? > before {
                tops.push((k, w.clone()));
                found += 1;
            } else {
                span.pop();
            }
        }
        if found != wanted {
            return Err(Stop::CheckFailed(
                "fewer Jordan chains of a length than blocks of that size",
            ));
        }
    }
    let mut chains = Vec::with_capacity(tops.len());
    for (length, w) in tops {
        let mut chain = vec![w];
        for _ in 1..length {
            let below = apply(&field, &n_mat, chain.last().unwrap_or(&Vec::new()));
            chain.push(below);
        }
        chain.reverse();
        if apply(&field, &n_mat, &chain[0])
            .iter()
            .any(|x| !x.is_empty())
        {
            return Err(Stop::CheckFailed(
                "a Jordan chain does not start at an eigenvector",
            ));
        }
        chains.push(chain);
    }
    let all: Vec<Vec<K>> = chains.iter().flatten().cloned().collect();
    if rank(&field, &all, budget)? != p.multiplicity {
        return Err(Stop::CheckFailed(
            "the Jordan chains of an eigenvalue are dependent",
        ));
    }
    Ok(chains)
}
