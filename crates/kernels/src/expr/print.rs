//! Canonical text (in the grammar, re-parsing to the same expression) and
//! LaTeX. Terms are written highest degree first, products as a numerator
//! over a denominator, `e^x` as `exp(x)` and `x^(1/2)` as `sqrt(x)`.

use super::node::BOUND;
use super::node::{Constant, Expr, Func, Node};
use super::rational::Factorization;
use crate::Q;
use num_traits::{One, Signed};

/// Binding strength, for parentheses.
#[derive(Clone, Copy, PartialEq, PartialOrd)]
enum Prec {
    Sum,
    Product,
    Power,
    Atom,
}

fn prec(e: &Expr) -> Prec {
    match e.node() {
        Node::Add(_) => Prec::Sum,
        Node::Num(q) if q.is_negative() || !q.is_integer() => Prec::Product,
        Node::Mul(_) => Prec::Product,
        Node::Pow(b, x) => {
            if matches!(b.node(), Node::Const(Constant::E)) {
                Prec::Atom
            } else if x.as_num().is_some_and(|q| q.is_negative()) {
                Prec::Product
            } else if x.as_num() == Some(&Q::new(1.into(), 2.into())) {
                Prec::Atom
            } else {
                Prec::Power
            }
        }
        _ => Prec::Atom,
    }
}

/// A term's integer powers of symbols, for writing sums in graded
/// lexicographic order: highest total degree first, then by the powers of
/// the symbols in name order (`a^2 + 2*a*b + b^2`).
fn monomial(e: &Expr) -> Vec<(String, i64)> {
    let power = |f: &Expr| -> Option<(String, i64)> {
        match f.node() {
            Node::Sym(s) => Some((s.to_string(), 1)),
            Node::Pow(b, x) => {
                let k = x
                    .as_num()
                    .filter(|q| q.is_integer())
                    .and_then(|q| num_traits::ToPrimitive::to_i64(&q.to_integer()))?;
                Some((b.as_sym()?.to_string(), k))
            }
            _ => None,
        }
    };
    match e.node() {
        Node::Mul(fs) => fs.iter().filter_map(power).collect(),
        _ => power(e).into_iter().collect(),
    }
}

/// Terms in writing order: graded lexicographic, then canonical order.
fn ordered_terms(ts: &[Expr]) -> Vec<Expr> {
    let mut keyed: Vec<(i64, Vec<(String, i64)>, Expr)> = ts
        .iter()
        .map(|t| {
            let m = monomial(t);
            (m.iter().map(|(_, k)| k).sum(), m, t.clone())
        })
        .collect();
    keyed.sort_by(|(da, ma, a), (db, mb, b)| {
        db.cmp(da)
            .then_with(|| {
                // Name order; a larger power of an earlier name first.
                let names: std::collections::BTreeSet<&String> =
                    ma.iter().chain(mb.iter()).map(|(n, _)| n).collect();
                for n in names {
                    let pa = ma.iter().find(|(m, _)| m == n).map_or(0, |(_, k)| *k);
                    let pb = mb.iter().find(|(m, _)| m == n).map_or(0, |(_, k)| *k);
                    if pa != pb {
                        return pb.cmp(&pa);
                    }
                }
                std::cmp::Ordering::Equal
            })
            // Numbers last, as a polynomial's constant term.
            .then_with(|| a.as_num().is_some().cmp(&b.as_num().is_some()))
            .then_with(|| a.cmp(b))
    });
    keyed.into_iter().map(|(_, _, t)| t).collect()
}

/// The numerator and denominator factors of a product (negative integer
/// or rational powers go below), with the coefficient's parts.
fn split_fraction(e: &Expr) -> (Q, Vec<Expr>, Vec<Expr>) {
    let factors = match e.node() {
        Node::Mul(fs) => fs.clone(),
        _ => vec![e.clone()],
    };
    let mut c = Q::one();
    let (mut num, mut den) = (Vec::new(), Vec::new());
    for f in factors {
        match f.node() {
            Node::Num(q) => c = q.clone(),
            Node::Pow(b, x)
                if x.as_num().is_some_and(|q| q.is_negative())
                    && !matches!(b.node(), Node::Const(Constant::E)) =>
            {
                den.push(Expr::pow(b.clone(), x.neg()));
            }
            _ => num.push(f),
        }
    }
    // x^2*exp(x), as people write it: exponentials after the other factors
    // (the canonical order sorts e^x first; the text re-parses the same).
    num.sort_by_key(
        |f| matches!(f.node(), Node::Pow(b, _) if matches!(b.node(), Node::Const(Constant::E))),
    );
    (c, num, den)
}

