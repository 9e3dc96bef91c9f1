//! Oracles: uniqueness (the same form for U·A and A·V with random
//! unimodular U, V), the defining shape, and determinantal divisors
//! (d₁·…·d_k = gcd of the k×k minors) by brute force on small matrices.

use super::*;
use crate::linalg::bareiss_determinant;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn random(rng: &mut StdRng, r: usize, c: usize, bound: i64) -> Mat<BigInt> {
    Mat::from_fn(r, c, |_, _| BigInt::from(rng.gen_range(-bound..=bound)))
}

fn mul(a: &Mat<BigInt>, b: &Mat<BigInt>) -> Mat<BigInt> {
    Mat::from_fn(a.rows(), b.cols(), |i, j| {
        (0..a.cols()).map(|k| &a[(i, k)] * &b[(k, j)]).sum()
    })
}

/// A random unimodular matrix: a product of elementary integer operations.
fn unimodular(rng: &mut StdRng, n: usize) -> Mat<BigInt> {
    let mut u = identity(n);
    for _ in 0..3 * n {
        let (i, j) = (rng.gen_range(0..n), rng.gen_range(0..n));
        if i != j {
            let f = BigInt::from(rng.gen_range(-3..=3));
            for k in 0..n {
                let t = &f * &u[(j, k)];
                u[(i, k)] += t;
            }
        } else {
            u.swap_rows(i, (i + 1) % n);
        }
    }
    u
}

#[test]
fn hermite_form_is_shaped_unimodular_and_unique() {
    let mut rng = StdRng::seed_from_u64(61);
    let b = Budget::unlimited();
    for (r, c) in [(3, 3), (4, 6), (6, 4), (5, 5)] {
        let a = random(&mut rng, r, c, 20);
        let f = hermite(&a, &b).unwrap();
        assert_eq!(mul(&f.u, &a), f.h);
        assert_eq!(
            bareiss_determinant(f.u.clone(), &b).unwrap().abs(),
            BigInt::one()
        );
        for (row, &p) in f.pivots.iter().enumerate() {
            assert!(f.h[(row, p)].is_positive());
            assert!((0..p).all(|j| f.h[(row, j)].is_zero()));
            assert!((0..row).all(|k| !f.h[(k, p)].is_negative() && f.h[(k, p)] < f.h[(row, p)]));
            assert!((row + 1..r).all(|k| f.h[(k, p)].is_zero()));
        }
        let v = unimodular(&mut rng, r);
        assert_eq!(
            hermite(&mul(&v, &a), &b).unwrap().h,
            f.h,
            "HNF is unique up to the row space"
        );
    }
}

fn minors_gcd(a: &Mat<BigInt>, k: usize) -> BigInt {
    fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
        if k == 0 {
            return vec![vec![]];
        }
        (k - 1..n)
            .flat_map(|last| {
                subsets(last, k - 1).into_iter().map(move |mut s| {
                    s.push(last);
                    s
                })
            })
            .collect()
    }
    let b = Budget::unlimited();
    let mut g = BigInt::zero();
    for rs in subsets(a.rows(), k) {
        for cs in subsets(a.cols(), k) {
            let minor = Mat::from_fn(k, k, |i, j| a[(rs[i], cs[j])].clone());
            g = g.gcd(&bareiss_determinant(minor, &b).unwrap());
        }
    }
    g
}

#[test]
fn smith_diagonal_matches_determinantal_divisors_and_is_invariant() {
    let mut rng = StdRng::seed_from_u64(62);
    let b = Budget::unlimited();
    for (r, c, bound) in [(3, 3, 12), (3, 4, 6), (4, 3, 30), (4, 4, 4)] {
        let mut a = random(&mut rng, r, c, bound);
        if r == 4 && c == 4 {
            // Force structure: a common factor and a dependent row.
            for j in 0..c {
                a[(0, j)] *= 6;
                a[(3, j)] = &a[(1, j)] * 2 + &a[(2, j)];
            }
        }
        let d = smith_diagonal(&a, &b).unwrap();
        assert!(
            d.windows(2)
                .all(|w| w[1].is_zero() || (&w[1] % &w[0]).is_zero()),
            "{d:?}"
        );
        let mut prod = BigInt::one();
        for k in 1..=r.min(c) {
            prod *= &d[k - 1];
            assert_eq!(
                prod,
                minors_gcd(&a, k),
                "d₁⋯d_k = gcd of {k}×{k} minors, {d:?}"
            );
        }
        let (u, v) = (unimodular(&mut rng, r), unimodular(&mut rng, c));
        assert_eq!(smith_diagonal(&mul(&mul(&u, &a), &v), &b).unwrap(), d);
    }
}

#[test]
fn modular_smith_diagonal_agrees_with_the_direct_algorithm() {
    let mut rng = StdRng::seed_from_u64(93);
    let b = Budget::unlimited();
    for n in [1usize, 2, 3, 5, 8, 12] {
        for _ in 0..6 {
            // Structured invariants hidden by unimodular transforms, and plain random matrices.
            let d: Vec<i64> = (0..n)
                .map(|i| [1i64, 2, 3, 4, 6, 12][(i + rng.gen_range(0..3)) % 6])
                .collect();
            let diag = Mat::from_fn(n, n, |i, j| BigInt::from(if i == j { d[i] } else { 0 }));
            let hidden = mul(
                &mul(&unimodular(&mut rng, n), &diag),
                &unimodular(&mut rng, n),
            );
            for a in [hidden, random(&mut rng, n, n, 20)] {
                let direct = smith_diagonal(&a, &b).unwrap();
                match smith_diagonal_modular(&a, &b).unwrap() {
                    Some(modular) => assert_eq!(modular, direct, "{a:?}"),
                    None => assert!(direct.iter().any(|x| x.is_zero())),
                }
            }
        }
    }
}

#[test]
fn modular_hermite_form_is_certified_and_agrees_with_the_direct_algorithm() {
    let mut rng = StdRng::seed_from_u64(94);
    let b = Budget::unlimited();
    for n in [1usize, 2, 3, 6, 10, 15] {
        for _ in 0..5 {
            let d: Vec<i64> = (0..n)
                .map(|i| [1i64, 2, 3, 4, 6, 12][(i + rng.gen_range(0..3)) % 6])
                .collect();
            let diag = Mat::from_fn(n, n, |i, j| BigInt::from(if i == j { d[i] } else { 0 }));
            let structured = mul(
                &mul(&unimodular(&mut rng, n), &diag),
                &unimodular(&mut rng, n),
            );
            for a in [structured, random(&mut rng, n, n, 30)] {
                let direct = hermite(&a, &b).unwrap();
                match hermite_modular(&a, &b).unwrap() {
                    Some(m) => {
                        assert_eq!(m.h, direct.h, "{a:?}");
                        assert_eq!(m.u, direct.u);
                    }
                    None => assert!(
                        bareiss_determinant(a.clone(), &b).unwrap().is_zero(),
                        "{a:?}"
                    ),
                }
            }
        }
    }
}
