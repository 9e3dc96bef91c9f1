//! Wire values of algebraic numbers shared by the families that output
//! roots (equation, matrix spectra, algebraic numbers): a root as the k-th
//! root of an irreducible polynomial with a decimal, an error bound and an
//! exact enclosure; the radical verdict of a factor; exact decimals. The
//! roots are found and checked in `hessian_kernels::poly::solve`.

use crate::expression::ExprOut;
use crate::operation::MathError;
use hessian_kernels::Q;
use hessian_kernels::expr::interval::enclosure_decimal;
use hessian_kernels::expr::print;
use hessian_kernels::expr::rational::from_poly;
use hessian_kernels::poly::complex_roots::{self, Disk};
use hessian_kernels::poly::galois::Solvability;
use hessian_kernels::poly::solve::{self, FactorRoots};
use hessian_kernels::poly::{self};
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use schemars::JsonSchema;
use serde::Serialize;

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
    /// The exact value when it is rational, quadratic ("-sqrt(2)",
    /// "1/2 + sqrt(3)*i/2") or, where the operation writes them, by
    /// Cardano's or Ferrari's radicals (principal branches); checked by
    /// substitution or by exact evaluation as an algebraic number.
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
    /// Written in each root's `exact`.
    Written,
    /// They exist (degree 3 or 4: Cardano, Ferrari) but were not written
    /// (`why` says why).
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

/// The roots of the primitive polynomial f (not 0) by factor, each
/// enclosed finely enough to show `digits` digits.
pub fn solve_for_digits(
    f: &[BigInt],
    digits: usize,
    budget: &hessian_kernels::Budget,
) -> Result<Vec<FactorRoots>, MathError> {
    let width = Q::new(BigInt::one(), num_traits::pow(BigInt::from(10), digits + 8));
    solve::solve(f, &width, budget)?.ok_or_else(|| {
        MathError::Domain(
            "the roots could not be separated within the working precision (4,096 bits or more)"
                .into(),
        )
    })
}

/// How long writing the radicals of all cubic and quartic factors may take
/// before the rest are left as root_of.
const RADICALS_TIME: std::time::Duration = std::time::Duration::from_secs(2);

/// Writes the roots of every cubic and quartic factor by radicals, all
/// within [`RADICALS_TIME`]; the factors left unwritten for lack of time
/// are returned (their verdict stays `exist`).
pub fn write_radicals(
    found: &mut [FactorRoots],
    budget: &hessian_kernels::Budget,
) -> Result<Vec<usize>, MathError> {
    use hessian_kernels::Stop;
    let mut late = Vec::new();
    let short = budget.shortened(RADICALS_TIME);
    for (k, g) in found.iter_mut().enumerate() {
        if !matches!(g.radicals, solve::Radicals::Exist) {
            continue;
        }
        match hessian_kernels::poly::radical_form::write(g, &short) {
            Ok(_) => {}
            // Out of its own time, not the call's.
            Err(Stop::Deadline) if budget.check().is_ok() => late.push(k),
            Err(stop) => return Err(stop.into()),
        }
    }
    Ok(late)
}

