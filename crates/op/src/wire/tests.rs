use super::*;
use serde_json::json;

fn int(v: serde_json::Value) -> Result<Int, String> {
    Int::deserialize(&v).map_err(|e| e.to_string())
}

fn rat(v: serde_json::Value) -> Result<String, String> {
    Rational::deserialize(&v)
        .map(|r| r.to_string())
        .map_err(|e| e.to_string())
}

fn parsed(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap()
}

#[test]
fn integers_accept_json_ints_of_any_length_decimal_strings_and_expressions() {
    assert_eq!(int(json!(-42)).unwrap().0, BigInt::from(-42));
    assert_eq!(
        int(json!(MAX_SAFE_INTEGER + 1)).unwrap().to_string(),
        "9007199254740992"
    );
    let big = "-123456789012345678901234567890";
    assert_eq!(int(json!(big)).unwrap().to_string(), big);
    // Written as JSON integers, read exactly: 30 digits (i128) and 400.
    assert_eq!(int(parsed(big)).unwrap().to_string(), big);
    let long = format!("1{}", "0".repeat(399));
    assert_eq!(int(parsed(&long)).unwrap().to_string(), long);
    assert_eq!(
        int(json!("2^61-1")).unwrap().to_string(),
        "2305843009213693951"
    );
    assert_eq!(
        int(json!("30!")).unwrap().to_string(),
        "265252859812191058636308480000000"
    );
    assert_eq!(int(json!(" +5")).unwrap().to_string(), "5");
    for bad in [
        json!("12a"),
        json!(""),
        json!("-"),
        json!("1e5"),
        json!("2^^3"),
        json!("6/3"),
        json!(true),
        json!(null),
        json!([1]),
    ] {
        assert!(int(bad.clone()).is_err(), "{bad}");
    }
}

#[test]
fn expressions_beyond_the_size_bound_are_limits_at_once() {
    let started = std::time::Instant::now();
    for huge in ["10^100000000", "100000000!", "2^2^2^2^2^2"] {
        let e = int(json!(huge)).unwrap_err();
        assert!(e.starts_with(LIMIT_TAG), "{huge}: {e}");
    }
    assert!(started.elapsed() < std::time::Duration::from_secs(1));
    assert!(int(json!("10^9999")).is_ok());
    assert!(int(json!("10^10000")).unwrap_err().starts_with(LIMIT_TAG));
}

#[test]
fn json_numbers_beyond_a_double_are_answered_with_their_exact_string() {
    let e = int(parsed("1e400")).unwrap_err();
    assert!(e.contains("\"10^400\""), "{e}");
    let e = rat(parsed("-2.5e-400")).unwrap_err();
    assert!(e.contains("\"-25*10^-401\""), "{e}");
    let e = int(parsed("1e5")).unwrap_err();
    assert!(e.contains("\"100000\""), "{e}");
    let e = rat(parsed("1.25e-3")).unwrap_err();
    assert!(e.contains("\"1/800\""), "{e}");
}

#[test]
fn floats_are_refused_with_the_string_to_send() {
    let e = rat(json!(0.1)).unwrap_err();
    assert!(e.contains("\"1/10\"") && e.contains("\"0.1\""), "{e}");
    let e = rat(json!(-2.5)).unwrap_err();
    assert!(e.contains("\"-5/2\""), "{e}");
    let e = int(json!(2.0)).unwrap_err();
    assert!(e.contains("\"2\""), "{e}");
}

#[test]
fn rationals_parse_every_documented_form_and_reduce() {
    assert_eq!(rat(json!("6/4")).unwrap(), "3/2");
    assert_eq!(rat(json!("-6/4")).unwrap(), "-3/2");
    assert_eq!(rat(json!("-0.125")).unwrap(), "-1/8");
    assert_eq!(rat(json!("-0.5")).unwrap(), "-1/2");
    assert_eq!(rat(json!("10/5")).unwrap(), "2");
    assert_eq!(rat(json!(7)).unwrap(), "7");
    assert_eq!(rat(json!("003.50")).unwrap(), "7/2");
    // Expressions: `/` is division, signs may repeat.
    assert_eq!(rat(json!("6/-4")).unwrap(), "-3/2");
    assert_eq!(rat(json!("1/2/3")).unwrap(), "1/6");
    assert_eq!(rat(json!("1.5/2")).unwrap(), "3/4");
    assert_eq!(rat(json!("--1")).unwrap(), "1");
    assert_eq!(rat(json!("3/4 + 2^-10")).unwrap(), "769/1024");
    for bad in ["1/0", "1/", "/2", "1.", ".5", "0x10", "2^(1/2)"] {
        assert!(rat(json!(bad)).is_err(), "{bad}");
    }
}

