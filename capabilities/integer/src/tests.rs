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
