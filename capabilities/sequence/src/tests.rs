//! Sequence operations through their JSON contracts, against brute force
//! and defining identities.

use serde_json::{Value, json};

use crate::run_operation as run;

fn ints(v: &Value) -> Vec<i64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().parse().unwrap())
        .collect()
}

#[test]
fn recurrences_found_are_the_ones_that_generated_the_terms() {
    // a_n = 3a_{n−1} − a_{n−2} + 2a_{n−3} from arbitrary initial terms.
    let mut a: Vec<i64> = vec![2, -1, 5];
    while a.len() < 20 {
        let n = a.len();
        a.push(3 * a[n - 1] - a[n - 2] + 2 * a[n - 3]);
    }
    let found = run("sequence.recurrence.find", json!({"terms": a})).unwrap();
    assert_eq!(ints(&found["coefficients"]), vec![3, -1, 2]);
    for n in [0usize, 5, 19] {
        let t = run(
            "sequence.linear_recurrence.evaluate",
            json!({"coefficients": [3, -1, 2], "initial_values": [2, -1, 5], "n": n}),
        )
        .unwrap();
        assert_eq!(t, json!(a[n].to_string()));
        let m = 1_000_003i64;
        let tm = run(
            "sequence.recurrence.modular.evaluate",
            json!({"coefficients": [3, -1, 2], "initial_values": [2, -1, 5], "n": n, "modulus": m}),
        )
        .unwrap();
        assert_eq!(tm, json!(a[n].rem_euclid(m).to_string()));
    }
    let mod_p: Vec<i64> = a.iter().map(|x| x.rem_euclid(101)).collect();
    let fp = run(
        "sequence.recurrence.prime_field.find",
        json!({"terms": mod_p, "p": 101}),
    )
    .unwrap();
    assert_eq!(ints(&fp["coefficients"]), vec![3, 100, 2]);
    // The generating function's series reproduces the terms: Q·A ≡ P.
    let gf = run("sequence.generating_function.find", json!({"terms": a})).unwrap();
    let (p, q) = (ints(&gf["numerator"]), ints(&gf["denominator"]));
    for n in 0..a.len() {
        let qa: i64 = (0..=n)
            .filter(|&i| i < q.len())
            .map(|i| q[i] * a[n - i])
            .sum();
        assert_eq!(qa, p.get(n).copied().unwrap_or(0), "coefficient {n}");
    }
}

#[test]
fn transforms_invert_each_other() {
    let f: Vec<i64> = (1..=60).map(|n: i64| (n * n + 3 * n) % 17 - 5).collect();
    let g = run(
        "sequence.mobius_transform.compute",
        json!({"terms": f, "direction": "forward"}),
    )
    .unwrap();
    // Forward is the divisor sum, checked directly.
    let sums: Vec<i64> = (1..=60)
        .map(|n: i64| {
            (1..=n)
                .filter(|d| n % d == 0)
                .map(|d| f[d as usize - 1])
                .sum()
        })
        .collect();
    assert_eq!(ints(&g), sums);
    let back = run("sequence.mobius_transform.compute", json!({"terms": g})).unwrap();
    assert_eq!(ints(&back), f);
    let b = run(
        "sequence.binomial_transform.compute",
        json!({"terms": f[..20]}),
    )
    .unwrap();
    let choose = |n: i64, k: i64| (0..k).fold(1i64, |acc, i| acc * (n - i) / (i + 1));
    let direct: Vec<i64> = (0..20)
        .map(|n| (0..=n).map(|k| choose(n, k) * f[k as usize]).sum())
        .collect();
    assert_eq!(ints(&b), direct);
    let inv = run(
        "sequence.binomial_transform.compute",
        json!({"terms": b, "inverse": true}),
    )
    .unwrap();
    assert_eq!(ints(&inv), f[..20].to_vec());
    let prefix = run("sequence.prefix_sums.compute", json!({"terms": f})).unwrap();
    let diff = run("sequence.differences.compute", json!({"terms": prefix})).unwrap();
    assert_eq!(ints(&diff), f[1..].to_vec());
    let conv = run(
        "sequence.convolution.compute",
        json!({"a": [1, 1], "b": [1, 2, 1]}),
    )
    .unwrap();
    assert_eq!(ints(&conv), vec![1, 3, 3, 1]);
    let dc = run(
        "sequence.dirichlet_convolution.compute",
        json!({"f": vec![1; 30], "g": (1..=30).collect::<Vec<_>>()}),
    )
    .unwrap();
    let sigma: Vec<i64> = (1..=30)
        .map(|n: i64| (1..=n).filter(|d| n % d == 0).sum())
        .collect();
    assert_eq!(ints(&dc), sigma);
}

#[test]
fn polynomial_fits_reproduce_their_terms_and_progressions_are_recognised() {
    let p = |n: i64| 2 * n.pow(4) - 3 * n + 7;
    let terms: Vec<i64> = (0..9).map(p).collect();
    let fit = run("sequence.polynomial_fit.find", json!({"terms": terms})).unwrap();
    assert_eq!(ints(&fit["coefficients"]), vec![7, -3, 0, 0, 2]);
    assert_eq!(fit["confirmations"], json!(4));
    let none = run(
        "sequence.polynomial_fit.find",
        json!({"terms": [1, 2, 4, 8, 16]}),
    )
    .unwrap();
    assert!(none["coefficients"].is_null());
    assert_eq!(
        run("sequence.arithmetic.decide", json!({"terms": [1, 3, 5, 8]})).unwrap()["arithmetic"],
        json!(false)
    );
    assert_eq!(
        run("sequence.geometric.decide", json!({"terms": [0, 1]})).unwrap()["geometric"],
        json!(false)
    );
    assert_eq!(
        run("sequence.geometric.decide", json!({"terms": [5, 0, 0]})).unwrap()["ratio"],
        json!("0")
    );
    assert_eq!(
        run(
            "sequence.sum.compute",
            json!({"terms": (1..=100).collect::<Vec<_>>()})
        )
        .unwrap(),
        json!("5050")
    );
}
