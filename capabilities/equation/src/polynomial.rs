use crate::wire::{EquationText, unknown_of};
use hessian_kernels::Q;
use hessian_kernels::expr::interval::enclosure_decimal;
use hessian_kernels::expr::print;
use hessian_kernels::expr::rational::{from_poly, to_poly, together};
use hessian_kernels::poly::complex_roots::{self, Disk};
use hessian_kernels::poly::galois::Solvability;
use hessian_kernels::poly::solve::{self, FactorRoots};
use hessian_kernels::poly::{self};
use hessian_op::expression::{ExprOut, Symbol};
use hessian_op::prelude::*;
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

pub struct PolynomialSolve;

/// Where the roots are sought.
#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Domain {
    #[default]
    Complex,
    Real,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The equation: "x^2 - 2 = 0", "x^3 = 2*x - 1", or "x^2 - 2"
    /// (meaning = 0). After moving everything to one side and clearing
    /// denominators it must be a polynomial in one variable with rational
    /// coefficients (degree ≤ 200).
    pub equation: EquationText,
    /// The unknown (default: the equation's only symbol).
    #[serde(default)]
    pub variable: Option<Symbol>,
    /// complex (default): all roots; real: the real ones.
    #[serde(default)]
    pub domain: Domain,
    /// Significant digits of each decimal value, 1 to 1000 (default 20).
    #[serde(default = "twenty")]
    pub digits: Bounded<1, 1000>,
}

fn twenty() -> Bounded<1, 1000> {
    Bounded(20)
}

/// A root as the k-th root of an irreducible polynomial.
#[derive(Serialize, JsonSchema)]
pub struct RootOf {
    /// The irreducible factor over Q (primitive, integer coefficients).
    pub polynomial: String,
    /// 0-based, as SymPy's CRootOf: the real roots ascending, then the
    /// others by real part, then imaginary part. Absent when two real
    /// parts could not be told apart.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index: Option<u32>,
}

/// An exact region holding this root and no other.
#[derive(Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Enclosure {
    /// The real interval [lower, upper] (exact rationals).
    Interval { lower: String, upper: String },
    /// The closed disk |z − (real + imaginary·i)| ≤ radius.
    Disk {
        real: String,
        imaginary: String,
        radius: String,
    },
}

#[derive(Serialize, JsonSchema)]
pub struct Root {
    /// The exact value when it is rational or quadratic ("-sqrt(2)",
    /// "1/2 + sqrt(3)*i/2"); checked by substitution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<ExprOut>,
    pub root_of: RootOf,
    /// How often it is a root of the polynomial.
    pub multiplicity: u32,
    pub real: bool,
    /// The value to `digits` significant digits ("a + b*i" when not real).
    pub decimal: String,
    /// A bound on the distance from `decimal` to the root.
    pub error_bound: String,
    pub enclosure: Enclosure,
}

/// Whether a factor's roots have an expression by radicals.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Radicals {
    /// Written in `exact` (degree 1 or 2).
    Written,
    /// They exist (degree 3 or 4: Cardano, Ferrari) but are not written
    /// here.
    Exist,
    /// Proven not to exist: the Galois group is not solvable.
    None,
    /// Not decided.
    Unknown,
}

#[derive(Serialize, JsonSchema)]
pub struct Factor {
    /// An irreducible factor over Q.
    pub polynomial: String,
    pub multiplicity: u32,
    pub radicals: Radicals,
    /// How the radical question was settled, or why not.
    pub why: String,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub variable: String,
    /// The numerator of left − right over a common denominator, made
    /// primitive: its roots are the solutions (where the equation is
    /// defined).
    pub polynomial: ExprOut,
    /// The polynomial is 0: every value where both sides are defined is a
    /// solution (`roots` is then empty).
    pub every_value: bool,
    /// The distinct solutions in the domain.
    pub roots: Vec<Root>,
    /// The irreducible factors over Q.
    pub factors: Vec<Factor>,
    /// Non-real roots left out (domain real).
    pub non_real_omitted: usize,
    /// How the roots were checked.
    pub check: String,
}

