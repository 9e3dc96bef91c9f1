//! Judging a final reply: find the `ANSWER:` line, read it leniently (JSON,
//! quoted numbers, plain text), compare exactly or check the defining
//! property. Lenient about form, exact about value. Its number reading is
//! its own, not the contract's wire parser: the judge shares no code with
//! what it judges.

use crate::task::{Expected, Kind, Task, Verifier};
use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use serde_json::Value;
use std::collections::HashSet;

/// The text after the last `ANSWER:` marker, on its line, without markdown.
pub fn answer_text(reply: &str) -> Option<String> {
    let upper = reply.to_ascii_uppercase();
    let at = upper.rfind("ANSWER:")?;
    let rest = &reply[at + "ANSWER:".len()..];
    let line = rest.lines().next().unwrap_or("");
    let markup = |c: char| c == '*' || c == '`' || c == '$' || c.is_whitespace();
    let cleaned = line
        .trim_matches(markup)
        .trim_end_matches('.')
        .trim_matches(markup);
    (!cleaned.is_empty()).then(|| cleaned.to_string())
}

/// Without an `ANSWER:` line, a scalar answer is read as the reply's last
/// number (or last yes/no word): weak models rarely keep the format, and
/// "7 + 5 = 12." does answer the question. Lists and structures get no
/// such guess.
pub fn last_value(reply: &str, kind: Kind) -> Option<String> {
    let words = reply.split(|c: char| {
        c.is_whitespace() || matches!(c, ',' | ';' | '(' | ')' | '=' | ':' | '*' | '`')
    });
    let pick = |w: &str| -> Option<String> {
        let w = w.trim_end_matches(['.', '!', '?']);
        match kind {
            Kind::Integer | Kind::Rational => rational(&Value::String(w.to_string()))
                .ok()
                .map(|_| w.to_string()),
            Kind::Boolean => boolean(&Value::String(w.to_string()))
                .ok()
                .map(|_| w.to_string()),
            _ => None,
        }
    };
    words.filter(|w| !w.is_empty()).filter_map(pick).next_back()
}

