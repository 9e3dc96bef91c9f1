use crate::series::{at_infinity, described_check, refusal};
use crate::wire::{Approach, Certainty, ExprOut, Expression, Symbol, constant};
use hessian_kernels::expr::Expr;
use hessian_kernels::expr::expand::expand;
use hessian_kernels::expr::rational::to_poly;
use hessian_kernels::expr::series::{SeriesCheck, check, series, series_above};
use hessian_kernels::expr::zero::{Verdict, is_zero};
use hessian_op::prelude::*;
use std::collections::BTreeMap;

pub struct SeriesClaim;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    pub expression: Expression,
    pub variable: Symbol,
    /// The point a (default 0), or "inf" / "-inf".
    #[serde(default)]
    pub at: Option<Approach>,
    /// The claimed truncated series S, such as "x - x^3/6".
    pub claimed: Expression,
    /// n in the claim f = S + O((x − a)ⁿ) (at ±∞: O(x⁻ⁿ)); by default one
    /// more than the degree of S in x − a (needed at ±∞ or when S has
    /// negative powers).
    #[serde(default)]
    pub order: Option<Bounded<1, 100>>,
}

/// The first exponent where the claim and the series differ.
#[derive(Serialize, JsonSchema)]
pub struct Difference {
    pub exponent: i64,
    pub claimed: ExprOut,
    pub correct: ExprOut,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Whether f = S + O((x − a)ⁿ); absent when unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub holds: Option<bool>,
    pub certainty: Certainty,
    pub how: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_difference: Option<Difference>,
}

