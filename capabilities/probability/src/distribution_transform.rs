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
    const DESCRIPTION: &'static str = "P(Y = y) = Σ P(X = x) over the x with f(x) = y. f is an expression in one variable (the expression grammar: + − * / ^, abs, floor, ceil, sign, …), evaluated exactly at every value of X; a value where f is undefined (1/x at 0) or irrational (sqrt(2)) is refused by name. Checked: each f(x) recomputed by a direct exact evaluation of the expression tree (or, for functions beyond + − * / ^ abs sign floor ceil, inside an interval-arithmetic enclosure of f at x), and the result sums to 1. At most 10,000 values.";
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
    const EXPECTED: &'static str = r#"{"distribution": [["0", "1/5"], ["1", "2/5"], ["4", "2/5"]], "mean": {"exact": "2", "decimal": "2"}, "check": "each f(x) recomputed by a second evaluation (direct exact recursion, or an interval enclosure); the image sums to 1"}"#;

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
        if finite::total(&out) != Q::from_integer(1.into()) {
            return Err(Halt::CheckFailed("the image distribution does not sum to 1").into());
        }
        Ok(Output {
            mean: Value::of(&finite::mean(&out)),
            distribution: pairs_out(out),
            check: "each f(x) recomputed by a second evaluation (direct exact recursion, or an interval enclosure); the image sums to 1".into(),
        })
    }
}

/// f(v) exactly, checked against an interval enclosure of f at v.
fn value_at(f: &Expr, x: &str, v: &Q, ctx: &Ctx) -> Result<Q, MathError> {
    let at = f.substitute(&BTreeMap::from([(x.to_string(), Expr::num(v.clone()))]));
    let y = match at.as_num() {
        Some(y) => y.clone(),
        None if at.has_undefined() => {
            return Err(MathError::Domain(format!("f is undefined at {x} = {v}")));
        }
        None => {
            return Err(MathError::Domain(format!(
                "f({v}) = {} is not rational; this operation gives exact rational distributions",
                print::text(&at)
            )));
        }
    };
    // A second route: direct exact recursion where f is built of field
    // operations, abs, sign, floor and ceil; otherwise an interval
    // enclosure of f at v (sqrt(4), log(1), …).
    if let Some(direct) = values::rational_at(f, x, v) {
        return if direct == y {
            Ok(y)
        } else {
            Err(Halt::CheckFailed("f(x) by direct evaluation differs from the substitution").into())
        };
    }
    match at_point(
        f,
        &BTreeMap::from([(x.to_string(), v.clone())]),
        PRECISION,
        &ctx.budget,
    ) {
        Ok(i) if i.lo_q() <= y && y <= i.hi_q() => Ok(y),
        Err(EvalError::Stopped(s)) => Err(s.into()),
        _ => Err(Halt::CheckFailed("f(x) lies outside its interval enclosure").into()),
    }
}
