//! Rational operations through their JSON contracts, against identities and
//! brute force.

use hessian_kernels::{BigInt, Q};
use hessian_op::Code;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};

use crate::run_operation as run;

fn q(v: &Value) -> Q {
    let s = v.as_str().expect("rationals are output as strings");
    match s.split_once('/') {
        Some((n, d)) => Q::new(n.parse().unwrap(), d.parse().unwrap()),
        None => Q::from(s.parse::<BigInt>().unwrap()),
    }
}

fn random_q(rng: &mut StdRng) -> Q {
    Q::new(
        rng.gen_range(-500i64..500).into(),
        rng.gen_range(1i64..300).into(),
    )
}

#[test]
fn arithmetic_obeys_field_identities() {
    let mut rng = StdRng::seed_from_u64(3);
    for _ in 0..300 {
        let (a, b, c) = (random_q(&mut rng), random_q(&mut rng), random_q(&mut rng));
        let s = q(&run(
            "rational.add.compute",
            json!({"terms": [a.to_string(), b.to_string(), c.to_string()]}),
        )
        .unwrap());
        let d = q(&run(
            "rational.subtract.compute",
            json!({"a": s.to_string(), "b": c.to_string()}),
        )
        .unwrap());
        assert_eq!(
            q(&run(
                "rational.subtract.compute",
                json!({"a": d.to_string(), "b": b.to_string()})
            )
            .unwrap()),
            a
        );
        let p = q(&run(
            "rational.multiply.compute",
            json!({"factors": [a.to_string(), b.to_string()]}),
        )
        .unwrap());
        if b != Q::from(BigInt::from(0)) {
            assert_eq!(
                q(&run(
                    "rational.divide.compute",
                    json!({"a": p.to_string(), "b": b.to_string()})
                )
                .unwrap()),
                a
            );
        }
        let cmp = run(
            "rational.compare.compute",
            json!({"a": a.to_string(), "b": b.to_string()}),
        )
        .unwrap();
        assert_eq!(cmp["sign"], json!(a.cmp(&b) as i32));
        let k: i64 = rng.gen_range(-6..7);
        if a != Q::from(BigInt::from(0)) {
            let pk = q(&run(
                "rational.power.compute",
                json!({"base": a.to_string(), "exponent": k}),
            )
            .unwrap());
            let by_hand = (0..k.abs()).fold(Q::from(BigInt::from(1)), |acc, _| acc * &a);
            assert_eq!(pk, if k < 0 { by_hand.recip() } else { by_hand });
        }
    }
    assert_eq!(
        run("rational.divide.compute", json!({"a": 1, "b": "0/5"}))
            .unwrap_err()
            .code,
        Code::DomainError
    );
}

#[test]
fn floor_ceiling_round_and_parts_bracket_the_value() {
    let mut rng = StdRng::seed_from_u64(4);
    for _ in 0..300 {
        let x = random_q(&mut rng);
        let f = q(&run("rational.floor.compute", json!({"q": x.to_string()})).unwrap());
        let c = q(&run("rational.ceiling.compute", json!({"q": x.to_string()})).unwrap());
        assert!(
            f <= x
                && x < &f + Q::from(BigInt::from(1))
                && c >= x
                && x > &c - Q::from(BigInt::from(1))
        );
        let r = q(&run("rational.round.compute", json!({"q": x.to_string()})).unwrap());
        let err = (&x - &r).abs_sub_zero();
        assert!(err <= Q::new(1.into(), 2.into()));
        let parts = run("rational.parts.compute", json!({"q": x.to_string()})).unwrap();
        assert_eq!(
            Q::new(
                q(&parts["numerator"]).to_integer(),
                q(&parts["denominator"]).to_integer()
            ),
            x
        );
        assert_eq!(
            q(&parts["mixed"]["whole"]) + q(&parts["mixed"]["proper"]),
            x
        );
    }
    // Every tie rule on ±5/2 and ±7/2.
    for (x, mode, want) in [
        ("5/2", "half_even", "2"),
        ("7/2", "half_even", "4"),
        ("-5/2", "half_even", "-2"),
        ("5/2", "half_away_from_zero", "3"),
        ("-5/2", "half_away_from_zero", "-3"),
        ("-5/2", "half_up", "-2"),
        ("5/2", "half_down", "2"),
        ("2/3", "half_even", "1"),
    ] {
        assert_eq!(
            run("rational.round.compute", json!({"q": x, "mode": mode})).unwrap(),
            json!(want),
            "{x} {mode}"
        );
    }
    assert_eq!(
        run("rational.round.compute", json!({"q": "2/3", "places": 3})).unwrap(),
        json!("667/1000")
    );
    assert_eq!(
        run("rational.round.compute", json!({"q": 1250, "places": -2})).unwrap(),
        json!("1200")
    );
}

