//! Oracle tests: the operations through their JSON contracts against the
//! SymPy/mpmath corpus in tests/data/expression (README there), counting
//! where we answer `unknown` or refuse and the oracle answers.

use hessian_kernels::expr::interval::at_point;
use hessian_kernels::expr::{Expr, parse};
use hessian_kernels::{Budget, Q};
use num_traits::Signed;
use serde_json::{Value, json};
use std::collections::BTreeMap;

fn corpus(name: &str) -> Vec<Value> {
    let path = format!(
        "{}/../../tests/data/expression/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    v["cases"].as_array().cloned().unwrap_or_default()
}

/// An exact decimal ("-12.5000", "3", "5e-29") or fraction ("3/7") as a
/// rational.
fn decimal(s: &str) -> Q {
    if let Some((p, q)) = s.split_once('/') {
        return Q::new(p.parse().unwrap(), q.parse().unwrap());
    }
    if let Some((m, e)) = s.split_once(['e', 'E']) {
        let e: i32 = e.parse().unwrap();
        let ten = Q::from_integer(10.into());
        return decimal(m) * num_traits::Pow::pow(&ten, e);
    }
    let (negative, s) = s.strip_prefix('-').map_or((false, s), |r| (true, r));
    let (whole, frac) = s.split_once('.').unwrap_or((s, ""));
    let digits: num_bigint::BigInt = format!("{whole}{frac}").parse().unwrap();
    let q = Q::new(digits, num_bigint::BigInt::from(10).pow(frac.len() as u32));
    if negative { -q } else { q }
}

/// The certified value of `e` at `point`, if it can be enclosed.
fn value_at(e: &Expr, point: &Value) -> Option<(Q, Q)> {
    let point: BTreeMap<String, Q> = point
        .as_object()?
        .iter()
        .filter(|(k, _)| *k != "value")
        .map(|(k, v)| (k.clone(), decimal(v.as_str().unwrap())))
        .collect();
    // Substituted exactly first: (−1/3)^(n + 1) at n = 3 is 1/81.
    let exact: BTreeMap<String, Expr> = point
        .iter()
        .map(|(k, v)| (k.clone(), Expr::num(v.clone())))
        .collect();
    let v = at_point(
        &e.substitute(&exact),
        &BTreeMap::new(),
        256,
        &Budget::unlimited(),
    )
    .ok()?;
    Some((v.lo_q(), v.hi_q()))
}

/// Whether the enclosure [lo, hi] meets the 40-digit oracle value.
fn agrees(enclosure: (Q, Q), oracle: &str) -> bool {
    let v = decimal(oracle);
    let slack = Q::new(1.into(), num_bigint::BigInt::from(10).pow(30)) * (v.abs() + int(1));
    enclosure.0 - &slack <= v && v <= enclosure.1 + slack
}

/// Whether a zero test settled d = 0 (exactly, or at certified points).
fn proven_or_probable(v: &hessian_kernels::expr::zero::Verdict) -> bool {
    matches!(
        v,
        hessian_kernels::expr::zero::Verdict::Proven { .. }
            | hessian_kernels::expr::zero::Verdict::Probable { .. }
    )
}

fn int(n: i64) -> Q {
    Q::from_integer(n.into())
}

fn run(id: &str, input: Value) -> Result<Value, hessian_op::Refusal> {
    crate::run_operation(id, input)
}

#[test]
fn derivatives_match_sympy_at_its_points() {
    let cases = corpus("derivative");
    let (mut checked, mut refused) = (0, Vec::new());
    for c in &cases {
        let out = run(
            "expression.derivative.compute",
            json!({"expression": c["expr"], "variable": c["var"], "order": c["order"]}),
        );
        let out = match out {
            Ok(out) => out,
            Err(e) => {
                refused.push(format!("{}: {e:?}", c["expr"]));
                continue;
            }
        };
        let ours = parse(out["expression"].as_str().unwrap()).unwrap();
        for p in c["points"].as_array().unwrap() {
            if let Some(enclosure) = value_at(&ours, p) {
                assert!(
                    agrees(enclosure, p["value"].as_str().unwrap()),
                    "d^{}/d{}^{} {} = {} disagrees with SymPy's {} at {p}",
                    c["order"],
                    c["var"],
                    c["order"],
                    c["expr"],
                    out["expression"],
                    c["answer"]
                );
                checked += 1;
            }
        }
    }
    eprintln!(
        "derivatives: {} cases, {checked} point values agree with SymPy, {} refused",
        cases.len(),
        refused.len()
    );
    for r in &refused {
        eprintln!("  refused: {r}");
    }
    assert!(
        refused.len() * 20 <= cases.len(),
        "more than 5% refused: {refused:?}"
    );
    assert!(checked >= cases.len() * 2);
}

#[test]
fn equalities_are_never_wrongly_decided() {
    let cases = corpus("equal");
    let mut tally: BTreeMap<String, usize> = BTreeMap::new();
    for c in &cases {
        let out = run(
            "expression.equal.decide",
            json!({"left": c["left"], "right": c["right"]}),
        )
        .unwrap_or_else(|e| panic!("{} = {}: {e:?}", c["left"], c["right"]));
        let expected = c["equal"].as_bool().unwrap();
        let said = out["equal"].as_bool();
        // Symbols are real without assumptions: log(x*y) = log(x) + log(y)
        // holds only where SymPy assumed x, y > 0, and its disproof must
        // then lie outside the assumption.
        if let Some(assume) = c["assume"].as_str() {
            if said == Some(false) && expected {
                let point = &out["witness"]["point"];
                let outside = assume.split(", ").any(|a| {
                    let v = a.trim_end_matches(">0");
                    point[v].as_str().is_some_and(|x| decimal(x) <= int(0))
                });
                assert!(
                    outside,
                    "{} = {} under {assume}: disproven inside it: {out}",
                    c["left"], c["right"]
                );
            }
            *tally
                .entry(format!("equal for positive symbols, {}", out["certainty"]))
                .or_default() += 1;
            continue;
        }
        if let Some(said) = said {
            assert_eq!(
                said, expected,
                "{} = {}: answered {out}",
                c["left"], c["right"]
            );
        }
        let key = format!(
            "{} {}",
            if expected { "equal" } else { "unequal" },
            out["certainty"].as_str().unwrap()
        );
        if key.ends_with("unknown") {
            eprintln!("  unknown: {} = {}: {}", c["left"], c["right"], out["how"]);
        }
        *tally.entry(key).or_default() += 1;
        // A disproof carries a witness whose enclosure excludes 0.
        if said == Some(false) {
            let [lo, hi] =
                [0, 1].map(|i| decimal(out["witness"]["difference_between"][i].as_str().unwrap()));
            assert!(lo > int(0) || hi < int(0));
        }
    }
    eprintln!("equalities ({} pairs): {tally:?}", cases.len());
    // Undecided only where no enclosure exists yet (Γ, factorial and
    // binomial of a symbol): at most 3% of the corpus.
    let unknown: usize = tally
        .iter()
        .filter(|(k, _)| k.ends_with("unknown"))
        .map(|(_, n)| n)
        .sum();
    assert!(unknown * 100 <= cases.len() * 3, "{unknown} unknown");
}

#[test]
fn numeric_values_carry_the_digits_mpmath_computes() {
    let cases = corpus("numeric");
    let (mut compared, mut unknown) = (0, Vec::new());
    for c in &cases {
        let digits = c["digits"].as_u64().unwrap().min(1000);
        let out = match run(
            "expression.numeric.evaluate",
            json!({"expression": c["expr"], "digits": digits}),
        ) {
            Ok(out) => out,
            // No certified enclosure method (Γ at non-integers so far).
            Err(e) if e.message.contains("no certified enclosure") => {
                unknown.push(format!("{} ({})", c["expr"], e.message));
                continue;
            }
            Err(e) => panic!("{}: {e:?}", c["expr"]),
        };
        let ours = decimal(out["value"].as_str().unwrap());
        let bound = decimal(out["error_bound"].as_str().unwrap()).max(int(0));
        let oracle = decimal(c["value"].as_str().unwrap());
        let scale = oracle.abs().max(int(1));
        let tolerance =
            bound + Q::new(1.into(), num_bigint::BigInt::from(10).pow(digits as u32)) * scale;
        assert!(
            (ours.clone() - &oracle).abs() <= tolerance,
            "{} to {digits} digits: {} against mpmath {}",
            c["expr"],
            out["value"],
            c["value"]
        );
        compared += 1;
    }
    eprintln!(
        "numeric values: {compared} of {} agree with mpmath; no enclosure for {}: {unknown:?}",
        cases.len(),
        unknown.len()
    );
    assert!(unknown.len() * 10 <= cases.len());
}

#[test]
fn factorizations_multiply_back_and_are_the_known_ones() {
    for (input, expected) in [
        ("x^4 - 1", "(x - 1)*(x + 1)*(x^2 + 1)"),
        ("x^6 - 1", "(x - 1)*(x + 1)*(x^2 - x + 1)*(x^2 + x + 1)"),
        ("2*x^2 - 8", "2*(x - 2)*(x + 2)"),
        ("(x^2 - 1)/(x^2 + 2*x + 1)", "(x - 1)/(x + 1)"),
        ("x^4 + 4", "(x^2 - 2*x + 2)*(x^2 + 2*x + 2)"),
    ] {
        let out = run("expression.factor.compute", json!({"expression": input})).unwrap();
        assert_eq!(out["expression"], expected, "{input}");
    }
    assert!(matches!(
        run(
            "expression.factor.compute",
            json!({"expression": "sin(x) + 1"})
        ),
        Err(r) if r.code == hessian_op::Code::DomainError
    ));
}

#[test]
fn rewritings_are_equal_to_their_input() {
    for (id, input) in [
        ("expression.simplify.compute", "(x^2 - 1)/(x - 1)"),
        ("expression.simplify.compute", "sin(x)^2 + cos(x)^2"),
        ("expression.expand.compute", "(x + y)^5 - (x - y)^5"),
        (
            "expression.common_denominator.compute",
            "1/x + 1/(x + 1) + 1/y",
        ),
        ("expression.numerator_denominator.compute", "x/(x + 1) - 1"),
    ] {
        let out = run(id, json!({"expression": input})).unwrap();
        let check = out["check"].as_str().unwrap();
        assert!(
            check.starts_with("proven")
                || check.starts_with("equal to the input with high")
                || check.starts_with("agrees with the input at"),
            "{id} {input}: {out}"
        );
    }
    let out = run(
        "expression.simplify.compute",
        json!({"expression": "sin(x)^2 + cos(x)^2"}),
    )
    .unwrap();
    assert_eq!(out["expression"], "1");
}

#[test]
fn derivative_vectors_and_matrices_are_the_partials() {
    let g = run(
        "expression.gradient.compute",
        json!({"expression": "x^2*y + sin(y)", "variables": ["x", "y"]}),
    )
    .unwrap();
    let h = run(
        "expression.hessian.compute",
        json!({"expression": "x^2*y + sin(y)", "variables": ["x", "y"]}),
    )
    .unwrap();
    eprintln!("{g}\n{h}");
    let texts = |v: &Value| -> Vec<String> {
        let mut out = Vec::new();
        let mut stack = vec![v.clone()];
        while let Some(v) = stack.pop() {
            match v {
                Value::Object(m) if m.contains_key("expression") && m.contains_key("latex") => {
                    out.push(m["expression"].as_str().unwrap().to_string())
                }
                Value::Object(m) => stack.extend(m.into_iter().map(|(_, v)| v)),
                Value::Array(a) => stack.extend(a),
                _ => {}
            }
        }
        out.sort();
        out
    };
    assert_eq!(texts(&g), ["2*x*y", "x^2 + cos(y)"]);
    assert_eq!(texts(&h), ["-sin(y)", "2*x", "2*x", "2*y"]);
}

/// Antiderivatives against SymPy's: ours is checked by differentiation
/// inside the operation; here F(p) − F(p₀) must agree with SymPy's at its
/// points where both are real, and where SymPy answers and we say unknown
/// is counted by family.
#[test]
fn antiderivatives_agree_with_sympy_up_to_a_constant() {
    let cases = corpus("integral");
    let mut tally: BTreeMap<String, [usize; 4]> = BTreeMap::new();
    let (mut compared, mut jumps) = (0, 0);
    for c in &cases {
        let out = run(
            "expression.integral.compute",
            json!({"expression": c["expr"], "variable": c["var"]}),
        )
        .unwrap_or_else(|e| panic!("{}: {e:?}", c["expr"]));
        let found = out["status"] == "found";
        let sympy = !c["answer"].is_null();
        // [both, sympy only, ours only, neither]
        let slot = match (sympy, found) {
            (true, true) => 0,
            (true, false) => 1,
            (false, true) => 2,
            (false, false) => 3,
        };
        tally
            .entry(c["family"].as_str().unwrap_or("?").to_string())
            .or_default()[slot] += 1;
        if !(found && sympy) {
            continue;
        }
        let ours = parse(out["antiderivative"]["expression"].as_str().unwrap()).unwrap();
        let points = c["points"].as_array().unwrap();
        let values: Vec<Option<(Q, Q)>> = points.iter().map(|p| value_at(&ours, p)).collect();
        for i in 1..points.len() {
            let (Some(v0), Some(vi)) = (&values[0], &values[i]) else {
                continue;
            };
            // Our difference, enclosed; SymPy's, to 40 digits.
            let ours_lo = vi.0.clone() - &v0.1;
            let ours_hi = vi.1.clone() - &v0.0;
            let theirs = decimal(points[i]["value"].as_str().unwrap())
                - decimal(points[0]["value"].as_str().unwrap());
            let slack =
                Q::new(1.into(), num_bigint::BigInt::from(10).pow(25)) * (theirs.abs() + int(1));
            if ours_lo - &slack <= theirs && theirs <= ours_hi + slack {
                compared += 1;
                continue;
            }
            // Antiderivatives may differ by a different constant on each
            // interval of continuity (tan(x) − atan(tan(x)) against
            // tan(x) − x): a disagreement is a defect only where ours is
            // shown continuous between the two points.
            let var = c["var"].as_str().unwrap();
            let (a, b) = (&points[0][var], &points[i][var]);
            let definite = run(
                "expression.definite_integral.compute",
                json!({"expression": c["expr"], "variable": var, "from": a, "to": b}),
            )
            .unwrap();
            assert!(
                definite["status"] == "unknown",
                "∫ {} d{var} = {} differs from SymPy's {} between {a} and {b}, where ours is continuous",
                c["expr"],
                out["antiderivative"]["expression"],
                c["answer"]
            );
            jumps += 1;
        }
    }
    eprintln!(
        "antiderivatives ({} integrands), per family [both, SymPy only, ours only, neither]:",
        cases.len()
    );
    let mut totals = [0; 4];
    for (family, t) in &tally {
        eprintln!("  {family:12} {t:?}");
        for k in 0..4 {
            totals[k] += t[k];
        }
    }
    eprintln!(
        "  {:12} {totals:?}; {compared} differences agree, {jumps} across a discontinuity of ours",
        "all"
    );
    // Rational functions completely: none left unknown.
    let rational = tally.get("rational").copied().unwrap_or_default();
    assert_eq!((rational[1], rational[3]), (0, 0), "{rational:?}");
    // We answer at least 95% of what SymPy answers (97.5% when written).
    assert!(
        totals[0] * 100 >= (totals[0] + totals[1]) * 95,
        "{totals:?}"
    );
}

/// Series against SymPy's terms, coefficient by coefficient (proven or
/// probably equal), counting refusals.
#[test]
fn series_match_sympy_term_by_term() {
    let cases = corpus("series");
    let (mut matched, mut refused) = (0, Vec::new());
    for c in &cases {
        let out = match run(
            "expression.series.compute",
            json!({"expression": c["expr"], "variable": c["var"], "at": c["point"], "order": c["order"]}),
        ) {
            Ok(out) => out,
            Err(e) => {
                refused.push(format!("{} at {}: {}", c["expr"], c["point"], e.message));
                continue;
            }
        };
        let ours: BTreeMap<Q, Expr> = out["terms"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| {
                let k: Q = t["exponent"].as_str().unwrap().parse().unwrap();
                (
                    k,
                    parse(t["coefficient"]["expression"].as_str().unwrap()).unwrap(),
                )
            })
            .collect();
        let theirs: BTreeMap<Q, Expr> = c["terms"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| {
                (
                    t[0].as_str().unwrap().parse().unwrap(),
                    parse(t[1].as_str().unwrap()).unwrap(),
                )
            })
            .collect();
        for k in ours.keys().chain(theirs.keys()) {
            let zero = Expr::zero();
            let d = ours
                .get(k)
                .unwrap_or(&zero)
                .minus(theirs.get(k).unwrap_or(&zero));
            let verdict = hessian_kernels::expr::zero::is_zero(&d, &Budget::unlimited()).unwrap();
            assert!(
                proven_or_probable(&verdict),
                "series of {} at {}: the coefficient of t^{k} is {} here and {} in SymPy ({verdict:?})",
                c["expr"],
                c["point"],
                ours.get(k)
                    .map(hessian_kernels::expr::print::text)
                    .unwrap_or_default(),
                theirs
                    .get(k)
                    .map(hessian_kernels::expr::print::text)
                    .unwrap_or_default()
            );
        }
        matched += 1;
    }
    eprintln!(
        "series: {matched} of {} match SymPy term by term; refused {}:",
        cases.len(),
        refused.len()
    );
    for r in &refused {
        eprintln!("  {r}");
    }
    assert!(refused.len() * 20 <= cases.len(), "more than 5% refused");
}

/// The operation's direction for a corpus limit (SymPy's dir "+", "-", "+-").
fn direction_of(c: &Value) -> &'static str {
    match (c["point"].as_str().unwrap(), c["dir"].as_str().unwrap()) {
        ("inf" | "-inf", _) => "both",
        (_, "+") => "right",
        (_, "-") => "left",
        _ => "both",
    }
}

