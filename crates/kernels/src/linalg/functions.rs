//! Closed forms of Aⁿ and e^(A·t) when every eigenvalue is rational, from
//! A = P·J·P⁻¹: a Jordan block (λ, k) gives (Jⁿ)_{a,a+j} = C(n, j)·λⁿ⁻ʲ and
//! (e^(J·t))_{a,a+j} = e^(λt)·tʲ/j!, so both are Σ_λ λⁿ·Q_λ(n), resp.
//! Σ_λ e^(λt)·Q_λ(t), with Q_λ a polynomial with matrix coefficients.
//! Each is proven without trusting P: Aⁿ by the recurrence A·Q_λ(n) =
//! λ·Q_λ(n + 1) (a polynomial identity, checked at deg + 1 points) and the
//! value at the first n it claims; e^(At) by the ODE λ·Q_λ + Q_λ′ = A·Q_λ
//! coefficientwise and Σ Q_λ(0) = I (uniqueness of the solution).

use super::similarity::structure;
use super::*;
use crate::expr::rational::from_poly;
use crate::expr::{Expr, print};
use crate::{Budget, Mat, Q, Stop};
use num_traits::{One, Zero};

/// Σ_λ (λ, Q_λ): Q_λ's coefficient matrices, lowest power first.
pub type Terms = Vec<(Q, Vec<Mat<Q>>)>;

/// Σ_λ base(λ)·Q_λ(x) at entry (r, c) as text (base(λ) is λˣ for a
/// power, e^(λx) for an exponential).
pub fn term_text(terms: &Terms, r: usize, c: usize, x: &str, base: &dyn Fn(&Q) -> Expr) -> String {
    let sum = terms
        .iter()
        .map(|(lambda, q)| {
            let p: Vec<Q> = q.iter().map(|m| m[(r, c)].clone()).collect();
            base(lambda).times(&from_poly(&p, x))
        })
        .collect();
    print::text(&Expr::add(sum))
}

/// P, P⁻¹ and the blocks (λ, size) of A = P·J·P⁻¹, or None when an
/// eigenvalue is not rational.
fn rational_jordan(
    a: &Mat<Q>,
    budget: &Budget,
) -> Result<Option<(Mat<Q>, Mat<Q>, Vec<(Q, usize)>)>, Stop> {
    let s = structure(a, budget)?;
    if s.primaries.iter().any(|p| p.factor.len() != 2) {
        return Ok(None);
    }
    let n = a.rows();
    let (mut columns, mut blocks) = (Vec::new(), Vec::new());
    for p in &s.primaries {
        // p = c₀ + c₁·x: λ = −c₀/c₁.
        let lambda = -Q::new(p.factor[0].clone(), p.factor[1].clone());
        for chain in jordan_chains(a, p, budget)? {
            blocks.push((lambda.clone(), chain.len()));
            for v in chain {
                columns.push(
                    v.into_iter()
                        .map(|k| k.first().cloned().unwrap_or_else(Q::zero))
                        .collect::<Vec<Q>>(),
                );
            }
        }
    }
    let p = Mat::from_fn(n, n, |i, j| columns[j][i].clone());
    let inv = inverse(&p, budget)?.ok_or(Stop::CheckFailed("the Jordan transform is singular"))?;
    Ok(Some((p, inv, blocks)))
}

/// For each block and j < size: M_j = Σ_a P[:, a] ⊗ P⁻¹[a + j, :] over the
/// block's columns a, with the block's eigenvalue.
fn block_parts(p: &Mat<Q>, inv: &Mat<Q>, blocks: &[(Q, usize)]) -> Vec<(Q, Vec<Mat<Q>>)> {
    let n = p.rows();
    let mut at = 0;
    let mut out = Vec::new();
    for (lambda, k) in blocks {
        let parts = (0..*k)
            .map(|j| {
                let mut m = Mat::from_fn(n, n, |_, _| Q::zero());
                for a in 0..k - j {
                    for r in 0..n {
                        let x = &p[(r, at + a)];
                        if x.is_zero() {
                            continue;
                        }
                        for c in 0..n {
                            let y = &inv[(at + a + j, c)];
                            if !y.is_zero() {
                                m[(r, c)] += x * y;
                            }
                        }
                    }
                }
                m
            })
            .collect();
        out.push((lambda.clone(), parts));
        at += k;
    }
    out
}

fn add_into(terms: &mut Terms, lambda: &Q, power: usize, m: &Mat<Q>) {
    let n = m.rows();
    let i = match terms.iter().position(|(l, _)| l == lambda) {
        Some(i) => i,
        None => {
            terms.push((lambda.clone(), Vec::new()));
            terms.len() - 1
        }
    };
    let coefficients = &mut terms[i].1;
    while coefficients.len() <= power {
        coefficients.push(Mat::from_fn(n, n, |_, _| Q::zero()));
    }
    for r in 0..n {
        for c in 0..n {
            if !m[(r, c)].is_zero() {
                coefficients[power][(r, c)] += &m[(r, c)];
            }
        }
    }
}

fn scaled(m: &Mat<Q>, f: &Q) -> Mat<Q> {
    m.map(|x| x * f)
}

/// Σ_j c_j·xʲ at x (each c_j of the shape of the first; n×n when none).
fn at(q: &[Mat<Q>], x: &Q, n: usize) -> Mat<Q> {
    let (rows, cols) = q.first().map_or((n, n), |c| (c.rows(), c.cols()));
    let mut acc = Mat::from_fn(rows, cols, |_, _| Q::zero());
    for c in q.iter().rev() {
        acc = Mat::from_fn(rows, cols, |i, j| &acc[(i, j)] * x + &c[(i, j)]);
    }
    acc
}