/// Quotes bare integers too long for an f64, outside JSON strings, so that
/// `[25, 1527612795642093418846225]` keeps every digit.
fn quote_long_integers(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut in_string = false;
    let mut escaped = false;
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if in_string {
            out.push(c);
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            i += 1;
            continue;
        }
        if c == '"' {
            in_string = true;
        }
        let start = i;
        let mut j = i + usize::from(c == '-');
        while j < chars.len() && chars[j].is_ascii_digit() {
            j += 1;
        }
        let digits = j - start - usize::from(c == '-');
        let ends_number = chars.get(j).is_none_or(|n| !matches!(n, '.' | 'e' | 'E'));
        if digits > 15 && ends_number && (start == 0 || !chars[start - 1].is_ascii_alphanumeric()) {
            out.push('"');
            out.extend(&chars[start..j]);
            out.push('"');
            i = j;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// Whether `text` answers `task`, with the reason when it does not.
pub fn verify(task: &Task, text: &str) -> Result<(), String> {
    let value = serde_json::from_str::<Value>(&quote_long_integers(text))
        .unwrap_or_else(|_| Value::String(text.to_string()));
    match &task.verifier {
        Verifier::Exact => exact(&task.answer, &value),
        Verifier::Inverse { matrix } => {
            let a = matrix_of(&Value::Array(
                matrix.iter().map(|r| Value::Array(r.clone())).collect(),
            ))?;
            let b = matrix_of(&value)?;
            let n = a.len();
            let product = multiply(&a, &b)?;
            let identity = (0..n).all(|i| {
                (0..n).all(|j| {
                    product[i][j]
                        == if i == j {
                            BigRational::one()
                        } else {
                            BigRational::zero()
                        }
                })
            });
            (product.len() == n && identity)
                .then_some(())
                .ok_or_else(|| "A·answer is not the identity".into())
        }
        Verifier::Solves { matrix, rhs } => {
            let a = matrix_of(&Value::Array(
                matrix.iter().map(|r| Value::Array(r.clone())).collect(),
            ))?;
            let b = list_of(&Value::Array(rhs.clone()))?;
            let x = list_of(&value)?;
            let column: Vec<Vec<BigRational>> = x.into_iter().map(|v| vec![v]).collect();
            let product = multiply(&a, &column)?;
            (product.iter().map(|r| &r[0]).eq(b.iter()))
                .then_some(())
                .ok_or_else(|| "A·x ≠ b".into())
        }
        Verifier::Factorization { n } => {
            let n: BigInt = n.parse().map_err(|_| "bad task: n".to_string())?;
            let factors = factors_of(&value)?;
            let mut product = BigInt::one();
            for (p, e) in &factors {
                if !is_prime(p) {
                    return Err(format!("{p} is not prime"));
                }
                product *= num_traits::pow(p.clone(), *e);
            }
            (product == n)
                .then_some(())
                .ok_or_else(|| format!("the factors multiply to {product}, not {n}"))
        }
        Verifier::TwoSquares { n } => {
            let v = ints_of(&value)?;
            let ok = v.len() == 2 && &v[0] * &v[0] + &v[1] * &v[1] == BigInt::from(*n);
            ok.then_some(())
                .ok_or_else(|| format!("not two integers whose squares sum to {n}"))
        }
        Verifier::Egyptian { q } => {
            let q = rational(&Value::String(q.clone()))?;
            let ds = ints_of(&value)?;
            let distinct: HashSet<&BigInt> = ds.iter().collect();
            if distinct.len() != ds.len() || ds.iter().any(|d| !d.is_positive()) {
                return Err("denominators must be distinct and positive".into());
            }
            let sum = ds.iter().fold(BigRational::zero(), |s, d| {
                s + BigRational::new(BigInt::one(), d.clone())
            });
            (sum == q)
                .then_some(())
                .ok_or_else(|| format!("the unit fractions sum to {sum}, not {q}"))
        }
        Verifier::PolynomialFactors { polynomial } => {
            let f = list_of(&Value::Array(
                polynomial
                    .iter()
                    .map(|c| Value::String(c.clone()))
                    .collect(),
            ))?;
            let got = polynomial_factors(&value)?;
            let expected = polynomial_factors(&task.answer.value)?;
            let mut product = vec![BigRational::one()];
            for g in &got {
                product = poly_mul(&product, g);
            }
            if !proportional(&product, &f) {
                return Err("the factors do not multiply back to the polynomial".into());
            }
            let mut got: Vec<_> = got
                .iter()
                .map(|g| monic(g))
                .filter(|g| g.len() > 1)
                .collect();
            let mut expected: Vec<_> = expected
                .iter()
                .map(|g| monic(g))
                .filter(|g| g.len() > 1)
                .collect();
            got.sort();
            expected.sort();
            (got == expected)
                .then_some(())
                .ok_or_else(|| "some factor is not irreducible".into())
        }
        Verifier::Matching {
            vertices,
            edges,
            size,
        } => {
            let pairs = match &value {
                Value::Array(items) => items.iter().map(ints_of).collect::<Result<Vec<_>, _>>()?,
                _ => return Err("not a list of pairs".into()),
            };
            let edge_set: HashSet<(usize, usize)> =
                edges.iter().map(|[a, b]| (*a.min(b), *a.max(b))).collect();
            let mut used = HashSet::new();
            for p in &pairs {
                let [a, b] = p.as_slice() else {
                    return Err("a pair is not [u, v]".into());
                };
                let (Some(a), Some(b)) = (usize_of(a), usize_of(b)) else {
                    return Err("a vertex is out of range".into());
                };
                if a >= *vertices || b >= *vertices || !edge_set.contains(&(a.min(b), a.max(b))) {
                    return Err(format!("[{a}, {b}] is not an edge"));
                }
                if !used.insert(a) || !used.insert(b) {
                    return Err("two pairs share a vertex".into());
                }
            }
            (pairs.len() == *size)
                .then_some(())
                .ok_or_else(|| format!("{} pairs, the maximum is {size}", pairs.len()))
        }
    }
}

fn exact(expected: &Expected, got: &Value) -> Result<(), String> {
    let same = match expected.kind {
        Kind::Integer => integer(got)? == integer(&expected.value)?,
        Kind::Rational => rational(got)? == rational(&expected.value)?,
        Kind::Boolean => boolean(got)? == boolean(&expected.value)?,
        Kind::List => {
            let (mut a, mut b) = (list_of(got)?, list_of(&expected.value)?);
            if expected.ordered == Some(false) {
                a.sort();
                b.sort();
            }
            a == b
        }
        Kind::Matrix => matrix_of(got)? == matrix_of(&expected.value)?,
        Kind::Polynomial => {
            let (a, b) = (trim(list_of(got)?), trim(list_of(&expected.value)?));
            if expected.up_to_scalar {
                proportional(&a, &b)
            } else {
                a == b
            }
        }
        Kind::Polynomials | Kind::Factorization | Kind::Matching => {
            return Err("bad task: this kind needs a checker".into());
        }
    };
    same.then_some(())
        .ok_or_else(|| "not the expected value".into())
}

fn usize_of(v: &BigInt) -> Option<usize> {
    usize::try_from(v).ok()
}

fn integer(v: &Value) -> Result<BigInt, String> {
    let r = rational(v)?;
    r.is_integer()
        .then(|| r.to_integer())
        .ok_or_else(|| format!("{r} is not an integer"))
}

/// An exact number: JSON integer, "p/q", "-7", "0.125", with thousands
/// separators or spaces tolerated. JSON floats count only when integral.
fn rational(v: &Value) -> Result<BigRational, String> {
    let text = match v {
        Value::Number(n) if n.is_i64() || n.is_u64() => n.to_string(),
        Value::Number(n) => return Err(format!("{n} is a float, not an exact number")),
        Value::String(s) => s.clone(),
        other => return Err(format!("{other} is not a number")),
    };
    let t: String = text
        .chars()
        .filter(|c| !matches!(c, ',' | '_' | ' ' | '\u{2009}' | '"'))
        .collect();
    let bad = || format!("{text:?} is not an exact number");
    if let Some((p, q)) = t.split_once('/') {
        let (p, q): (BigInt, BigInt) =
            (p.parse().map_err(|_| bad())?, q.parse().map_err(|_| bad())?);
        return if q.is_zero() {
            Err(bad())
        } else {
            Ok(BigRational::new(p, q))
        };
    }
    if let Some((whole, frac)) = t.split_once('.') {
        if frac.is_empty() || !frac.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let negative = whole.starts_with('-');
        let digits: BigInt = format!("{}{frac}", whole.trim_start_matches('-'))
            .parse()
            .map_err(|_| bad())?;
        let scale = num_traits::pow(BigInt::from(10), frac.len());
        let r = BigRational::new(digits, scale);
        return Ok(if negative { -r } else { r });
    }
    Ok(BigRational::from_integer(
        t.trim_start_matches('+').parse().map_err(|_| bad())?,
    ))
}

fn boolean(v: &Value) -> Result<bool, String> {
    match v {
        Value::Bool(b) => Ok(*b),
        Value::String(s) => match s.trim().to_ascii_lowercase().trim_end_matches('.') {
            "true" | "yes" => Ok(true),
            "false" | "no" => Ok(false),
            _ => Err(format!("{s:?} is not true or false")),
        },
        other => Err(format!("{other} is not true or false")),
    }
}

/// A list: a JSON array, or plain text "a, b, c" (brackets optional).
fn list_of(v: &Value) -> Result<Vec<BigRational>, String> {
    match v {
        Value::Array(items) => items.iter().map(rational).collect(),
        // {"x": "649", "y": "180"}: the values in their order.
        Value::Object(fields) => fields.values().map(rational).collect(),
        Value::String(s) => s
            .trim()
            .trim_start_matches(['[', '(', '{'])
            .trim_end_matches([']', ')', '}'])
            .split(',')
            .map(|t| rational(&Value::String(t.trim().to_string())))
            .collect(),
        other => Err(format!("{other} is not a list")),
    }
}

fn ints_of(v: &Value) -> Result<Vec<BigInt>, String> {
    list_of(v)?
        .into_iter()
        .map(|r| {
            r.is_integer()
                .then(|| r.to_integer())
                .ok_or_else(|| format!("{r} is not an integer"))
        })
        .collect()
}

fn matrix_of(v: &Value) -> Result<Vec<Vec<BigRational>>, String> {
    match v {
        Value::Array(rows) => rows.iter().map(list_of).collect(),
        other => Err(format!("{other} is not a list of rows")),
    }
}

fn multiply(
    a: &[Vec<BigRational>],
    b: &[Vec<BigRational>],
) -> Result<Vec<Vec<BigRational>>, String> {
    let inner = b.len();
    if a.iter().any(|r| r.len() != inner) || b.is_empty() || b.iter().any(|r| r.len() != b[0].len())
    {
        return Err("the dimensions do not match".into());
    }
    Ok(a.iter()
        .map(|row| {
            (0..b[0].len())
                .map(|j| {
                    row.iter()
                        .zip(b)
                        .fold(BigRational::zero(), |s, (x, r)| s + x * &r[j])
                })
                .collect()
        })
        .collect())
}

/// (prime, exponent) pairs from [p, p, q], [[p, e], …], [{prime, exponent}, …]
/// or the text "p^e * q".
fn factors_of(v: &Value) -> Result<Vec<(BigInt, usize)>, String> {
    let exponent = |e: &Value| -> Result<usize, String> {
        usize_of(&integer(e)?)
            .filter(|e| *e <= 10_000)
            .ok_or_else(|| "an exponent is out of range".to_string())
    };
    match v {
        Value::Array(items) => items
            .iter()
            .map(|item| match item {
                Value::Array(pair) if pair.len() == 2 => {
                    Ok((integer(&pair[0])?, exponent(&pair[1])?))
                }
                Value::Object(o) => {
                    let p = o.get("prime").ok_or("a factor object has no prime")?;
                    Ok((integer(p)?, o.get("exponent").map_or(Ok(1), exponent)?))
                }
                other => Ok((integer(other)?, 1)),
            })
            .collect(),
        Value::String(s) if s.contains(['*', '^', '×', '·']) => s
            .split(['*', '×', '·'])
            .filter(|t| !t.trim().is_empty())
            .map(|t| match t.split_once('^') {
                Some((p, e)) => Ok((
                    integer(&Value::String(p.trim().into()))?,
                    exponent(&Value::String(e.trim().into()))?,
                )),
                None => Ok((integer(&Value::String(t.trim().into()))?, 1)),
            })
            .collect(),
        other => Ok(ints_of(other)?.into_iter().map(|p| (p, 1)).collect()),
    }
}

/// Miller–Rabin with the first 20 prime bases: deterministic far beyond the
/// sizes the tasks use (all n < 3.3·10²⁴ with 13 bases).
fn is_prime(n: &BigInt) -> bool {
    let Some(n) = n.to_biguint() else {
        return false;
    };
    let small = [
        2u32, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71,
    ];
    if n < BigUint::from(2u32) {
        return false;
    }
    for p in small {
        if n == BigUint::from(p) {
            return true;
        }
        if (&n % p).is_zero() {
            return false;
        }
    }
    let one = BigUint::one();
    let minus = &n - &one;
    let mut d = minus.clone();
    let mut r = 0;
    while d.is_even() {
        d >>= 1;
        r += 1;
    }
    'bases: for a in small {
        let mut x = BigUint::from(a).modpow(&d, &n);
        if x == one || x == minus {
            continue;
        }
        for _ in 1..r {
            x = &x * &x % &n;
            if x == minus {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

/// Coefficient lists from [[c0, c1, …], …], or the operation's own
/// [{factor: {coefficients}, multiplicity}, …], repeated by multiplicity.
fn polynomial_factors(v: &Value) -> Result<Vec<Vec<BigRational>>, String> {
    let Value::Array(items) = v else {
        return Err("not a list of factors".into());
    };
    let mut out = Vec::new();
    for item in items {
        let (coefficients, times) = match item {
            Value::Object(o) => {
                let f = o.get("factor").unwrap_or(item);
                let c = f
                    .get("coefficients")
                    .ok_or("a factor has no coefficients")?;
                let m = o.get("multiplicity").map_or(Ok(BigInt::one()), integer)?;
                (
                    c,
                    usize_of(&m)
                        .filter(|m| *m <= 1000)
                        .ok_or("a multiplicity is out of range")?,
                )
            }
            other => (other, 1),
        };
        let g = trim(list_of(coefficients)?);
        out.extend(std::iter::repeat_n(g, times));
    }
    Ok(out)
}

fn trim(mut p: Vec<BigRational>) -> Vec<BigRational> {
    while p.len() > 1 && p.last().is_some_and(Zero::is_zero) {
        p.pop();
    }
    p
}

fn monic(p: &[BigRational]) -> Vec<BigRational> {
    let p = trim(p.to_vec());
    match p.last().cloned() {
        Some(lead) if !lead.is_zero() => p.into_iter().map(|c| c / &lead).collect(),
        _ => p,
    }
}

fn proportional(a: &[BigRational], b: &[BigRational]) -> bool {
    let (a, b) = (monic(a), monic(b));
    !a.iter().all(Zero::is_zero) && a == b
}

fn poly_mul(a: &[BigRational], b: &[BigRational]) -> Vec<BigRational> {
    let mut out = vec![BigRational::zero(); a.len() + b.len() - 1];
    for (i, x) in a.iter().enumerate() {
        for (j, y) in b.iter().enumerate() {
            out[i + j] += x * y;
        }
    }
    trim(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answer_line_is_found_and_cleaned() {
        assert_eq!(
            answer_text("work…\n**ANSWER:** `-342`.").as_deref(),
            Some("-342")
        );
        assert_eq!(answer_text("answer: 1\nANSWER: 2").as_deref(), Some("2"));
        assert_eq!(answer_text("no marker"), None);
    }

    #[test]
    fn without_the_answer_line_a_scalar_is_the_last_number() {
        assert_eq!(
            last_value("7 + 5 = 12.", Kind::Integer).as_deref(),
            Some("12")
        );
        assert_eq!(
            last_value("1/3 + 1/7 = 10/21", Kind::Rational).as_deref(),
            Some("10/21")
        );
        assert_eq!(
            last_value("Yes, 10 is even.", Kind::Boolean).as_deref(),
            Some("Yes")
        );
        assert_eq!(last_value("no digits here", Kind::Integer), None);
        assert_eq!(last_value("[1, 2]", Kind::List), None);
    }

    #[test]
    fn long_integers_keep_every_digit() {
        assert_eq!(
            quote_long_integers("[25, -1527612795642093418846225]"),
            "[25, \"-1527612795642093418846225\"]"
        );
        assert_eq!(
            quote_long_integers("[\"1234567890123456789\", 1.5]"),
            "[\"1234567890123456789\", 1.5]"
        );
    }

    #[test]
    fn numbers_are_read_exactly() {
        let r = |s: &str| rational(&Value::String(s.into())).unwrap();
        assert_eq!(r("1,299,709"), r("1299709"));
        assert_eq!(r("0.125"), r("1/8"));
        assert_eq!(r("-0.5"), r("-1/2"));
        assert!(rational(&serde_json::json!(0.5)).is_err());
        assert!(rational(&Value::String("1/0".into())).is_err());
    }

    #[test]
    fn miller_rabin_agrees_with_trial_division() {
        for n in 0..5000u32 {
            let trial = n >= 2 && (2..n).take_while(|d| d * d <= n).all(|d| n % d != 0);
            assert_eq!(is_prime(&BigInt::from(n)), trial, "{n}");
        }
        // Cole's factorisation of 2^67 − 1 and a Carmichael number.
        assert!(!is_prime(&"147573952589676412927".parse().unwrap()));
        assert!(is_prime(&"761838257287".parse().unwrap()));
        assert!(!is_prime(&BigInt::from(561)));
    }

    #[test]
    fn factorization_forms_agree() {
        for text in [
            "[2, 2, 2, 3]",
            "[[2, 3], [3, 1]]",
            "[{\"prime\": \"2\", \"exponent\": 3}, {\"prime\": 3}]",
            "2^3 * 3",
        ] {
            let v = serde_json::from_str(text).unwrap_or(Value::String(text.into()));
            assert_eq!(
                factors_of(&v)
                    .unwrap()
                    .iter()
                    .map(|(p, e)| num_traits::pow(p.clone(), *e))
                    .product::<BigInt>(),
                BigInt::from(24),
                "{text}"
            );
        }
    }

    /// Adds one to the first number found in an answer, however deep.
    fn perturb(v: &Value) -> Value {
        fn bump(v: &mut Value) -> bool {
            match v {
                Value::Array(items) => items.iter_mut().any(bump),
                Value::String(s) => {
                    let r = rational(&Value::String(s.clone())).unwrap() + BigRational::one();
                    *s = r.to_string();
                    true
                }
                Value::Number(n) => {
                    *v = serde_json::json!(n.as_i64().unwrap() + 1);
                    true
                }
                Value::Bool(b) => {
                    *b = !*b;
                    true
                }
                _ => false,
            }
        }
        let mut v = v.clone();
        bump(&mut v);
        v
    }

    #[test]
    fn every_task_accepts_its_answer_and_refuses_a_changed_one() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../evals/tasks");
        let tasks = crate::task::load_dir(&dir).unwrap();
        assert!(!tasks.is_empty());
        for t in &tasks {
            if t.answer.kind == Kind::Matching {
                continue; // the expected value is the size; the answer is a list of pairs
            }
            let text = match &t.answer.value {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            assert_eq!(verify(t, &text), Ok(()), "{}", t.id);
            let wrong = perturb(&t.answer.value).to_string();
            assert!(verify(t, &wrong).is_err(), "{} accepts {wrong}", t.id);
        }
    }

    #[test]
    fn the_matching_checker_tests_edges_disjointness_and_size() {
        let t: Task = serde_json::from_value(serde_json::json!({
            "id": "m", "family": "graph", "cue": "latent", "control": false, "prompt": "",
            "answer": {"kind": "matching", "value": 2},
            "verifier": {"kind": "matching", "vertices": 4, "edges": [[0, 1], [1, 2], [2, 3]], "size": 2}
        }))
        .unwrap();
        assert_eq!(verify(&t, "[[1, 0], [2, 3]]"), Ok(()));
        assert!(verify(&t, "[[0, 1]]").is_err());
        assert!(verify(&t, "[[0, 1], [1, 2]]").is_err());
        assert!(verify(&t, "[[0, 2], [1, 3]]").is_err());
    }
}
