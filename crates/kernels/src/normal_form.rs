//! Hermite and Smith normal forms over Z by unimodular row and column
//! operations on big integers: the direct algorithms, exact for any input,
//! meant for small and medium matrices (the modular-determinant methods are
//! the next step for large ones). Both poll the budget per pivot.

use crate::integer::extended_gcd;
use crate::{Budget, Mat, Stop};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

fn identity(n: usize) -> Mat<BigInt> {
    Mat::from_fn(n, n, |i, j| {
        if i == j {
            BigInt::one()
        } else {
            BigInt::zero()
        }
    })
}

/// Rows (r, i) ← (x·r + y·i, b·r − a·i), where a, b are the column entries
/// divided by their gcd g and a·x + b·y = 1: the 2×2 transform has
/// determinant −1 (unimodular), puts g at row r and 0 at row i.
fn combine_rows(
    m: &mut Mat<BigInt>,
    r: usize,
    i: usize,
    x: &BigInt,
    y: &BigInt,
    a: &BigInt,
    b: &BigInt,
) {
    for j in 0..m.cols() {
        let (vr, vi) = (m[(r, j)].clone(), m[(i, j)].clone());
        m[(r, j)] = x * &vr + y * &vi;
        m[(i, j)] = b * &vr - a * &vi;
    }
}

/// Row-style Hermite normal form H = U·A: H in row echelon form, each pivot
/// positive, entries above a pivot in [0, pivot), U unimodular.
pub struct Hermite {
    pub h: Mat<BigInt>,
    pub u: Mat<BigInt>,
    pub pivots: Vec<usize>,
}

pub fn hermite(a: &Mat<BigInt>, budget: &Budget) -> Result<Hermite, Stop> {
    let (rows, cols) = (a.rows(), a.cols());
    let mut h = a.clone();
    let mut u = identity(rows);
    let mut pivots = Vec::new();
    let mut r = 0;
    for c in 0..cols {
        if r == rows {
            break;
        }
        budget.check()?;
        for i in r + 1..rows {
            if h[(i, c)].is_zero() {
                continue;
            }
            let (g, x, y) = extended_gcd(&h[(r, c)], &h[(i, c)]);
            let (a_r, b_i) = (&h[(r, c)] / &g, &h[(i, c)] / &g);
            combine_rows(&mut h, r, i, &x, &y, &a_r, &b_i);
            combine_rows(&mut u, r, i, &x, &y, &a_r, &b_i);
        }
        if h[(r, c)].is_zero() {
            continue;
        }
        if h[(r, c)].is_negative() {
            for m in [&mut h, &mut u] {
                for j in 0..m.cols() {
                    m[(r, j)] = -m[(r, j)].clone();
                }
            }
        }
        for k in 0..r {
            let q = h[(k, c)].div_floor(&h[(r, c)]);
            if q.is_zero() {
                continue;
            }
            for m in [&mut h, &mut u] {
                for j in 0..m.cols() {
                    let t = &q * &m[(r, j)];
                    m[(k, j)] -= t;
                }
            }
        }
        pivots.push(c);
        r += 1;
    }
    Ok(Hermite { h, u, pivots })
}

