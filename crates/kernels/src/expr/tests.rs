use super::diff::derivative;
use super::expand::{Halt, expand};
use super::print::{latex, text};
use super::*;
use crate::{Budget, Stop};

fn p(s: &str) -> Expr {
    parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// The canonical text of `s`, which must re-parse to the same tree.
fn canon(s: &str) -> String {
    let e = p(s);
    let t = text(&e);
    assert_eq!(p(&t), e, "{s} printed as {t} re-parses to something else");
    t
}

#[test]
fn automatic_simplification_gives_one_canonical_form() {
    for (input, want) in [
        ("x + x", "2*x"),
        ("x*x", "x^2"),
        ("x^2*x^3", "x^5"),
        ("(x+1) - (x+1)", "0"),
        ("2*(x+1)", "2*x + 2"),
        ("x - 2*x", "-x"),
        ("exp(a)*exp(b)", "exp(a + b)"),
        ("exp(log(x))", "x"),
        ("log(e)", "1"),
        ("log(exp(x))", "x"),
        ("i^2", "-1"),
        ("i*i*i", "-i"),
        ("sqrt(12)", "2*sqrt(3)"),
        ("sqrt(8)*sqrt(2)", "4"),
        ("sqrt(1/2)", "sqrt(2)/2"),
        ("8^(1/3)", "2"),
        ("(-4)^(1/2)", "2*i"),
        ("2^10", "1024"),
        ("2^-2", "1/4"),
        ("sin(pi/6)", "1/2"),
        ("cos(pi/4)", "sqrt(2)/2"),
        ("sin(-x)", "-sin(x)"),
        ("cos(-x)", "cos(x)"),
        ("tan(pi/3)", "sqrt(3)"),
        ("atan(1)", "pi/4"),
        ("acos(-1/2)", "2*pi/3"),
        ("5!", "120"),
        ("gamma(1/2)", "sqrt(pi)"),
        ("binomial(10, 3)", "120"),
        ("log(1/8)", "-log(8)"),
        ("log(-2)", "i*pi + log(2)"),
        ("(x^2)^3", "x^6"),
        ("(2*x)^2", "4*x^2"),
        ("1/2x", "x/2"),
        ("2x(x+1)", "2*x*(x + 1)"),
        ("x/(2*y)", "x/(2*y)"),
        ("-x^2", "-x^2"),
        ("2^3^2", "512"),
        ("x^y^z", "x^(y^z)"),
        ("x**2", "x^2"),
        ("ln(x)", "log(x)"),
        ("log(8, 2)", "log(8)/log(2)"),
        ("root(x, 3)", "x^(1/3)"),
        ("0.25*x", "x/4"),
        ("abs(-3)", "3"),
        ("floor(7/2)", "3"),
    ] {
        assert_eq!(canon(input), want, "{input}");
    }
}

#[test]
fn printing_writes_highest_degree_first_and_reparses() {
    for s in [
        "x^3 - 2*x + 1/2",
        "3*x^2*sin(x) + 2*x*cos(x)",
        "exp(-x^2)",
        "1/(x^2 + 1)",
        "(x + 1)^(1/3)",
        "x^(3/2)",
        "1/sqrt(x)",
        "(-2)^x",
        "(1/2)^x",
        "-x/2",
        "a - b/2",
        "sin(x)^2 + cos(x)^2",
        "2^(1/3)*3^(1/2)",
        "(-1)^(1/3)",
        "x^(-y)",
        "pi*e*i",
        "binomial(n, k)*x^k",
    ] {
        canon(s);
    }
    assert_eq!(canon("1 + x^2 + x"), "x^2 + x + 1");
}

#[test]
fn parse_errors_name_the_place_and_the_fix() {
    for (s, want) in [
        ("sin x", "`sin` needs parentheses"),
        ("sin^2(x)", "sin(x)^2"),
        ("2 3", "the number 3 follows without an operator"),
        ("E^x", "write `e`"),
        ("(x + 1", "expected `)`"),
        ("x +", "expected a number"),
        ("foo(x)", "not a function"),
        ("x $ y", "not in the grammar"),
        ("1/0", "division by zero"),
        ("inf", "not a value here"),
        ("log(x, y, z)", "takes"),
        ("", "empty"),
    ] {
        let e = parse(s).expect_err(s);
        assert!(e.message.contains(want), "{s}: {e}");
    }
    let deep = format!("{}x{}", "(".repeat(300), ")".repeat(300));
    assert!(parse(&deep).unwrap_err().limit);
}

#[test]
fn derivatives_follow_the_rules() {
    for (f, want) in [
        ("x^3", "3*x^2"),
        ("sin(x^2)", "2*x*cos(x^2)"),
        ("exp(x)", "exp(x)"),
        ("exp(2*x)", "2*exp(2*x)"),
        ("log(x)", "1/x"),
        ("x^x", "x^x + x^x*log(x)"),
        ("sqrt(x)", "1/(2*sqrt(x))"),
        ("atan(x)", "1/(x^2 + 1)"),
        ("tan(x)", "tan(x)^2 + 1"),
        ("y*x^2", "2*x*y"),
        ("5", "0"),
        ("2^x", "2^x*log(2)"),
    ] {
        assert_eq!(text(&derivative(&p(f), "x")), want, "d/dx {f}");
    }
}

#[test]
fn expansion_multiplies_out_within_its_bound() {
    let b = Budget::unlimited();
    let e = expand(&p("(x+1)^3"), &b).unwrap();
    assert_eq!(text(&e), "x^3 + 3*x^2 + 3*x + 1");
    let e = expand(&p("(x+y)*(x-y)"), &b).unwrap();
    assert_eq!(text(&e), "x^2 - y^2");
    let e = expand(&p("sin((a+b)^2)"), &b).unwrap();
    assert_eq!(text(&e), "sin(a^2 + 2*a*b + b^2)");
    let started = std::time::Instant::now();
    assert_eq!(expand(&p("(x+1)^100000"), &b), Err(Halt::TooBig));
    assert_eq!(expand(&p("(x+y+z+w)^200"), &b), Err(Halt::TooBig));
    assert!(started.elapsed() < std::time::Duration::from_secs(2));
}

#[test]
fn latex_reads_as_mathematics() {
    assert_eq!(latex(&p("x^2/2")), "\\frac{x^{2}}{2}");
    assert_eq!(
        latex(&p("sqrt(x)*sin(x)")),
        "\\sqrt{x} \\cdot \\sin\\left(x\\right)"
    );
    assert_eq!(latex(&p("exp(x)")), "e^{x}");
}

#[test]
fn constants_are_enclosed_to_the_digits_asked() {
    let b = Budget::unlimited();
    let n = |s: &str, d: usize| super::interval::numeric(&p(s), d, &b).unwrap();
    assert_eq!(n("pi", 30).0, "3.14159265358979323846264338328");
    assert_eq!(n("e", 20).0, "2.7182818284590452354");
    assert_eq!(n("sqrt(2)", 15).0, "1.41421356237310");
    assert_eq!(n("exp(pi) - pi", 20).0, "19.999099979189475767");
    assert_eq!(n("sin(1)", 12).0, "0.841470984808");
    assert_eq!(n("log(2)", 10).0, "0.6931471806");
    assert_eq!(n("atan(1/3)", 10).0, "0.3217505544");
    assert_eq!(n("1/3", 5), ("0.33333".to_string(), "5e-6".to_string()));
    assert_eq!(n("10^30/7", 5).0, "1.4286e29");
    // The bound holds the true value: π to 1000 digits, checked on its tail.
    let (pi, _) = n("pi", 1000);
    assert!(pi.ends_with("09216420199"), "{}", &pi[990..]);
    assert!(super::interval::numeric(&p("sqrt(-1 - x^2)"), 10, &b).is_err());
}

#[test]
fn zero_equivalence_is_proven_disproven_or_probable() {
    use super::zero::{Verdict, is_zero};
    let b = Budget::unlimited();
    let z = |s: &str| is_zero(&p(s), &b).unwrap();
    assert!(matches!(
        z("(x+1)^2 - x^2 - 2*x - 1"),
        Verdict::Proven { .. }
    ));
    assert!(matches!(
        z("1/(x-1) - 1/(x+1) - 2/(x^2-1)"),
        Verdict::Proven { .. }
    ));
    assert!(matches!(
        z("sin(x)^4 - cos(x)^4 - sin(x)^2 + cos(x)^2"),
        Verdict::Proven { .. }
    ));
    assert!(matches!(
        z("sin(2*x) - 2*sin(x)*cos(x)"),
        Verdict::Probable { points: 8, .. }
    ));
    assert!(matches!(z("exp(2*log(x)) - x^2"), Verdict::Proven { .. }));
    match z("sin(x) - x") {
        Verdict::Disproven { point, lo, hi } => {
            assert!(point.contains_key("x"));
            assert!(lo > crate::Q::from_integer(0.into()) || hi < crate::Q::from_integer(0.into()));
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        z("sqrt(2)*sqrt(3) - sqrt(6)"),
        Verdict::Probable { .. }
    ));
    assert!(matches!(z("pi - 355/113"), Verdict::Disproven { .. }));
}

#[test]
fn derivatives_agree_with_automatic_differentiation() {
    use super::diff::{Check, check};
    let b = Budget::unlimited();
    for f in [
        "x^3*sin(x)",
        "exp(x^2)/(1+x)",
        "atan(x)*log(x)",
        "x^x",
        "sqrt(1+x^2)*cosh(x)",
        "tan(x)^2 - sec(x)",
        "asin(x/2)",
        "y*x^2 + sin(x*y)",
    ] {
        let e = p(f);
        let d = derivative(&e, "x");
        assert!(
            matches!(check(&e, "x", &d, &b).unwrap(), Check::Agreed { points: 3 }),
            "{f}"
        );
        // A wrong derivative is caught.
        let wrong = d.plus(&p("x/1000"));
        assert!(
            matches!(check(&e, "x", &wrong, &b), Err(Stop::CheckFailed(_))),
            "{f}"
        );
    }
}

#[test]
fn rational_functions_come_together_reduced() {
    use super::rational::{factor_poly, quotient, together};
    let b = Budget::unlimited();
    let t = |s: &str| {
        let (n, d) = together(&p(s), &b).unwrap().unwrap();
        text(&quotient(&n, &d))
    };
    assert_eq!(t("(x^2 - 1)/(x - 1)"), "x + 1");
    assert_eq!(t("1/(x-1) - 1/(x+1)"), "2/(x^2 - 1)");
    assert_eq!(t("x/2 + 1/3"), "x/2 + 1/3");
    assert_eq!(t("1/x + 1/y"), "(x + y)/(x*y)");
    let (c, fs) = factor_poly(&p("2*x^3 - 2*x"), &b).unwrap().unwrap();
    assert_eq!(c, crate::Q::from_integer(2.into()));
    let shown: Vec<String> = fs.iter().map(|(f, k)| format!("{}^{k}", text(f))).collect();
    assert_eq!(shown, ["x - 1^1", "x^1", "x + 1^1"]);
}

#[test]
fn differential_equations_read_primes_and_applications() {
    let d = parse_differential("y''(t) + 2y'(t)y(t) = sin(t)").unwrap();
    assert_eq!((d.function.as_str(), d.order), ("y", 2));
    assert_eq!(d.applied_to.as_deref(), Some("t"));
    assert_eq!(text(&d.left), "2*y*y__d1 + y__d2");
    let d = parse_differential("f' = x*f").unwrap();
    assert_eq!((d.function.as_str(), d.order, d.applied_to), ("f", 1, None));
    for (bad, at, why) in [
        ("y + 1 = x", 0, "no derivative"),
        ("y' + z' = 0", 5, "two functions"),
        ("y' + 1", 6, "expected `=`"),
        ("y' = 1 = 2", 7, "expected an operator"),
        ("y(x)' = 1", 4, "not in the grammar"),
        ("y'(x) + y(t) = 0", 9, "applied to `x` and to `t`"),
    ] {
        let e = parse_differential(bad).unwrap_err();
        assert!(e.message.contains(why) && e.position == at, "{bad}: {e:?}");
    }
    assert!(
        parse_differential(&format!("y{} = 0", "'".repeat(21)))
            .unwrap_err()
            .limit
    );
    // The grammar of plain expressions has no primes and no `=`.
    assert!(parse("y'").is_err() && parse("y = 1").is_err());
}
