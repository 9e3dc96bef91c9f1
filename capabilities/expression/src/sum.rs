use crate::wire::{Approach, ExprOut, Expression, Symbol};
use hessian_kernels::expr::sum::{Sum as Found, Upper, sum};
use hessian_kernels::expr::zero::Verdict;
use hessian_op::prelude::*;

pub struct Sum;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The summand f(k).
    pub expression: Expression,
    /// The index k.
    pub index: Symbol,
    /// The first index a: an expression free of k ("1", "0", "m").
    pub from: Expression,
    /// The last index b: an expression free of k ("n", "100"), or "inf".
    pub to: Approach,
}

/// What the sum is.
#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Value,
    /// An infinite sum whose partial sums grow to +∞ or −∞.
    Diverges,
    /// No closed form found (not a claim that none exists).
    Unknown,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub status: Status,
    /// The closed form of the sum.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<ExprOut>,
    /// F with F(k + 1) − F(k) = f(k); the sum is F(b + 1) − F(a).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub antidifference: Option<ExprOut>,
    /// How the answer was checked, or why there is none.
    pub how: String,
}

impl Operation for Sum {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "expression.sum.compute";
    const VERSION: u32 = 2;
    const TITLE: &'static str = "Closed form of a finite or infinite sum";
    const SUMMARY: &'static str = "Σ f(k) for k from a to b (or ∞) in closed form, from a checked antidifference, or a typed unknown.";
    const DESCRIPTION: &'static str = "Finds an antidifference F (F(k + 1) − F(k) = f(k)) of sums of c^k times polynomials in k (Faulhaber sums such as Σ k³, geometric sums, Σ k·2^k; c and the coefficients may hold other symbols, taken as generic with c ≠ 1; binomial(k, m) for a constant m is the polynomial k(k − 1)…/m!), of rational functions of k over Q that telescope, and of hypergeometric terms over Q by Gosper's algorithm (Σ k·k!, Σ binomial(2k, k)/4^k: F = y·f with y rational, checked as the identity y(k + 1)·f(k + 1)/f(k) − y(k) = 1); checks F by differencing, and returns F(b + 1) − F(a) simplified; for b = inf, the limit of the partial sums (or diverges). Sums that have no hypergeometric antidifference (Σ 1/k, Σ binomial(n, k) over k, which need Zeilberger's algorithm) answer status unknown.";
    const KEYWORDS: &'static [&'static str] = &[
        "sum",
        "summation",
        "closed form",
        "sigma",
        "series sum",
        "faulhaber",
        "geometric series",
        "add up",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "sum of k^3 for k = 1..n",
        "closed form of the sum of the first n squares",
        "sum of a geometric series to infinity",
        "add up k*2^k from k = 0 to n",
        "add up 1 + 2 + ... + n with a formula",
        "total of an infinite series like 1/k^2 as an exact number",
        "total of growing yearly payments as a formula in n",
        "how do I find a formula for 1/(k(k+1)) summed up to n",
    ];
    const ALIASES: &'static [&'static str] = &["summation", "Sum", "rsolve sum"];
    const EXAMPLE: &'static str = r#"{"expression": "k^3", "index": "k", "from": "1", "to": "n"}"#;
    const EXPECTED: &'static str = r#"{"status": "value", "value": {"expression": "n^2*(n + 1)^2/4", "latex": "\\frac{n^{2} \\cdot \\left(n + 1\\right)^{2}}{4}"}, "antidifference": {"expression": "k^4/4 - k^3/2 + k^2/4", "latex": "\\frac{k^{4}}{4} - \\frac{k^{3}}{2} + \\frac{k^{2}}{4}"}, "how": "F(b + 1) − F(a) with F(k + 1) − F(k) − f(k) expands to 0"}"#;

    // Long run: each outcome is written out with its check in words.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let k = &input.index.0;
        let a = free_of(&input.from.0, k, "from")?;
        let b = match input.to {
            Approach::Finite(b) => Upper::At(free_of(&b.0, k, "to")?),
            Approach::PlusInfinity => Upper::Infinity,
            Approach::MinusInfinity => {
                return Err(MathError::Input {
                    path: "to".into(),
                    message: "must be at least from; -inf is not an upper bound".into(),
                });
            }
        };
        Ok(match sum(&input.expression.0, k, &a, &b, &ctx.budget)? {
            Found::Value(found) => Output {
                status: Status::Value,
                value: Some(ExprOut::new(&found.value)?),
                antidifference: Some(ExprOut::new(&found.antidifference)?),
                how: match found.check {
                    Verdict::Proven { how } => format!("F(b + 1) − F(a) with F(k + 1) − F(k) − f(k) {how}"),
                    _ => "F(b + 1) − F(a) with F(k + 1) − F(k) − f(k) vanishing at 8 certified test points (no exact proof)".into(),
                },
            },
            Found::Diverges { to_plus, antidifference } => Output {
                status: Status::Diverges,
                value: None,
                antidifference: Some(ExprOut::new(&antidifference)?),
                how: format!("the partial sums F(n + 1) − F(a) tend to {}", if to_plus { "+inf" } else { "-inf" }),
            },
            Found::Unknown(why) => Output { status: Status::Unknown, value: None, antidifference: None, how: why },
        })
    }
}

/// `e` when it does not contain the index `k` (a bound of a sum or product).
pub fn free_of(
    e: &hessian_kernels::expr::Expr,
    k: &str,
    field: &str,
) -> Result<hessian_kernels::expr::Expr, MathError> {
    if e.has_sym(k) {
        return Err(MathError::Input {
            path: field.into(),
            message: format!("must not contain the index {k}"),
        });
    }
    Ok(e.clone())
}