/// Limits against SymPy's: a value equal (proven or probable), the same
/// infinity; unknown counted by kind.
#[test]
fn limits_match_sympy() {
    let cases = corpus("limit");
    let mut tally: BTreeMap<String, [usize; 2]> = BTreeMap::new();
    for c in &cases {
        let direction = direction_of(c);
        let out = run(
            "expression.limit.compute",
            json!({"expression": c["expr"], "variable": c["var"], "at": c["point"], "direction": direction}),
        )
        .unwrap_or_else(|e| panic!("{}: {e:?}", c["expr"]));
        let origin = c["origin"].as_str().unwrap().to_string();
        let status = out["status"].as_str().unwrap();
        let answered = status != "unknown";
        tally.entry(origin).or_default()[usize::from(!answered)] += 1;
        if !answered {
            continue;
        }
        let expected = c["answer"].as_str();
        match status {
            "plus_infinity" => assert_eq!(expected, Some("inf"), "{}: {out}", c["expr"]),
            "minus_infinity" => assert_eq!(expected, Some("-inf"), "{}: {out}", c["expr"]),
            "one_sided_limits_differ" => assert!(
                expected.is_none() || c["dir"] == "+-",
                "{}: {out} against {expected:?}",
                c["expr"]
            ),
            _ => {
                let theirs = parse(
                    expected.unwrap_or_else(|| panic!("{}: {out} where SymPy has none", c["expr"])),
                )
                .unwrap();
                let ours = parse(out["value"]["expression"].as_str().unwrap()).unwrap();
                let verdict = hessian_kernels::expr::zero::is_zero(
                    &ours.minus(&theirs),
                    &Budget::unlimited(),
                )
                .unwrap();
                assert!(
                    proven_or_probable(&verdict),
                    "lim {} at {}: {} here, {} in SymPy",
                    c["expr"],
                    c["point"],
                    out["value"]["expression"],
                    c["answer"]
                );
            }
        }
    }
    eprintln!(
        "limits ({} cases) by origin [answered, unknown]: {tally:?}",
        cases.len()
    );
    let unknown: usize = tally.values().map(|t| t[1]).sum();
    assert!(unknown * 10 <= cases.len(), "{unknown} unknown");
}

