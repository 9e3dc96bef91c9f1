//! Each operation through its JSON contract, against brute force on small
//! inputs and defining identities on large ones.

use hessian_kernels::BigInt;
use hessian_op::Code;
use num_integer::Integer;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};

use crate::run_operation as run;

fn int(v: &Value) -> BigInt {
    v.as_str()
        .expect("integers are output as strings")
        .parse()
        .unwrap()
}

fn is_prime_brute(n: u64) -> bool {
    n >= 2
        && (2..)
            .take_while(|d| d * d <= n)
            .all(|d| !n.is_multiple_of(d))
}

#[test]
fn gcd_divides_every_input_and_is_the_greatest() {
    let mut rng = StdRng::seed_from_u64(31);
    for _ in 0..300 {
        let xs: Vec<i64> = (0..rng.gen_range(1..5))
            .map(|_| rng.gen_range(-300..300))
            .collect();
        let g = int(&run("integer.gcd.compute", json!({"integers": xs})).unwrap());
        let brute = (1..=300i64)
            .rev()
            .find(|d| xs.iter().all(|x| x % d == 0))
            .unwrap_or(0);
        let brute = if xs.iter().all(|x| *x == 0) { 0 } else { brute };
        assert_eq!(g, BigInt::from(brute), "{xs:?}");
    }
}

#[test]
fn extended_gcd_satisfies_bezout_for_big_integers() {
    let mut rng = StdRng::seed_from_u64(32);
    for _ in 0..100 {
        let a: BigInt = (0..4).fold(BigInt::from(rng.gen_range(-1000i64..1000)), |acc, _| {
            acc * 1_000_000_007u64 + rng.gen_range(0..1000u64)
        });
        let b: BigInt = (0..3).fold(BigInt::from(rng.gen_range(-1000i64..1000)), |acc, _| {
            acc * 998_244_353u64 + rng.gen_range(0..1000u64)
        });
        let out = run(
            "integer.extended_gcd.compute",
            json!({"a": a.to_string(), "b": b.to_string()}),
        )
        .unwrap();
        let (g, x, y) = (int(&out["gcd"]), int(&out["x"]), int(&out["y"]));
        assert_eq!(&a * x + &b * y, g);
        assert_eq!(g, a.gcd(&b));
    }
}

#[test]
fn primality_agrees_with_trial_division_and_labels_its_certainty() {
    for n in 0..3000u64 {
        let out = run("integer.prime.decide", json!({"n": n})).unwrap();
        assert_eq!(out["prime"], is_prime_brute(n), "n={n}");
        assert_eq!(out["certainty"], "proven");
    }
    assert_eq!(
        run("integer.prime.decide", json!({"n": -7})).unwrap()["prime"],
        false
    );
    // 2^128 + 1 = 59649589127497217 · 5704689200685129054721.
    let f7 = "340282366920938463463374607431768211457";
    assert_eq!(
        run("integer.prime.decide", json!({"n": f7})).unwrap(),
        json!({"prime": false, "certainty": "proven"})
    );
    let e = run("integer.prime.decide", json!({"n": "1".repeat(1001)})).unwrap_err();
    assert_eq!(e.code, Code::LimitExceeded);
}