/// Largest degree solved.
const MAX_DEGREE: usize = 200;

impl Operation for PolynomialSolve {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "equation.polynomial.solve";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Solve a polynomial equation exactly: all roots, with certified enclosures";
    const SUMMARY: &'static str = "Every root of a polynomial equation in one unknown over Q, with multiplicities: exact when rational or quadratic (±√2), else as the k-th root of an irreducible factor, each in a certified interval or disk, and whether radicals exist.";
    const DESCRIPTION: &'static str = "Moves everything to one side, clears denominators (their roots are not solutions), and factors the numerator over Q. Linear factors give rational roots; quadratic ones (−b ± √Δ)/(2a), real or complex, substituted back and proven 0. Every root gets root_of (polynomial, index) with SymPy's CRootOf order, a decimal value with an error bound, and an exact enclosure holding it and no other root: real roots in disjoint intervals by Descartes' rule of signs (Sturm-checked counts), non-real ones in disks from Gerschgorin's theorem applied to Weierstrass' corrections of Aberth approximations (refined by exact Newton steps until the disks are disjoint), the number of real disks checked against the count of real roots. For a factor of degree ≥ 5 the answer says whether its roots are expressible by radicals: none when a Frobenius cycle type (the factorization modulo a prime) lies in no solvable transitive group (proven for degree 5, 6, 7, and beyond by Jordan's theorem), else unknown; degree 3 and 4 radicals exist and are not written here.";
    const KEYWORDS: &'static [&'static str] = &[
        "solve",
        "roots",
        "zeros",
        "polynomial equation",
        "solve for x",
        "quadratic formula",
        "cubic",
        "quintic",
        "complex roots",
        "root of",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "solve x^2 - 2 = 0",
        "roots of x^3 - 2x + 1",
        "find all complex roots of a polynomial",
        "where is this polynomial zero",
        "is this quintic solvable by radicals",
    ];
    const ALIASES: &'static [&'static str] = &["solve", "roots", "nroots", "solveset", "Solve"];
    const EXAMPLE: &'static str = r#"{"equation": "x^2 - 2 = 0", "digits": 10}"#;
    const EXPECTED: &'static str = r#"{"variable": "x", "polynomial": {"expression": "x^2 - 2", "latex": "x^{2} - 2"}, "every_value": false, "roots": [{"exact": {"expression": "-sqrt(2)", "latex": "-\\sqrt{2}"}, "root_of": {"polynomial": "x^2 - 2", "index": 0}, "multiplicity": 1, "real": true, "decimal": "-1.414213562", "error_bound": "6e-10", "enclosure": {"kind": "interval", "lower": "-1.4142135623730950488017", "upper": "-1.4142135623730950487983"}}, {"exact": {"expression": "sqrt(2)", "latex": "\\sqrt{2}"}, "root_of": {"polynomial": "x^2 - 2", "index": 1}, "multiplicity": 1, "real": true, "decimal": "1.414213562", "error_bound": "6e-10", "enclosure": {"kind": "interval", "lower": "1.4142135623730950487983", "upper": "1.4142135623730950488017"}}], "factors": [{"polynomial": "x^2 - 2", "multiplicity": 1, "radicals": "written", "why": "degree 2: (−b ± √Δ)/(2a)"}], "non_real_omitted": 0, "check": "2 distinct roots of 2 (with multiplicity): the factors multiply back to the polynomial; every exact root substituted into its factor is proven 0; every enclosure holds exactly one root"}"#;

    // Long run: the equation to a polynomial, then its factors' roots shown.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let b = &ctx.budget;
        let e = input.equation.0;
        let x = unknown_of(&[&e], input.variable)?;
        let (n, _) = together(&e, b)?.ok_or_else(|| {
            MathError::Limit("clearing the denominators grows beyond the expansion bound".into())
        })?;
        let p = to_poly(&n, &x).ok_or_else(|| {
            MathError::Domain(format!(
                "after clearing denominators, {} is not a polynomial in {x} with rational coefficients",
                print::text(&n)
            ))
        })?;
        if p.len() > MAX_DEGREE + 1 {
            return Err(MathError::Limit(format!(
                "a polynomial of degree {}; at most {MAX_DEGREE}",
                p.len() - 1
            )));
        }
        let (_, f) = poly::to_primitive(&p);
        let polynomial = ExprOut::new(&from_poly(&poly::from_z(&f), &x))?;
        if f.is_empty() {
            return Ok(Output {
                variable: x,
                polynomial,
                every_value: true,
                roots: Vec::new(),
                factors: Vec::new(),
                non_real_omitted: 0,
                check: "left − right is 0 over a common denominator".into(),
            });
        }
        let digits = input.digits.0 as usize;
        let width = Q::new(BigInt::one(), num_traits::pow(BigInt::from(10), digits + 8));
        let found = solve::solve(&f, &width, b)?.ok_or_else(|| {
            MathError::Domain(
                "the roots could not be separated within the working precision (4,096 bits or more)".into(),
            )
        })?;
        // Enclosures shortened to decimals together, so that they stay
        // apart across factors too.
        let all: Vec<Disk> = found
            .iter()
            .flat_map(|g| g.roots.iter().map(|r| r.disk.clone()))
            .collect();
        let mut short = short_disks(&all, digits).into_iter();
        let (mut roots, mut factors, mut omitted) = (Vec::new(), Vec::new(), 0);
        for g in &found {
            factors.push(factor_out(g, &x));
            let mine: Vec<Disk> = short.by_ref().take(g.roots.len()).collect();
            for r in shown(g, &x, digits, &mine)? {
                if input.domain == Domain::Real && !r.real {
                    omitted += 1;
                } else {
                    roots.push(r);
                }
            }
        }
        Ok(Output {
            variable: x,
            polynomial,
            every_value: false,
            check: format!(
                "{} distinct roots of {} (with multiplicity): the factors multiply back to the polynomial; every exact root substituted into its factor is proven 0; every enclosure holds exactly one root",
                roots.len() + omitted,
                f.len() - 1
            ),
            roots,
            factors,
            non_real_omitted: omitted,
        })
    }
}