/// Sums against SymPy's closed forms: equal (proven or probable) where
/// both answer; where SymPy answers and we say unknown is counted by
/// family.
#[test]
fn sums_match_sympy() {
    let cases = corpus("sum");
    let mut tally: BTreeMap<String, [usize; 3]> = BTreeMap::new();
    for c in &cases {
        let out = run(
            "expression.sum.compute",
            json!({"expression": c["summand"], "index": c["var"], "from": c["lower"], "to": c["upper"]}),
        )
        .unwrap_or_else(|e| panic!("{}: {e:?}", c["summand"]));
        let family = c["family"].as_str().unwrap().to_string();
        let status = out["status"].as_str().unwrap();
        // [both, SymPy only, neither]
        let slot = match (c["answer"].is_null(), status) {
            (false, "value") => 0,
            (false, _) => 1,
            _ => 2,
        };
        tally.entry(family).or_default()[slot] += 1;
        if slot != 0 {
            continue;
        }
        let ours = parse(out["value"]["expression"].as_str().unwrap()).unwrap();
        let theirs = parse(c["answer"].as_str().unwrap()).unwrap();
        let verdict =
            hessian_kernels::expr::zero::is_zero(&ours.minus(&theirs), &Budget::unlimited())
                .unwrap();
        // (−1/3)^n has no real value at the checker's non-integer points:
        // then SymPy's values at its integer points decide.
        let at_points = || {
            c["points"].as_array().is_some_and(|ps| {
                ps.iter().all(|p| {
                    value_at(&ours, p).is_some_and(|v| agrees(v, p["value"].as_str().unwrap()))
                })
            })
        };
        assert!(
            proven_or_probable(&verdict) || at_points(),
            "Σ {} from {} to {}: {} here, {} in SymPy",
            c["summand"],
            c["lower"],
            c["upper"],
            out["value"]["expression"],
            c["answer"]
        );
    }
    eprintln!(
        "sums ({} cases) by family [both, SymPy only, neither]: {tally:?}",
        cases.len()
    );
    // Every polynomial and geometric sum is answered.
    for family in ["faulhaber", "polynomial", "geometric", "numeric bounds"] {
        let t = tally.get(family).copied().unwrap_or_default();
        assert_eq!(t[1], 0, "{family}: {t:?}");
    }
}

