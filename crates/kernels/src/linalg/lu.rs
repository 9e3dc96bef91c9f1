//! P·A = L·U over Q with partial pivoting on the first non-zero entry.

use super::*;
use crate::{Budget, Mat, Q, Stop};
use num_traits::Zero;

/// P·A = L·U for a square A: `perm[i]` is the row of A that is row i of
/// P·A, L is unit lower triangular, U upper triangular. A column without a
/// pivot leaves a zero on U's diagonal, so singular matrices factor too.
pub struct Lu {
    pub perm: Vec<usize>,
    pub l: Mat<Q>,
    pub u: Mat<Q>,
}

pub fn lu(a: &Mat<Q>, budget: &Budget) -> Result<Lu, Stop> {
    assert!(a.is_square(), "LU of a non-square matrix");
    let n = a.rows();
    let mut u = a.clone();
    let mut l = identity(n);
    let mut perm: Vec<usize> = (0..n).collect();
    for k in 0..n {
        budget.check()?;
        let Some(p) = (k..n).find(|&i| !u[(i, k)].is_zero()) else {
            continue;
        };
        if p != k {
            u.swap_rows(p, k);
            perm.swap(p, k);
            for j in 0..k {
                let t = l[(p, j)].clone();
                l[(p, j)] = std::mem::replace(&mut l[(k, j)], t);
            }
        }
        let inv = u[(k, k)].recip();
        for i in k + 1..n {
            if u[(i, k)].is_zero() {
                continue;
            }
            let f = &u[(i, k)] * &inv;
            for j in k..n {
                let t = &f * &u[(k, j)];
                u[(i, j)] -= t;
            }
            l[(i, k)] = f;
        }
    }
    Ok(Lu { perm, l, u })
}
