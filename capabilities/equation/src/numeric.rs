use crate::wire::{EquationText, unknown_of};
use hessian_kernels::Q;
use hessian_kernels::expr::real_roots::{Halt, MAX_ROOTS, MAX_STEPS, roots};
use hessian_op::algebraic::{bound_text, exact_text, real_decimal};
use hessian_op::expression::Symbol;
use hessian_op::prelude::*;
use num_traits::Signed;

pub struct NumericSolve;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The equation in one unknown, with any functions of the grammar
    /// ("cos(x) = x", "exp(-x) = x", "sin(10*x)" meaning = 0).
    pub equation: EquationText,
    /// The unknown (default: the equation's only symbol).
    #[serde(default)]
    pub variable: Option<Symbol>,
    /// The left end of the closed interval searched.
    pub lower: Rational,
    /// The right end (greater than lower).
    pub upper: Rational,
    /// Significant digits of each root, 1 to 100 (default 20).
    #[serde(default = "twenty")]
    pub digits: Bounded<1, 100>,
}

fn twenty() -> Bounded<1, 100> {
    Bounded(20)
}

#[derive(Serialize, JsonSchema)]
pub struct RootOut {
    /// The root to `digits` digits.
    pub decimal: String,
    /// A bound on the distance from `decimal` to the root.
    pub error_bound: String,
    /// An interval holding this root and no other (exact rationals; equal
    /// ends when the root is that rational exactly).
    pub lower: String,
    pub upper: String,
}

#[derive(Serialize, JsonSchema)]
pub struct UnknownOut {
    pub lower: String,
    pub upper: String,
    /// What the method saw there.
    pub why: String,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub variable: String,
    /// Every root found, ascending, each proven to be the only one in its
    /// interval.
    pub roots: Vec<RootOut>,
    /// Pieces of the interval the method could not decide (roots may hide
    /// there); empty when `complete`.
    pub unknown: Vec<UnknownOut>,
    /// Every root in [lower, upper] is listed.
    pub complete: bool,
    /// Subintervals examined.
    pub steps: usize,
    pub check: String,
}

impl Operation for NumericSolve {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "equation.numeric.solve";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Certified numerical roots of an equation on an interval";
    const SUMMARY: &'static str = "All real roots of f(x) = 0 on a closed interval for any elementary f (sin, exp, log, …), each in an interval proven to hold exactly one root, or the pieces where the method cannot decide named as unknown — never a missed root without saying so.";
    const DESCRIPTION: &'static str = "Branch and bound on interval arithmetic (outward-rounded, 128 bits and up): a piece X where the enclosure F(X) of f excludes 0 has no root; where the enclosure of f′ (forward-mode differentiation on intervals) excludes 0, f is strictly monotone, so certified signs of opposite kind at the ends prove exactly one root (an end where f is exactly 0 is a root); the root is then narrowed by bisection on certified signs. Other pieces are halved; below 2⁻⁶⁰ of the interval's width they are returned as unknown with the reason (a multiple root, roots closer than that, a point where f is undefined). Bounds: 200,000 pieces, 1,000 roots, the deadline.";
    const KEYWORDS: &'static [&'static str] = &[
        "numerical root",
        "transcendental root",
        "transcendental equation",
        "find root",
        "interval newton",
        "root on interval",
        "nsolve",
        "fzero",
        "certified",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "where does cos(x) equal x, to many digits",
        "all roots of sin(10x) on [0, 3]",
        "where does e^-x equal x",
        "find the zeros of a transcendental function in an interval",
        "where does x*sin(x) cross 1 between 0 and 10",
        "find every crossing point of two curves on a range, guaranteed none missed",
        "solve Kepler's equation E - 0.5 sin E = 1 to high accuracy",
        "how do I find all solutions of log(x) = cos(x) in an interval",
    ];
    const ALIASES: &'static [&'static str] = &["nsolve", "fzero", "findroot", "FindRoot", "brentq"];
    const EXAMPLE: &'static str =
        r#"{"equation": "cos(x) = x", "lower": "0", "upper": "1", "digits": 15}"#;
    const EXPECTED: &'static str = r#"{"variable": "x", "roots": [{"decimal": "0.739085133215161", "error_bound": "6e-16", "lower": "0.73908513321516064", "upper": "0.73908513321516065"}], "unknown": [], "complete": true, "steps": 1, "check": "1 roots, each where f′ keeps one sign on an interval whose ends have certified values of opposite sign (or an exact zero); the rest of [0, 1] has no root: f is enclosed away from 0 on every other piece"}"#;

    // Long run: the search, then every root and unknown piece written out.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let b = &ctx.budget;
        let f = input.equation.0;
        let x = unknown_of(&[&f], input.variable)?;
        let (lo, hi) = (input.lower.0, input.upper.0);
        if lo >= hi {
            return Err(MathError::Input {
                path: "upper".into(),
                message: format!(
                    "upper ({}) must be greater than lower ({})",
                    exact_text(&hi),
                    exact_text(&lo)
                ),
            });
        }
        let digits = input.digits.0 as usize;
        let scale = lo.abs().max(hi.abs()).max(Q::from_integer(1.into()));
        let width =
            scale / Q::from_integer(num_traits::pow(num_bigint::BigInt::from(10), digits + 2));
        let found = roots(&f, &x, &lo, &hi, &width, b).map_err(|h| match h {
            Halt::Stopped(s) => MathError::from(s),
            Halt::TooMany => MathError::Limit(format!(
                "more than {MAX_STEPS} pieces or {MAX_ROOTS} roots; narrow the interval"
            )),
        })?;
        let roots: Vec<RootOut> = found
            .roots
            .iter()
            .map(|r| {
                let (decimal, error) = real_decimal(&r.lower, &r.upper, digits);
                RootOut {
                    decimal,
                    error_bound: bound_text(&error),
                    lower: exact_text(&r.lower),
                    upper: exact_text(&r.upper),
                }
            })
            .collect();
        let complete = found.unknown.is_empty();
        Ok(Output {
            check: format!(
                "{} roots, each where f′ keeps one sign on an interval whose ends have certified values of opposite sign (or an exact zero); the rest of [{}, {}] {}",
                roots.len(),
                exact_text(&lo),
                exact_text(&hi),
                if complete {
                    "has no root: f is enclosed away from 0 on every other piece"
                } else {
                    "has no root except possibly in the unknown pieces"
                }
            ),
            variable: x,
            roots,
            unknown: found
                .unknown
                .into_iter()
                .map(|u| UnknownOut {
                    lower: exact_text(&u.lower),
                    upper: exact_text(&u.upper),
                    why: u.why,
                })
                .collect(),
            complete,
            steps: found.steps,
        })
    }
}