/// Rational functions completely: every integrand of the root-sum corpus
/// (irreducible denominator factors of degree 3–6) gets an antiderivative,
/// which expression.antiderivative.check proves (through the interpolated
/// root sums of its derivative, not the trace certificate the integrator
/// used) and refutes when perturbed; and the root sums of SymPy's answer
/// (Lazard–Rioboo–Trager) are ours: each irreducible factor of degree ≥ 3
/// of its RootSum polynomials is the polynomial of one of our root sums.
#[test]
fn root_sums_match_sympy_lazard_rioboo_trager() {
    let cases = corpus("rootsum");
    let (mut same, mut radicals, mut sympy_none) = (0, 0, 0);
    for c in &cases {
        let out = run(
            "expression.integral.compute",
            json!({"expression": c["expr"], "variable": c["var"]}),
        )
        .unwrap();
        assert_eq!(out["status"], "found", "∫ {}: {out}", c["expr"]);
        let f = out["antiderivative"]["expression"].as_str().unwrap();
        let check = run(
            "expression.antiderivative.check",
            json!({"antiderivative": f, "integrand": c["expr"], "variable": "x"}),
        )
        .unwrap();
        assert_eq!(
            (&check["holds"], &check["certainty"]),
            (&json!(true), &json!("proven")),
            "∫ {} = {f}: {check}",
            c["expr"]
        );
        let wrong = run(
            "expression.antiderivative.check",
            json!({"antiderivative": format!("{f} + x/1000"), "integrand": c["expr"], "variable": "x"}),
        )
        .unwrap();
        assert_eq!(wrong["holds"], false, "{f} + x/1000");
        let mut ours: Vec<Vec<String>> = Vec::new();
        root_sum_polynomials(&parse(f).unwrap(), &mut ours);
        let Some(theirs) = c["root_sum_factors"].as_array() else {
            sympy_none += 1;
            continue;
        };
        for factor in theirs {
            let factor: Vec<String> = factor
                .as_array()
                .unwrap()
                .iter()
                .map(|q| decimal(q.as_str().unwrap()).to_string())
                .collect();
            assert!(
                ours.contains(&factor),
                "∫ {}: SymPy's root sum over {factor:?} is not among ours in {f}",
                c["expr"]
            );
        }
        if theirs.len() == ours.len() {
            same += 1;
        } else {
            radicals += 1;
        }
    }
    eprintln!(
        "root sums ({} integrands, all answered and proven): {same} with SymPy's root sums, {radicals} where SymPy wrote roots of degree 3 or 4 in radicals, {sympy_none} where SymPy did not answer",
        cases.len()
    );
}