trait AbsSubZero {
    fn abs_sub_zero(self) -> Q;
}
impl AbsSubZero for Q {
    fn abs_sub_zero(self) -> Q {
        if self < Q::from(BigInt::from(0)) {
            -self
        } else {
            self
        }
    }
}

#[test]
fn continued_fractions_round_trip_and_expansions_parse_back() {
    let mut rng = StdRng::seed_from_u64(8);
    for _ in 0..200 {
        let x = random_q(&mut rng);
        let cf = run(
            "rational.continued_fraction.compute",
            json!({"q": x.to_string()}),
        )
        .unwrap();
        let back = q(&run(
            "rational.from_continued_fraction.compute",
            json!({"terms": cf["terms"]}),
        )
        .unwrap());
        assert_eq!(back, x);
        let e = run("rational.expansion.compute", json!({"q": x.to_string()})).unwrap();
        // 0.PRRR… = (PR − P)/(10^s·(10^r − 1)) style reconstruction from the text fields.
        let pre = e["pre_period"].as_str().unwrap();
        let per = e["period"].as_str().unwrap();
        let int_part: BigInt = e["integer_part"].as_str().unwrap().parse().unwrap();
        let ten = |k: usize| num_traits::pow(BigInt::from(10), k);
        let num = |s: &str| {
            if s.is_empty() {
                BigInt::from(0)
            } else {
                s.parse::<BigInt>().unwrap()
            }
        };
        let mut frac = Q::new(num(pre), ten(pre.len()));
        if !per.is_empty() {
            frac += Q::new(num(per), ten(pre.len()) * (ten(per.len()) - 1));
        }
        let value = Q::from(int_part) + frac;
        assert_eq!(
            if e["negative"] == json!(true) {
                -value
            } else {
                value
            },
            x
        );
    }
    assert_eq!(
        run("rational.expansion.compute", json!({"q": "1/6"})).unwrap()["text"],
        json!("0.1(6)")
    );
    assert_eq!(
        run("rational.expansion.compute", json!({"q": "5/8", "base": 2})).unwrap()["text"],
        json!("0.101")
    );
    let bad = run(
        "rational.from_continued_fraction.compute",
        json!({"terms": [1, 2, 0]}),
    )
    .unwrap_err();
    assert_eq!(bad.path.as_deref(), Some("input.terms.2"));
}

#[test]
fn approximations_egyptian_fractions_and_farey_sequences() {
    // Independent oracle: scan every denominator for the closest numerator.
    let x = Q::new(BigInt::from(2_718_281_828i64), BigInt::from(1_000_000_000));
    for n in [1i64, 7, 10, 100, 1000] {
        let best = q(&run(
            "rational.best_approximation.find",
            json!({"x": x.to_string(), "max_denominator": n}),
        )
        .unwrap());
        let brute = (1..=n)
            .map(|d| Q::new((x.clone() * BigInt::from(d)).round().to_integer(), d.into()))
            .min_by(|a, b| {
                (&x - a)
                    .abs_sub_zero()
                    .cmp(&(&x - b).abs_sub_zero())
                    .then(a.denom().cmp(b.denom()))
            })
            .unwrap();
        assert_eq!(best, brute, "{n}");
    }
    for (n, d) in [(4, 13), (5, 121), (1, 1), (3, 7)] {
        let ds = run(
            "rational.egyptian_fraction.compute",
            json!({"q": format!("{n}/{d}")}),
        )
        .unwrap();
        let sum: Q = ds.as_array().unwrap().iter().map(|v| q(v).recip()).sum();
        assert_eq!(sum, Q::new(n.into(), d.into()));
    }
    assert_eq!(
        run("rational.egyptian_fraction.compute", json!({"q": "3/2"}))
            .unwrap_err()
            .code,
        Code::DomainError
    );
    // |F_n| = 1 + Σ φ(k).
    let phi = |k: u64| (1..=k).filter(|i| num_integer::gcd(*i, k) == 1).count();
    for n in [1u64, 5, 30, 100] {
        let f = run("rational.farey_sequence.enumerate", json!({"n": n})).unwrap();
        assert_eq!(
            f.as_array().unwrap().len(),
            1 + (1..=n).map(phi).sum::<usize>()
        );
    }
}
