//! Each operation through its JSON contract, against brute force on small
//! inputs and defining identities on large ones.

use hessian_contract::{Catalog, Code, call};
use hessian_kernels::BigInt;
use num_integer::Integer;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};

fn catalog() -> &'static Catalog {
    static C: std::sync::OnceLock<Catalog> = std::sync::OnceLock::new();
    C.get_or_init(|| Catalog::new(crate::operations()).unwrap())
}

fn run(id: &str, input: Value) -> Result<Value, hessian_contract::Refusal> {
    call::output_of(catalog(), id, input)
}

fn int(v: &Value) -> BigInt {
    v.as_str().expect("integers are output as strings").parse().unwrap()
}

fn is_prime_brute(n: u64) -> bool {
    n >= 2 && (2..).take_while(|d| d * d <= n).all(|d| n % d != 0)
}

#[test]
fn gcd_divides_every_input_and_is_the_greatest() {
    let mut rng = StdRng::seed_from_u64(31);
    for _ in 0..300 {
        let xs: Vec<i64> = (0..rng.gen_range(1..5)).map(|_| rng.gen_range(-300..300)).collect();
        let g = int(&run("integer.gcd.compute", json!({"integers": xs})).unwrap());
        let brute = (1..=300i64).rev().find(|d| xs.iter().all(|x| x % d == 0)).unwrap_or(0);
        let brute = if xs.iter().all(|x| *x == 0) { 0 } else { brute };
        assert_eq!(g, BigInt::from(brute), "{xs:?}");
    }
}

#[test]
fn extended_gcd_satisfies_bezout_for_big_integers() {
    let mut rng = StdRng::seed_from_u64(32);
    for _ in 0..100 {
        let a: BigInt = (0..4).fold(BigInt::from(rng.gen_range(-1000i64..1000)), |acc, _| acc * 1_000_000_007u64 + rng.gen_range(0..1000u64));
        let b: BigInt = (0..3).fold(BigInt::from(rng.gen_range(-1000i64..1000)), |acc, _| acc * 998_244_353u64 + rng.gen_range(0..1000u64));
        let out = run("integer.extended_gcd.compute", json!({"a": a.to_string(), "b": b.to_string()})).unwrap();
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
    assert_eq!(run("integer.prime.decide", json!({"n": -7})).unwrap()["prime"], false);
    // 2^128 + 1 = 59649589127497217 · 5704689200685129054721.
    let f7 = "340282366920938463463374607431768211457";
    assert_eq!(run("integer.prime.decide", json!({"n": f7})).unwrap(), json!({"prime": false, "certainty": "proven"}));
    let e = run("integer.prime.decide", json!({"n": "1".repeat(1001)})).unwrap_err();
    assert_eq!(e.code, Code::LimitExceeded);
}

#[test]
fn factorizations_multiply_back_into_primes() {
    let mut rng = StdRng::seed_from_u64(33);
    let mut cases: Vec<u64> = (1..400).collect();
    cases.extend((0..100).map(|_| rng.gen_range(1..1u64 << 50)));
    for n in cases {
        let out = run("integer.prime_factorization.compute", json!({"n": n.to_string()})).unwrap();
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
    let out = run("integer.prime_factorization.compute", json!({"n": n.to_string()})).unwrap();
    assert_eq!(
        out["factors"],
        json!([{"prime": "998244353", "exponent": 1}, {"prime": "1000000007", "exponent": 1}, {"prime": "2305843009213693951", "exponent": 1}])
    );
    assert_eq!(out["probable_primes"], false);
    // A factor above 2^64 rests on BPSW, and the output says so.
    let m89: BigInt = (BigInt::from(1) << 89) - 1;
    let out = run("integer.prime_factorization.compute", json!({"n": (&m89 * BigInt::from(1_000_003u64)).to_string()})).unwrap();
    assert_eq!(out["factors"][1]["prime"], json!(m89.to_string()));
    assert_eq!(out["probable_primes"], true);
    for bad in [json!(0), json!(-12)] {
        assert_eq!(run("integer.prime_factorization.compute", json!({"n": bad})).unwrap_err().code, Code::DomainError);
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
        let phi = |x: u128| int(&run("integer.euler_totient.compute", json!({"n": x.to_string()})).unwrap());
        assert_eq!(phi(m as u128 * n as u128), phi(m as u128) * phi(n as u128));
    }
}

#[test]
fn lcm_is_the_least_common_multiple() {
    let mut rng = StdRng::seed_from_u64(35);
    for _ in 0..300 {
        let xs: Vec<i64> = (0..rng.gen_range(1..4)).map(|_| rng.gen_range(-30..30)).collect();
        let l = int(&run("integer.lcm.compute", json!({"integers": xs})).unwrap());
        let brute = if xs.contains(&0) { 0 } else { (1..).find(|m: &i64| xs.iter().all(|x| m % x == 0)).unwrap() };
        assert_eq!(l, BigInt::from(brute), "{xs:?}");
    }
}

#[test]
fn modular_inverse_and_power_match_brute_force() {
    for m in 1i64..40 {
        for a in -45i64..45 {
            let brute = (0..m).find(|x| (a * x).rem_euclid(m) == 1 % m);
            match run("integer.modular_inverse.compute", json!({"a": a, "modulus": m})) {
                Ok(x) => assert_eq!(Some(int(&x)), brute.map(BigInt::from), "{a}⁻¹ mod {m}"),
                Err(e) => assert!(e.code == Code::DomainError && brute.is_none(), "{a}⁻¹ mod {m}: {e:?}"),
            }
            for e in [-3i64, 0, 1, 2, 7] {
                let got = run("integer.modular_power.compute", json!({"base": a, "exponent": e, "modulus": m}));
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
    let out = run("integer.modular_power.compute", json!({"base": 3, "exponent": "170141183460469231731687303715884105726", "modulus": p})).unwrap();
    assert_eq!(out, json!("1"));
}

#[test]
fn chinese_remainder_matches_a_search_over_one_period() {
    let mut rng = StdRng::seed_from_u64(36);
    for _ in 0..400 {
        let k = rng.gen_range(1..4);
        let ms: Vec<i64> = (0..k).map(|_| rng.gen_range(1..13)).collect();
        let rs: Vec<i64> = (0..k).map(|_| rng.gen_range(-20..20)).collect();
        let l = ms.iter().fold(1i64, |l, m| num_integer::Integer::lcm(&l, m));
        let brute = (0..l).find(|x| rs.iter().zip(&ms).all(|(r, m)| (x - r).rem_euclid(*m) == 0));
        let out = run("integer.chinese_remainder.solve", json!({"residues": rs, "moduli": ms})).unwrap();
        match brute {
            Some(x) => assert_eq!(out, json!({"status": "solution", "solution": x.to_string(), "modulus": l.to_string()})),
            None => {
                assert_eq!(out["status"], "none");
                let (i, j) = (out["conflict"][0].as_u64().unwrap() as usize, out["conflict"][1].as_u64().unwrap() as usize);
                let g = num_integer::Integer::gcd(&ms[i], &ms[j]);
                assert_ne!((rs[i] - rs[j]).rem_euclid(g), 0, "the named pair really conflicts");
            }
        }
    }
    let e = run("integer.chinese_remainder.solve", json!({"residues": [1, 2], "moduli": [3]})).unwrap_err();
    assert_eq!((e.code, e.path.as_deref()), (Code::InvalidInput, Some("input.moduli")));
}