/// Σ_λ λᵏ·Q_λ(k): a power's closed form (or any linear image of it, such
/// as a starting row times it) evaluated at k, for terms of one shape.
pub fn power_terms_at(terms: &Terms, k: usize) -> Option<Mat<Q>> {
    let x = Q::from_integer((k as i64).into());
    terms
        .iter()
        .map(|(lambda, q)| {
            let v = at(q, &x, 0);
            let f = num_traits::pow(lambda.clone(), k);
            v.map(|e| e * &f)
        })
        .reduce(|a, b| Mat::from_fn(a.rows(), a.cols(), |i, j| &a[(i, j)] + &b[(i, j)]))
}

fn identity(n: usize) -> Mat<Q> {
    Mat::from_fn(n, n, |i, j| if i == j { Q::one() } else { Q::zero() })
}

/// Aⁿ = Σ_λ λⁿ·Q_λ(n) for n ≥ `from` (the nilpotency index of the
/// eigenvalue 0, whose terms vanish there), or None when the spectrum is
/// not rational.
pub fn power_closed_form(a: &Mat<Q>, budget: &Budget) -> Result<Option<(Terms, usize)>, Stop> {
    let n = a.rows();
    let Some((p, inv, blocks)) = rational_jordan(a, budget)? else {
        return Ok(None);
    };
    let from = blocks
        .iter()
        .filter(|(l, _)| l.is_zero())
        .map(|(_, k)| *k)
        .max()
        .unwrap_or(0);
    let mut terms = Terms::new();
    for (lambda, parts) in block_parts(&p, &inv, &blocks) {
        if lambda.is_zero() {
            continue;
        }
        // C(n, j)·λ⁻ʲ·M_j with C(n, j) = n(n − 1)…(n − j + 1)/j!.
        let mut binomial = vec![Q::one()];
        for (j, m) in parts.iter().enumerate() {
            if j > 0 {
                let shift = Q::from_integer((j as i64 - 1).into());
                let mut next = vec![Q::zero(); binomial.len() + 1];
                for (i, c) in binomial.iter().enumerate() {
                    next[i + 1] += c;
                    next[i] -= c * &shift;
                }
                let jq = Q::from_integer((j as i64).into());
                binomial = next.into_iter().map(|c| c / &jq).collect();
            }
            let factor = Q::one() / num_traits::pow(lambda.clone(), j);
            for (power, c) in binomial.iter().enumerate() {
                add_into(&mut terms, &lambda, power, &scaled(m, &(c * &factor)));
            }
        }
    }
    // A·Q_λ(m) = λ·Q_λ(m + 1) at deg + 1 points, then the value at `from`.
    for (lambda, q) in &terms {
        for m in 0..q.len() {
            budget.check()?;
            let x = Q::from_integer((m as i64).into());
            let left = multiply(a, &at(q, &x, n), budget)?;
            let right = scaled(&at(q, &(&x + Q::one()), n), lambda);
            if left != right {
                return Err(Stop::CheckFailed(
                    "the closed form of A^n breaks the recurrence",
                ));
            }
        }
    }
    let x = Q::from_integer((from as i64).into());
    let mut value = Mat::from_fn(n, n, |_, _| Q::zero());
    for (lambda, q) in &terms {
        let v = scaled(&at(q, &x, n), &num_traits::pow(lambda.clone(), from));
        value = Mat::from_fn(n, n, |i, j| &value[(i, j)] + &v[(i, j)]);
    }
    let mut direct = identity(n);
    for _ in 0..from {
        direct = multiply(&direct, a, budget)?;
    }
    if value != direct {
        return Err(Stop::CheckFailed(
            "the closed form of A^n misses its first value",
        ));
    }
    Ok(Some((terms, from)))
}

/// e^(A·t) = Σ_λ e^(λt)·Q_λ(t), or None when the spectrum is not rational.
pub fn exponential(a: &Mat<Q>, budget: &Budget) -> Result<Option<Terms>, Stop> {
    let n = a.rows();
    let Some((p, inv, blocks)) = rational_jordan(a, budget)? else {
        return Ok(None);
    };
    let mut terms = Terms::new();
    for (lambda, parts) in block_parts(&p, &inv, &blocks) {
        let mut factorial = Q::one();
        for (j, m) in parts.iter().enumerate() {
            if j > 0 {
                factorial *= Q::from_integer((j as i64).into());
            }
            add_into(&mut terms, &lambda, j, &scaled(m, &(Q::one() / &factorial)));
        }
    }
    // λ·C_j + (j + 1)·C_{j+1} = A·C_j for every j, and Σ C_0 = I.
    let zero = Mat::from_fn(n, n, |_, _| Q::zero());
    let mut start = zero.clone();
    for (lambda, q) in &terms {
        for (j, c) in q.iter().enumerate() {
            budget.check()?;
            let next = q.get(j + 1).map_or_else(
                || zero.clone(),
                |d| scaled(d, &Q::from_integer((j as i64 + 1).into())),
            );
            let left = Mat::from_fn(n, n, |r, s| lambda * &c[(r, s)] + &next[(r, s)]);
            if left != multiply(a, c, budget)? {
                return Err(Stop::CheckFailed(
                    "the closed form of e^(At) breaks F′ = A·F",
                ));
            }
        }
        start = Mat::from_fn(n, n, |r, s| &start[(r, s)] + &q[0][(r, s)]);
    }
    if start != identity(n) {
        return Err(Stop::CheckFailed(
            "the closed form of e^(At) is not I at t = 0",
        ));
    }
    Ok(Some(terms))
}