/// The residue polynomials of the terms c·root_sum(M, t, t·log S) of a
/// sum: M_c(t) = c^m·M(t/c), whose roots c·θ are the residues.
fn root_sum_polynomials(e: &Expr, out: &mut Vec<Vec<String>>) {
    let terms = match e.node() {
        hessian_kernels::expr::Node::Add(ts) => ts.clone(),
        _ => vec![e.clone()],
    };
    for t in terms {
        let (c, rest) = t.coefficient_and_rest();
        if let hessian_kernels::expr::Node::RootSum(p, _) = rest.node() {
            let m = p.len() - 1;
            out.push(
                p.iter()
                    .enumerate()
                    .map(|(k, q)| (q * num_traits::Pow::pow(&c, (m - k) as u32)).to_string())
                    .collect(),
            );
        }
    }
}

/// SymPy's antiderivatives are antiderivatives by our checker (never
/// false), and a perturbed one is refuted.
#[test]
fn sympy_antiderivatives_pass_the_checker() {
    let (mut proven, mut probable, mut unknown) = (0, 0, 0);
    for c in corpus("integral").iter().filter(|c| !c["answer"].is_null()) {
        let out = run(
            "expression.antiderivative.check",
            json!({"antiderivative": c["answer"], "integrand": c["expr"], "variable": c["var"]}),
        )
        .unwrap_or_else(|e| panic!("{}: {e:?}", c["expr"]));
        assert_ne!(
            out["holds"], false,
            "∫ {} = {}: {out}",
            c["expr"], c["answer"]
        );
        match out["certainty"].as_str().unwrap() {
            "proven" => proven += 1,
            "probable" => probable += 1,
            _ => unknown += 1,
        }
        let wrong = format!("({}) + x^2/1000", c["answer"].as_str().unwrap());
        let out = run(
            "expression.antiderivative.check",
            json!({"antiderivative": wrong, "integrand": c["expr"], "variable": c["var"]}),
        )
        .unwrap();
        assert_ne!(out["holds"], true, "{wrong} passed for {}", c["expr"]);
    }
    eprintln!("SymPy's antiderivatives: {proven} proven, {probable} probable, {unknown} unknown");
    assert!(unknown * 20 <= proven + probable + unknown);
}

#[test]
fn partial_fractions_are_the_known_ones() {
    for (input, expected) in [
        ("1/(x^2 - 1)", "1/(2*(x - 1)) - 1/(2*(x + 1))"),
        ("(x^3 + 2)/(x^2 + x)", "x - 1 + 2/x - 1/(x + 1)"),
        ("1/(x^3 + 1)", "1/(3*(x + 1)) + (-x + 2)/(3*(x^2 - x + 1))"),
    ] {
        let out = run(
            "expression.partial_fractions.compute",
            json!({"expression": input, "variable": "x"}),
        )
        .unwrap();
        let (ours, theirs) = (
            parse(out["expression"].as_str().unwrap()).unwrap(),
            parse(expected).unwrap(),
        );
        assert!(
            matches!(
                hessian_kernels::expr::zero::is_zero(&ours.minus(&theirs), &Budget::unlimited())
                    .unwrap(),
                hessian_kernels::expr::zero::Verdict::Proven { .. }
            ),
            "{input}: {}",
            out["expression"]
        );
        assert!(out["fractions"].as_array().unwrap().len() >= 2, "{input}");
    }
}

