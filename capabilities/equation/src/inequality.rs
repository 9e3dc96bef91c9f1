use crate::wire::{Inequalities, unknown_of};
use hessian_kernels::Q;
use hessian_kernels::expr::expand::{Halt, expand};
use hessian_kernels::expr::rational::{from_poly, to_poly};
use hessian_kernels::expr::zero::rational_form;
use hessian_kernels::expr::{Expr, print};
use hessian_kernels::poly::inequality::{Inequality, Piece, Point, Relation, solve_system};
use hessian_kernels::poly::{self};
use hessian_op::algebraic::{RootOf, Round, exact_decimal, exact_text, on_grid, real_decimal};
use hessian_op::expression::{ExprOut, Symbol};
use hessian_op::prelude::*;
use num_traits::{Signed, Zero};

pub struct InequalitySolve;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// One inequality ("x^2 - 2 > 0", "(x - 1)/(x + 2) <= 0") or a list
    /// of them that must all hold; relations < <= > >= != (or ≤ ≥ ≠).
    /// Each side a polynomial or rational function of one variable with
    /// rational coefficients.
    pub inequalities: Inequalities,
    /// The unknown (default: the only symbol).
    #[serde(default)]
    pub variable: Option<Symbol>,
}

/// An end of an interval: a real algebraic number.
#[derive(Serialize, JsonSchema)]
pub struct Endpoint {
    /// The exact value when rational or quadratic.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact: Option<ExprOut>,
    pub root_of: RootOf,
    /// 20 significant digits.
    pub decimal: String,
    /// An interval [lower, upper] of exact decimals holding this number
    /// and no other end.
    pub enclosure: [String; 2],
}

#[derive(Serialize, JsonSchema)]
pub struct Interval {
    /// Absent for −∞.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lower: Option<Endpoint>,
    pub lower_closed: bool,
    /// Absent for +∞.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upper: Option<Endpoint>,
    pub upper_closed: bool,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub variable: String,
    /// The solution set in words: "(-inf, -sqrt(2)) ∪ (sqrt(2), inf)",
    /// "{0} ∪ [1, inf)", "∅".
    pub solution: String,
    /// The same set as disjoint intervals, ascending.
    pub intervals: Vec<Interval>,
    pub check: String,
}

/// Largest degree of a numerator or denominator.
const MAX_DEGREE: usize = 100;