/// A sum in reading order, a negative term written with " - ", in text or
/// LaTeX (`show` the first term, `wrap` the others at product precedence).
fn sum_text(
    ts: &[Expr],
    show: &dyn Fn(&Expr) -> String,
    wrap: &dyn Fn(&Expr, Prec) -> String,
) -> String {
    let mut out = String::new();
    for (k, t) in ordered_terms(ts).iter().enumerate() {
        if k == 0 {
            out.push_str(&show(t));
        } else if t.is_negative_form() {
            out.push_str(" - ");
            out.push_str(&wrap(&t.neg(), Prec::Product));
        } else {
            out.push_str(" + ");
            out.push_str(&wrap(t, Prec::Product));
        }
    }
    out
}

/// The canonical text.
pub fn text(e: &Expr) -> String {
    match e.node() {
        Node::Num(q) => {
            if q.denom().is_one() {
                q.numer().to_string()
            } else {
                format!("{}/{}", q.numer(), q.denom())
            }
        }
        Node::Sym(s) => s.to_string(),
        Node::Const(Constant::Pi) => "pi".into(),
        Node::Const(Constant::E) => "e".into(),
        Node::Const(Constant::I) => "i".into(),
        Node::Const(Constant::EulerGamma) => "euler_gamma".into(),
        Node::Undefined => "undefined".into(),
        Node::Add(ts) => sum_text(ts, &text, &wrap),
        Node::Mul(_) => product_text(e),
        Node::Pow(b, x) => power_text(b, x),
        Node::Fun(f, args) => {
            let args: Vec<String> = args.iter().map(text).collect();
            format!("{}({})", f.name(), args.join(", "))
        }
        Node::RootSum(p, body) => {
            let (v, p) = opened(p, body);
            format!(
                "root_sum({}, {v}, {})",
                text(&p),
                text(body).replace(BOUND, &v)
            )
        }
    }
}

/// A root sum's root named: the first of t, u, v, w, s, r, z, t1, t2, …
/// not free in the body, and the polynomial in that name. The body is
/// printed as it is, `%t` then renamed in the text: substituting a real
/// symbol would re-simplify it (log(exp(t)) is not t for a complex root).
fn opened(p: &[Q], body: &Expr) -> (String, Expr) {
    let free = body.symbols();
    let v = ["t", "u", "v", "w", "s", "r", "z"]
        .into_iter()
        .map(String::from)
        .chain((1..).map(|k| format!("t{k}")))
        .find(|v| !free.contains(v))
        .unwrap_or_else(|| "t".into());
    (v.clone(), super::rational::from_poly(p, &v))
}

fn wrap(e: &Expr, at_least: Prec) -> String {
    if prec(e) < at_least {
        format!("({})", text(e))
    } else {
        text(e)
    }
}

fn product_text(e: &Expr) -> String {
    let (c, num, den) = split_fraction(e);
    let sign = if c.is_negative() { "-" } else { "" };
    let c = c.abs();
    let mut top: Vec<String> = Vec::new();
    if !c.numer().is_one() || num.is_empty() {
        top.push(c.numer().to_string());
    }
    top.extend(num.iter().map(|f| wrap(f, Prec::Power)));
    let mut bottom: Vec<String> = Vec::new();
    if !c.denom().is_one() {
        bottom.push(c.denom().to_string());
    }
    bottom.extend(den.iter().map(|f| wrap(f, Prec::Power)));
    let top = top.join("*");
    match bottom.len() {
        0 => format!("{sign}{top}"),
        1 => format!("{sign}{top}/{}", bottom[0]),
        _ => format!("{sign}{top}/({})", bottom.join("*")),
    }
}