#[test]
fn factorizations_multiply_back_into_primes() {
    let mut rng = StdRng::seed_from_u64(33);
    let mut cases: Vec<u64> = (1..400).collect();
    cases.extend((0..100).map(|_| rng.gen_range(1..1u64 << 50)));
    for n in cases {
        let out = run(
            "integer.prime_factorization.compute",
            json!({"n": n.to_string()}),
        )
        .unwrap();
        assert_eq!(out["complete"], true);
        let mut back = BigInt::from(1);
        for f in out["factors"].as_array().unwrap() {
            let p: u64 = f["prime"].as_str().unwrap().parse().unwrap();
            assert!(is_prime_brute(p) || p > 1 << 40, "{p} is not prime");
            back *= num_traits::pow(BigInt::from(p), f["exponent"].as_u64().unwrap() as usize);
        }
        assert_eq!(back, BigInt::from(n));
    }
    // Above the word size: (10^9 + 7)(998244353)(2^61 − 1), all proven primes.
    let n = BigInt::from(1_000_000_007u64) * 998_244_353u64 * ((1u64 << 61) - 1);
    let out = run(
        "integer.prime_factorization.compute",
        json!({"n": n.to_string()}),
    )
    .unwrap();
    assert_eq!(
        out["factors"],
        json!([{"prime": "998244353", "exponent": 1}, {"prime": "1000000007", "exponent": 1}, {"prime": "2305843009213693951", "exponent": 1}])
    );
    assert_eq!(out["probable_primes"], false);
    // A factor above 2^64 rests on BPSW, and the output says so.
    let m89: BigInt = (BigInt::from(1) << 89) - 1;
    let out = run(
        "integer.prime_factorization.compute",
        json!({"n": (&m89 * BigInt::from(1_000_003u64)).to_string()}),
    )
    .unwrap();
    assert_eq!(out["factors"][1]["prime"], json!(m89.to_string()));
    assert_eq!(out["probable_primes"], true);
    for bad in [json!(0), json!(-12)] {
        assert_eq!(
            run("integer.prime_factorization.compute", json!({"n": bad}))
                .unwrap_err()
                .code,
            Code::DomainError
        );
    }
}

#[test]
fn totient_counts_coprimes_and_is_multiplicative() {
    for n in 1..400u64 {
        let phi = int(&run("integer.euler_totient.compute", json!({"n": n})).unwrap());
        let count = (1..=n).filter(|k| k.gcd(&n) == 1).count();
        assert_eq!(phi, BigInt::from(count), "n={n}");
    }
    let mut rng = StdRng::seed_from_u64(34);
    for _ in 0..50 {
        let (m, n) = (rng.gen_range(1..1u64 << 30), rng.gen_range(1..1u64 << 30));
        if m.gcd(&n) != 1 {
            continue;
        }
        let phi = |x: u128| {
            int(&run("integer.euler_totient.compute", json!({"n": x.to_string()})).unwrap())
        };
        assert_eq!(phi(m as u128 * n as u128), phi(m as u128) * phi(n as u128));
    }
}

#[test]
fn lcm_is_the_least_common_multiple() {
    let mut rng = StdRng::seed_from_u64(35);
    for _ in 0..300 {
        let xs: Vec<i64> = (0..rng.gen_range(1..4))
            .map(|_| rng.gen_range(-30..30))
            .collect();
        let l = int(&run("integer.lcm.compute", json!({"integers": xs})).unwrap());
        let brute = if xs.contains(&0) {
            0
        } else {
            (1..).find(|m: &i64| xs.iter().all(|x| m % x == 0)).unwrap()
        };
        assert_eq!(l, BigInt::from(brute), "{xs:?}");
    }
}

#[test]
fn modular_inverse_and_power_match_brute_force() {
    for m in 1i64..40 {
        for a in -45i64..45 {
            let brute = (0..m).find(|x| (a * x).rem_euclid(m) == 1 % m);
            match run(
                "integer.modular_inverse.compute",
                json!({"a": a, "modulus": m}),
            ) {
                Ok(x) => assert_eq!(Some(int(&x)), brute.map(BigInt::from), "{a}⁻¹ mod {m}"),
                Err(e) => assert!(
                    e.code == Code::DomainError && brute.is_none(),
                    "{a}⁻¹ mod {m}: {e:?}"
                ),
            }
            for e in [-3i64, 0, 1, 2, 7] {
                let got = run(
                    "integer.modular_power.compute",
                    json!({"base": a, "exponent": e, "modulus": m}),
                );
                let base = if e < 0 { brute } else { Some(a.rem_euclid(m)) };
                match (got, base) {
                    (Ok(v), Some(b)) => {
                        let want = (0..e.abs()).fold(1 % m, |acc, _| (acc * b).rem_euclid(m));
                        assert_eq!(int(&v), BigInt::from(want), "{a}^{e} mod {m}");
                    }
                    (Err(err), None) => assert_eq!(err.code, Code::DomainError),
                    (got, base) => panic!("{a}^{e} mod {m}: {got:?} vs base {base:?}"),
                }
            }
        }
    }
    // Fermat on a large prime: a^(p−1) ≡ 1.
    let p = "170141183460469231731687303715884105727";
    let out = run(
        "integer.modular_power.compute",
        json!({"base": 3, "exponent": "170141183460469231731687303715884105726", "modulus": p}),
    )
    .unwrap();
    assert_eq!(out, json!("1"));
}

