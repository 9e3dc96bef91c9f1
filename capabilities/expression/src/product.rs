use crate::sum::free_of;
use crate::wire::{Approach, ExprOut, Expression, Symbol};
use hessian_kernels::expr::product::{Product as Found, product};
use hessian_kernels::expr::zero::Verdict;
use hessian_op::prelude::*;

pub struct Product;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The factor f(k).
    pub expression: Expression,
    /// The index k.
    pub index: Symbol,
    /// The first index a: an expression free of k ("1", "m").
    pub from: Expression,
    /// The last index b: an expression free of k ("n", "10").
    pub to: Approach,
}

#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Value,
    /// No closed form found (not a claim that none exists).
    Unknown,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub status: Status,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<ExprOut>,
    /// How the closed form was checked, or why there is none.
    pub how: String,
}

impl Operation for Product {
    type Input = Input;
    type Output = Output;
    const ID: &'static str = "expression.product.compute";
    const VERSION: u32 = 1;
    const TITLE: &'static str = "Closed form of a finite product";
    const SUMMARY: &'static str = "∏ f(k) for k from a to b in closed form (factorials, Γ, powers), checked by induction, or a typed unknown.";
    const DESCRIPTION: &'static str = "For f = C·c^(s·k + t)·∏(k + α)^(±m) (a rational function of k whose factors over Q are linear, times exponentials in k): constants and exponentials by their exponent sums, each linear factor as (b + α)!/(a + α − 1)! for integer α, Γ(b + α + 1)/Γ(a + α) otherwise. Checked by induction before it is returned: P(a) = f(a) and P(m)/P(m − 1) = f(m), with Γ(u + d) = Γ(u)·u·…·(u + d − 1) cancelling the Γ quotients. Quadratic or higher irreducible factors, and factors vanishing inside the range, answer unknown.";
    const KEYWORDS: &'static [&'static str] = &[
        "product",
        "closed form of a product",
        "pi notation",
        "telescoping product",
        "multiply together",
    ];
    const PHRASINGS: &'static [&'static str] = &[
        "product of k/(k+1) for k = 1..n",
        "closed form of the product of (2k - 1) from k = 1 to n",
        "multiply (1 + 1/k) for k from 1 to n",
        "multiply a long run of terms and get a formula in n",
        "closed formula for 2 times 4 times 6 up to 2n",
        "telescoping product of (1 - 1/k^2) from k = 2 to n",
        "how do I simplify a product of terms indexed by k",
    ];
    const ALIASES: &'static [&'static str] = &["Product", "prod"];
    const EXAMPLE: &'static str =
        r#"{"expression": "k/(k + 1)", "index": "k", "from": "1", "to": "n"}"#;
    const EXPECTED: &'static str = r#"{"status": "value", "value": {"expression": "1/(n + 1)", "latex": "\\frac{1}{n + 1}"}, "how": "checked by induction: P(a) = f(a) and P(m)/P(m − 1) − f(m) has the canonical form 0"}"#;

    // Long run: the bounds are checked free of the index before the product.
    fn run(input: Input, ctx: &Ctx) -> Result<Output, MathError> {
        let k = &input.index.0;
        let (a, b) = match &input.to {
            Approach::Finite(b) => (free_of(&input.from.0, k, "from")?, free_of(&b.0, k, "to")?),
            _ => {
                return Err(MathError::Input {
                    path: "to".into(),
                    message: "must be finite: infinite products are not computed".into(),
                });
            }
        };
        Ok(match product(&input.expression.0, k, &a, &b, &ctx.budget)? {
            Found::Value { value, check } => Output {
                status: Status::Value,
                value: Some(ExprOut::new(&value)?),
                how: match check {
                    Verdict::Proven { how } => format!("checked by induction: P(a) = f(a) and P(m)/P(m − 1) − f(m) {how}"),
                    _ => "checked by induction with the step P(m)/P(m − 1) = f(m) at 8 certified test points (no exact proof)".into(),
                },
            },
            Found::Unknown(why) => Output { status: Status::Unknown, value: None, how: why },
        })
    }
}
