//! Oracles: the Leibniz formula for determinants, defining identities for
//! everything else (A·A⁻¹ = I, A·x = b, A·v = 0, p(t) = det(t·I − A)).

use super::charpoly::hessenberg_characteristic_polynomial;
use super::determinant::fraction_multimodular_determinant;
use super::echelon::{rref_elimination, rref_modular};
use super::solve::{inverse_dixon, solve_dixon};
use super::*;
use crate::{Budget, Stop};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn q(n: i64) -> Q {
    Q::from_integer(n.into())
}

fn random_q(rng: &mut StdRng, bound: i64) -> Q {
    Q::new(
        rng.gen_range(-bound..=bound).into(),
        rng.gen_range(1..=bound.max(1)).into(),
    )
}

fn random_mat(rng: &mut StdRng, r: usize, c: usize, bound: i64, integral: bool) -> Mat<Q> {
    Mat::from_fn(r, c, |_, _| {
        if integral {
            q(rng.gen_range(-bound..=bound))
        } else {
            random_q(rng, bound)
        }
    })
}

/// Leibniz: the sum over permutations. Independent of any elimination.
fn leibniz(a: &Mat<Q>) -> Q {
    fn go(a: &Mat<Q>, row: usize, used: &mut Vec<bool>, perm: &mut Vec<usize>, acc: &mut Q) {
        let n = a.rows();
        if row == n {
            let inversions = (0..n)
                .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                .filter(|&(i, j)| perm[i] > perm[j])
                .count();
            let mut t = Q::one();
            for (i, &p) in perm.iter().enumerate() {
                t *= &a[(i, p)];
            }
            if inversions % 2 == 1 {
                t = -t;
            }
            *acc += t;
            return;
        }
        for c in 0..n {
            if !used[c] {
                used[c] = true;
                perm.push(c);
                go(a, row + 1, used, perm, acc);
                perm.pop();
                used[c] = false;
            }
        }
    }
    let mut acc = Q::zero();
    go(a, 0, &mut vec![false; a.rows()], &mut Vec::new(), &mut acc);
    acc
}

fn identity(n: usize) -> Mat<Q> {
    Mat::from_fn(n, n, |i, j| if i == j { Q::one() } else { Q::zero() })
}

fn mul(a: &Mat<Q>, b: &Mat<Q>) -> Mat<Q> {
    multiply(a, b, &Budget::unlimited()).unwrap()
}

fn apply(a: &Mat<Q>, x: &[Q]) -> Vec<Q> {
    (0..a.rows())
        .map(|i| a.row(i).iter().zip(x).map(|(p, q)| p * q).sum())
        .collect()
}

#[test]
fn determinant_matches_leibniz() {
    let mut rng = StdRng::seed_from_u64(1);
    let b = Budget::unlimited();
    for n in 0..=6 {
        for trial in 0..6 {
            let a = random_mat(&mut rng, n, n, 9, trial % 2 == 0);
            assert_eq!(determinant(&a, &b).unwrap(), leibniz(&a), "n={n}");
        }
    }
}

#[test]
fn determinant_is_multiplicative_and_sees_singularity() {
    let mut rng = StdRng::seed_from_u64(2);
    let b = Budget::unlimited();
    for n in [3, 8, 30] {
        let x = random_mat(&mut rng, n, n, 20, false);
        let y = random_mat(&mut rng, n, n, 20, true);
        let lhs = determinant(&mul(&x, &y), &b).unwrap();
        assert_eq!(
            lhs,
            determinant(&x, &b).unwrap() * determinant(&y, &b).unwrap()
        );
        // Rank-deficient: a product through a thinner inner dimension.
        let thin = mul(
            &random_mat(&mut rng, n, n - 1, 5, true),
            &random_mat(&mut rng, n - 1, n, 5, true),
        );
        assert!(determinant(&thin, &b).unwrap().is_zero());
        assert_eq!(rank(&thin, &b).unwrap(), n - 1);
    }
}