#[test]
fn chinese_remainder_matches_a_search_over_one_period() {
    let mut rng = StdRng::seed_from_u64(36);
    for _ in 0..400 {
        let k = rng.gen_range(1..4);
        let ms: Vec<i64> = (0..k).map(|_| rng.gen_range(1..13)).collect();
        let rs: Vec<i64> = (0..k).map(|_| rng.gen_range(-20..20)).collect();
        let l = ms
            .iter()
            .fold(1i64, |l, m| num_integer::Integer::lcm(&l, m));
        let brute = (0..l).find(|x| rs.iter().zip(&ms).all(|(r, m)| (x - r).rem_euclid(*m) == 0));
        let out = run(
            "integer.chinese_remainder.solve",
            json!({"residues": rs, "moduli": ms}),
        )
        .unwrap();
        match brute {
            Some(x) => assert_eq!(
                out,
                json!({"status": "solution", "solution": x.to_string(), "modulus": l.to_string()})
            ),
            None => {
                assert_eq!(out["status"], "none");
                let (i, j) = (
                    out["conflict"][0].as_u64().unwrap() as usize,
                    out["conflict"][1].as_u64().unwrap() as usize,
                );
                let g = num_integer::Integer::gcd(&ms[i], &ms[j]);
                assert_ne!(
                    (rs[i] - rs[j]).rem_euclid(g),
                    0,
                    "the named pair really conflicts"
                );
            }
        }
    }
    let e = run(
        "integer.chinese_remainder.solve",
        json!({"residues": [1, 2], "moduli": [3]}),
    )
    .unwrap_err();
    assert_eq!(
        (e.code, e.path.as_deref()),
        (Code::InvalidInput, Some("input.moduli"))
    );
}

fn factor_brute(mut n: u64) -> Vec<(u64, u32)> {
    let mut out = Vec::new();
    let mut d = 2;
    while d * d <= n {
        let mut e = 0;
        while n.is_multiple_of(d) {
            n /= d;
            e += 1;
        }
        if e > 0 {
            out.push((d, e));
        }
        d += 1;
    }
    if n > 1 {
        out.push((n, 1));
    }
    out
}

#[test]
fn multiplicative_functions_agree_with_trial_division() {
    for n in 1u64..600 {
        let f = factor_brute(n);
        let mu = if f.iter().any(|(_, e)| *e > 1) {
            0
        } else if f.len().is_multiple_of(2) {
            1
        } else {
            -1
        };
        assert_eq!(
            run("integer.mobius.compute", json!({"n": n})).unwrap(),
            json!(mu),
            "μ({n})"
        );
        let omega: u32 = f.iter().map(|(_, e)| e).sum();
        assert_eq!(
            run("integer.liouville.compute", json!({"n": n})).unwrap(),
            json!(if omega.is_multiple_of(2) { 1 } else { -1 })
        );
        let rad: u64 = f.iter().map(|(p, _)| p).product();
        assert_eq!(
            int(&run("integer.radical.compute", json!({"n": n})).unwrap()),
            BigInt::from(rad)
        );
        assert_eq!(
            run("integer.squarefree.decide", json!({"n": n})).unwrap(),
            json!(rad == n)
        );
        let ds: Vec<u64> = (1..=n).filter(|d| n % d == 0).collect();
        let listed: Vec<BigInt> = run("integer.divisors.enumerate", json!({"n": n}))
            .unwrap()
            .as_array()
            .unwrap()
            .iter()
            .map(int)
            .collect();
        assert_eq!(
            listed,
            ds.iter().map(|d| BigInt::from(*d)).collect::<Vec<_>>()
        );
        assert_eq!(
            int(&run("integer.divisor_count.compute", json!({"n": n})).unwrap()),
            BigInt::from(ds.len())
        );
        let s3: u64 = ds.iter().map(|d| d * d * d).sum();
        assert_eq!(
            int(&run("integer.divisor_sigma.compute", json!({"n": n, "k": 3})).unwrap()),
            BigInt::from(s3)
        );
    }
}

