//! Each operation through its JSON contract against SymPy's
//! minimal_polynomial and mpmath's values (tests/data/algebraic,
//! generate.py there).

use crate::run_operation as run;
use hessian_kernels::Q;
use num_bigint::BigInt;
use serde_json::{Value, json};

fn corpus(name: &str) -> Vec<Value> {
    let path = format!(
        "{}/../../tests/data/algebraic/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect()
}

/// A decimal string as an exact rational.
fn decimal(s: &str) -> Q {
    let s = s.trim();
    let (mantissa, exponent) = s.split_once(['e', 'E']).unwrap_or((s, "0"));
    let exponent: i32 = exponent.parse().unwrap();
    let negative = mantissa.starts_with('-');
    let mantissa = mantissa.trim_start_matches(['-', '+']);
    let (whole, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits: BigInt = format!("{whole}{frac}").parse().unwrap();
    let ten = Q::from_integer(10.into());
    let v = Q::new(digits, num_traits::pow(BigInt::from(10), frac.len()))
        * num_traits::Pow::pow(&ten, exponent);
    if negative { -v } else { v }
}

/// |ours − theirs| within our error bound plus 10⁻³⁵ (their rounding).
fn close(ours: &str, bound: &Q, theirs: &str) -> bool {
    let d = decimal(ours) - decimal(theirs);
    let slack = bound + Q::new(1.into(), num_traits::pow(BigInt::from(10), 35));
    d.abs() <= slack
}

use num_traits::Signed;

/// "a + b*i", "a - b*i" or "a" as (a, ±b).
fn parts(text: &str) -> (String, String) {
    let Some(body) = text.strip_suffix("*i") else {
        return (text.to_string(), "0".into());
    };
    let plus = body.rfind(" + ");
    let minus = body.rfind(" - ");
    match (plus, minus) {
        (Some(p), m) if m.is_none_or(|m| p > m) => {
            (body[..p].to_string(), body[p + 3..].to_string())
        }
        (_, Some(m)) => (body[..m].to_string(), format!("-{}", &body[m + 3..])),
        _ => ("0".into(), body.to_string()),
    }
}

/// The minimal polynomial operation on a corpus case, its polynomial
/// asserted equal to the oracle's.
fn minimal_of(case: &Value) -> Value {
    let name = case["name"].as_str().unwrap();
    let out = run(
        "algebraic_number.minimal_polynomial.compute",
        json!({"number": case["expression"], "digits": 30}),
    )
    .unwrap_or_else(|e| panic!("{name}: {e:?}"));
    assert_eq!(
        strings(&out["minimal_polynomial"]["coefficients"]),
        strings(&case["minimal_polynomial"]),
        "{name}: minimal polynomial of {}",
        case["expression"]
    );
    out
}

#[test]
fn minimal_polynomials_and_values_agree_with_sympy_and_mpmath() {
    let cases = corpus("numbers");
    let mut checked = 0;
    for case in &cases {
        let name = case["name"].as_str().unwrap();
        let out = minimal_of(case);
        let n = &out["root"];
        assert_eq!(n["real"], case["real"], "{name}: real");
        let bound = decimal(n["error_bound"].as_str().unwrap());
        let text = n["decimal"].as_str().unwrap();
        let (re, im) = parts(text);
        assert!(
            close(&re, &bound, case["value_re"].as_str().unwrap()),
            "{name}: real part {re} vs {}",
            case["value_re"]
        );
        assert!(
            close(&im, &bound, case["value_im"].as_str().unwrap()),
            "{name}: imaginary part {im} vs {}",
            case["value_im"]
        );
        checked += 1;
    }
    eprintln!(
        "algebraic numbers: {checked} of {} minimal polynomials equal to SymPy's, values within the stated bounds of mpmath's",
        cases.len()
    );
}

#[test]
fn sums_of_radicals_agree_with_sympy() {
    let cases = corpus("radical_sums");
    let mut by_mordell = 0;
    for case in &cases {
        let name = case["name"].as_str().unwrap();
        let out = minimal_of(case);
        let root = &out["root"];
        assert_eq!(root["root_of"]["index"], case["index"], "{name}: index");
        let bound = decimal(root["error_bound"].as_str().unwrap());
        assert!(
            close(
                root["decimal"].as_str().unwrap(),
                &bound,
                case["value"].as_str().unwrap()
            ),
            "{name}: value"
        );
        by_mordell += usize::from(out["check"].as_str().unwrap().contains("Mordell"));
    }
    // Most are independent radicals, certified without factoring.
    assert!(by_mordell * 2 > cases.len(), "{by_mordell}");
    eprintln!(
        "sums of radicals: {} of {} equal to SymPy's (polynomial, index, value), {by_mordell} by Mordell's theorem",
        cases.len(),
        cases.len()
    );
}

#[test]
fn comparisons_agree_with_sympy_exactly() {
    let cases = corpus("comparisons");
    for case in &cases {
        let name = case["name"].as_str().unwrap();
        let out = run(
            "algebraic_number.compare.decide",
            json!({"a": case["a"], "b": case["b"]}),
        )
        .unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert_eq!(
            out["relation"], case["relation"],
            "{name}: {} vs {}",
            case["a"], case["b"]
        );
    }
    eprintln!(
        "comparisons: {} pairs decided as SymPy decides them",
        cases.len()
    );
}

#[test]
fn arithmetic_on_root_of_forms_and_principal_roots() {
    // The real root of x⁵ − x − 1 plus √2: degree 10.
    let out = run(
        "algebraic_number.arithmetic.compute",
        json!({"operation": "add", "a": {"polynomial": "x^5 - x - 1", "index": 0}, "b": "sqrt(2)"}),
    )
    .unwrap();
    assert_eq!(out["result"]["degree"], json!(10));
    assert!(
        out["result"]["decimal"]
            .as_str()
            .unwrap()
            .starts_with("2.58")
    );
    // (∛2)³ = 2 and the principal cube root of −8 is 1 + √3·i.
    let out = run(
        "algebraic_number.arithmetic.compute",
        json!({"operation": "power", "a": "root(2, 3)", "exponent": 3}),
    )
    .unwrap();
    assert_eq!(out["result"]["exact"]["expression"], json!("2"));
    let out = run(
        "algebraic_number.arithmetic.compute",
        json!({"operation": "root", "a": "-8", "exponent": 3}),
    )
    .unwrap();
    assert_eq!(out["result"]["exact"]["expression"], json!("sqrt(3)*i + 1"));
    let e = run(
        "algebraic_number.arithmetic.compute",
        json!({"operation": "divide", "a": "1", "b": "sqrt(2) - sqrt(2)"}),
    )
    .unwrap_err();
    assert_eq!(e.code, hessian_op::Code::DomainError);
}

#[test]
fn radicals_are_written_for_cubics_and_quartics_and_refused_for_quintics_with_proof() {
    for (p, casus) in [
        ("x^3 - x - 1", false),
        ("x^3 - 3*x + 1", true),
        ("x^3 - 2", false),
        ("x^4 - 2", false),
        ("x^4 + 5*x^2 + 5", false),
        ("x^4 - 4*x^2 + x + 1", true),
        ("x^4 + 8*x + 12", true),
        ("x^4 - x - 1", false),
    ] {
        for index in 0..p.chars().nth(2).unwrap().to_digit(10).unwrap() {
            let out = run(
                "algebraic_number.radicals.compute",
                json!({"number": {"polynomial": p, "index": index}}),
            );
            let Ok(out) = out else {
                // x^3 - x - 1 has one real root and two non-real ones: indices 0–2 all exist.
                panic!("{p} #{index}: {out:?}");
            };
            assert_eq!(out["verdict"], json!("written"), "{p} #{index}");
            let written = out["radicals"]["expression"].as_str().unwrap();
            let same = run(
                "algebraic_number.compare.decide",
                json!({"a": written, "b": {"polynomial": p, "index": index}}),
            )
            .unwrap();
            assert_eq!(same["relation"], json!("equal"), "{p} #{index}: {written}");
            assert_eq!(
                out["why"].as_str().unwrap().contains("casus irreducibilis"),
                casus,
                "{p}"
            );
        }
    }
    let out = run(
        "algebraic_number.radicals.compute",
        json!({"number": {"polynomial": "x^5 - x - 1", "index": 0}}),
    )
    .unwrap();
    assert_eq!(out["verdict"], json!("none"));
}

/// Sums of square roots with radicands independent modulo squares take the
/// product over sign choices (degree 2ᵏ, irreducible by Mordell's theorem,
/// Besicovitch's for square roots) instead of factoring a
/// Swinnerton-Dyer-like resultant; a dependent set (√2, √3, √6) goes the
/// general way.
#[test]
fn sums_of_independent_square_roots_skip_the_factorization() {
    let out = run(
        "algebraic_number.minimal_polynomial.compute",
        json!({"number": "sqrt(2) + sqrt(3) + sqrt(5) + sqrt(7) + sqrt(11) + sqrt(13)"}),
    )
    .unwrap();
    assert_eq!(out["degree"], 64);
    let p = out["minimal_polynomial"]["polynomial"].as_str().unwrap();
    assert!(p.starts_with("x^64 - 1312*x^62 + 792048*x^60"), "{p}");
    assert!(
        out["root"]["decimal"]
            .as_str()
            .unwrap()
            .starts_with("14.950259724325741771"),
        "{out}"
    );
    let out = run(
        "algebraic_number.minimal_polynomial.compute",
        json!({"number": "sqrt(2) + sqrt(3) + sqrt(6)"}),
    )
    .unwrap();
    assert_eq!(
        out["minimal_polynomial"]["polynomial"],
        "x^4 - 22*x^2 - 48*x - 23"
    );
    let out = run(
        "algebraic_number.minimal_polynomial.compute",
        json!({"number": "3*sqrt(2) - sqrt(8)/2 + 1/3"}),
    )
    .unwrap();
    assert_eq!(out["minimal_polynomial"]["polynomial"], "9*x^2 - 6*x - 71");
}
