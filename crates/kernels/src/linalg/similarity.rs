//! Similarity invariants over Q from ranks alone. For an irreducible factor
//! p of χ_A (degree d, multiplicity m) and rₖ = rank p(A)ᵏ, every root of p
//! has (rₖ₋₁ − rₖ)/d Jordan blocks of size ≥ k, and the ranks reach n − d·m
//! at k = the largest block: the elementary divisors are the p^size. The
//! invariant factors collect the i-th largest block of every factor; the
//! last is checked against the minimal polynomial found independently
//! (Krylov). The Frobenius form C = ⊕ companion(dᵢ) comes with P such that
//! A·P = P·C: P's columns are the Krylov chains vᵢ, A·vᵢ, … of vectors
//! vᵢ ∈ ker dᵢ(A) — every solution of A·P = P·C has that shape, so a random
//! choice is invertible unless a nonzero polynomial (det) vanishes there.

use super::*;
use crate::poly::{self, factor, zx};
use crate::{Budget, Mat, Q, Stop};
use num_bigint::BigInt;
use num_traits::{One, Zero};

/// The Jordan structure belonging to one irreducible factor of χ_A.
#[derive(Debug, Clone, PartialEq)]
pub struct Primary {
    /// Irreducible over Q, primitive, leading coefficient positive.
    pub factor: zx::Poly,
    /// Its multiplicity in χ_A (the algebraic multiplicity of each root).
    pub multiplicity: usize,
    /// The sizes of the Jordan blocks of each of its roots, largest first
    /// (their count is the geometric multiplicity).
    pub sizes: Vec<usize>,
    /// rank p(A)ᵏ for k = 1, 2, … until it stops falling.
    pub ranks: Vec<usize>,
}

/// χ_A and its primary parts.
#[derive(Debug, Clone, PartialEq)]
pub struct Structure {
    pub charpoly: Vec<Q>,
    pub primaries: Vec<Primary>,
}

/// p(A) by Horner's rule.
pub fn poly_at_matrix(p: &[Q], a: &Mat<Q>, budget: &Budget) -> Result<Mat<Q>, Stop> {
    let n = a.rows();
    let mut acc = Mat::from_fn(n, n, |_, _| Q::zero());
    for c in p.iter().rev() {
        acc = multiply(&acc, a, budget)?;
        for i in 0..n {
            acc[(i, i)] += c;
        }
    }
    Ok(acc)
}

/// The elementary divisors of A (square) from the ranks of p(A)ᵏ.
pub fn structure(a: &Mat<Q>, budget: &Budget) -> Result<Structure, Stop> {
    let n = a.rows();
    let charpoly = characteristic_polynomial(a, budget)?;
    let (_, primitive) = poly::to_primitive(&charpoly);
    let mut factors = factor::factor(&primitive, budget)?.factors;
    for (f, _) in &mut factors {
        if zx::lead_sign(f) < 0 {
            *f = zx::neg(f);
        }
    }
    factors.sort_by(|(f, _), (g, _)| (f.len(), f).cmp(&(g.len(), g)));
    let mut primaries = Vec::with_capacity(factors.len());
    for (f, m) in factors {
        let (d, m) = (f.len() - 1, m as usize);
        let b = poly_at_matrix(&poly::from_z(&f), a, budget)?;
        let floor = n - d * m;
        let mut ranks = vec![rank(&b, budget)?];
        let mut power = b.clone();
        while *ranks.last().unwrap_or(&0) > floor {
            if ranks.len() > m {
                return Err(Stop::CheckFailed(
                    "rank p(A)^k stays above n − deg(p)·m past k = m",
                ));
            }
            power = multiply(&power, &b, budget)?;
            ranks.push(rank(&power, budget)?);
        }
        let sizes = sizes_from_ranks(n, d, &ranks)?;
        if sizes.iter().sum::<usize>() != m {
            return Err(Stop::CheckFailed(
                "Jordan block sizes do not sum to the multiplicity",
            ));
        }
        primaries.push(Primary {
            factor: f,
            multiplicity: m,
            sizes,
            ranks,
        });
    }
    Ok(Structure {
        charpoly,
        primaries,
    })
}