#[test]
fn roots_and_perfect_powers_invert_powers() {
    let mut rng = StdRng::seed_from_u64(5);
    for _ in 0..200 {
        let base = BigInt::from(rng.gen_range(2u64..1_000_000));
        let k = rng.gen_range(2u32..9);
        let n = num_traits::pow(base.clone(), k as usize);
        let out = run("integer.root.compute", json!({"n": n.to_string(), "k": k})).unwrap();
        assert_eq!(
            (int(&out["root"]), out["exact"].clone()),
            (base.clone(), json!(true))
        );
        let below = run(
            "integer.root.compute",
            json!({"n": (&n - 1u32).to_string(), "k": k}),
        )
        .unwrap();
        assert_eq!(int(&below["root"]), &base - 1u32);
        let pp = run("integer.perfect_power.decide", json!({"n": n.to_string()})).unwrap();
        // base may itself be a power, so the reported exponent is a multiple of k.
        let e = pp["exponent"].as_u64().unwrap() as usize;
        assert_eq!(e % k as usize, 0);
        assert_eq!(num_traits::pow(int(&pp["base"]), e), n);
    }
    let odd = run("integer.root.compute", json!({"n": -125, "k": 3})).unwrap();
    assert_eq!(odd["root"], json!("-5"));
    assert_eq!(
        run("integer.root.compute", json!({"n": -16, "k": 2}))
            .unwrap_err()
            .code,
        Code::DomainError
    );
}

#[test]
fn symbols_follow_eulers_criterion_and_their_definitions() {
    for p in [3u64, 5, 7, 11, 101, 257] {
        for a in -50i64..50 {
            let euler = BigInt::from(a).modpow(&BigInt::from((p - 1) / 2), &BigInt::from(p));
            let expected = if euler == BigInt::from(0) {
                0
            } else if euler == BigInt::from(1) {
                1
            } else {
                -1
            };
            assert_eq!(
                run("integer.legendre_symbol.compute", json!({"a": a, "p": p})).unwrap(),
                json!(expected)
            );
        }
    }
    // Jacobi is multiplicative in n; Kronecker agrees with Jacobi on odd positive n.
    for n in (1u64..200).step_by(2) {
        for a in -30i64..30 {
            let product: i64 = factor_brute(n)
                .iter()
                .map(|(p, e)| {
                    let l = run("integer.legendre_symbol.compute", json!({"a": a, "p": p}))
                        .unwrap()
                        .as_i64()
                        .unwrap();
                    l.pow(*e)
                })
                .product();
            let j = run("integer.jacobi_symbol.compute", json!({"a": a, "n": n})).unwrap();
            assert_eq!(j, json!(product), "({a}/{n})");
            assert_eq!(
                run("integer.kronecker_symbol.compute", json!({"a": a, "n": n})).unwrap(),
                j
            );
        }
    }
    // (a/2) by a mod 8 and (a/−1) by the sign of a.
    for a in -40i64..40 {
        let k2 = match a.rem_euclid(8) {
            1 | 7 => 1,
            3 | 5 => -1,
            _ => 0,
        };
        assert_eq!(
            run("integer.kronecker_symbol.compute", json!({"a": a, "n": 2})).unwrap(),
            json!(k2)
        );
        assert_eq!(
            run("integer.kronecker_symbol.compute", json!({"a": a, "n": -1})).unwrap(),
            json!(if a < 0 { -1 } else { 1 })
        );
    }
}