/// The Hermite form of a square non-singular integer matrix modulo
/// R = |det A| (Cohen, Alg. 2.4.8, by rows): the row lattice L contains
/// R·eⱼ, so the block still to be reduced is kept modulo R; after column c
/// has a single entry w, the pivot is h_cc = gcd(w, R) (Bézout against R·e_c)
/// and the rest continues modulo R / h_cc. Returned only with a certificate:
/// U = H·A⁻¹ found by lifting is integral and ∏ h_cc = |det A|, so the rows
/// of H lie in L and have the same index, and H has the reduced shape: H is
/// L's Hermite form. `None`
/// when A is singular or the certificate fails (then the direct algorithm).
pub fn hermite_modular(a: &Mat<BigInt>, budget: &Budget) -> Result<Option<Hermite>, Stop> {
    use crate::dixon;
    assert!(
        a.is_square(),
        "the modular Hermite form needs a square matrix"
    );
    let n = a.rows();
    let det = crate::linalg::integer_determinant(a.clone(), budget)?.abs();
    if det.is_zero() {
        return Ok(None);
    }
    let mut r = det.clone();
    let mut w = a.map(|x| x.mod_floor(&r));
    let mut h = Mat::from_fn(n, n, |_, _| BigInt::zero());
    for c in 0..n {
        budget.check()?;
        // Column c of the remaining rows down to one entry, modulo r.
        for i in c + 1..n {
            if w[(i, c)].is_zero() {
                continue;
            }
            let (g, x, y) = extended_gcd(&w[(c, c)], &w[(i, c)]);
            let (a1, b1) = (&w[(c, c)] / &g, &w[(i, c)] / &g);
            for j in c..n {
                let (u, v) = (w[(c, j)].clone(), w[(i, j)].clone());
                w[(c, j)] = (&x * &u + &y * &v).mod_floor(&r);
                w[(i, j)] = (&a1 * &v - &b1 * &u).mod_floor(&r);
            }
        }
        // Bézout against r·e_c gives the pivot gcd(w_cc, r) on a lattice vector.
        let (g, x, _) = extended_gcd(&w[(c, c)], &r);
        h[(c, c)] = g.clone();
        for j in c + 1..n {
            h[(c, j)] = (&x * &w[(c, j)]).mod_floor(&r);
        }
        r = &r / &g;
        for i in c + 1..n {
            for j in c + 1..n {
                w[(i, j)] = w[(i, j)].mod_floor(&r);
            }
        }
    }
    // Entries above each pivot into [0, pivot), left to right (row c is zero
    // before column c, so later steps keep earlier columns reduced).
    for c in 0..n {
        for k in 0..c {
            let q = h[(k, c)].div_floor(&h[(c, c)]);
            if !q.is_zero() {
                for j in c..n {
                    let t = &q * &h[(c, j)];
                    h[(k, j)] -= t;
                }
            }
        }
    }
    // Certificate: U·A = H with U integral, from Aᵀ·uᵢ = hᵢ for each row.
    let at: Vec<BigInt> = (0..n)
        .flat_map(|i| (0..n).map(move |j| (i, j)))
        .map(|(i, j)| a[(j, i)].clone())
        .collect();
    let Some(lifting) = dixon::Lifting::new(&at, n, budget)? else {
        return Ok(None);
    };
    let Some(a_bits) = (0..n)
        .map(|i| crate::linalg::row_norm_log2(a.row(i), 0))
        .sum::<Option<f64>>()
    else {
        return Ok(None);
    };
    let mut u = Mat::from_fn(n, n, |_, _| BigInt::zero());
    for i in 0..n {
        let row: Vec<BigInt> = h.row(i).to_vec();
        let Some(h_bits) = crate::linalg::row_norm_log2(&row, 0) else {
            return Ok(None);
        };
        let Some((nums, den)) = lifting.solve(&row, a_bits + h_bits + 1.0, budget)? else {
            return Ok(None);
        };
        if !den.is_one() {
            return Ok(None);
        }
        for (j, x) in nums.into_iter().enumerate() {
            u[(i, j)] = x;
        }
    }
    let product = (0..n).fold(BigInt::one(), |acc, c| acc * &h[(c, c)]);
    let reproduces = (0..n).all(|i| {
        (0..n).all(|j| (0..n).map(|k| &u[(i, k)] * &a[(k, j)]).sum::<BigInt>() == h[(i, j)])
    });
    let reduced = (0..n).all(|c| {
        h[(c, c)].is_positive() && (0..c).all(|k| !h[(k, c)].is_negative() && h[(k, c)] < h[(c, c)])
    });
    if product != det || !reproduces || !reduced {
        return Ok(None);
    }
    Ok(Some(Hermite {
        h,
        u,
        pivots: (0..n).collect(),
    }))
}

/// The Smith diagonal of a square non-singular integer matrix by working
/// modulo R, a multiple of the lattice index (Cohen, Alg. 2.4.14): the row
/// lattice L of A contains D·Zⁿ for D = |det A|, so entries are reduced mod
/// D and never grow. Once row and column t are cleared mod R, L splits as
/// (gcd(a_tt, R)) ⊕ L′ with [Zⁿ⁻¹ : L′] = R / d_t, so the rest continues
/// modulo R / d_t. The d_t are then put in divisibility order. `None` when A
/// is singular (the direct algorithm handles it).
pub fn smith_diagonal_modular(
    a: &Mat<BigInt>,
    budget: &Budget,
) -> Result<Option<Vec<BigInt>>, Stop> {
    assert!(
        a.is_square(),
        "the modular Smith form needs a square matrix"
    );
    let n = a.rows();
    let det = crate::linalg::integer_determinant(a.clone(), budget)?.abs();
    if det.is_zero() {
        return Ok(None);
    }
    let mut r = det;
    let mut m = a.map(|x| x.mod_floor(&r));
    let mut diag = Vec::with_capacity(n);
    for t in 0..n {
        loop {
            budget.check()?;
            let mut changed = false;
            for i in t + 1..n {
                if m[(i, t)].is_zero() {
                    continue;
                }
                // A pivot dividing the entry clears it without touching row t;
                // otherwise the 2×2 Bézout step strictly lowers the pivot, so
                // the loop ends.
                if !m[(t, t)].is_zero() && (&m[(i, t)] % &m[(t, t)]).is_zero() {
                    let q = &m[(i, t)] / &m[(t, t)];
                    for j in t..n {
                        m[(i, j)] = (&m[(i, j)] - &q * &m[(t, j)]).mod_floor(&r);
                    }
                    continue;
                }
                let (g, x, y) = extended_gcd(&m[(t, t)], &m[(i, t)]);
                let (a1, b1) = (&m[(t, t)] / &g, &m[(i, t)] / &g);
                for j in t..n {
                    let (u, v) = (m[(t, j)].clone(), m[(i, j)].clone());
                    m[(t, j)] = (&x * &u + &y * &v).mod_floor(&r);
                    m[(i, j)] = (&a1 * &v - &b1 * &u).mod_floor(&r);
                }
                changed = true;
            }
            for j in t + 1..n {
                if m[(t, j)].is_zero() {
                    continue;
                }
                if !m[(t, t)].is_zero() && (&m[(t, j)] % &m[(t, t)]).is_zero() {
                    let q = &m[(t, j)] / &m[(t, t)];
                    for i in t..n {
                        m[(i, j)] = (&m[(i, j)] - &q * &m[(i, t)]).mod_floor(&r);
                    }
                    continue;
                }
                let (g, x, y) = extended_gcd(&m[(t, t)], &m[(t, j)]);
                let (a1, b1) = (&m[(t, t)] / &g, &m[(t, j)] / &g);
                for i in t..n {
                    let (u, v) = (m[(i, t)].clone(), m[(i, j)].clone());
                    m[(i, t)] = (&x * &u + &y * &v).mod_floor(&r);
                    m[(i, j)] = (&a1 * &v - &b1 * &u).mod_floor(&r);
                }
                changed = true;
            }
            if !changed {
                break;
            }
        }
        let d = m[(t, t)].gcd(&r);
        r = &r / &d;
        diag.push(d);
        for i in t + 1..n {
            for j in t + 1..n {
                m[(i, j)] = m[(i, j)].mod_floor(&r);
            }
        }
    }
    // Diagonal to Smith form: replace each pair by its gcd and lcm.
    for i in 0..n {
        for j in i + 1..n {
            let g = diag[i].gcd(&diag[j]);
            let l = &diag[i] / &g * &diag[j];
            diag[i] = g;
            diag[j] = l;
        }
    }
    Ok(Some(diag))
}

