//! Oracle tests: every operation against a defining identity or an
//! independent computation, through its JSON contract.

use serde_json::{Value, json};

fn run(id: &str, input: Value) -> Value {
    crate::run_operation(id, input).unwrap_or_else(|e| panic!("{id}: {e:?}"))
}

fn coeffs(v: &Value) -> Value {
    v["coefficients"].clone()
}

fn mul(a: &Value, b: &Value) -> Value {
    coeffs(&run("polynomial.multiply.compute", json!({"a": a, "b": b})))
}

/// A few fixed polynomials, as coefficient lists and as text.
fn samples() -> Vec<Value> {
    vec![
        json!("x^4 - 10*x^2 + 1"),
        json!(["1/2", "-3", 0, "7/3"]),
        json!("(x - 1/2)^2*(x + 3)*(x^2 + x + 1)"),
        json!("6x^3 - 11x^2 + 6x - 1"),
        json!([5]),
        json!("x^7 - x"),
    ]
}

#[test]
fn division_gcd_lcm_and_bezout_satisfy_their_identities() {
    let all = samples();
    for a in &all {
        for b in &all {
            let d = run(
                "polynomial.divide.compute",
                json!({"dividend": a, "divisor": b}),
            );
            let back = run(
                "polynomial.add.compute",
                json!({"a": mul(&d["quotient"]["coefficients"], b), "b": coeffs(&d["remainder"])}),
            );
            let a_coeffs = coeffs(&run("polynomial.add.compute", json!({"a": a, "b": []})));
            assert_eq!(coeffs(&back), a_coeffs, "{a} / {b}");
            let g = run("polynomial.gcd.compute", json!({"polynomials": [a, b]}));
            let l = run("polynomial.lcm.compute", json!({"polynomials": [a, b]}));
            // gcd·lcm = a·b up to a constant: compare monic forms.
            let lhs = run(
                "polynomial.gcd.compute",
                json!({"polynomials": [mul(&coeffs(&g), &coeffs(&l)), [0]]}),
            );
            let rhs = run(
                "polynomial.gcd.compute",
                json!({"polynomials": [mul(a, b), [0]]}),
            );
            assert_eq!(lhs, rhs, "gcd·lcm for {a}, {b}");
            let e = run("polynomial.extended_gcd.compute", json!({"a": a, "b": b}));
            let combo = run(
                "polynomial.add.compute",
                json!({"a": mul(&coeffs(&e["s"]), a), "b": mul(&coeffs(&e["t"]), b)}),
            );
            assert_eq!(coeffs(&combo), coeffs(&e["gcd"]), "s·a + t·b for {a}, {b}");
            assert_eq!(coeffs(&e["gcd"]), coeffs(&g));
        }
    }
}

#[test]
fn factorizations_multiply_back_into_irreducible_factors() {
    for p in samples().into_iter().chain([
        json!("2*x^4 - 2"),
        json!("x^8 - 1"),
        json!("(3x^2 - 2)^3 (x^5 + x + 1)"),
    ]) {
        let f = run("polynomial.factor.compute", json!({"polynomial": p}));
        let mut product = json!([f["content"].clone()]);
        for factor in f["factors"].as_array().unwrap() {
            let g = coeffs(&factor["factor"]);
            assert_eq!(
                run("polynomial.irreducible.decide", json!({"polynomial": g})),
                json!(true),
                "{g} from {p}"
            );
            let power = run(
                "polynomial.power.compute",
                json!({"polynomial": g, "exponent": factor["multiplicity"]}),
            );
            product = mul(&product, &coeffs(&power));
        }
        let original = coeffs(&run("polynomial.add.compute", json!({"a": p, "b": []})));
        assert_eq!(product, original, "{p}");
        // The square-free decomposition agrees on multiplicities.
        let sq = run(
            "polynomial.square_free_decomposition.compute",
            json!({"polynomial": p}),
        );
        let mut product = json!([sq["content"].clone()]);
        for part in sq["parts"].as_array().unwrap() {
            let power = run(
                "polynomial.power.compute",
                json!({"polynomial": coeffs(&part["factor"]), "exponent": part["multiplicity"]}),
            );
            product = mul(&product, &coeffs(&power));
        }
        assert_eq!(product, original, "square-free {p}");
    }
}