/// One factor's roots as the output shows them.
fn shown(g: &FactorRoots, x: &str, digits: usize, short: &[Disk]) -> Result<Vec<Root>, MathError> {
    let name = print::text(&from_poly(&poly::from_z(&g.factor), x));
    let mut out = Vec::new();
    for (r, s) in g.roots.iter().zip(short) {
        let d = &r.disk;
        let (decimal, error_bound) = if d.radius.is_zero() {
            exact_decimal(&d.center.re, digits)
        } else if r.real {
            real_decimal(
                &(&d.center.re - &d.radius),
                &(&d.center.re + &d.radius),
                digits,
            )
        } else {
            complex_decimal(d, digits)
        };
        out.push(Root {
            exact: r.exact.as_ref().map(ExprOut::new).transpose()?,
            root_of: RootOf {
                polynomial: name.clone(),
                index: r.index.map(|k| k as u32),
            },
            multiplicity: g.multiplicity,
            real: r.real,
            decimal,
            error_bound: bound_text(&error_bound),
            enclosure: if r.real {
                Enclosure::Interval {
                    lower: exact_text(&(&s.center.re - &s.radius)),
                    upper: exact_text(&(&s.center.re + &s.radius)),
                }
            } else {
                Enclosure::Disk {
                    real: exact_text(&s.center.re),
                    imaginary: exact_text(&s.center.im),
                    radius: exact_text(&s.radius),
                }
            },
        });
    }
    Ok(out)
}