/// The Smith normal form's diagonal d₁ | d₂ | … (length min(m, n), zeros
/// last): the unique diagonal matrix U·A·V with U, V unimodular.
pub fn smith_diagonal(a: &Mat<BigInt>, budget: &Budget) -> Result<Vec<BigInt>, Stop> {
    let (rows, cols) = (a.rows(), a.cols());
    let mut m = a.clone();
    let k = rows.min(cols);
    for t in 0..k {
        budget.check()?;
        // The smallest non-zero entry of the remaining block becomes the pivot.
        let smallest = |m: &Mat<BigInt>| {
            (t..rows)
                .flat_map(|i| (t..cols).map(move |j| (i, j)))
                .filter(|&(i, j)| !m[(i, j)].is_zero())
                .min_by(|&p, &q| m[p].abs().cmp(&m[q].abs()))
        };
        let Some((pi, pj)) = smallest(&m) else { break };
        m.swap_rows(t, pi);
        swap_cols(&mut m, t, pj);
        loop {
            budget.check()?;
            let p = m[(t, t)].clone();
            let mut clean = true;
            for i in t + 1..rows {
                let q = m[(i, t)].div_floor(&p);
                if !q.is_zero() {
                    for j in t..cols {
                        let v = &q * &m[(t, j)];
                        m[(i, j)] -= v;
                    }
                }
                clean &= m[(i, t)].is_zero();
            }
            for j in t + 1..cols {
                let q = m[(t, j)].div_floor(&p);
                if !q.is_zero() {
                    for i in t..rows {
                        let v = &q * &m[(i, t)];
                        m[(i, j)] -= v;
                    }
                }
                clean &= m[(t, j)].is_zero();
            }
            if !clean {
                // A remainder is smaller than the pivot: it becomes the pivot.
                let best = (t + 1..rows)
                    .map(|i| (i, t))
                    .chain((t + 1..cols).map(|j| (t, j)))
                    .filter(|&q| !m[q].is_zero())
                    .min_by(|&x, &y| m[x].abs().cmp(&m[y].abs()));
                if let Some((i, j)) = best {
                    m.swap_rows(t, i);
                    swap_cols(&mut m, t, j);
                }
                continue;
            }
            // Divisibility: fold a row whose entry the pivot does not divide
            // into the pivot row, and reduce again.
            let bad = (t + 1..rows).find(|&i| (t + 1..cols).any(|j| !(&m[(i, j)] % &p).is_zero()));
            match bad {
                Some(i) => {
                    for j in t..cols {
                        let v = m[(i, j)].clone();
                        m[(t, j)] += v;
                    }
                }
                None => break,
            }
        }
        if m[(t, t)].is_negative() {
            m[(t, t)] = -m[(t, t)].clone();
        }
    }
    Ok((0..k).map(|i| m[(i, i)].clone()).collect())
}

fn swap_cols(m: &mut Mat<BigInt>, a: usize, b: usize) {
    if a != b {
        for i in 0..m.rows() {
            let t = m[(i, a)].clone();
            m[(i, a)] = std::mem::replace(&mut m[(i, b)], t);
        }
    }
}

#[cfg(test)]
mod tests;
