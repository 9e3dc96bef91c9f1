use crate::wire::{Approach, ExprOut, Expression, Symbol, constant};
use hessian_kernels::expr::Expr;
use hessian_kernels::expr::series::{
    SeriesCheck, SeriesError, check, puiseux, series, series_above,
};
use hessian_op::prelude::*;
use hessian_op::wire::Rational;

pub struct Series;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The expression to expand.
    pub expression: Expression,
    /// The variable.
    pub variable: Symbol,
    /// The point a of expansion: a constant expression (default 0), or
    /// "inf" / "-inf" for a series in powers of 1/x.
    #[serde(default)]
    pub at: Option<Approach>,
    /// The remainder's exponent n: terms up to (x − a)^(n−1) are given, as
    /// in SymPy's series(f, x, a, n) (1 to 100; default 6).
    #[serde(default = "six")]
    pub order: Bounded<1, 100>,
}

fn six() -> Bounded<1, 100> {
    Bounded(6)
}

#[derive(Serialize, JsonSchema)]
pub struct Term {
    /// An integer, or a fraction k/d in a Puiseux series.
    pub exponent: Rational,
    pub coefficient: ExprOut,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Σ cₖ (x − a)ᵏ without the remainder O((x − a)ⁿ) (exponents k/d
    /// in a Puiseux series, which holds for x > a).
    pub series: ExprOut,
    /// The nonzero terms, lowest exponent first (negative for a pole).
    pub terms: Vec<Term>,
    /// n in the remainder O((x − a)ⁿ) (at ±∞: O(xⁿ) with n ≤ −1).
    pub remainder_order: i64,
    /// How the series was checked.
    pub check: String,
}

impl Operation for Series {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "expression.series.compute";
    const VERSION: u32 = 3;
    const TITLE: &'static str = "Taylor, Laurent or Puiseux series of an expression at a point";
    const SUMMARY: &'static str = "The series Σ cₖ (x − a)ᵏ + O((x − a)ⁿ) with exact coefficients, checked, including poles (Laurent) and fractional exponents (Puiseux).";
    const DESCRIPTION: &'static str = "Expands f about x = a by exact series arithmetic (products, inverses, binomial series for rational powers, exp/log/sin/cos/sinh/cosh at the constant term, tan and the other quotients by division, inverse trigonometric functions by integrating their derivative's series); a pole gives negative exponents. Coefficients are exact constant expressions (other symbols are generic parameters). Checked against f⁽ᵏ⁾(a)/k! exactly when f is analytic at a (order ≤ 12), otherwise by certified evaluation of (f(a + h) − S(h))/hⁿ at shrinking h. Fractional exponents (√x, x^(1/3) at 0; √(x + 1) − √x at ∞) give a Puiseux series for x > a: with d the common denominator of the fractional exponents, the series of f(a + t^d) in t > 0, its tᵏ written (x − a)^(k/d) (exponents are strings such as \"1/2\"). Logarithmic terms (x·log x at 0) and essential singularities are refused as not power series.";
    const KEYWORDS: &'static [&'static str] = &[
        "series",
        "taylor",
        "maclaurin",
        "laurent",
        "power series",
        "expansion at a point",
        "puiseux",
        "fractional powers",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "Taylor series of tan x to order 7",
        "Maclaurin expansion of exp(x) sin(x)",
        "Laurent series of 1/sin(x) at 0",
        "first terms of the power series of a function",
        "approximate a function near a point with a polynomial",
        "first few terms of the expansion of sqrt(1 + x) around 0",
        "small angle approximation of a physics formula to third order",
        "how do I expand 1/(1 - x - x^2) into powers of x",
    ];
    const ALIASES: &'static [&'static str] = &["series", "Series", "taylor", "nseries"];
    const EXAMPLE: &'static str = r#"{"expression": "tan(x)", "variable": "x", "order": 8}"#;
    const EXPECTED: &'static str = r#"{"series": {"expression": "17*x^7/315 + 2*x^5/15 + x^3/3 + x", "latex": "\\frac{17 \\cdot x^{7}}{315} + \\frac{2 \\cdot x^{5}}{15} + \\frac{x^{3}}{3} + x"}, "terms": [{"exponent": "1", "coefficient": {"expression": "1", "latex": "1"}}, {"exponent": "3", "coefficient": {"expression": "1/3", "latex": "\\frac{1}{3}"}}, {"exponent": "5", "coefficient": {"expression": "2/15", "latex": "\\frac{2}{15}"}}, {"exponent": "7", "coefficient": {"expression": "17/315", "latex": "\\frac{17}{315}"}}], "remainder_order": 8, "check": "series checked: every coefficient proven equal to f⁽ᵏ⁾(a)/k!"}"#;

    // Long run: a point at infinity maps to a series in 1/x, terms one by one.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (f, x) = (&input.expression.0, &input.variable.0);
        let n = input.order.0;
        // At ±∞ the series of f(±1/t) at t = 0, tᵏ = (±x)⁻ᵏ.
        let (g, var, a, sign) = match &input.at {
            None => (f.clone(), x.as_str(), Expr::zero(), None),
            Some(Approach::Finite(a)) => (f.clone(), x.as_str(), constant(a, "at")?, None),
            Some(Approach::PlusInfinity) => (at_infinity(f, x, 1), "t_", Expr::zero(), Some(1)),
            Some(Approach::MinusInfinity) => (at_infinity(f, x, -1), "t_", Expr::zero(), Some(-1)),
        };
        // A fractional power of t: the Puiseux series (x > a; at +∞ only).
        // At +∞, t = 1/x > 0: the one-sided expansion (atan(x) = π/2 − …).
        let first = if sign == Some(1) {
            series_above(&g, var, n, &ctx.budget)
        } else {
            series(&g, var, &a, n, &ctx.budget)
        };
        let (s, check, d) = match first {
            Ok(s) => {
                let c = described_check(&check(&g, var, &a, &s, &ctx.budget)?);
                (s, c, 1)
            }
            Err(SeriesError::NotPower(why)) if why.contains("Puiseux") && sign != Some(-1) => {
                let (s, in_t, d) = puiseux(&g, var, &a, n, &ctx.budget).map_err(refusal)?;
                let c = check(&in_t, "t_", &Expr::zero(), &s, &ctx.budget)?;
                if let SeriesCheck::Unchecked(why) = &c {
                    return Err(MathError::Domain(format!(
                        "a Puiseux series was found but could not be checked ({why})"
                    )));
                }
                let (side, t) = if sign.is_some() {
                    ("x > 0", format!("x^(−1/{d})"))
                } else {
                    ("x > a", format!("(x − a)^(1/{d})"))
                };
                (
                    s,
                    format!(
                        "Puiseux series for {side}, in t = {t}; {}",
                        described_check(&c)
                    ),
                    d,
                )
            }
            Err(e) => return Err(refusal(e)),
        };
        let mut terms = Vec::new();
        let mut sum = Vec::new();
        for k in s.start..s.order {
            let c = s.coeff(k);
            if c.is_zero() {
                continue;
            }
            let q = hessian_kernels::Q::new(k.into(), d.into());
            let (c, exponent) = match sign {
                None => (c, q),
                Some(sg) => (c.times(&Expr::int(sg).pow_int(k)), -q),
            };
            let base = match sign {
                None => Expr::sym(x).minus(&a),
                Some(_) => Expr::sym(x),
            };
            sum.push(c.times(&Expr::pow(base, Expr::num(exponent.clone()))));
            terms.push(Term {
                exponent: Rational(exponent),
                coefficient: ExprOut::new(&c)?,
            });
        }
        let remainder_order = if sign.is_some() { -n } else { n };
        Ok(Output {
            series: ExprOut::new(&Expr::add(sum))?,
            terms,
            remainder_order,
            check,
        })
    }
}

/// f(±1/t) in the fresh variable t_.
pub fn at_infinity(f: &Expr, x: &str, sign: i64) -> Expr {
    let inv = Expr::int(sign).over(&Expr::sym("t_"));
    f.substitute(&std::collections::BTreeMap::from([(x.to_string(), inv)]))
}

/// A series check in words.
pub fn described_check(c: &SeriesCheck) -> String {
    match c {
        SeriesCheck::Proven => "series checked: every coefficient proven equal to f⁽ᵏ⁾(a)/k!".into(),
        SeriesCheck::Probable => "series checked: (f(a + h) − S(h))/hⁿ stays bounded at h = 2^-8, 2^-12, 2^-16 (certified enclosures)".into(),
        SeriesCheck::Unchecked(why) => format!("series not checked: {why}"),
    }
}

/// A series failure as the caller's refusal.
pub fn refusal(e: SeriesError) -> MathError {
    match e {
        SeriesError::Stopped(s) => s.into(),
        SeriesError::TooBig => MathError::Limit(e.to_string()),
        SeriesError::NotPower(_) | SeriesError::Undecided(_) => MathError::Domain(e.to_string()),
    }
}