#[test]
fn rref_is_reduced_and_spans_the_row_space() {
    let mut rng = StdRng::seed_from_u64(3);
    let b = Budget::unlimited();
    for (r, c, k) in [(4, 6, 2), (6, 4, 3), (5, 5, 5), (30, 40, 25), (1, 3, 1)] {
        let a = mul(
            &random_mat(&mut rng, r, k, 6, false),
            &random_mat(&mut rng, k, c, 6, true),
        );
        let red = rref(&a, &b).unwrap();
        let rk = red.pivots.len();
        assert_eq!(rk, rank(&a, &b).unwrap());
        assert!(rk <= k.min(r).min(c));
        for (i, &p) in red.pivots.iter().enumerate() {
            for row in 0..r {
                assert_eq!(
                    red.matrix[(row, p)],
                    if row == i { Q::one() } else { Q::zero() }
                );
            }
            assert!(
                (0..p).all(|j| red.matrix[(i, j)].is_zero()),
                "entries left of a pivot are zero"
            );
        }
        assert!((rk..r).all(|i| red.matrix.row(i).iter().all(Zero::is_zero)));
        let stacked = Mat::from_rows(
            a.clone()
                .into_rows()
                .into_iter()
                .chain(red.matrix.clone().into_rows())
                .collect(),
        )
        .unwrap();
        assert_eq!(
            rank(&stacked, &b).unwrap(),
            rk,
            "rref rows lie in the row space of A"
        );
    }
}

#[test]
fn nullspace_vectors_are_annihilated_and_independent() {
    let mut rng = StdRng::seed_from_u64(4);
    let b = Budget::unlimited();
    for (r, c, k) in [(3, 5, 2), (5, 5, 3), (4, 4, 4), (20, 30, 12)] {
        let a = mul(
            &random_mat(&mut rng, r, k, 5, true),
            &random_mat(&mut rng, k, c, 5, false),
        );
        let basis = nullspace(&a, &b).unwrap();
        assert_eq!(basis.len(), c - rank(&a, &b).unwrap());
        for v in &basis {
            assert!(apply(&a, v).iter().all(Zero::is_zero));
        }
        if !basis.is_empty() {
            assert_eq!(
                rank(&Mat::from_rows(basis.clone()).unwrap(), &b).unwrap(),
                basis.len()
            );
        }
    }
}

#[test]
fn solve_covers_unique_inconsistent_and_parametric() {
    let mut rng = StdRng::seed_from_u64(5);
    let b = Budget::unlimited();
    let a = random_mat(&mut rng, 6, 6, 9, false);
    let rhs: Vec<Q> = (0..6).map(|_| random_q(&mut rng, 9)).collect();
    match solve(&a, &rhs, &b).unwrap() {
        Solution::Unique(x) => assert_eq!(apply(&a, &x), rhs),
        other => panic!("expected a unique solution, got {other:?}"),
    }
    // Rank 2 in 3 unknowns with a consistent right-hand side.
    let thin = mul(
        &random_mat(&mut rng, 4, 2, 5, true),
        &random_mat(&mut rng, 2, 3, 5, true),
    );
    let x0: Vec<Q> = (0..3).map(|_| random_q(&mut rng, 7)).collect();
    let rhs = apply(&thin, &x0);
    match solve(&thin, &rhs, &b).unwrap() {
        Solution::Family { particular, basis } => {
            assert_eq!(apply(&thin, &particular), rhs);
            assert_eq!(basis.len(), 1);
            assert!(apply(&thin, &basis[0]).iter().all(Zero::is_zero));
        }
        other => panic!("expected a family, got {other:?}"),
    }
    // Perturb the right-hand side out of the column space.
    let mut bad = rhs.clone();
    let col_rank = rank(&thin, &b).unwrap();
    loop {
        bad[0] += Q::one();
        let aug = Mat::from_fn(4, 4, |i, j| {
            if j < 3 {
                thin[(i, j)].clone()
            } else {
                bad[i].clone()
            }
        });
        if rank(&aug, &b).unwrap() > col_rank {
            break;
        }
    }
    assert_eq!(solve(&thin, &bad, &b).unwrap(), Solution::Inconsistent);
}

#[test]
fn inverse_is_two_sided_and_refuses_singular() {
    let mut rng = StdRng::seed_from_u64(6);
    let b = Budget::unlimited();
    for n in [1, 2, 5, 12, 30] {
        let a = random_mat(&mut rng, n, n, 9, n % 2 == 0);
        if determinant(&a, &b).unwrap().is_zero() {
            continue;
        }
        let inv = inverse(&a, &b).unwrap().expect("non-singular");
        assert_eq!(mul(&a, &inv), identity(n));
        assert_eq!(mul(&inv, &a), identity(n));
    }
    let singular = Mat::from_rows(vec![vec![q(1), q(2)], vec![q(2), q(4)]]).unwrap();
    assert_eq!(inverse(&singular, &b).unwrap(), None);
}