/// Block sizes, largest first, from r₀ = n, r₁, r₂, …: (rₖ₋₁ − rₖ)/d blocks
/// of size ≥ k.
fn sizes_from_ranks(n: usize, d: usize, ranks: &[usize]) -> Result<Vec<usize>, Stop> {
    let at_least: Vec<usize> = std::iter::once(n)
        .chain(ranks.iter().copied())
        .collect::<Vec<_>>()
        .windows(2)
        .map(|w| {
            let drop = w[0].checked_sub(w[1]).unwrap_or(usize::MAX);
            if drop == usize::MAX || drop % d != 0 {
                Err(Stop::CheckFailed(
                    "a rank drop of p(A)^k is not a multiple of deg p",
                ))
            } else {
                Ok(drop / d)
            }
        })
        .collect::<Result<_, _>>()?;
    let mut sizes = Vec::new();
    for k in (1..=at_least.len()).rev() {
        let longer = at_least.get(k).copied().unwrap_or(0);
        let exactly = at_least[k - 1]
            .checked_sub(longer)
            .ok_or(Stop::CheckFailed(
                "more blocks of size ≥ k + 1 than of size ≥ k",
            ))?;
        sizes.extend(std::iter::repeat_n(k, exactly));
    }
    Ok(sizes)
}

/// The invariant factors d₁ | d₂ | … (monic, the non-unit ones, ascending):
/// dᵢ from the end is the product of p^(i-th largest size) over the factors.
/// The last is checked to be A's minimal polynomial.
pub fn invariant_factors(s: &Structure, a: &Mat<Q>, budget: &Budget) -> Result<Vec<Vec<Q>>, Stop> {
    let count = s.primaries.iter().map(|p| p.sizes.len()).max().unwrap_or(0);
    let mut out = Vec::with_capacity(count);
    for i in (0..count).rev() {
        let mut d = vec![Q::one()];
        for p in &s.primaries {
            if let Some(&e) = p.sizes.get(i) {
                let power = zx::pow_within(&p.factor, e as u32, budget)?;
                d = poly::mul(&d, &poly::from_z(&power));
            }
        }
        out.push(monic(d));
    }
    let minimal = minimal_polynomial(a, budget)?;
    if out.last().map_or(a.rows() > 0, |last| *last != minimal) {
        return Err(Stop::CheckFailed(
            "the largest invariant factor is not the minimal polynomial",
        ));
    }
    let product = out.iter().fold(vec![Q::one()], |acc, d| poly::mul(&acc, d));
    if product != s.charpoly {
        return Err(Stop::CheckFailed(
            "the invariant factors do not multiply to the characteristic polynomial",
        ));
    }
    Ok(out)
}

pub fn monic(p: Vec<Q>) -> Vec<Q> {
    match p.last().cloned() {
        Some(lead) if !lead.is_one() => p.into_iter().map(|c| c / &lead).collect(),
        _ => p,
    }
}

/// The companion matrix of a monic f of degree d: ones below the diagonal,
/// the last column −f₀, …, −f_{d−1}; its characteristic and minimal
/// polynomial are f.
pub fn companion(f: &[Q]) -> Mat<Q> {
    let d = f.len() - 1;
    Mat::from_fn(d, d, |i, j| {
        if j + 1 == d {
            -f[i].clone()
        } else if i == j + 1 {
            Q::one()
        } else {
            Q::zero()
        }
    })
}

/// The block-diagonal matrix of the given square blocks.
pub fn block_diagonal(blocks: &[Mat<Q>]) -> Mat<Q> {
    let n = blocks.iter().map(Mat::rows).sum();
    let mut out = Mat::from_fn(n, n, |_, _| Q::zero());
    let mut at = 0;
    for b in blocks {
        for i in 0..b.rows() {
            for j in 0..b.cols() {
                out[(at + i, at + j)] = b[(i, j)].clone();
            }
        }
        at += b.rows();
    }
    out
}

/// The Frobenius (rational canonical) form of A with its invariant factors.
pub fn frobenius(invariant: &[Vec<Q>]) -> Mat<Q> {
    let blocks: Vec<Mat<Q>> = invariant.iter().map(|d| companion(d)).collect();
    block_diagonal(&blocks)
}