impl Operation for SeriesClaim {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "expression.series.check";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Check a claimed Taylor or Laurent expansion";
    const SUMMARY: &'static str = "Is f = S + O((x − a)ⁿ): true, or false with the first exponent where S is wrong and the correct coefficient.";
    const DESCRIPTION: &'static str = "Expands f at a as expression.series.compute does (checked against f⁽ᵏ⁾(a)/k! or certified remainders), expands the claim S the same way, and compares the coefficients of every exponent below n exactly. False names the first differing exponent with the claimed and correct coefficients; terms of S at or beyond order n are ignored. Unknown when f has no power series at a.";
    const KEYWORDS: &'static [&'static str] = &[
        "check series",
        "verify taylor expansion",
        "is this the taylor series",
        "check maclaurin",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "is x - x^3/6 the Taylor series of sin x to order 5",
        "verify my Maclaurin expansion of exp(x)",
        "check this power series expansion",
        "is my polynomial approximation of cos x correct up to x^4",
        "did I get the first few terms of this expansion right",
        "check the small angle approximation terms I wrote in a physics derivation",
        "is there a way to verify my Taylor polynomial coefficients",
    ];
    const ALIASES: &'static [&'static str] = &["checkseries"];
    const EXAMPLE: &'static str =
        r#"{"expression": "sin(x)", "variable": "x", "claimed": "x - x^3/6 + x^5/120"}"#;
    const EXPECTED: &'static str = r#"{"holds": true, "certainty": "proven", "how": "every coefficient below x^6 agrees; series checked: every coefficient proven equal to f⁽ᵏ⁾(a)/k!"}"#;

    // Long run: the claim is expanded like f, then compared term by term.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let (f, x, s) = (&input.expression.0, &input.variable.0, &input.claimed.0);
        let (g, claim, var, a, sign) = match &input.at {
            None => (f.clone(), s.clone(), x.as_str(), Expr::zero(), None),
            Some(Approach::Finite(a)) => {
                (f.clone(), s.clone(), x.as_str(), constant(a, "at")?, None)
            }
            Some(Approach::PlusInfinity) => (
                at_infinity(f, x, 1),
                at_infinity(s, x, 1),
                "t_",
                Expr::zero(),
                Some(1),
            ),
            Some(Approach::MinusInfinity) => (
                at_infinity(f, x, -1),
                at_infinity(s, x, -1),
                "t_",
                Expr::zero(),
                Some(-1),
            ),
        };
        let n = match (input.order, sign) {
            (Some(n), _) => n.0,
            (None, None) => {
                degree_in(&claim, var, &a, &ctx.budget)
                    .ok_or_else(|| MathError::Input {
                        path: "order".into(),
                        message: "is needed: the claim is not a polynomial in x − a".into(),
                    })?
                    .min(99)
                    + 1
            }
            (None, Some(_)) => {
                return Err(MathError::Input {
                    path: "order".into(),
                    message: "is needed for a series at inf or -inf".into(),
                });
            }
        };
        // At +∞, t = 1/x > 0: one-sided expansions, as series.compute.
        let expand = |e: &Expr| {
            if sign == Some(1) {
                series_above(e, var, n, &ctx.budget)
            } else {
                series(e, var, &a, n, &ctx.budget)
            }
        };
        let ours = match expand(&g) {
            Ok(s) => s,
            Err(e) => {
                let MathError::Domain(why) = refusal(e) else {
                    return Err(MathError::Limit(
                        "the series grew beyond the work bound".into(),
                    ));
                };
                return Ok(Output {
                    holds: None,
                    certainty: Certainty::Unknown,
                    how: format!("the series of f was not found: {why}"),
                    first_difference: None,
                });
            }
        };
        let theirs = expand(&claim).map_err(|e| MathError::Input {
            path: "claimed".into(),
            message: format!("has no series at the point ({e})"),
        })?;
        let checked = check(&g, var, &a, &ours, &ctx.budget)?;
        let certainty = match checked {
            SeriesCheck::Proven => Certainty::Proven,
            SeriesCheck::Probable => Certainty::Probable,
            SeriesCheck::Unchecked(_) => Certainty::Unknown,
        };
        let series_how = described_check(&checked);
        for k in ours.start.min(theirs.start)..n {
            let (c, d) = (ours.coeff(k), theirs.coeff(k));
            match is_zero(&c.minus(&d), &ctx.budget)? {
                Verdict::Proven { .. } | Verdict::Probable { .. } => {}
                Verdict::Disproven { .. } => {
                    let (exponent, scale) = match sign {
                        None => (k, Expr::one()),
                        Some(sg) => (-k, Expr::int(sg).pow_int(k)),
                    };
                    return Ok(Output {
                        holds: Some(false),
                        certainty,
                        how: format!(
                            "the coefficients of exponent {exponent} differ (a certified enclosure of their difference excludes 0); {series_how}"
                        ),
                        first_difference: Some(Difference {
                            exponent,
                            claimed: ExprOut::new(&d.times(&scale))?,
                            correct: ExprOut::new(&c.times(&scale))?,
                        }),
                    });
                }
                Verdict::Unknown { why } => {
                    return Ok(Output {
                        holds: None,
                        certainty: Certainty::Unknown,
                        how: format!("a coefficient could not be compared: {why}"),
                        first_difference: None,
                    });
                }
            }
        }
        let bound = if sign.is_some() {
            format!("x^-{n}")
        } else {
            format!("(x − a)^{n}")
        };
        let bound = if a.is_zero() && sign.is_none() {
            format!("{x}^{n}")
        } else {
            bound
        };
        Ok(Output {
            holds: Some(certainty != Certainty::Unknown),
            certainty,
            how: format!("every coefficient below {bound} agrees; {series_how}"),
            first_difference: None,
        })
    }
}

/// The degree of `s` as a polynomial in x − a, when it is one.
fn degree_in(s: &Expr, x: &str, a: &Expr, budget: &hessian_kernels::Budget) -> Option<i64> {
    let shifted = s.substitute(&BTreeMap::from([(x.to_string(), Expr::sym(x).plus(a))]));
    let p = to_poly(&expand(&shifted, budget).ok()?, x)?;
    Some(p.len().saturating_sub(1) as i64)
}