#[test]
fn characteristic_polynomial_agrees_with_det_of_t_minus_a() {
    let mut rng = StdRng::seed_from_u64(7);
    let b = Budget::unlimited();
    for n in 0..=6 {
        for trial in 0..4 {
            let mut a = random_mat(&mut rng, n, n, 6, trial % 2 == 0);
            if trial == 3 && n > 2 {
                // Force zero sub-diagonal pivots so the Hessenberg swaps run.
                for j in 0..n {
                    a[(1, j)] = Q::zero();
                }
            }
            let p = characteristic_polynomial(&a, &b).unwrap();
            assert_eq!(p.len(), n + 1);
            for t in -3..=n as i64 {
                let tm = Mat::from_fn(n, n, |i, j| {
                    if i == j {
                        q(t) - &a[(i, j)]
                    } else {
                        -a[(i, j)].clone()
                    }
                });
                let value: Q = p.iter().rev().fold(Q::zero(), |acc, c| acc * q(t) + c);
                assert_eq!(value, leibniz(&tm), "n={n} t={t}");
            }
        }
    }
}

#[test]
fn characteristic_polynomial_satisfies_cayley_hamilton_at_larger_order() {
    let mut rng = StdRng::seed_from_u64(8);
    let b = Budget::unlimited();
    let n = 12;
    let a = random_mat(&mut rng, n, n, 5, false);
    let p = characteristic_polynomial(&a, &b).unwrap();
    let mut acc = Mat::from_fn(n, n, |_, _| Q::zero());
    for c in p.iter().rev() {
        acc = mul(&acc, &a);
        for i in 0..n {
            acc[(i, i)] += c;
        }
    }
    assert!(acc.into_rows().iter().flatten().all(Zero::is_zero));
    assert_eq!(
        p[0],
        if n % 2 == 0 {
            determinant(&a, &b).unwrap()
        } else {
            -determinant(&a, &b).unwrap()
        }
    );
    assert_eq!(p[n - 1], -trace(&a));
}

#[test]
fn kernels_stop_on_an_expired_budget() {
    let mut rng = StdRng::seed_from_u64(9);
    let a = random_mat(&mut rng, 8, 8, 5, false);
    let expired = Budget::with_timeout(std::time::Duration::ZERO);
    assert_eq!(determinant(&a, &expired), Err(Stop::Deadline));
    assert_eq!(rref(&a, &expired).map(|_| ()), Err(Stop::Deadline));
    assert_eq!(
        characteristic_polynomial(&a, &expired).map(|_| ()),
        Err(Stop::Deadline)
    );
}

#[test]
fn multimodular_determinant_agrees_with_bareiss() {
    let mut rng = StdRng::seed_from_u64(10);
    let b = Budget::unlimited();
    for (n, bits) in [
        (1, 3),
        (2, 200),
        (5, 7),
        (13, 7),
        (20, 64),
        (40, 7),
        (25, 300),
    ] {
        for _ in 0..3 {
            let m = Mat::from_fn(n, n, |_, _| {
                let x = BigInt::from(rng.gen_range(-1000i64..1000)) << rng.gen_range(0..bits);
                if rng.gen_bool(0.1) { BigInt::zero() } else { x }
            });
            assert_eq!(
                multimodular_determinant(&m, &b).unwrap(),
                bareiss_determinant(m.clone(), &b).unwrap(),
                "n={n}"
            );
        }
    }
    // Singular, and a zero row.
    let mut m = Mat::from_fn(15, 15, |i, j| BigInt::from((i * 7 + j * 3) as i64 % 11 - 5));
    assert_eq!(
        multimodular_determinant(&m, &b).unwrap(),
        bareiss_determinant(m.clone(), &b).unwrap()
    );
    for j in 0..15 {
        m[(4, j)] = BigInt::zero();
    }
    assert!(multimodular_determinant(&m, &b).unwrap().is_zero());
}