/// Every root of every factor as the output shows it, and each factor's
/// radical verdict. Enclosures are shortened to decimals together, so that
/// they stay apart across factors too.
pub fn located(
    found: &[FactorRoots],
    x: &str,
    digits: usize,
) -> Result<(Vec<Root>, Vec<Factor>), MathError> {
    let all: Vec<Disk> = found
        .iter()
        .flat_map(|g| g.roots.iter().map(|r| r.disk.clone()))
        .collect();
    let mut short = short_disks(&all, digits).into_iter();
    let (mut roots, mut factors) = (Vec::new(), Vec::new());
    for g in found {
        factors.push(factor_out(g, x));
        let mine: Vec<Disk> = short.by_ref().take(g.roots.len()).collect();
        roots.extend(shown(g, x, digits, &mine)?);
    }
    Ok((roots, factors))
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
pub enum Round {
    Down,
    Up,
    Nearest,
}

/// q rounded to the grid 10^−places.
pub fn on_grid(q: &Q, places: usize, how: Round) -> Q {
    use num_integer::Integer;
    // In integers: ⌊n·10^places / d⌋ and the like, one reduction at the end.
    let scale = num_traits::pow(BigInt::from(10), places);
    let (n, d) = (q.numer() * &scale, q.denom());
    let k = match how {
        Round::Down => n.div_floor(d),
        Round::Up => n.div_ceil(d),
        // Half away from zero, as Ratio::round.
        Round::Nearest => {
            let twice: BigInt = (n.abs() << 1usize) + d;
            let k = twice.div_floor(&(d << 1usize));
            if n.is_negative() { -k } else { k }
        }
    };
    Q::new(k, scale)
}

/// An exact rational as text: a terminating decimal when it is one
/// (denominator 2^a·5^b), else p/q.
pub fn exact_text(q: &Q) -> String {
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
    if pairwise_apart(&shown, places + 2) {
        shown
    } else {
        disks.to_vec()
    }
}

/// Whether disks whose centers and radii lie on the grid 10^−places are
/// pairwise disjoint: in integers scaled by 10^places (no gcds), sweeping
/// by the left ends so that only disks whose real projections overlap
/// are compared.
fn pairwise_apart(disks: &[Disk], places: usize) -> bool {
    let scale = Q::from_integer(num_traits::pow(BigInt::from(10), places));
    let int = |q: &Q| {
        let x = q * &scale;
        x.is_integer().then(|| x.to_integer())
    };
    let mut scaled = Vec::with_capacity(disks.len());
    for d in disks {
        let (Some(x), Some(y), Some(r)) = (int(&d.center.re), int(&d.center.im), int(&d.radius))
        else {
            return false;
        };
        scaled.push((&x - &r, x, y, r));
    }
    scaled.sort_by(|a, b| a.0.cmp(&b.0));
    for (i, (_, x, y, r)) in scaled.iter().enumerate() {
        let right = x + r;
        for (left, x2, y2, r2) in &scaled[i + 1..] {
            if *left > right {
                break;
            }
            let (dx, dy, reach) = (x - x2, y - y2, r + r2);
            if &dx * &dx + &dy * &dy <= &reach * &reach {
                return false;
            }
        }
    }
    true
}

/// The decimal of a real number in [lo, hi] and a bound on its error.
pub fn real_decimal(lo: &Q, hi: &Q, digits: usize) -> (String, Q) {
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

pub fn exact_decimal(q: &Q, digits: usize) -> (String, Q) {
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
pub fn bound_text(q: &Q) -> String {
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
                match n {
                    1 => "rational",
                    2 => "(−b ± √Δ)/(2a)",
                    3 => "Cardano's formula, each root evaluated exactly and checked equal to it",
                    _ =>
                        "Ferrari's formula: roots by its factorization identity, told apart by certified disks, each square root checked equal to its value",
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

/// An algebraic number as a root in the wire form, enclosed finely enough
/// for `digits` digits, its minimal polynomial written in `x`.
pub fn number_root(
    n: &hessian_kernels::poly::algebraic_number::Number,
    x: &str,
    digits: usize,
    budget: &hessian_kernels::Budget,
) -> Result<Root, MathError> {
    let radius = Q::new(BigInt::one(), num_traits::pow(BigInt::from(10), digits + 8));
    let fine = n.refined(&radius, budget)?.ok_or_else(|| {
        MathError::Domain("the roots could not be separated within the working precision".into())
    })?;
    let g = FactorRoots {
        factor: fine.f.clone(),
        multiplicity: 1,
        roots: vec![fine.root],
        // Only the root is shown; the factor's radical verdict is dropped.
        radicals: solve::Radicals::Unknown(0),
    };
    let (mut roots, _) = located(&[g], x, digits)?;
    Ok(roots.remove(0))
}

/// Whether the roots of the irreducible f have radical expressions: by
/// degree up to 4, else by the Frobenius cycle types (galois).
pub fn radical_verdict(
    f: &[BigInt],
    budget: &hessian_kernels::Budget,
) -> Result<solve::Radicals, hessian_kernels::Stop> {
    use hessian_kernels::poly::galois::by_radicals;
    Ok(match f.len() - 1 {
        1 | 2 => solve::Radicals::Written,
        3 | 4 => solve::Radicals::Exist,
        _ => match by_radicals(&f.to_vec(), budget)? {
            s @ Solvability::NotSolvable { .. } => solve::Radicals::None(s),
            Solvability::Unknown { primes } => solve::Radicals::Unknown(primes),
        },
    })
}