/// How to round onto a grid.
#[derive(Clone, Copy)]
pub(crate) enum Round {
    Down,
    Up,
    Nearest,
}

/// q rounded to the grid 10^−places.
pub(crate) fn on_grid(q: &Q, places: usize, how: Round) -> Q {
    let scale = Q::from_integer(num_traits::pow(BigInt::from(10), places));
    let scaled = q * &scale;
    let n = match how {
        Round::Down => scaled.floor(),
        Round::Up => scaled.ceil(),
        Round::Nearest => scaled.round(),
    };
    n / scale
}

/// An exact rational as text: a terminating decimal when it is one
/// (denominator 2^a·5^b), else p/q.
pub(crate) fn exact_text(q: &Q) -> String {
    let mut d = q.denom().clone();
    let (two, five) = (BigInt::from(2), BigInt::from(5));
    let (mut twos, mut fives) = (0usize, 0usize);
    while (&d % &two).is_zero() {
        d /= &two;
        twos += 1;
    }
    while (&d % &five).is_zero() {
        d /= &five;
        fives += 1;
    }
    if !d.is_one() {
        return fraction(q);
    }
    let places = twos.max(fives);
    if places == 0 {
        return q.numer().to_string();
    }
    let n = (q * Q::from_integer(num_traits::pow(BigInt::from(10), places))).to_integer();
    let digits = n.abs().to_string();
    let digits = format!("{digits:0>width$}", width = places + 1);
    let (whole, frac) = digits.split_at(digits.len() - places);
    let sign = if n.is_negative() { "-" } else { "" };
    format!("{sign}{whole}.{}", frac.trim_end_matches('0'))
}

/// The disks with centers rounded to digits + 10 decimal places and radii
/// grown by the rounding (and rounded up), when they stay pairwise
/// disjoint; else the disks as they are. A grown disk holds its disk.
fn short_disks(disks: &[Disk], digits: usize) -> Vec<Disk> {
    let places = digits + 10;
    let shown: Vec<Disk> = disks
        .iter()
        .map(|d| {
            let re = on_grid(&d.center.re, places, Round::Nearest);
            let im = on_grid(&d.center.im, places, Round::Nearest);
            let shift = (&d.center.re - &re).abs() + (&d.center.im - &im).abs();
            Disk {
                center: complex_roots::C { re, im },
                radius: on_grid(&(&d.radius + shift), places + 2, Round::Up),
            }
        })
        .collect();
    let apart = (0..shown.len()).all(|i| {
        (i + 1..shown.len()).all(|j| {
            let dre = &shown[i].center.re - &shown[j].center.re;
            let dim = &shown[i].center.im - &shown[j].center.im;
            let reach = &shown[i].radius + &shown[j].radius;
            &dre * &dre + &dim * &dim > &reach * &reach
        })
    });
    if apart { shown } else { disks.to_vec() }
}

/// The decimal of a real number in [lo, hi] and a bound on its error.
pub(crate) fn real_decimal(lo: &Q, hi: &Q, digits: usize) -> (String, Q) {
    if lo == hi {
        return exact_decimal(lo, digits);
    }
    let width = (hi - lo).abs();
    if lo.is_negative() != hi.is_negative() || lo.is_zero() || hi.is_zero() {
        return ("0".into(), width);
    }
    enclosure_decimal(lo, hi, digits)
        .map_or_else(|| ("0".into(), width), |(d, e)| (d, bound_value(&e)))
}

pub(crate) fn exact_decimal(q: &Q, digits: usize) -> (String, Q) {
    let text = exact_text(q);
    let significant = text
        .trim_start_matches(['-', '0', '.'])
        .replace('.', "")
        .len();
    if !text.contains('/') && significant <= digits {
        return (text, Q::zero());
    }
    enclosure_decimal(q, q, digits)
        .map_or_else(|| (fraction(q), Q::zero()), |(d, e)| (d, bound_value(&e)))
}