impl Operation for InequalitySolve {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "equation.inequality.solve";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Solve polynomial and rational inequalities in one variable over the reals";
    const SUMMARY: &'static str = "The real solution set of one or more inequalities such as x^2 - 2 > 0 or (x - 1)/(x + 2) <= 0: disjoint intervals with exact algebraic endpoints, open or closed.";
    const DESCRIPTION: &'static str = "Writes each inequality as N/D ρ 0 over a common denominator (no common factor cancelled: points where a side is undefined are excluded). The critical points are the real roots of the squarefree part of the product of all N and D, located as equation.polynomial.solve locates roots (exact when rational or quadratic, else root_of with an isolating interval; ascending order certain since the enclosures are disjoint). Between two critical points nothing changes sign, so each gap is decided by exact rational arithmetic at one rational point inside it; at a critical point an inequality is undefined where its denominator vanishes, 0 where its numerator does, and otherwise has the sign of the gap before. Maximal runs of cells that satisfy every inequality are the intervals, with endpoints open or closed accordingly.";
    const KEYWORDS: &'static [&'static str] = &[
        "inequality",
        "solve inequality",
        "where is it positive",
        "sign chart",
        "interval notation",
        "rational inequality",
        "polynomial inequality",
        "system of inequalities",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "solve x^2 - 2 > 0",
        "for which x is (x-1)/(x+2) <= 0",
        "where is this polynomial negative",
        "solve the system of inequalities x > 1 and x^2 < 4",
        "for which values of x is x^3 bigger than x",
        "range of x where a fraction with x top and bottom is positive",
        "which prices keep a polynomial profit formula above zero",
        "how do I solve a quadratic inequality and write the answer as intervals",
    ];
    const ALIASES: &'static [&'static str] = &[
        "reduce_inequalities",
        "solve_univariate_inequality",
        "Reduce",
    ];
    const EXAMPLE: &'static str = r#"{"inequalities": "x^2 - 2 > 0"}"#;
    const EXPECTED: &'static str = r#"{"variable": "x", "solution": "(-inf, -sqrt(2)) ∪ (sqrt(2), inf)", "intervals": [{"lower_closed": false, "upper": {"exact": {"expression": "-sqrt(2)", "latex": "-\\sqrt{2}"}, "root_of": {"polynomial": "x^2 - 2", "index": 0}, "decimal": "-1.4142135623730950488", "enclosure": ["-1.41421356237309504880168872421", "-1.414213562373095048801688724209"]}, "upper_closed": false}, {"lower": {"exact": {"expression": "sqrt(2)", "latex": "\\sqrt{2}"}, "root_of": {"polynomial": "x^2 - 2", "index": 1}, "decimal": "1.4142135623730950488", "enclosure": ["1.414213562373095048801688724209", "1.41421356237309504880168872421"]}, "lower_closed": false, "upper_closed": false}], "check": "each gap between critical points decided by exact evaluation at a rational point inside it; every critical point decided exactly (numerator 0, denominator 0, or the sign of its gap); the critical points in disjoint certified enclosures"}"#;

    // Long run: each inequality to N/D ρ 0, then the pieces written out.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let b = &ctx.budget;
        let all = &input.inequalities.0;
        let sides: Vec<&Expr> = all.iter().map(|(e, _)| e).collect();
        let x = unknown_of(&sides, input.variable)?;
        let mut system = Vec::new();
        for (e, relation) in all {
            system.push(as_fraction(e, *relation, &x, b)?);
        }
        let pieces = solve_system(&system, b)?.ok_or_else(|| {
            MathError::Domain(
                "the critical points could not be separated within the working precision".into(),
            )
        })?;
        let mut intervals: Vec<Interval> = pieces
            .iter()
            .map(|p| interval(p, &x))
            .collect::<Result<_, _>>()?;
        shorten(&mut intervals, &pieces);
        Ok(Output {
            solution: solution_text(&pieces, &x),
            variable: x,
            intervals,
            check: "each gap between critical points decided by exact evaluation at a rational point inside it; every critical point decided exactly (numerator 0, denominator 0, or the sign of its gap); the critical points in disjoint certified enclosures".into(),
        })
    }
}

/// e ρ 0 as N/D ρ 0 over Z, the sign of the rational content folded
/// into N.
fn as_fraction(
    e: &Expr,
    relation: Relation,
    x: &str,
    b: &hessian_kernels::Budget,
) -> Result<Inequality, MathError> {
    let (n, d) = rational_form(e);
    let expanded = |p: &Expr| match expand(p, b) {
        Ok(p) => Ok(p),
        Err(Halt::Stopped(s)) => Err(MathError::from(s)),
        Err(Halt::TooBig) => Err(MathError::Limit(
            "the common denominator grows beyond the expansion bound".into(),
        )),
    };
    let (n, d) = (expanded(&n)?, expanded(&d)?);
    let polynomial = |p: &Expr| {
        to_poly(p, x).ok_or_else(|| {
            MathError::Domain(format!(
                "{} is not a polynomial in {x} with rational coefficients",
                print::text(p)
            ))
        })
    };
    let (n, d) = (polynomial(&n)?, polynomial(&d)?);
    if d.is_empty() {
        return Err(MathError::Domain(
            "a side is undefined everywhere (a denominator is 0)".into(),
        ));
    }
    if n.len().max(d.len()) > MAX_DEGREE + 1 {
        return Err(MathError::Limit(format!(
            "a numerator or denominator of degree above {MAX_DEGREE}"
        )));
    }
    let (cn, mut zn) = poly::to_primitive(&n);
    let (cd, zd) = poly::to_primitive(&d);
    if (cn / cd).is_negative() {
        zn = zn.iter().map(|c| -c).collect();
    }
    Ok(Inequality {
        numerator: zn,
        denominator: zd,
        relation,
    })
}