#[test]
fn divisor_determinant_agrees_with_multimodular() {
    let mut rng = StdRng::seed_from_u64(12);
    let b = Budget::unlimited();
    for n in [3, 12, 45, 70] {
        for trial in 0..3 {
            let mut m = Mat::from_fn(n, n, |_, _| BigInt::from(rng.gen_range(-100i64..=100)));
            if trial == 1 {
                // A large, structured determinant: scale rows by small primes.
                for (i, f) in [2, 3, 5, 7].into_iter().enumerate().take(n) {
                    for j in 0..n {
                        m[(i, j)] *= f * 1009;
                    }
                }
            }
            let got = divisor_determinant(&m, &b)
                .unwrap()
                .expect("non-singular with small entries");
            assert_eq!(
                got,
                multimodular_determinant(&m, &b).unwrap(),
                "n={n} trial={trial}"
            );
        }
    }
    // Singular: the divisor method declines and the caller falls back.
    let thin = Mat::from_fn(50, 50, |i, j| BigInt::from(((i % 7) * (j % 5)) as i64 - 3));
    assert_eq!(divisor_determinant(&thin, &b).unwrap(), None);
    assert!(integer_determinant(thin, &b).unwrap().is_zero());
    // Entries too large for word-size lifting: declined.
    let big = Mat::from_fn(3, 3, |i, j| {
        BigInt::from(1i64 << 40) * (i * 3 + j + 1) as i64 + i as i64
    });
    assert_eq!(divisor_determinant(&big, &b).unwrap(), None);
}

#[test]
fn word_determinant_agrees_with_bareiss() {
    let mut rng = StdRng::seed_from_u64(31);
    let b = Budget::unlimited();
    // Orders on each path (Bareiss, multi-modular, divisor), entries narrow
    // enough for word lifting and wide enough to need the limb-split update.
    for n in [5, 20, 55] {
        for bound in [100i64, 1 << 40] {
            let m = Mat::from_fn(n, n, |_, _| rng.gen_range(-bound..=bound));
            assert_eq!(
                word_determinant(&m, &b).unwrap(),
                bareiss_determinant(m.map(|&x| BigInt::from(x)), &b).unwrap(),
                "n={n} bound={bound}"
            );
        }
    }
}

#[test]
fn fraction_determinant_agrees_with_the_cleared_integer_determinant() {
    let mut rng = StdRng::seed_from_u64(13);
    let b = Budget::unlimited();
    for n in [16, 24, 40] {
        let a = random_mat(&mut rng, n, n, 60, false);
        let (m, scale) = clear_row_denominators(&a);
        let via_fractions = fraction_multimodular_determinant(&a, &b)
            .unwrap()
            .expect("word-size fractions");
        assert_eq!(
            via_fractions,
            multimodular_determinant(&m, &b).unwrap(),
            "n={n}"
        );
        assert_eq!(determinant(&a, &b).unwrap(), Q::new(via_fractions, scale));
    }
    // Big numerators are declined; the integer path takes them.
    let mut a = random_mat(&mut rng, 16, 16, 9, false);
    a[(0, 0)] = Q::from_integer(BigInt::from(1) << 100u32);
    assert_eq!(fraction_multimodular_determinant(&a, &b).unwrap(), None);
    assert_eq!(
        determinant(&a, &b).unwrap(),
        Q::new(
            bareiss_determinant(clear_row_denominators(&a).0, &b).unwrap(),
            clear_row_denominators(&a).1
        )
    );
}

#[test]
fn modular_characteristic_polynomial_agrees_with_hessenberg_over_q() {
    let mut rng = StdRng::seed_from_u64(14);
    let b = Budget::unlimited();
    for (n, integral) in [(8, true), (9, false), (12, false), (16, true)] {
        let mut a = random_mat(&mut rng, n, n, 30, integral);
        if n == 12 {
            for j in 0..n {
                a[(2, j)] = Q::zero(); // a zero row: a zero root and zero sub-diagonals
            }
        }
        assert_eq!(
            characteristic_polynomial(&a, &b).unwrap(),
            hessenberg_characteristic_polynomial(&a, &b).unwrap(),
            "n={n}"
        );
    }
}

