use super::*;
use crate::Budget;
use crate::group::{self, Units};
use crate::integer::is_prime_u64;
use num_bigint::{BigInt, BigUint};
use num_integer::{Integer, Roots};
use num_traits::{One, ToPrimitive, Zero};

fn big(n: u64) -> BigUint {
    BigUint::from(n)
}

fn factors(n: u64) -> Factors {
    factor_completely(&big(n), &Budget::unlimited()).unwrap()
}

#[test]
fn prime_count_matches_a_sieve_and_known_values() {
    let b = Budget::unlimited();
    let sieve = primes_below(100_001);
    for x in [0u64, 1, 2, 3, 10, 100, 997, 1000, 4096, 65_537, 100_000] {
        let brute = sieve.iter().filter(|p| **p <= x).count() as u64;
        assert_eq!(prime_count(x, &b).unwrap(), brute, "{x}");
    }
    // π(10^k) from the literature (OEIS A006880), as an independent check at scale.
    assert_eq!(prime_count(10_000_000_000, &b).unwrap(), 455_052_511);
}

#[test]
fn segmented_sieve_and_nth_prime_agree_with_trial_division() {
    let b = Budget::unlimited();
    let ps = primes_in_range(999_000, 1_003_000, &b).unwrap();
    let brute: Vec<u64> = (999_000..=1_003_000).filter(|n| is_prime_u64(*n)).collect();
    assert_eq!(ps, brute);
    let all = primes_below(2_000_000);
    for n in [1u64, 2, 6, 7, 100, 1000, 12_345, 100_000, 148_933] {
        assert_eq!(nth_prime(n, &b).unwrap(), all[n as usize - 1], "{n}");
    }
}

#[test]
fn next_and_previous_prime_bracket_every_integer() {
    let b = Budget::unlimited();
    for n in 0u64..2000 {
        let next = next_prime(&big(n), &b).unwrap();
        let brute = (n + 1..).find(|k| is_prime_u64(*k)).unwrap();
        assert_eq!(next, big(brute));
        let prev = previous_prime(&big(n), &b).unwrap();
        assert_eq!(prev, (2..n).rev().find(|k| is_prime_u64(*k)).map(big));
    }
}

#[test]
fn digits_round_trip_in_every_base() {
    let n: BigUint = "123456789012345678901234567890123456789012345678901234567890"
        .parse()
        .unwrap();
    for b in [2u32, 3, 7, 10, 16, 36, 1000, 65_536, 1 << 31] {
        let ds = digits(&n, &big(b as u64));
        assert!(!ds[0].is_zero());
        let back = ds.iter().fold(BigUint::zero(), |acc, d| acc * b + d);
        assert_eq!(back, n, "base {b}");
    }
    assert_eq!(digits(&big(0), &big(10)), vec![big(0)]);
    assert_eq!(
        digits(&big(1000), &big(10)),
        vec![big(1), big(0), big(0), big(0)]
    );
}

#[test]
fn multiplicative_functions_match_brute_force() {
    for n in 1u64..400 {
        let f = factors(n);
        let ds: Vec<u64> = (1..=n).filter(|d| n % d == 0).collect();
        assert_eq!(divisors(&f), ds.iter().map(|d| big(*d)).collect::<Vec<_>>());
        assert_eq!(sigma(&f, 0), big(ds.len() as u64));
        assert_eq!(sigma(&f, 2), big(ds.iter().map(|d| d * d).sum()));
        // λ(n) is the least e with a^e ≡ 1 for every unit a.
        let units: Vec<u64> = (1..=n).filter(|a| a.gcd(&n) == 1).collect();
        let lambda = (1..)
            .find(|e| {
                units
                    .iter()
                    .all(|a| big(*a).modpow(&big(*e), &big(n)) == BigUint::one() % big(n))
            })
            .unwrap();
        assert_eq!(carmichael(&f), big(lambda), "{n}");
        let lf = carmichael_factors(&f, &Budget::unlimited()).unwrap();
        assert_eq!(
            lf.iter()
                .fold(BigUint::one(), |acc, (p, e)| acc * p.pow(*e)),
            big(lambda)
        );
        for &a in units.iter().take(5) {
            let ord = (1..)
                .find(|e| big(a).modpow(&big(*e), &big(n)) == BigUint::one() % big(n))
                .unwrap();
            assert_eq!(
                group::order(&Units(&big(n)), &(big(a) % big(n)), &big(lambda), &lf),
                big(ord)
            );
        }
        let root = primitive_root(&big(n), &f, &Budget::unlimited()).unwrap();
        let brute = units.iter().find(|a| {
            (1..=units.len() as u64)
                .filter(|e| big(**a).modpow(&big(*e), &big(n)) == BigUint::one() % big(n))
                .min()
                == Some(units.len() as u64)
        });
        let brute = if n == 1 {
            Some(big(0))
        } else {
            brute.map(|g| big(*g))
        };
        assert_eq!(root, brute, "{n}");
    }
}