#[test]
fn orders_roots_and_logs_satisfy_their_definitions() {
    for m in 2u64..300 {
        let f = factor_brute(m);
        let units: Vec<u64> = (1..m).filter(|a| a.gcd(&m) == 1).collect();
        for &a in units.iter().take(6) {
            let ord = (1..=m)
                .find(|k| {
                    BigInt::from(a).modpow(&BigInt::from(*k), &BigInt::from(m)) == BigInt::from(1)
                })
                .unwrap();
            let got = int(&run(
                "integer.multiplicative_order.compute",
                json!({"a": a, "modulus": m}),
            )
            .unwrap());
            assert_eq!(got, BigInt::from(ord));
            for x in [0u64, 3, 11] {
                let h = BigInt::from(a).modpow(&BigInt::from(x), &BigInt::from(m));
                let out = run(
                    "integer.discrete_log.solve",
                    json!({"base": a, "target": h.to_string(), "modulus": m}),
                )
                .unwrap();
                assert_eq!(int(&out["exponent"]), BigInt::from(x % ord));
            }
        }
        let cyclic = m <= 4 || (f.len() == 1 && f[0].0 != 2) || (f.len() == 2 && f[0] == (2, 1));
        let r = run("integer.primitive_root.find", json!({"modulus": m}));
        assert_eq!(r.is_ok(), cyclic, "{m}");
        if let Ok(g) = r {
            let g = int(&g);
            let ord = (1..=m)
                .find(|k| g.modpow(&BigInt::from(*k), &BigInt::from(m)) == BigInt::from(1))
                .unwrap();
            assert_eq!(ord, units.len() as u64);
        }
    }
}

#[test]
fn quadratic_problems_check_against_brute_force() {
    for n in 1u64..400 {
        for a in [0u64, 1, 2, 4, 7, 9, 16] {
            let roots: Vec<BigInt> = run(
                "integer.square_root_mod.solve",
                json!({"a": a, "modulus": n}),
            )
            .unwrap()
            .as_array()
            .unwrap()
            .iter()
            .map(int)
            .collect();
            let brute: Vec<BigInt> = (0..n)
                .filter(|x| (x * x) % n == a % n)
                .map(BigInt::from)
                .collect();
            assert_eq!(roots, brute, "√{a} mod {n}");
        }
    }
    for d in 2u64..200 {
        let r = (d as f64).sqrt() as u64;
        if r * r == d {
            continue;
        }
        let sol = run("integer.pell_equation.solve", json!({"d": d})).unwrap();
        let (x, y) = (int(&sol["solution"]["x"]), int(&sol["solution"]["y"]));
        assert_eq!(
            &x * &x - BigInt::from(d) * &y * &y,
            BigInt::from(1),
            "D = {d}"
        );
        // Least: no smaller y solves it (checked where y is small enough to scan).
        if y < BigInt::from(5000) {
            let y0 = y.to_string().parse::<u64>().unwrap();
            assert!((1..y0).all(|t| {
                let v = d * t * t + 1;
                let s = (v as f64).sqrt() as u64;
                (s.saturating_sub(1)..=s + 1).all(|s| s * s != v)
            }));
        }
        let neg = run("integer.pell_equation.solve", json!({"d": d, "rhs": "-1"})).unwrap();
        if !neg["solution"].is_null() {
            let (x, y) = (int(&neg["solution"]["x"]), int(&neg["solution"]["y"]));
            assert_eq!(&x * &x - BigInt::from(d) * &y * &y, BigInt::from(-1));
        } else {
            // No solution with small y either.
            assert!((1..3000u64).all(|t| {
                let v = d * t * t - 1;
                let s = (v as f64).sqrt() as u64;
                (s.saturating_sub(1)..=s + 1).all(|s| s * s != v)
            }));
        }
    }
}