#[test]
fn roots_are_roots_and_intervals_hold_one_each() {
    for p in samples()
        .into_iter()
        .chain([json!("x^5 - 3x + 1"), json!("(x^2 - 2)(x - 1)^3")])
    {
        for r in run(
            "polynomial.rational_roots.compute",
            json!({"polynomial": p}),
        )
        .as_array()
        .unwrap()
        {
            assert_eq!(
                run(
                    "polynomial.evaluate.compute",
                    json!({"polynomial": p, "at": r["root"]})
                ),
                json!("0")
            );
        }
        let isolated = run(
            "polynomial.real_roots.isolate",
            json!({"polynomial": p, "width": "1/1000"}),
        );
        let isolated = isolated.as_array().unwrap();
        let total = run("polynomial.real_roots.count", json!({"polynomial": p}));
        assert_eq!(total, json!(isolated.len()), "{p}");
        for r in isolated {
            let one = run(
                "polynomial.real_roots.count",
                json!({"polynomial": p, "lower": r["lower"], "upper": r["upper"]}),
            );
            assert_eq!(one, json!(1), "{p}: {r}");
        }
    }
    // x^2 − 2: two irrational roots near ±1.41421.
    let r = run(
        "polynomial.real_roots.isolate",
        json!({"polynomial": "x^2 - 2", "width": "1/100000"}),
    );
    assert_eq!(r.as_array().unwrap().len(), 2);
}

#[test]
fn resultant_and_discriminant_match_closed_forms() {
    // disc(a x^2 + b x + c) = b^2 − 4ac; res(x − r, g) = g(r).
    for (a, b, c) in [(1, 1, 1), (3, -7, 2), (-2, 5, 9)] {
        let d = run(
            "polynomial.discriminant.compute",
            json!({"polynomial": [c, b, a]}),
        );
        assert_eq!(d, json!((b * b - 4 * a * c).to_string()));
    }
    let g = json!("x^3 - 2x + 7/2");
    for r in ["3", "-1/2", "5/7"] {
        let res = run(
            "polynomial.resultant.compute",
            json!({"a": format!("x - {r}").replace("- -", "+ "), "b": g}),
        );
        let value = run(
            "polynomial.evaluate.compute",
            json!({"polynomial": g, "at": r}),
        );
        assert_eq!(res, value, "r = {r}");
    }
}

#[test]
fn calculus_composition_and_interpolation_invert_each_other() {
    for p in samples() {
        let d = run("polynomial.derivative.compute", json!({"polynomial": p}));
        let i = run(
            "polynomial.integral.compute",
            json!({"polynomial": coeffs(&d)}),
        );
        let p0 = run(
            "polynomial.evaluate.compute",
            json!({"polynomial": p, "at": 0}),
        );
        let back = run(
            "polynomial.add.compute",
            json!({"a": coeffs(&i), "b": [p0]}),
        );
        assert_eq!(
            coeffs(&back),
            coeffs(&run("polynomial.add.compute", json!({"a": p, "b": []})))
        );
        let s = run(
            "polynomial.taylor_shift.compute",
            json!({"polynomial": p, "shift": "5/3"}),
        );
        let t = run(
            "polynomial.taylor_shift.compute",
            json!({"polynomial": coeffs(&s), "shift": "-5/3"}),
        );
        assert_eq!(coeffs(&t), coeffs(&back));
        let c = run(
            "polynomial.compose.compute",
            json!({"outer": p, "inner": "x + 5/3"}),
        );
        assert_eq!(coeffs(&c), coeffs(&s));
        // Interpolating the values at deg + 1 points gives p back.
        let n = coeffs(&back).as_array().unwrap().len().max(1);
        let points: Vec<Value> = (0..n)
            .map(|k| {
                json!([
                    k,
                    run(
                        "polynomial.evaluate.compute",
                        json!({"polynomial": p, "at": k})
                    )
                ])
            })
            .collect();
        let q = run(
            "polynomial.interpolation.compute",
            json!({"points": points}),
        );
        assert_eq!(coeffs(&q), coeffs(&back));
    }
}

