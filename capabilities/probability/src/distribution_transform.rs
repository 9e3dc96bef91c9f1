use crate::wire::{Pairs, pairs_out, table};
use hessian_kernels::expr::interval::{EvalError, at_point};
use hessian_kernels::expr::{Expr, print, values};
use hessian_kernels::probability::finite;
use hessian_kernels::{Q, Stop as Halt};
use hessian_op::expression::Expression;
use hessian_op::prelude::*;
use hessian_op::wire::Value;
use std::collections::BTreeMap;

pub struct DistributionTransform;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// X as `[value, probability]` pairs, probabilities summing to 1.
    pub distribution: Pairs,
    /// f as an expression in one variable (x or any name): "x^2", "abs(x - 3)", "floor(x/2)", "1/(x + 1)". Its value at every value of X must be rational.
    pub function: Expression,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// The distribution of Y = f(X): `[value, probability]`, equal values merged, ascending.
    pub distribution: Vec<[Rational; 2]>,
    /// E[f(X)].
    pub mean: Value,
    pub check: String,
}

/// Working precision of the interval check, in bits.
const PRECISION: usize = 160;

impl Operation for DistributionTransform {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "probability.distribution.transform.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str =
        "Distribution of a function of a discrete random variable, Y = f(X)";
    const SUMMARY: &'static str = "The exact distribution of f(X) — X², |X − 3|, floor(X/2), any expression — for a finite discrete distribution X, equal values merged.";
    const DESCRIPTION: &'static str = "P(Y = y) = Σ P(X = x) over the x with f(x) = y. f is an expression in one variable (the expression grammar: + − * / ^, abs, floor, ceil, sign, …), evaluated exactly at every value of X; a value where f is undefined (1/x at 0) or irrational (sqrt(2)) is refused by name. Checked: each f(x) confirmed by a second evaluation — a direct exact recursion over the expression tree (+ − * / ^, abs, sign, floor, ceil, factorial, binomial), or an interval-arithmetic enclosure of f at x; a value no second route confirms is refused, not guessed. At most 10,000 values.";
    const KEYWORDS: &'static [&'static str] = &[
        "function of a random variable",
        "transformation",
        "distribution of x squared",
        "change of variable",
        "pmf of g(x)",
        "pushforward",
        "derived distribution",
        "y = f(x)",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "distribution of X^2 when X is uniform on -2..2",
        "pmf of Y = |X - 3| for a die roll X",
        "find the distribution of a function of a discrete random variable",
        "if X is a die roll, what are the chances for X squared",
    ];
    const ALIASES: &'static [&'static str] = &["transform", "pmf of g(X)"];
    const EXAMPLE: &'static str = r#"{"distribution": [[-2, "1/5"], [-1, "1/5"], [0, "1/5"], [1, "1/5"], [2, "1/5"]], "function": "x^2"}"#;
    const EXPECTED: &'static str = r#"{"distribution": [["0", "1/5"], ["1", "2/5"], ["4", "2/5"]], "mean": {"exact": "2", "decimal": "2"}, "check": "each f(x) confirmed by a second evaluation (direct exact recursion, or an interval enclosure)"}"#;

    // Long run: the one variable named, then f at every value, then the check.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let d = table(input.distribution, "distribution")?;
        let f = input.function.0;
        let symbols = f.symbols();
        if symbols.len() > 1 {
            return Err(MathError::Input {
                path: "function".into(),
                message: format!("names {}; use one variable", symbols.join(", ")),
            });
        }
        let x = symbols.into_iter().next().unwrap_or_else(|| "x".into());
        let mut image = Vec::with_capacity(d.len());
        for (v, p) in d {
            ctx.budget.check()?;
            image.push((value_at(&f, &x, &v, ctx)?, p));
        }
        let out = finite::collect(image);
        Ok(Output {
            mean: Value::of(&finite::mean(&out)),
            distribution: pairs_out(out),
            check: "each f(x) confirmed by a second evaluation (direct exact recursion, or an interval enclosure)".into(),
        })
    }
}

/// f(v) exactly, confirmed by a second route. Three evaluations: the
/// canonical substitution, a direct exact recursion ([`values::rational_at`])
/// and an interval enclosure; the value comes from the first that gives
/// one (an enclosure only when it pins a single rational, as floor and
/// ceil of irrationals do) and must be confirmed by another.
fn value_at(f: &Expr, x: &str, v: &Q, ctx: &Ctx) -> Result<Q, MathError> {
    let at = f.substitute(&BTreeMap::from([(x.to_string(), Expr::num(v.clone()))]));
    if at.has_undefined() {
        return Err(MathError::Domain(format!("f is undefined at {x} = {v}")));
    }
    let direct = values::rational_at(f, x, v);
    let point = BTreeMap::from([(x.to_string(), v.clone())]);
    let enclosure = match at_point(f, &point, PRECISION, &ctx.budget) {
        Ok(i) => Some((i.lo_q(), i.hi_q())),
        Err(EvalError::Stopped(s)) => return Err(s.into()),
        Err(_) => None,
    };
    let pinned = enclosure
        .as_ref()
        .filter(|(lo, hi)| lo == hi)
        .map(|(lo, _)| lo.clone());
    let inside = |y: &Q| enclosure.as_ref().map(|(lo, hi)| lo <= y && y <= hi);
    let (y, confirmed) = match (at.as_num(), &direct, &pinned) {
        (Some(y), _, _) => (y.clone(), direct.as_ref().map(|d| d == y).or(inside(y))),
        (None, Some(d), _) => (d.clone(), inside(d)),
        (None, None, Some(p)) => (p.clone(), Some(true)),
        (None, None, None) => {
            return Err(MathError::Domain(format!(
                "f({v}) = {} has no exact rational value found here (irrational, or beyond the size bounds)",
                print::text(&at)
            )));
        }
    };
    match confirmed {
        Some(true) => Ok(y),
        Some(false) => Err(Halt::CheckFailed("two evaluations of f(x) disagree").into()),
        None => Err(MathError::Limit(format!(
            "f({v}) = {y} could not be confirmed by a second evaluation"
        ))),
    }
}