#[test]
fn square_systems_by_lifting_agree_with_elimination() {
    let mut rng = StdRng::seed_from_u64(77);
    let b = Budget::unlimited();
    for n in [10usize, 13, 24, 40] {
        for integral in [true, false] {
            // Small denominators, so the cleared rows fit the word-size lifting.
            let entry = |rng: &mut StdRng| {
                let d = if integral {
                    1
                } else {
                    [1i64, 2, 3, 4, 6][rng.gen_range(0..5)]
                };
                Q::new(rng.gen_range(-100i64..=100).into(), d.into())
            };
            let a = Mat::from_fn(n, n, |_, _| entry(&mut rng));
            let rhs: Vec<Q> = (0..n).map(|_| entry(&mut rng)).collect();
            let lifted = solve_dixon(&a, &rhs, &b)
                .unwrap()
                .unwrap_or_else(|| panic!("n = {n}, integral = {integral}"));
            assert_eq!(apply(&a, &lifted), rhs);
            // The elimination path (the fallback) gives the same unique solution.
            let aug = Mat::from_fn(n, n + 1, |i, j| {
                if j < n {
                    a[(i, j)].clone()
                } else {
                    rhs[i].clone()
                }
            });
            let r = rref(&aug, &b).unwrap();
            let by_elimination: Vec<Q> = (0..n).map(|i| r.matrix[(i, n)].clone()).collect();
            assert_eq!(lifted, by_elimination);
        }
        // Wide rows (denominators up to 100, so cleared entries of hundreds of bits).
        let a = random_mat(&mut rng, n, n, 100, false);
        let rhs: Vec<Q> = (0..n).map(|_| random_q(&mut rng, 100)).collect();
        let lifted = solve_dixon(&a, &rhs, &b)
            .unwrap()
            .expect("a random matrix is non-singular");
        assert_eq!(apply(&a, &lifted), rhs);
        // Singular: duplicate a row; lifting declines and solve still classifies.
        let mut a = random_mat(&mut rng, n, n, 100, true);
        for j in 0..n {
            a[(n - 1, j)] = a[(0, j)].clone();
        }
        let rhs: Vec<Q> = (0..n).map(|i| q(i as i64)).collect();
        assert!(solve_dixon(&a, &rhs, &b).unwrap().is_none());
        assert!(matches!(
            solve(&a, &rhs, &b).unwrap(),
            Solution::Inconsistent
        ));
        let consistent: Vec<Q> = (0..n)
            .map(|i| if i == n - 1 { q(0) } else { q(i as i64) })
            .collect();
        assert!(matches!(
            solve(&a, &consistent, &b).unwrap(),
            Solution::Family { .. }
        ));
    }
}

#[test]
fn divisor_determinant_handles_entries_wider_than_a_word() {
    let mut rng = StdRng::seed_from_u64(90);
    let b = Budget::unlimited();
    for n in [6usize, 20, 33] {
        // Entries of about 100 bits, as rows of rationals become once cleared.
        let m = Mat::from_fn(n, n, |_, _| {
            let hi: i64 = rng.gen_range(-1_000_000..1_000_000);
            (BigInt::from(hi) << 80) + BigInt::from(rng.gen_range(0u64..1 << 40))
        });
        let expected = bareiss_determinant(m.clone(), &b).unwrap();
        assert_eq!(
            divisor_determinant(&m, &b).unwrap(),
            Some(expected),
            "n = {n}"
        );
    }
}

#[test]
fn lifted_inverses_are_two_sided_and_match_elimination() {
    let mut rng = StdRng::seed_from_u64(91);
    let b = Budget::unlimited();
    for n in [10usize, 17, 30] {
        for integral in [true, false] {
            let a = random_mat(&mut rng, n, n, 100, integral);
            let inv = inverse_dixon(&a, &b)
                .unwrap()
                .expect("a random matrix is invertible");
            assert_eq!(mul(&a, &inv), identity(n));
            assert_eq!(mul(&inv, &a), identity(n));
        }
        // Singular: lifting declines, and inverse still says so.
        let mut a = random_mat(&mut rng, n, n, 100, true);
        for j in 0..n {
            a[(1, j)] = a[(0, j)].clone() * q(3);
        }
        assert!(inverse_dixon(&a, &b).unwrap().is_none());
        assert!(inverse(&a, &b).unwrap().is_none());
    }
}

#[test]
fn modular_rref_is_certified_and_equals_elimination() {
    let mut rng = StdRng::seed_from_u64(92);
    let b = Budget::unlimited();
    for (rows, cols, rank) in [
        (10usize, 10usize, 10usize),
        (12, 15, 7),
        (20, 12, 5),
        (15, 15, 14),
        (10, 30, 10),
        (11, 11, 0),
    ] {
        for integral in [true, false] {
            // A rank-`rank` matrix as a product of random rows×rank and rank×cols factors.
            let left = random_mat(&mut rng, rows, rank.max(1), 9, integral);
            let right = random_mat(&mut rng, rank.max(1), cols, 9, integral);
            let a = if rank == 0 {
                Mat::from_fn(rows, cols, |_, _| q(0))
            } else {
                mul(&left, &right)
            };
            let fast = rref_modular(&a, &b).unwrap().expect("certified");
            let slow = rref_elimination(&a, &b).unwrap();
            assert_eq!(fast, slow, "{rows}×{cols} rank {rank}");
            assert_eq!(rank_of(&fast), rank);
        }
    }
}

fn rank_of(r: &Rref) -> usize {
    r.pivots.len()
}
