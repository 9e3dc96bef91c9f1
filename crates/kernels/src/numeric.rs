//! Floating-point dense linear algebra (the `….numeric` operations) on faer,
//! single-threaded per call: parallelism comes from serving calls side by
//! side. Nothing exact is ever computed here.

use crate::Mat;
use faer::linalg::solvers::Solve;

fn to_faer(a: &Mat<f64>) -> faer::Mat<f64> {
    faer::Mat::from_fn(a.rows(), a.cols(), |i, j| a[(i, j)])
}

/// det(A) through LU with partial pivoting, factored in place in one
/// contiguous copy: the row-major entries read as a column-major matrix
/// are Aᵀ, and det Aᵀ = det A.
pub fn determinant(a: &Mat<f64>) -> f64 {
    use faer::dyn_stack::{MemBuffer, MemStack};
    use faer::linalg::lu::partial_pivoting::factor::{lu_in_place, lu_in_place_scratch};
    let n = a.rows();
    assert!(a.is_square(), "determinant of a non-square matrix");
    let mut m = faer::Mat::from_fn(n, n, |i, j| a[(j, i)]);
    let (mut fwd, mut bwd) = (vec![0usize; n], vec![0usize; n]);
    let par = faer::Par::Seq;
    let mut scratch = MemBuffer::new(lu_in_place_scratch::<usize, f64>(
        n,
        n,
        par,
        Default::default(),
    ));
    let (info, _) = lu_in_place(
        m.as_mut(),
        &mut fwd,
        &mut bwd,
        par,
        MemStack::new(&mut scratch),
        Default::default(),
    );
    let det: f64 = (0..n).map(|i| m[(i, i)]).product();
    if info.transposition_count % 2 == 0 {
        det
    } else {
        -det
    }
}

/// x with A·x = b through LU with partial pivoting; `None` when A is
/// singular to working precision (a zero pivot or a non-finite result).
pub fn solve(a: &Mat<f64>, b: &[f64]) -> Option<Vec<f64>> {
    let m = to_faer(a);
    let lu = m.partial_piv_lu();
    let rhs = faer::Mat::from_fn(b.len(), 1, |i, _| b[i]);
    let x = lu.solve(&rhs);
    let out: Vec<f64> = (0..b.len()).map(|i| x[(i, 0)]).collect();
    out.iter().all(|v| v.is_finite()).then_some(out)
}

/// Eigenvalues of a symmetric matrix, ascending (its lower triangle is read).
pub fn symmetric_eigenvalues(a: &Mat<f64>) -> Option<Vec<f64>> {
    to_faer(a).self_adjoint_eigenvalues(faer::Side::Lower).ok()
}

/// Eigenvalues of a general square matrix as (re, im), sorted by re then im.
pub fn eigenvalues(a: &Mat<f64>) -> Option<Vec<(f64, f64)>> {
    let mut v: Vec<(f64, f64)> = to_faer(a)
        .eigenvalues()
        .ok()?
        .into_iter()
        .map(|z| (z.re, z.im))
        .collect();
    v.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.total_cmp(&y.1)));
    Some(v)
}

/// Singular values, descending.
pub fn singular_values(a: &Mat<f64>) -> Option<Vec<f64>> {
    to_faer(a).singular_values().ok()
}