/// The conditions of a corpus case ({"y(0)": "1", "y'(0)": "-2"}) as the
/// operation's input.
fn conditions_of(ics: &Value) -> Vec<Value> {
    ics.as_object()
        .map(|m| {
            m.iter()
                .map(|(k, v)| {
                    let order = k.matches('\'').count();
                    let at = &k[k.find('(').unwrap() + 1..k.len() - 1];
                    json!({"at": at, "value": v, "derivative": order})
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Every general solution found satisfies SymPy's checkodesol-verified
/// equation by our own substitution (the operation checks it), SymPy's
/// general solution passes our checker, and every initial value problem
/// solved takes SymPy's values at its points.
#[test]
fn odes_match_sympy() {
    let cases = corpus("ode");
    let mut tally: BTreeMap<String, [usize; 2]> = BTreeMap::new();
    for c in &cases {
        let equation = c["ode"].as_str().unwrap();
        let family = c["family"].as_str().unwrap().to_string();
        let general = run("expression.ode.solve", json!({"equation": equation}))
            .unwrap_or_else(|e| panic!("{equation}: {e:?}"));
        let solved = general["status"] == "solved";
        tally.entry(family).or_default()[usize::from(!solved)] += 1;
        let check = run(
            "expression.ode_solution.check",
            json!({"equation": equation, "solution": c["answer"]}),
        )
        .unwrap_or_else(|e| panic!("{equation}: {e:?}"));
        assert_eq!(
            check["holds"], true,
            "{equation}: SymPy's {} → {check}",
            c["answer"]
        );
        let wrong = format!("{} + x^3/1000", c["answer"].as_str().unwrap());
        let check = run(
            "expression.ode_solution.check",
            json!({"equation": equation, "solution": wrong}),
        )
        .unwrap_or_else(|e| panic!("{equation}: {e:?}"));
        assert_eq!(check["holds"], false, "{equation}: {wrong} → {check}");
        if !solved || c["ics"].is_null() {
            continue;
        }
        let order = (1..=4)
            .rev()
            .find(|k| equation.contains(&"'".repeat(*k)))
            .unwrap();
        assert_eq!(
            general["constants"].as_array().map(Vec::len),
            Some(order),
            "{equation}: {general}"
        );
        let ivp = run(
            "expression.ode.solve",
            json!({"equation": equation, "conditions": conditions_of(&c["ics"])}),
        )
        .unwrap_or_else(|e| panic!("{equation}: {e:?}"));
        assert_eq!(
            ivp["status"], "solved",
            "{equation} with {}: {ivp}",
            c["ics"]
        );
        let text = ivp["solution"]["equation"].as_str().unwrap();
        let y = parse(
            text.strip_prefix("y = ")
                .unwrap_or_else(|| panic!("{text}")),
        )
        .unwrap();
        for p in c["particular_points"].as_array().unwrap() {
            let v = value_at(&y, p).unwrap_or_else(|| panic!("{equation}: {text} at {p}"));
            assert!(
                agrees(v.clone(), p["value"].as_str().unwrap()),
                "{equation} with {}: {text} at {p} is {v:?}",
                c["ics"]
            );
        }
    }
    eprintln!(
        "odes ({} cases) by family [solved, unknown]: {tally:?}",
        cases.len()
    );
    for (family, t) in &tally {
        assert_eq!(t[1], 0, "{family}: {t:?}");
    }
}

/// SymPy's series pass the series checker (never false), and each with
/// its first coefficient changed is refuted at that exponent.
#[test]
fn sympy_series_pass_the_series_checker() {
    let (mut held, mut unknown) = (0, 0);
    for c in &corpus("series") {
        let input = |claimed: &str| json!({"expression": c["expr"], "variable": c["var"], "at": c["point"], "claimed": claimed, "order": c["order"]});
        let Ok(out) = run(
            "expression.series.check",
            input(c["answer"].as_str().unwrap()),
        ) else {
            unknown += 1;
            continue;
        };
        match out["holds"].as_bool() {
            Some(true) => held += 1,
            Some(false) => panic!(
                "series of {} at {}: SymPy's {} → {out}",
                c["expr"], c["point"], c["answer"]
            ),
            None => unknown += 1,
        }
        if out["holds"] != true || c["point"] == "inf" || c["point"] == "-inf" {
            continue;
        }
        let first = &c["terms"][0];
        let wrong = format!(
            "({}) + ({} - {})^{}/7",
            c["answer"].as_str().unwrap(),
            c["var"].as_str().unwrap(),
            c["point"].as_str().unwrap(),
            first[0].as_str().unwrap()
        );
        let out = run("expression.series.check", input(&wrong)).unwrap();
        assert_eq!(out["holds"], false, "{}: {wrong} → {out}", c["expr"]);
        assert_eq!(
            out["first_difference"]["exponent"].to_string(),
            first[0].as_str().unwrap(),
            "{}: {out}",
            c["expr"]
        );
    }
    eprintln!("series.check: {held} of SymPy's series hold, {unknown} unknown");
    assert!(unknown * 20 <= held, "{unknown} unknown");
}

/// SymPy's limits pass the limit checker (never false); a claim off by
/// one is refuted whenever the limit is found.
#[test]
fn sympy_limits_pass_the_limit_checker() {
    let (mut held, mut refuted, mut unknown) = (0, 0, 0);
    for c in corpus("limit").iter().filter(|c| !c["answer"].is_null()) {
        let direction = direction_of(c);
        let claim = |claimed: &str| {
            run(
                "expression.limit.check",
                json!({"expression": c["expr"], "variable": c["var"], "at": c["point"], "direction": direction, "claimed": claimed}),
            )
            .unwrap_or_else(|e| panic!("{}: {e:?}", c["expr"]))
        };
        let answer = c["answer"].as_str().unwrap();
        let out = claim(answer);
        match out["holds"].as_bool() {
            Some(true) => held += 1,
            Some(false) => panic!(
                "lim {} at {}: SymPy's {answer} → {out}",
                c["expr"], c["point"]
            ),
            None => {
                unknown += 1;
                continue;
            }
        }
        let wrong = if answer.contains("inf") {
            "0".to_string()
        } else {
            format!("{answer} + 1")
        };
        let out = claim(&wrong);
        assert_eq!(out["holds"], false, "{}: {wrong} → {out}", c["expr"]);
        refuted += 1;
    }
    eprintln!(
        "limit.check: {held} of SymPy's limits hold ({refuted} wrong claims refuted), {unknown} unknown"
    );
    assert!(held >= 230, "{held}");
}

/// Critical points against SymPy's real roots of f′: the same number, each
/// exact point or isolating interval holding SymPy's value, the same kind.
#[test]
fn critical_points_match_sympy() {
    points_match_sympy("critical", "expression.critical_points.find", "kind");
}

/// Inflection points against SymPy's (critical points of f′ where f′ has
/// an extremum): the same points and changes of concavity.
#[test]
fn inflection_points_match_sympy() {
    points_match_sympy(
        "inflection",
        "expression.inflection_points.find",
        "concavity",
    );
}

/// dy/dx on curves against SymPy's idiff: equal (proven or probable).
#[test]
fn implicit_derivatives_match_sympy() {
    for c in &corpus("implicit") {
        let out = run(
            "expression.implicit_derivative.compute",
            json!({"equation": c["equation"], "variable": c["var"], "dependent": c["dependent"]}),
        )
        .unwrap_or_else(|e| panic!("{}: {e:?}", c["equation"]));
        let ours = parse(out["derivative"]["expression"].as_str().unwrap()).unwrap();
        let theirs = parse(c["answer"].as_str().unwrap()).unwrap();
        let verdict =
            hessian_kernels::expr::zero::is_zero(&ours.minus(&theirs), &Budget::unlimited())
                .unwrap();
        assert!(
            proven_or_probable(&verdict),
            "{}: {} here, {} in SymPy",
            c["equation"],
            out["derivative"]["expression"],
            c["answer"]
        );
    }
}

/// Points of `id` against the corpus `name`: the same number, each exact
/// point or isolating interval holding SymPy's value, the same `label`.
fn points_match_sympy(name: &str, id: &str, label: &str) {
    let cases = corpus(name);
    let mut unknown = Vec::new();
    let mut points = 0;
    for c in &cases {
        let out = run(id, json!({"expression": c["expr"], "variable": c["var"]}))
            .unwrap_or_else(|e| panic!("{}: {e:?}", c["expr"]));
        if out["status"] != "found" {
            unknown.push(c["expr"].to_string());
            continue;
        }
        let (ours, theirs) = (
            out["points"].as_array().unwrap(),
            c["points"].as_array().unwrap(),
        );
        assert_eq!(
            ours.len(),
            theirs.len(),
            "{}: {out} against {theirs:?}",
            c["expr"]
        );
        for (p, q) in ours.iter().zip(theirs) {
            let oracle = q["value"].as_str().unwrap();
            let inside = match p["x"]["expression"].as_str() {
                Some(e) => {
                    value_at(&parse(e).unwrap(), &json!({})).is_some_and(|v| agrees(v, oracle))
                }
                None => {
                    let end = |i: usize| p["between"][i].as_str().unwrap().parse::<Q>().unwrap();
                    let v = decimal(oracle);
                    let slack = Q::new(1.into(), hessian_kernels::BigInt::from(10).pow(30));
                    end(0) - &slack <= v && v <= end(1) + slack
                }
            };
            assert!(inside, "{}: {p} does not hold SymPy's {oracle}", c["expr"]);
            assert_eq!(p[label], q[label], "{}: {p} against {q}", c["expr"]);
            points += 1;
        }
    }
    eprintln!(
        "{name}: {points} points in {} functions agree with SymPy; unknown {unknown:?}",
        cases.len()
    );
    assert!(unknown.is_empty());
}

/// Products against exact values by direct multiplication at five n, and
/// counted against where SymPy's product() answers.
#[test]
fn products_match_direct_multiplication() {
    let cases = corpus("product");
    // [both, SymPy only, ours only, neither]
    let mut tally = [0usize; 4];
    for c in &cases {
        let out = run(
            "expression.product.compute",
            json!({"expression": c["factor"], "index": c["index"], "from": c["lower"], "to": c["upper"]}),
        )
        .unwrap_or_else(|e| panic!("{}: {e:?}", c["factor"]));
        let ours = out["status"] == "value";
        tally[match (ours, !c["answer"].is_null()) {
            (true, true) => 0,
            (false, true) => 1,
            (true, false) => 2,
            (false, false) => 3,
        }] += 1;
        if !ours {
            continue;
        }
        let value = parse(out["value"]["expression"].as_str().unwrap()).unwrap();
        for (n, want) in c["values"].as_object().unwrap() {
            let at = value.substitute(&BTreeMap::from([("n".to_string(), parse(n).unwrap())]));
            let d = at.minus(&parse(want.as_str().unwrap()).unwrap());
            let verdict = hessian_kernels::expr::zero::is_zero(&d, &Budget::unlimited()).unwrap();
            assert!(
                matches!(verdict, hessian_kernels::expr::zero::Verdict::Proven { .. }),
                "∏ {} from {}: {} at n = {n} is not {want} ({verdict:?})",
                c["factor"],
                c["lower"],
                out["value"]["expression"]
            );
        }
    }
    eprintln!(
        "products ({} cases) [both, SymPy only, ours only, neither]: {tally:?}",
        cases.len()
    );
    assert_eq!(tally[1], 0, "{tally:?}");
}

/// Integrals without an elementary antiderivative are enclosed by the
/// certified quadrature, and every enclosure holds mpmath's value
/// (mpmath 1.3 quad at 40 digits).
#[test]
fn certified_quadrature_encloses_mpmath_values() {
    for (f, a, b, mpmath) in [
        ("exp(-x^2)", "0", "1", "0.746824132812427025399467436132"),
        ("sin(x)/x", "1", "pi", "0.905853981615283155419700056335"),
        ("sqrt(1 + x^4)", "0", "2", "3.65348449313971878093895634225"),
        ("x^x", "1", "2", "2.0504462345347312596568300124"),
        ("1/log(x)", "2", "10", "5.12043572466980515267839286347"),
        ("cos(x^2)", "0", "1", "0.904524237900272081474788366833"),
    ] {
        let out = run(
            "expression.definite_integral.compute",
            json!({"expression": f, "variable": "x", "from": a, "to": b}),
        )
        .unwrap_or_else(|e| panic!("{f}: {e:?}"));
        assert_eq!(out["status"], "enclosed", "{f}: {out}");
        let end = |i: usize| out["enclosure"][i].as_str().unwrap().parse::<Q>().unwrap();
        let v = decimal(mpmath);
        let slack = Q::new(1.into(), hessian_kernels::BigInt::from(10).pow(28));
        assert!(
            end(0) - &slack <= v && v <= end(1) + slack,
            "{f}: {out} misses {mpmath}"
        );
        assert!(
            end(1) - end(0) < Q::new(1.into(), hessian_kernels::BigInt::from(10).pow(11)),
            "{f}: {out}"
        );
        let shown = decimal(out["numeric"].as_str().unwrap());
        let bound = decimal(out["error_bound"].as_str().unwrap());
        assert!((shown - &v).abs() <= bound, "{f}: {out} against {mpmath}");
    }
    // A pole inside is not smoothed over.
    let out = run(
        "expression.definite_integral.compute",
        json!({"expression": "exp(x)/x", "variable": "x", "from": "-1", "to": "1"}),
    )
    .unwrap();
    assert_eq!(out["status"], "unknown", "{out}");
}

/// 10,000 digits of π, e, e^π − π, log 2, 2^(1/3), log(1 + 10^-20),
/// e^−π·log 3 and Euler's γ agree with mpmath's 10,020 (computed at two precisions that
/// agree): the distance is within our error bound plus mpmath's last place.
#[test]
fn ten_thousand_digits_agree_with_mpmath() {
    for c in &corpus("numeric_big") {
        let out = run(
            "expression.numeric.evaluate",
            json!({"expression": c["expr"], "digits": c["digits"]}),
        )
        .unwrap_or_else(|e| panic!("{}: {e:?}", c["expr"]));
        let ours = decimal(out["value"].as_str().unwrap());
        let bound = decimal(out["error_bound"].as_str().unwrap());
        let oracle = decimal(c["value"].as_str().unwrap());
        let mpmath_ulp = oracle.abs() * Q::new(1.into(), num_bigint::BigInt::from(10).pow(10_015));
        assert!(
            (ours - oracle).abs() <= bound + mpmath_ulp,
            "{} to 10,000 digits",
            c["expr"]
        );
    }
}

/// Improper integrals against SymPy's (values confirmed by mpmath quad):
/// equal (proven or probable) where both answer, the same infinity where
/// SymPy says the integral diverges; never a finite value where SymPy
/// says it diverges or the reverse. Unknowns are counted.
#[test]
fn improper_integrals_match_sympy() {
    let (mut found, mut diverges, mut unknown, mut sympy_only) = (0, 0, 0, 0);
    for c in &corpus("improper") {
        let out = run(
            "expression.definite_integral.compute",
            json!({"expression": c["expr"], "variable": c["var"], "from": c["from"], "to": c["to"]}),
        )
        .unwrap_or_else(|e| panic!("{}: {e:?}", c["expr"]));
        let theirs = c["answer"].as_str();
        match out["status"].as_str().unwrap() {
            "found" => {
                let theirs = theirs.unwrap_or_else(|| panic!("{}: {out}", c["expr"]));
                let ours = parse(out["value"]["expression"].as_str().unwrap()).unwrap();
                let verdict = hessian_kernels::expr::zero::is_zero(
                    &ours.minus(&parse(theirs).unwrap()),
                    &Budget::unlimited(),
                )
                .unwrap();
                assert!(
                    proven_or_probable(&verdict),
                    "∫ {} from {} to {}: {out}, SymPy {theirs}",
                    c["expr"],
                    c["from"],
                    c["to"]
                );
                found += 1;
            }
            "diverges" => {
                assert_eq!(theirs, out["diverges_to"].as_str(), "{}: {out}", c["expr"]);
                diverges += 1;
            }
            _ => {
                unknown += 1;
                sympy_only += usize::from(theirs.is_some());
            }
        }
    }
    eprintln!(
        "improper integrals: {found} values and {diverges} divergences as SymPy's, {unknown} unknown ({sympy_only} of them answered by SymPy)"
    );
    assert!(found + diverges >= 50, "{found} + {diverges}");
}

/// Each simplify goal returns its form, checked equal to the input.
#[test]
fn simplify_goals_return_their_forms() {
    let cases = [
        ("expand", "(x + 1)^2*(x - 1)", "x^3 + x^2 - x - 1"),
        ("factor", "x^3 - x", "x*(x - 1)*(x + 1)"),
        ("combine", "1/x + 1/(x + 1)", "(2*x + 1)/(x^2 + x)"),
        ("trig", "tan(x)*cos(x) + sec(x)^2 - tan(x)^2", "sin(x) + 1"),
        ("simplest", "(x^2 - 1)/(x - 1)", "x + 1"),
    ];
    for (goal, input, want) in cases {
        let out = run(
            "expression.simplify.compute",
            json!({"expression": input, "goal": goal}),
        )
        .unwrap();
        assert_eq!(out["expression"], want, "{goal}: {out}");
        assert!(
            out["check"].as_str().unwrap().starts_with("proven"),
            "{goal}: {out}"
        );
    }
    assert!(
        run(
            "expression.simplify.compute",
            json!({"expression": "x*y + x", "goal": "factor"})
        )
        .is_err()
    );
}