#[test]
fn cyclotomic_polynomials_multiply_to_x_n_minus_1() {
    for n in 1..=30u32 {
        let mut product = json!([1]);
        for d in (1..=n).filter(|d| n % d == 0) {
            product = mul(
                &product,
                &coeffs(&run("polynomial.cyclotomic.compute", json!({"n": d}))),
            );
        }
        let mut want = vec![json!("0"); n as usize + 1];
        want[0] = json!("-1");
        want[n as usize] = json!("1");
        assert_eq!(product, json!(want), "n = {n}");
    }
}

#[test]
fn finite_field_factors_are_irreducible_and_multiply_back() {
    for (p, f) in [
        (2, "x^15 - 1"),
        (3, "x^9 - x + 1"),
        (101, "(x^3 + 2)^2 (x^4 + 1)"),
        (5, "x^4 + 4"),
    ] {
        let out = run(
            "polynomial.finite_field.factor.compute",
            json!({"modulus": p, "polynomial": f}),
        );
        let mut product = json!([out["leading_coefficient"].clone()]);
        for g in out["factors"].as_array().unwrap() {
            assert_eq!(
                run(
                    "polynomial.finite_field.irreducible.decide",
                    json!({"modulus": p, "polynomial": g["factor"]})
                ),
                json!(true)
            );
            for _ in 0..g["multiplicity"].as_u64().unwrap() {
                product = mul(&product, &g["factor"]);
            }
        }
        // The product over Z reduces to f modulo p: their difference has
        // gcd 0 with anything, i.e. is the zero polynomial mod p.
        let diff = run("polynomial.subtract.compute", json!({"a": product, "b": f}));
        let zero = run(
            "polynomial.finite_field.gcd.compute",
            json!({"modulus": p, "a": coeffs(&diff), "b": []}),
        );
        assert_eq!(zero, json!([]), "p = {p}: {f}");
    }
}

#[test]
fn multivariate_operations_agree_with_each_other() {
    let p = json!("x^3*y - 2*x*y^2*z + (y - z)^2 + 1/2");
    let dxy = run(
        "polynomial.partial_derivative.compute",
        json!({"polynomial": p, "by": ["x", "y"]}),
    );
    let dyx = run(
        "polynomial.partial_derivative.compute",
        json!({"polynomial": p, "by": ["y", "x"]}),
    );
    assert_eq!(dxy, dyx);
    let swapped = run(
        "polynomial.substitute.compute",
        json!({"polynomial": p, "replacements": {"x": "y", "y": "x"}}),
    );
    let back = run(
        "polynomial.substitute.compute",
        json!({"polynomial": swapped["polynomial"], "replacements": {"x": "y", "y": "x"}}),
    );
    assert_eq!(
        back,
        run("polynomial.expand.compute", json!({"polynomial": p}))
    );
    // Full evaluation equals evaluating after partial substitution.
    let full = run(
        "polynomial.multivariate.evaluate",
        json!({"polynomial": p, "values": {"x": 2, "y": "1/3", "z": -1}}),
    );
    let partial = run(
        "polynomial.multivariate.evaluate",
        json!({"polynomial": p, "values": {"y": "1/3", "z": -1}}),
    );
    let last = run(
        "polynomial.evaluate.compute",
        json!({"polynomial": partial["polynomial"], "at": 2}),
    );
    assert_eq!(full["polynomial"], last);
    let deg = run("polynomial.degree.compute", json!({"polynomial": p}));
    assert_eq!(deg["total_degree"], json!(4));
}

#[test]
fn malformed_text_is_refused_with_its_position() {
    for (text, at) in [
        ("x^2 + 3x +", "character 10"),
        ("x^2 $ 1", "character 4"),
        ("x*(y", "character 4"),
        ("x/(x+1)", "character 2"),
    ] {
        let err = crate::run_operation("polynomial.expand.compute", json!({"polynomial": text}))
            .unwrap_err();
        assert!(err.message.contains(at), "{text}: {err:?}");
        assert_eq!(err.path.as_deref(), Some("input.polynomial"), "{text}");
    }
    let err = crate::run_operation("polynomial.factor.compute", json!({"polynomial": "x*y"}))
        .unwrap_err();
    assert!(
        err.expected
            .as_deref()
            .is_some_and(|e| e.contains("one variable")),
        "{err:?}"
    );
}
