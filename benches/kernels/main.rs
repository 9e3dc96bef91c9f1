//! Kernel benchmarks at the sizes the linear-algebra issue names: exact at
//! n = 10, 50, 100, 200, 400; float at n = 100, 500, 1000, 2000.
//! `cargo bench -p hessian-benches` (add `-- det_exact` to pick one group).
//! Absolute times are for reading trends on one machine; comparisons with
//! FLINT and numpy are ratios from benches/compare.py.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use hessian_kernels::{BigInt, Budget, Mat, Q, linalg, numeric};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::hint::black_box;
use std::time::Duration;

fn int_matrix(n: usize, seed: u64) -> Mat<BigInt> {
    let mut rng = StdRng::seed_from_u64(seed);
    Mat::from_fn(n, n, |_, _| BigInt::from(rng.gen_range(-100i64..=100)))
}

fn rational_matrix(n: usize, seed: u64) -> Mat<Q> {
    let mut rng = StdRng::seed_from_u64(seed);
    Mat::from_fn(n, n, |_, _| {
        Q::new(
            rng.gen_range(-100i64..=100).into(),
            rng.gen_range(1i64..=100).into(),
        )
    })
}

fn float_matrix(n: usize, seed: u64) -> Mat<f64> {
    let mut rng = StdRng::seed_from_u64(seed);
    let a = (3.0 * std::f64::consts::E / n as f64).sqrt();
    Mat::from_fn(n, n, |_, _| rng.gen_range(-a..a))
}

fn exact(c: &mut Criterion) {
    let budget = Budget::unlimited();
    let mut g = c.benchmark_group("det_exact");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    for n in [10, 50, 100, 200, 400] {
        let m = int_matrix(n, n as u64);
        g.bench_with_input(BenchmarkId::new("integer", n), &m, |b, m| {
            b.iter(|| linalg::integer_determinant(black_box(m.clone()), &budget).unwrap())
        });
    }
    for n in [10, 50, 100, 200] {
        let m = rational_matrix(n, n as u64);
        g.bench_with_input(BenchmarkId::new("rational", n), &m, |b, m| {
            b.iter(|| linalg::determinant(black_box(m), &budget).unwrap())
        });
    }
    g.finish();
    let mut g = c.benchmark_group("exact_other");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    for n in [10, 50, 100, 200] {
        let q = int_matrix(n, n as u64 + 1).map(|x| Q::from_integer(x.clone()));
        g.bench_with_input(BenchmarkId::new("rank", n), &q, |b, m| {
            b.iter(|| linalg::rank(black_box(m), &budget).unwrap())
        });
        g.bench_with_input(BenchmarkId::new("rref", n), &q, |b, m| {
            b.iter(|| linalg::rref(black_box(m), &budget).unwrap())
        });
        g.bench_with_input(BenchmarkId::new("inverse", n), &q, |b, m| {
            b.iter(|| linalg::inverse(black_box(m), &budget).unwrap())
        });
    }
    for n in [10, 50, 100, 200, 400] {
        let q = int_matrix(n, n as u64 + 3).map(|x| Q::from_integer(x.clone()));
        let rhs: Vec<Q> = (0..n as i64)
            .map(|i| Q::from_integer(BigInt::from(i % 7 - 3)))
            .collect();
        g.bench_with_input(BenchmarkId::new("solve_integer", n), &q, |b, m| {
            b.iter(|| linalg::solve(black_box(m), &rhs, &budget).unwrap())
        });
    }
    for n in [10, 50, 100] {
        let q = rational_matrix(n, n as u64 + 4);
        let rhs: Vec<Q> = (0..n as i64)
            .map(|i| Q::from_integer(BigInt::from(i % 7 - 3)))
            .collect();
        g.bench_with_input(BenchmarkId::new("solve_rational", n), &q, |b, m| {
            b.iter(|| linalg::solve(black_box(m), &rhs, &budget).unwrap())
        });
    }
    for n in [10, 50] {
        let q = int_matrix(n, n as u64 + 2).map(|x| Q::from_integer(x.clone()));
        g.bench_with_input(BenchmarkId::new("charpoly", n), &q, |b, m| {
            b.iter(|| linalg::characteristic_polynomial(black_box(m), &budget).unwrap())
        });
    }
    g.finish();
}

fn float(c: &mut Criterion) {
    let mut g = c.benchmark_group("det_float");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    for n in [100, 500, 1000, 2000] {
        let m = float_matrix(n, n as u64);
        g.bench_with_input(BenchmarkId::new("lu", n), &m, |b, m| {
            b.iter(|| numeric::determinant(black_box(m)))
        });
    }
    g.finish();
}

criterion_group!(benches, exact, float);
criterion_main!(benches);