fn power_text(b: &Expr, x: &Expr) -> String {
    if matches!(b.node(), Node::Const(Constant::E)) {
        return format!("exp({})", text(x));
    }
    if let Some(q) = x.as_num() {
        if *q == Q::new(1.into(), 2.into()) {
            return format!("sqrt({})", text(b));
        }
        if q.is_negative() {
            return format!("1/{}", wrap(&Expr::pow(b.clone(), x.neg()), Prec::Power));
        }
    }
    let base = if prec(b) <= Prec::Power {
        format!("({})", text(b))
    } else {
        text(b)
    };
    let exponent = match x.node() {
        Node::Num(q) if q.is_integer() && !q.is_negative() => text(x),
        Node::Sym(_) | Node::Const(_) => text(x),
        _ => format!("({})", text(x)),
    };
    format!("{base}^{exponent}")
}

/// LaTeX for the same expression.
pub fn latex(e: &Expr) -> String {
    match e.node() {
        Node::Num(q) => {
            if q.denom().is_one() {
                q.numer().to_string()
            } else {
                let sign = if q.is_negative() { "-" } else { "" };
                format!("{sign}\\frac{{{}}}{{{}}}", q.numer().abs(), q.denom())
            }
        }
        Node::Sym(s) => latex_name(s),
        Node::Const(Constant::Pi) => "\\pi".into(),
        Node::Const(Constant::E) => "e".into(),
        Node::Const(Constant::I) => "i".into(),
        Node::Const(Constant::EulerGamma) => "\\gamma".into(),
        Node::Undefined => "\\text{undefined}".into(),
        Node::Add(ts) => sum_text(ts, &latex, &latex_wrap),
        Node::Mul(_) => {
            let (c, num, den) = split_fraction(e);
            let sign = if c.is_negative() { "-" } else { "" };
            let c = c.abs();
            let mut top: Vec<String> = Vec::new();
            if !c.numer().is_one() || num.is_empty() {
                top.push(c.numer().to_string());
            }
            // In a fraction a lone factor needs no parentheses.
            let alone = |fs: &[Expr], extra: bool| fs.len() == 1 && !extra;
            let wrap_at = |fs: &[Expr], extra: bool| {
                if alone(fs, extra) {
                    Prec::Sum
                } else {
                    Prec::Power
                }
            };
            let top_wrap = wrap_at(&num, !c.numer().is_one());
            let bottom_wrap = wrap_at(&den, !c.denom().is_one());
            let fraction = !den.is_empty() || !c.denom().is_one();
            top.extend(
                num.iter()
                    .map(|f| latex_wrap(f, if fraction { top_wrap } else { Prec::Power })),
            );
            let mut bottom: Vec<String> = Vec::new();
            if !c.denom().is_one() {
                bottom.push(c.denom().to_string());
            }
            bottom.extend(den.iter().map(|f| latex_wrap(f, bottom_wrap)));
            let top = top.join(" \\cdot ");
            if bottom.is_empty() {
                format!("{sign}{top}")
            } else {
                format!("{sign}\\frac{{{top}}}{{{}}}", bottom.join(" \\cdot "))
            }
        }
        Node::Pow(b, x) => {
            if let Some(q) = x.as_num() {
                if *q == Q::new(1.into(), 2.into()) {
                    return format!("\\sqrt{{{}}}", latex(b));
                }
                if q.is_negative() {
                    return format!("\\frac{{1}}{{{}}}", latex(&Expr::pow(b.clone(), x.neg())));
                }
                if q.numer().is_one() && !q.denom().is_one() {
                    return format!("\\sqrt[{}]{{{}}}", q.denom(), latex(b));
                }
            }
            let base = if prec(b) <= Prec::Power || matches!(b.node(), Node::Fun(..)) {
                format!("\\left({}\\right)", latex(b))
            } else {
                latex(b)
            };
            format!("{base}^{{{}}}", latex(x))
        }
        Node::Fun(f, args) => {
            let a: Vec<String> = args.iter().map(latex).collect();
            match f {
                Func::Abs => format!("\\left|{}\\right|", a[0]),
                Func::Floor => format!("\\left\\lfloor {}\\right\\rfloor", a[0]),
                Func::Ceil => format!("\\left\\lceil {}\\right\\rceil", a[0]),
                Func::Factorial => format!("{}!", latex_wrap(&args[0], Prec::Atom)),
                Func::Binomial => format!("\\binom{{{}}}{{{}}}", a[0], a[1]),
                Func::Gamma => format!("\\Gamma\\left({}\\right)", a[0]),
                Func::Log => format!("\\log\\left({}\\right)", a[0]),
                Func::Sin
                | Func::Cos
                | Func::Tan
                | Func::Cot
                | Func::Sec
                | Func::Csc
                | Func::Sinh
                | Func::Cosh
                | Func::Tanh
                | Func::Coth => {
                    format!("\\{}\\left({}\\right)", f.name(), a[0])
                }
                Func::Asin | Func::Acos | Func::Atan => {
                    format!("\\arc{}\\left({}\\right)", &f.name()[1..], a[0])
                }
                _ => format!("\\operatorname{{{}}}\\left({}\\right)", f.name(), a[0]),
            }
        }
        Node::RootSum(p, body) => {
            let (v, p) = opened(p, body);
            format!(
                "\\sum_{{{} = 0}} \\left({}\\right)",
                latex(&p),
                latex(body).replace(BOUND, &v)
            )
        }
    }
}