#[test]
fn digits_valuations_and_prime_counts() {
    let mut rng = StdRng::seed_from_u64(9);
    for _ in 0..100 {
        let n: i64 = rng.gen_range(-1_000_000_000..1_000_000_000);
        let b: u64 = rng.gen_range(2..70);
        let out = run(
            "integer.base_conversion.compute",
            json!({"n": n, "base": b}),
        )
        .unwrap();
        let back = run(
            "integer.from_base.compute",
            json!({"digits": out["digits"], "base": b, "negative": n < 0}),
        )
        .unwrap();
        assert_eq!(int(&back), BigInt::from(n));
        let sum: u64 = out["digits"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d.as_u64().unwrap())
            .sum();
        assert_eq!(
            int(&run("integer.digit_sum.compute", json!({"n": n, "base": b})).unwrap()),
            BigInt::from(sum)
        );
    }
    for n in 0u64..60 {
        for k in 0..=n {
            let c: BigInt = (0..k).fold(BigInt::from(1), |acc, i| acc * (n - i) / (i + 1));
            for p in [2u64, 3, 7] {
                let mut v = 0;
                let mut c2 = c.clone();
                while (&c2 % p) == BigInt::from(0) {
                    c2 /= p;
                    v += 1;
                }
                assert_eq!(
                    int(&run(
                        "integer.binomial_valuation.compute",
                        json!({"n": n, "k": k, "p": p})
                    )
                    .unwrap()),
                    BigInt::from(v)
                );
            }
        }
    }
    let sieve: Vec<u64> = (2..20_000).filter(|n| is_prime_brute(*n)).collect();
    for x in [0u64, 2, 100, 7919, 19_999] {
        let count = sieve.iter().filter(|p| **p <= x).count();
        assert_eq!(
            int(&run("integer.prime_count.compute", json!({"x": x})).unwrap()),
            BigInt::from(count)
        );
    }
    let listed: Vec<BigInt> = run(
        "integer.primes.enumerate",
        json!({"lower": 1000, "upper": 2000}),
    )
    .unwrap()
    .as_array()
    .unwrap()
    .iter()
    .map(int)
    .collect();
    assert_eq!(
        listed,
        sieve
            .iter()
            .filter(|p| (1000..=2000).contains(*p))
            .map(|p| BigInt::from(*p))
            .collect::<Vec<_>>()
    );
    assert_eq!(
        int(&run("integer.nth_prime.compute", json!({"n": 1000})).unwrap()),
        BigInt::from(sieve[999])
    );
    assert_eq!(
        run(
            "integer.primes.enumerate",
            json!({"lower": 0, "upper": 100_000_000})
        )
        .unwrap_err()
        .code,
        Code::LimitExceeded
    );
}

#[test]
fn division_conventions_satisfy_their_definitions() {
    for a in -9i64..=9 {
        for b in (-4i64..=4).filter(|&b| b != 0) {
            for (convention, rule) in [
                ("floor", (a as f64 / b as f64).floor() as i64),
                ("truncate", a / b),
                ("euclidean", a.div_euclid(b)),
            ] {
                let out = crate::run_operation(
                    "integer.division.compute",
                    serde_json::json!({"a": a, "b": b, "convention": convention}),
                )
                .unwrap();
                let q: i64 = out["quotient"].as_str().unwrap().parse().unwrap();
                let r: i64 = out["remainder"].as_str().unwrap().parse().unwrap();
                assert_eq!((q, a - q * b), (rule, r), "{a} {b} {convention}");
                assert!(r.abs() < b.abs());
            }
        }
    }
    // Without a convention the one path that cannot ask refuses with the call to send.
    let asked = crate::run_operation(
        "integer.division.compute",
        serde_json::json!({"a": -7, "b": 2}),
    )
    .unwrap_err();
    assert_eq!(asked.code, hessian_op::Code::InputRequired);
    assert_eq!(
        asked.fix.unwrap()["arguments"]["input"]["convention"],
        serde_json::json!("euclidean")
    );
}