/// An invertible P with A·P = P·C for C = frobenius(invariant), checked;
/// `None` when ten choices (simple ones first, then pseudo-random)
/// were all singular.
pub fn frobenius_transform(
    a: &Mat<Q>,
    invariant: &[Vec<Q>],
    budget: &Budget,
) -> Result<Option<Mat<Q>>, Stop> {
    let n = a.rows();
    let kernels: Vec<Vec<Vec<Q>>> = invariant
        .iter()
        .map(|d| nullspace(&poly_at_matrix(d, a, budget)?, budget))
        .collect::<Result<_, _>>()?;
    let c = frobenius(invariant);
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    for attempt in 0..10u32 {
        budget.check()?;
        let range = 3i64 << (2 * attempt.saturating_sub(2));
        let mut columns: Vec<Vec<Q>> = Vec::with_capacity(n);
        for (block, (d, basis)) in invariant.iter().zip(&kernels).enumerate() {
            let mut v = vec![Q::zero(); n];
            for (k, b) in basis.iter().enumerate() {
                let coefficient = match attempt {
                    // First a single basis vector per block (P = I for a
                    // matrix already in Frobenius form), then their sums.
                    0 => Q::from_integer(BigInt::from(u8::from(k == block % basis.len().max(1)))),
                    1 => Q::one(),
                    _ => {
                        seed = seed
                            .wrapping_mul(6_364_136_223_846_793_005)
                            .wrapping_add(1_442_695_040_888_963_407);
                        Q::from_integer(BigInt::from(((seed >> 33) as i64) % range + 1))
                    }
                };
                for (vi, bi) in v.iter_mut().zip(b) {
                    *vi += &coefficient * bi;
                }
            }
            for _ in 1..d.len() {
                let next = mat_vec(a, &v);
                columns.push(std::mem::replace(&mut v, next));
            }
        }
        let p = Mat::from_fn(n, n, |i, j| columns[j][i].clone());
        if determinant(&p, budget)?.is_zero() {
            continue;
        }
        if multiply(a, &p, budget)? != multiply(&p, &c, budget)? {
            return Err(Stop::CheckFailed("A·P ≠ P·C for the Frobenius transform"));
        }
        return Ok(Some(p));
    }
    Ok(None)
}

pub fn mat_vec(a: &Mat<Q>, v: &[Q]) -> Vec<Q> {
    (0..a.rows())
        .map(|i| {
            a.row(i)
                .iter()
                .zip(v)
                .filter(|(x, y)| !x.is_zero() && !y.is_zero())
                .map(|(x, y)| x * y)
                .sum()
        })
        .collect()
}

/// Why two matrices are not similar: a similarity invariant that differs.
#[derive(Debug, Clone, PartialEq)]
pub enum Differs {
    Order,
    Charpoly,
    /// rank p(A)ᵏ ≠ rank p(B)ᵏ.
    Rank {
        factor: zx::Poly,
        power: usize,
        a: usize,
        b: usize,
    },
}

/// The verdict on A ~ B.
#[derive(Debug, Clone, PartialEq)]
pub enum Similarity {
    /// X invertible with X⁻¹·A·X = B (checked as A·X = X·B, det X ≠ 0).
    Similar(Mat<Q>),
    NotSimilar(Differs, Box<(Structure, Structure)>),
    /// No invertible transform was found (never observed; reported).
    Unknown,
}

pub fn similarity(a: &Mat<Q>, b: &Mat<Q>, budget: &Budget) -> Result<Similarity, Stop> {
    let n = a.rows();
    if b.rows() != n {
        return Ok(Similarity::NotSimilar(
            Differs::Order,
            Box::new((empty_structure(), empty_structure())),
        ));
    }
    let (sa, sb) = (structure(a, budget)?, structure(b, budget)?);
    if sa.charpoly != sb.charpoly {
        return Ok(Similarity::NotSimilar(
            Differs::Charpoly,
            Box::new((sa, sb)),
        ));
    }
    for (pa, pb) in sa.primaries.iter().zip(&sb.primaries) {
        let k = (0..pa.ranks.len().max(pb.ranks.len()))
            .find(|&k| rank_at(pa, n, k) != rank_at(pb, n, k));
        if let Some(k) = k {
            let differs = Differs::Rank {
                factor: pa.factor.clone(),
                power: k + 1,
                a: rank_at(pa, n, k),
                b: rank_at(pb, n, k),
            };
            return Ok(Similarity::NotSimilar(differs, Box::new((sa, sb))));
        }
    }
    let invariant = invariant_factors(&sa, a, budget)?;
    let (Some(pa), Some(pb)) = (
        frobenius_transform(a, &invariant, budget)?,
        frobenius_transform(b, &invariant, budget)?,
    ) else {
        return Ok(Similarity::Unknown);
    };
    let Some(pb_inv) = inverse(&pb, budget)? else {
        return Err(Stop::CheckFailed("a Frobenius transform is singular"));
    };
    let x = multiply(&pa, &pb_inv, budget)?;
    if multiply(a, &x, budget)? != multiply(&x, b, budget)? || determinant(&x, budget)?.is_zero() {
        return Err(Stop::CheckFailed(
            "the conjugating matrix does not take A to B",
        ));
    }
    Ok(Similarity::Similar(x))
}

/// rank p(A)^(k+1): past the recorded ones it stays at the last.
fn rank_at(p: &Primary, n: usize, k: usize) -> usize {
    p.ranks.get(k).or(p.ranks.last()).copied().unwrap_or(n)
}

fn empty_structure() -> Structure {
    Structure {
        charpoly: Vec::new(),
        primaries: Vec::new(),
    }
}
