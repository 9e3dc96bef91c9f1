//! Oracles: a sieve for primality, trial division for factorization, a
//! direct count for φ, the Bézout identity for the extended gcd.

use super::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn sieve(n: usize) -> Vec<bool> {
    let mut is = vec![true; n + 1];
    is[0] = false;
    if n >= 1 {
        is[1] = false;
    }
    let mut i = 2;
    while i * i <= n {
        if is[i] {
            (i * i..=n).step_by(i).for_each(|j| is[j] = false);
        }
        i += 1;
    }
    is
}

#[test]
fn primality_matches_a_sieve() {
    let s = sieve(200_000);
    for (n, &p) in s.iter().enumerate() {
        assert_eq!(is_prime(&BigUint::from(n)).is_prime(), p, "n={n}");
    }
}

#[test]
fn strong_pseudoprimes_and_carmichaels_are_composite() {
    // Strong pseudoprimes to several bases, Carmichael numbers, and a
    // product of two primes just above 2^32.
    for n in [
        2047u64,
        3215031751,
        341550071728321,
        3825123056546413051,
        561,
        1105,
        4294967291 * 4294967279,
    ] {
        assert!(!is_prime_u64(n), "{n}");
    }
    // Known primes around 2^64 and beyond, and composites built from them.
    let p64 = BigUint::from(18446744073709551557u64); // largest prime < 2^64
    assert_eq!(is_prime(&p64), Primality::Prime);
    let m127 = (BigUint::one() << 127u32) - 1u32; // Mersenne prime
    assert_eq!(is_prime(&m127), Primality::ProbablePrime);
    let m61 = BigUint::from((1u64 << 61) - 1);
    assert_eq!(is_prime(&(&m127 * &m61)), Primality::Composite);
    assert_eq!(is_prime(&(&m61 * &m61)), Primality::Composite);
    // A Lucas-sensitive case: a strong pseudoprime to base 2 above 2^64
    // (3825123056546413051 · 5 is composite with base-2 liar factors).
    let spsp = BigUint::from(3825123056546413051u64) * 18446744073709551557u64;
    assert_eq!(is_prime(&spsp), Primality::Composite);
}

#[test]
fn jacobi_matches_euler_criterion_for_primes() {
    for p in [3u64, 5, 7, 11, 13, 101, 997] {
        for a in 0..p {
            let euler = pow_mod(a, (p - 1) / 2, p);
            let expected = if a == 0 {
                0
            } else if euler == 1 {
                1
            } else {
                -1
            };
            assert_eq!(
                jacobi(&BigInt::from(a), &BigUint::from(p)),
                expected,
                "({a}/{p})"
            );
        }
    }
}

fn trial_division(mut n: u64) -> Vec<(BigUint, u32)> {
    let mut out = Vec::new();
    let mut p = 2;
    while p * p <= n {
        let mut e = 0;
        while n.is_multiple_of(p) {
            n /= p;
            e += 1;
        }
        if e > 0 {
            out.push((BigUint::from(p), e));
        }
        p += 1;
    }
    if n > 1 {
        out.push((BigUint::from(n), 1));
    }
    out
}

#[test]
fn factorization_matches_trial_division() {
    let b = Budget::unlimited();
    let mut rng = StdRng::seed_from_u64(11);
    let mut cases: Vec<u64> = (1..3000).collect();
    cases.extend((0..200).map(|_| rng.gen_range(1..1u64 << 36)));
    cases.extend([999_999_000_001, 4_294_967_291 * 7, 65_537 * 65_539]);
    for n in cases {
        let f = factor(&BigUint::from(n), &b);
        assert!(f.is_complete() && !f.probable);
        assert_eq!(f.primes, trial_division(n), "n={n}");
    }
}

#[test]
fn big_factorizations_multiply_back_to_prime_factors() {
    let b = Budget::unlimited();
    let m61 = BigUint::from((1u64 << 61) - 1);
    let p = BigUint::from(1_000_000_007u64);
    let n = &m61 * &m61 * &p * 12u32;
    let f = factor(&n, &b);
    assert!(f.is_complete());
    let back = f
        .primes
        .iter()
        .fold(BigUint::one(), |acc, (q, e)| acc * q.pow(*e));
    assert_eq!(back, n);
    assert!(f.primes.iter().all(|(q, _)| is_prime(q).is_prime()));
    assert_eq!(
        f.primes.iter().find(|(q, _)| *q == m61).map(|x| x.1),
        Some(2)
    );
}

#[test]
fn factorization_reports_partial_results_when_out_of_time() {
    let m127 = (BigUint::one() << 127u32) - 1u32;
    let m89 = (BigUint::one() << 89u32) - 1u32;
    let n = &m127 * &m89 * 8u32;
    let f = factor(
        &n,
        &Budget::with_timeout(std::time::Duration::from_millis(50)),
    );
    assert_eq!(f.stopped, Some(Stop::Deadline));
    assert_eq!(f.primes, vec![(BigUint::from(2u32), 3)]);
    assert_eq!(f.unfactored, vec![&m127 * &m89]);
}

#[test]
fn totient_matches_a_direct_count() {
    let b = Budget::unlimited();
    for n in 1u64..600 {
        let direct = (1..=n).filter(|k| k.gcd(&n) == 1).count();
        let f = factor(&BigUint::from(n), &b);
        assert_eq!(totient_from(&f.primes), BigUint::from(direct), "n={n}");
    }
}

#[test]
fn extended_gcd_satisfies_bezout() {
    let mut rng = StdRng::seed_from_u64(12);
    for _ in 0..2000 {
        let a = BigInt::from(rng.gen_range(-10_000i64..10_000));
        let b = BigInt::from(rng.gen_range(-10_000i64..10_000));
        let (g, x, y) = extended_gcd(&a, &b);
        assert_eq!(&a * &x + &b * &y, g);
        assert_eq!(g, a.gcd(&b));
        assert!(g >= BigInt::zero());
    }
    assert_eq!(
        gcd_all(&[BigInt::from(12), BigInt::from(-18), BigInt::from(30)]),
        BigInt::from(6)
    );
    assert_eq!(gcd_all(&[]), BigInt::zero());
}

#[test]
fn gcd_matches_the_binary_gcd_on_balanced_and_unbalanced_sizes() {
    let mut rng = StdRng::seed_from_u64(13);
    let big = |rng: &mut StdRng, words: usize| {
        let digits: Vec<u32> = (0..2 * words).map(|_| rng.r#gen()).collect();
        let n = BigInt::from_biguint(Sign::Plus, BigUint::new(digits));
        if rng.gen_bool(0.5) { -n } else { n }
    };
    for words in [1, 3, 4, 5, 8, 40, 200] {
        for other in [0, 1, 2, 5, words, 3 * words] {
            let common = big(&mut rng, 1 + words / 4);
            let a = big(&mut rng, words) * &common;
            let b = big(&mut rng, other) * &common;
            let g = gcd(&a, &b);
            assert_eq!(g, a.gcd(&b), "{words} and {other} words");
            assert_eq!(gcd(&b, &a), g);
            assert!((&a % &common).is_zero() && (&g % &common).is_zero());
        }
    }
    assert_eq!(gcd(&BigInt::zero(), &BigInt::from(-7)), BigInt::from(7));
    assert_eq!(gcd(&BigInt::zero(), &BigInt::zero()), BigInt::zero());
}