#[test]
fn square_roots_modulo_n_are_all_found() {
    for n in 1u64..300 {
        let f = factors(n);
        for a in 0..n {
            let brute: Vec<BigUint> = (0..n).filter(|x| x * x % n == a).map(big).collect();
            assert_eq!(
                sqrt_mod(&BigInt::from(a), &big(n), &f, 1000).unwrap(),
                brute,
                "{a} mod {n}"
            );
        }
    }
    let p: BigUint = "170141183460469231731687303715884105727".parse().unwrap();
    let a = big(1234567).modpow(&big(2), &p);
    let r = sqrt_mod_prime(&a, &p).unwrap();
    assert_eq!(&r * &r % &p, a);
}

#[test]
fn discrete_logs_invert_modular_powers() {
    let b = Budget::unlimited();
    for m in [101u64, 1009, 7919, 1 << 10, 3 * 3 * 7 * 11 * 13, 1_000_003] {
        let f = factors(m);
        let lf = carmichael_factors(&f, &b).unwrap();
        let lambda = carmichael(&f);
        for g in [2u64, 3, 5, 7] {
            if g.gcd(&m) != 1 {
                continue;
            }
            let ord = group::order(&Units(&big(m)), &big(g), &lambda, &lf);
            let of = factor_completely(&ord, &b).unwrap();
            for x in [0u64, 1, 17, 345, 9999] {
                let h = big(g).modpow(&big(x), &big(m));
                let found = group::discrete_log(&Units(&big(m)), &big(g), &h, &ord, &of, &b)
                    .unwrap()
                    .unwrap();
                assert_eq!(found, big(x) % &ord);
            }
            // A unit outside ⟨g⟩ has no logarithm.
            if let Some(h) = (2..m).filter(|_| m < 2000).find(|h| {
                h.gcd(&m) == 1
                    && (0..ord.to_u64().unwrap())
                        .all(|x| big(g).modpow(&big(x), &big(m)) != big(*h))
            }) {
                assert_eq!(
                    group::discrete_log(&Units(&big(m)), &big(g), &big(h), &ord, &of, &b).unwrap(),
                    None
                );
            }
        }
    }
}

#[test]
fn two_squares_and_sqrt_continued_fractions() {
    for n in 1u64..2000 {
        let brute: Vec<(BigUint, BigUint)> = (0..)
            .take_while(|a| 2 * a * a <= n)
            .filter_map(|a| {
                let b = (n - a * a).sqrt();
                (b * b == n - a * a).then(|| (big(a), big(b)))
            })
            .collect();
        assert_eq!(sum_of_two_squares(&factors(n), 1000).unwrap(), brute, "{n}");
    }
    // √n = [a0; period…]: check the convergent identity p² − n q² = ±1 at period end.
    for n in 2u64..500 {
        let (a0, period) = sqrt_continued_fraction(&big(n), 10_000).unwrap();
        if period.is_empty() {
            assert_eq!(&a0 * &a0, big(n));
            continue;
        }
        let terms: Vec<BigUint> = std::iter::once(a0)
            .chain(period.iter().take(period.len() - 1).cloned())
            .collect();
        let (mut p, mut q, mut p0, mut q0) =
            (BigInt::one(), BigInt::zero(), BigInt::zero(), BigInt::one());
        for t in &terms {
            let t = BigInt::from(t.clone());
            (p, p0) = (&t * &p + &p0, p);
            (q, q0) = (&t * &q + &q0, q);
        }
        let norm = &p * &p - BigInt::from(n) * &q * &q;
        let expected = if period.len() % 2 == 0 { 1 } else { -1 };
        assert_eq!(norm, BigInt::from(expected), "{n}");
    }
}

#[test]
fn perfect_powers_and_factorial_valuations() {
    for n in 2u64..5000 {
        let (m, k) = perfect_power(&big(n), &Budget::unlimited()).unwrap();
        let brute = (2..=12u32)
            .rev()
            .find(|k| {
                let r = (n as f64).powf(1.0 / *k as f64).round() as u64;
                (r.saturating_sub(1)..=r + 1).any(|r| r > 1 && r.checked_pow(*k) == Some(n))
            })
            .unwrap_or(1);
        assert_eq!(k, brute, "{n}");
        assert_eq!(m.pow(k), big(n));
    }
    for n in 0u64..200 {
        for p in [2u64, 3, 5, 7] {
            let fact: BigUint = (1..=n).map(big).product();
            let mut v = 0u64;
            let mut f = fact;
            while (&f % p).is_zero() {
                f /= p;
                v += 1;
            }
            assert_eq!(factorial_valuation(&big(n), &big(p)), big(v));
        }
    }
}

#[test]
fn pratt_certificates_verify_and_composites_get_none() {
    let b = Budget::unlimited();
    for n in [
        "1000003",
        "18446744073709551557",
        "170141183460469231731687303715884105727",
        "2305843009213693951",
    ] {
        let n: BigUint = n.parse().unwrap();
        let cert = pratt_certificate(&n, &b).unwrap().unwrap();
        assert!(verify_pratt(&n, &cert), "{n}");
        // A tampered witness or factor list fails verification.
        let mut bad = cert.clone();
        bad[0].witness = BigUint::one();
        assert!(!verify_pratt(&n, &bad));
        let mut bad = cert.clone();
        bad[0].factors.pop();
        assert!(!verify_pratt(&n, &bad));
    }
    assert_eq!(pratt_certificate(&big(561), &b).unwrap(), None);
    assert!(verify_pratt(&big(997), &[]));
    assert!(!verify_pratt(&big(1001), &[]));
}