#[test]
fn number_length_cap_is_a_limit() {
    let long = "9".repeat(MAX_NUMBER_CHARS + 1);
    assert!(int(json!(long)).unwrap_err().starts_with(LIMIT_TAG));
    assert!(rat(json!(long)).unwrap_err().starts_with(LIMIT_TAG));
    assert!(int(json!("9".repeat(MAX_NUMBER_CHARS))).is_ok());
}

#[test]
fn matrices_must_be_rectangular_non_empty_and_bounded() {
    type M = Matrix<Rational, 3>;
    let ok: M = serde_json::from_value(json!([["1", 2], ["3/4", "0.5"]])).unwrap();
    assert_eq!((ok.0.rows(), ok.0.cols()), (2, 2));
    let ragged = serde_json::from_value::<M>(json!([[1, 2], [3]]))
        .unwrap_err()
        .to_string();
    assert!(ragged.contains("row 1 has 1 entries"), "{ragged}");
    assert!(serde_json::from_value::<M>(json!([])).is_err());
    assert!(serde_json::from_value::<M>(json!([[]])).is_err());
    assert!(
        serde_json::from_value::<M>(json!([[1, 2, 3, 4]]))
            .unwrap_err()
            .to_string()
            .starts_with(LIMIT_TAG)
    );
    assert!(
        serde_json::from_value::<M>(json!([[1], [2], [3], [4]]))
            .unwrap_err()
            .to_string()
            .starts_with(LIMIT_TAG)
    );
    let square = serde_json::from_value::<SquareMatrix<Rational, 3>>(json!([[1, 2, 3], [4, 5, 6]]))
        .unwrap_err();
    assert!(square.to_string().contains("2×3"), "{square}");
}

#[test]
fn outputs_are_strings() {
    let r = Rational(Q::new(BigInt::from(-6), BigInt::from(4)));
    assert_eq!(serde_json::to_value(&r).unwrap(), json!("-3/2"));
    assert_eq!(
        serde_json::to_value(Int(BigInt::from(5))).unwrap(),
        json!("5")
    );
}

#[test]
fn polynomial_text_reads_highest_degree_first() {
    let q = |n: i64, d: i64| Q::new(n.into(), d.into());
    assert_eq!(
        polynomial_text(&[q(1, 2), q(-2, 1), q(0, 1), q(1, 1)], "x"),
        "x^3 - 2*x + 1/2"
    );
    assert_eq!(
        polynomial_text(&[q(-2, 1), q(-5, 1), q(1, 1)], "x"),
        "x^2 - 5*x - 2"
    );
    assert_eq!(polynomial_text(&[q(0, 1), q(-1, 3)], "t"), "-1/3*t");
    assert_eq!(polynomial_text(&[q(0, 1)], "x"), "0");
}

#[test]
fn entries_keep_words_unboxed_and_read_like_rationals() {
    let entry = |v: serde_json::Value| Entry::deserialize(&v).map_err(|e| e.to_string());
    for (v, word) in [
        (json!(-42), Some(-42)),
        (json!("-0"), Some(0)),
        (json!("007"), Some(7)),
        (json!("999999999999999999"), Some(999_999_999_999_999_999)),
        (json!("-9999999999999999999"), None),
        (json!("6/3"), None),
        (json!("0.5"), None),
        (json!(MAX_SAFE_INTEGER + 1), Some(MAX_SAFE_INTEGER + 1)),
        (
            parsed("-999999999999999999"),
            Some(-999_999_999_999_999_999),
        ),
        (parsed("1000000000000000000"), None),
        (json!("2^10"), None),
    ] {
        let e = entry(v.clone()).unwrap();
        assert_eq!(
            matches!(e, Entry::Word(w) if Some(w) == word),
            word.is_some(),
            "{v}"
        );
        assert_eq!(
            Q::from(e).to_string(),
            Rational::deserialize(&v).unwrap().0.to_string()
        );
    }
    // Refused exactly where Rational refuses, with the same message.
    for bad in [
        json!("+"),
        json!(""),
        json!("1/0"),
        json!(0.1),
        parsed("1e400"),
    ] {
        assert_eq!(entry(bad.clone()).unwrap_err(), rat(bad).unwrap_err());
    }
    let m: Matrix<Entry, 3> = serde_json::from_value(json!([[1, "2"], ["3", "1/2"]])).unwrap();
    assert!(words(&m.0).is_none());
    let m: Matrix<Entry, 3> = serde_json::from_value(json!([[1, "2"], ["3", 4]])).unwrap();
    assert_eq!(words(&m.0).unwrap().as_slice(), &[1, 2, 3, 4]);
}