fn latex_wrap(e: &Expr, at_least: Prec) -> String {
    if prec(e) < at_least {
        format!("\\left({}\\right)", latex(e))
    } else {
        latex(e)
    }
}

/// `x_1` for a name with a digit suffix or an underscore, Greek letters by
/// name.
fn latex_name(s: &str) -> String {
    const GREEK: [&str; 17] = [
        "alpha", "beta", "gamma", "delta", "epsilon", "theta", "lambda", "mu", "nu", "xi", "rho",
        "sigma", "tau", "phi", "chi", "psi", "omega",
    ];
    if GREEK.contains(&s) {
        return format!("\\{s}");
    }
    if let Some((head, tail)) = s.split_once('_') {
        return format!("{head}_{{{tail}}}");
    }
    let split = s.find(|c: char| c.is_ascii_digit());
    match split {
        Some(k) if k > 0 && s[k..].chars().all(|c| c.is_ascii_digit()) => {
            format!("{}_{{{}}}", &s[..k], &s[k..])
        }
        _ if s.len() > 1 => format!("\\mathit{{{s}}}"),
        _ => s.to_string(),
    }
}

/// content·∏ (f)^k [/ ∏ (g)^k], written factor by factor (the canonical
/// product would distribute the content over a linear factor).
pub fn factored(f: &Factorization) -> (String, String) {
    let (content, fs, gs) = (&f.content, &f.numerator[..], &f.denominator[..]);
    // Monomial factors first, then by degree; a sum is parenthesised
    // unless it stands alone in a fraction's part.
    let part = |fs: &[(Expr, u32)],
                show: &dyn Fn(&Expr) -> String,
                pow: &dyn Fn(String, u32) -> String,
                alone: bool| {
        let mut fs = fs.to_vec();
        fs.sort_by_key(|(f, _)| matches!(f.node(), Node::Add(_)));
        let single = fs.len() == 1 && alone;
        fs.iter()
            .map(|(f, k)| {
                let s = show(f);
                let sum = matches!(f.node(), Node::Add(_));
                let s = if sum && (!single || *k > 1) {
                    format!("({s})")
                } else {
                    s
                };
                if *k == 1 { s } else { pow(s, *k) }
            })
            .collect::<Vec<_>>()
    };
    let c = Expr::num(content.clone());
    let mut top = part(fs, &text, &|s, k| format!("{s}^{k}"), false);
    let mut ltop = part(fs, &latex, &|s, k| format!("{s}^{{{k}}}"), false);
    if !c.is_one() || top.is_empty() {
        let wrap = !content.is_integer() && !top.is_empty();
        top.insert(
            0,
            if wrap {
                format!("({})", text(&c))
            } else {
                text(&c)
            },
        );
        ltop.insert(0, latex(&c));
    }
    let bottom = part(gs, &text, &|s, k| format!("{s}^{k}"), false);
    let lbottom = part(gs, &latex, &|s, k| format!("{s}^{{{k}}}"), true);
    if bottom.is_empty() {
        (top.join("*"), ltop.join(" \\cdot "))
    } else {
        let below = if bottom.len() == 1 {
            bottom[0].clone()
        } else {
            format!("({})", bottom.join("*"))
        };
        (
            format!("{}/{below}", top.join("*")),
            format!(
                "\\frac{{{}}}{{{}}}",
                ltop.join(" \\cdot "),
                lbottom.join(" \\cdot ")
            ),
        )
    }
}