fn endpoint(p: &Point, x: &str) -> Result<Endpoint, MathError> {
    let d = &p.root.disk;
    let (lo, hi) = (&d.center.re - &d.radius, &d.center.re + &d.radius);
    let (decimal, _) = if d.radius.is_zero() {
        exact_decimal(&d.center.re, 20)
    } else {
        real_decimal(&lo, &hi, 20)
    };
    Ok(Endpoint {
        exact: p.root.exact.as_ref().map(ExprOut::new).transpose()?,
        root_of: RootOf {
            polynomial: print::text(&from_poly(&poly::from_z(&p.factor), x)),
            index: p.root.index.map(|k| k as u32),
        },
        decimal,
        enclosure: [exact_text(&lo), exact_text(&hi)],
    })
}

/// The ends' enclosures rounded outward to 30 decimal places, when the
/// rounded ones stay disjoint (ascending) so each still holds one end.
fn shorten(intervals: &mut [Interval], pieces: &[Piece]) {
    let ends: Vec<(Q, Q)> = pieces
        .iter()
        .flat_map(|p| [&p.lower, &p.upper])
        .flatten()
        .map(|e| {
            let d = &e.root.disk;
            let (lo, hi) = (&d.center.re - &d.radius, &d.center.re + &d.radius);
            (on_grid(&lo, 30, Round::Down), on_grid(&hi, 30, Round::Up))
        })
        .collect();
    // A one-point piece repeats its end; equal neighbours are the same end.
    let apart = ends.windows(2).all(|w| w[0] == w[1] || w[0].1 < w[1].0);
    if !apart {
        return;
    }
    let mut k = 0;
    for i in intervals.iter_mut() {
        for end in [&mut i.lower, &mut i.upper].into_iter().flatten() {
            end.enclosure = [exact_text(&ends[k].0), exact_text(&ends[k].1)];
            k += 1;
        }
    }
}

fn interval(p: &Piece, x: &str) -> Result<Interval, MathError> {
    Ok(Interval {
        lower: p.lower.as_ref().map(|e| endpoint(e, x)).transpose()?,
        lower_closed: p.lower_closed,
        upper: p.upper.as_ref().map(|e| endpoint(e, x)).transpose()?,
        upper_closed: p.upper_closed,
    })
}

/// An end in words: its exact value, or root_of(polynomial, index).
fn end_text(p: &Point, x: &str) -> String {
    match &p.root.exact {
        Some(e) => print::text(e),
        None => format!(
            "root_of({}, {})",
            print::text(&from_poly(&poly::from_z(&p.factor), x)),
            p.root.index.map_or("?".into(), |k| k.to_string())
        ),
    }
}

fn solution_text(pieces: &[Piece], x: &str) -> String {
    if pieces.is_empty() {
        return "∅".into();
    }
    pieces
        .iter()
        .map(|p| match (&p.lower, &p.upper) {
            (Some(a), Some(c))
                if p.lower_closed && p.upper_closed && a.root.disk == c.root.disk =>
            {
                format!("{{{}}}", end_text(a, x))
            }
            _ => format!(
                "{}{}, {}{}",
                if p.lower_closed { "[" } else { "(" },
                p.lower.as_ref().map_or("-inf".into(), |e| end_text(e, x)),
                p.upper.as_ref().map_or("inf".into(), |e| end_text(e, x)),
                if p.upper_closed { "]" } else { ")" }
            ),
        })
        .collect::<Vec<_>>()
        .join(" ∪ ")
}