/// a + b·i to `digits` digits each; the error bound is the sum of the
/// parts' bounds (|Δa + Δb·i| ≤ |Δa| + |Δb|).
fn complex_decimal(d: &Disk, digits: usize) -> (String, Q) {
    let part = |c: &Q| real_decimal(&(c - &d.radius), &(c + &d.radius), digits);
    let (re, re_err) = part(&d.center.re);
    let (im, im_err) = part(&d.center.im);
    let (sign, im) = match im.strip_prefix('-') {
        Some(rest) => ("-", rest.to_string()),
        None => ("+", im),
    };
    (format!("{re} {sign} {im}*i"), re_err + im_err)
}

/// A bound written "6e-21" or "0.25" as a rational.
fn bound_value(s: &str) -> Q {
    let (mantissa, exponent) = s.split_once('e').unwrap_or((s, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let (whole, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits: BigInt = format!("{whole}{frac}").parse().unwrap_or_default();
    let ten = Q::from_integer(10.into());
    Q::new(digits, num_traits::pow(BigInt::from(10), frac.len()))
        * num_traits::Pow::pow(&ten, exponent)
}

/// An upper bound with two significant digits, "6.1e-21" (rounded up).
pub(crate) fn bound_text(q: &Q) -> String {
    if !q.is_positive() {
        return "0".into();
    }
    let ten = Q::from_integer(10.into());
    let bits = q.numer().bits() as i64 - q.denom().bits() as i64;
    let mut k = (bits as f64 * std::f64::consts::LOG10_2).floor() as i32;
    while num_traits::Pow::pow(&ten, k) > *q {
        k -= 1;
    }
    while num_traits::Pow::pow(&ten, k + 1) <= *q {
        k += 1;
    }
    let mut m = (q / num_traits::Pow::pow(&ten, k - 1)).ceil().to_integer();
    if m == BigInt::from(100) {
        m = BigInt::from(10);
        k += 1;
    }
    let (a, b): (BigInt, BigInt) = (&m / BigInt::from(10), &m % BigInt::from(10));
    if b.is_zero() {
        format!("{a}e{k}")
    } else {
        format!("{a}.{b}e{k}")
    }
}

fn fraction(q: &Q) -> String {
    if q.is_integer() {
        q.numer().to_string()
    } else {
        format!("{}/{}", q.numer(), q.denom())
    }
}

/// The radical verdict for one factor, in words.
fn factor_out(g: &FactorRoots, x: &str) -> Factor {
    let n = g.factor.len() - 1;
    let (radicals, why) = match &g.radicals {
        solve::Radicals::Written => (
            Radicals::Written,
            format!(
                "degree {n}: {}",
                if n == 1 {
                    "rational"
                } else {
                    "(−b ± √Δ)/(2a)"
                }
            ),
        ),
        solve::Radicals::Exist => (
            Radicals::Exist,
            format!("degree {n}: Cardano's or Ferrari's formulas give them; not written here"),
        ),
        solve::Radicals::None(Solvability::NotSolvable {
            prime,
            degrees,
            why,
        }) => (
            Radicals::None,
            format!(
                "not solvable by radicals: modulo {prime} it factors with degrees {degrees:?}, the cycle type of a Frobenius element of its Galois group (Dedekind), and {why}"
            ),
        ),
        solve::Radicals::None(Solvability::Unknown { primes })
        | solve::Radicals::Unknown(primes) => (
            Radicals::Unknown,
            format!(
                "no cycle type modulo {primes} primes excludes a solvable Galois group (it may be solvable); radical forms of degree ≥ 5 are not computed"
            ),
        ),
    };
    Factor {
        polynomial: print::text(&from_poly(&poly::from_z(&g.factor), x)),
        multiplicity: g.multiplicity,
        radicals,
        why,
    }
}
